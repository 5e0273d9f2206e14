// billiards batch SCENARIO... [--jobs N] [--out DIR] [--shard I/N] [--events]: runs many
// scenarios in parallel, one result file each (the same result JSON as `billiards simulate`).
#include <CLI/CLI.hpp>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "app/batch_runner.hpp"
#include "app/cli_output.hpp"
#include "app/commands.hpp"

namespace billiards::app {

namespace {

struct BatchArgs {
    std::vector<std::string> scenarios;
    int jobs = 0; // 0: one per hardware thread
    std::string out = ".";
    std::string shard;
    bool events = false;
};

// Progress on stderr: a bar redrawn in place on a terminal, else one line per scenario.
class Progress {
  public:
    explicit Progress(std::size_t total) : total_(total), tty_(isatty(STDERR_FILENO) == 1) {
        if (tty_) draw();
    }
    void done(const std::string& name, bool ok) {
        std::lock_guard<std::mutex> lock(mutex_);
        ++done_;
        if (tty_) {
            draw();
        } else {
            std::fprintf(stderr, "[%zu/%zu] %s %s\n", done_, total_, ok ? "done" : "FAILED",
                         name.c_str());
        }
    }
    void finish() {
        if (tty_) std::fputc('\n', stderr);
    }

  private:
    void draw() {
        constexpr std::size_t kWidth = 40;
        const std::size_t filled = total_ ? done_ * kWidth / total_ : kWidth;
        std::string bar(filled, '#');
        bar.resize(kWidth, '.');
        std::fprintf(stderr, "\r[%s] %zu/%zu", bar.c_str(), done_, total_);
        std::fflush(stderr);
    }
    std::mutex mutex_;
    std::size_t total_;
    std::size_t done_ = 0;
    bool tty_;
};

int run_batch(const BatchArgs& a) {
    auto bad = [](const std::string& what) {
        std::fprintf(stderr, "billiards batch: %s\n", what.c_str());
        return 2;
    };
    batch::Shard shard;
    if (!a.shard.empty()) {
        std::string problem;
        if (!batch::parse_shard(a.shard, shard, problem))
            return bad("--shard " + a.shard + ": " + problem);
    }
    const std::vector<std::string> names = batch::result_names(a.scenarios);
    std::vector<std::size_t> chosen;
    for (std::size_t k = 0; k < a.scenarios.size(); ++k)
        if (shard.selects(k)) chosen.push_back(k);

    std::error_code ec;
    std::filesystem::create_directories(a.out, ec);
    if (ec || !std::filesystem::is_directory(a.out))
        return bad("--out " + a.out + ": cannot create the directory");

    unsigned jobs =
        a.jobs > 0 ? static_cast<unsigned>(a.jobs) : std::thread::hardware_concurrency();
    jobs = std::max(1u, std::min<unsigned>(
                            jobs, static_cast<unsigned>(std::max<std::size_t>(chosen.size(), 1))));

    Progress progress(chosen.size());
    std::vector<batch::Outcome> outcomes(chosen.size());
    std::atomic<std::size_t> next{0};
    auto worker = [&] {
        for (;;) {
            const std::size_t k = next.fetch_add(1);
            if (k >= chosen.size()) return;
            const std::size_t index = chosen[k];
            const std::filesystem::path target = std::filesystem::path(a.out) / names[index];
            outcomes[k] = batch::run_one(a.scenarios[index], target.string(), a.events);
            progress.done(a.scenarios[index], outcomes[k].status == 0);
        }
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < jobs; ++t)
        pool.emplace_back(worker);
    worker();
    for (std::thread& t : pool)
        t.join();
    progress.finish();

    int status = 0;
    std::size_t failed = 0;
    for (const batch::Outcome& o : outcomes) {
        if (o.status == 0) continue;
        ++failed;
        status = std::max(status, o.status);
    }
    // Every result that ran has its own file (the names are unique), so this counts files.
    std::fprintf(stderr, "billiards batch: %zu result file%s written to %s\n",
                 outcomes.size() - failed, outcomes.size() - failed == 1 ? "" : "s",
                 one_line(a.out).c_str());
    if (failed > 0) {
        std::fprintf(stderr, "billiards batch: %zu of %zu scenarios failed:\n", failed,
                     outcomes.size());
        for (const batch::Outcome& o : outcomes)
            if (o.status != 0) std::fprintf(stderr, "%s\n", o.message.c_str());
    }
    return status;
}

} // namespace

void add_batch_command(CLI::App& cli, int& status) {
    auto args = std::make_shared<BatchArgs>();
    auto* cmd = cli.add_subcommand(
        "batch", "Run many scenarios in parallel, one result file each (as `simulate` writes)");
    cmd->add_option("scenarios", args->scenarios, "Scenario files")->required();
    cmd->add_option("--jobs,-j", args->jobs, "Parallel jobs (default: one per hardware thread)")
        ->check(CLI::Range(1, 4096));
    add_out_option(*cmd, args->out, "Directory for the result files (created if missing)",
                   "--out,-o")
        ->default_str(".")
        ->type_name("DIR");
    cmd->add_option("--shard", args->shard,
                    "I/N: only the scenarios whose 0-based index % N == I (spreads a batch over "
                    "machines)");
    cmd->add_flag("--events", args->events, "Include each run's event list");
    cmd->callback([args, &status] { status = run_batch(*args); });
}

} // namespace billiards::app

// billiards batch SCENARIO... [--jobs N] [--out DIR] [--shard I/N] [--events] [--max-events N]:
// runs many scenarios in parallel, one result file each (the same result JSON as `billiards
// simulate`).
#include <CLI/CLI.hpp>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "cli/batch_runner.hpp"
#include "cli/cli_output.hpp"
#include "cli/commands.hpp"
#include "game/result_names.hpp"
#include "io/scenario.hpp"

namespace billiards::cli {

namespace {

struct BatchArgs {
    std::vector<std::string> scenarios;
    int jobs = 0; // 0: one per hardware thread
    std::string out = ".";
    std::string shard;
    bool events = false;
    std::uint64_t max_events = batch::kDefaultMaxEvents; // 0: no cap
};

// "42 s", "3 min 05 s", "2 h 07 min": a time left, to the second under an hour.
std::string duration_text(double seconds) {
    const long s = std::lround(std::max(0.0, seconds));
    if (s < 60) return std::to_string(s) + " s";
    char buf[32];
    if (s < 3600) {
        std::snprintf(buf, sizeof buf, "%ld min %02ld s", s / 60, s % 60);
    } else {
        std::snprintf(buf, sizeof buf, "%ld h %02ld min", s / 3600, s % 3600 / 60);
    }
    return buf;
}

// Progress on stderr. On a terminal a bar redrawn in place (at most ten times a second, and
// at the end) with the rate and the time left; otherwise nothing until the final line.
class Progress {
  public:
    using Clock = std::chrono::steady_clock;
    explicit Progress(std::size_t total)
        : total_(total), tty_(isatty(STDERR_FILENO) == 1), start_(Clock::now()) {
        if (tty_) draw(start_);
    }
    void done() {
        std::lock_guard<std::mutex> lock(mutex_);
        ++done_;
        if (!tty_) return;
        const auto now = Clock::now();
        if (done_ == total_ || now - drawn_ >= std::chrono::milliseconds(100)) draw(now);
    }
    void finish() {
        if (tty_) std::fputc('\n', stderr);
    }
    double seconds() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

  private:
    void draw(Clock::time_point now) {
        drawn_ = now;
        constexpr std::size_t kWidth = 40;
        const std::size_t filled = total_ ? done_ * kWidth / total_ : kWidth;
        std::string bar(filled, '#');
        bar.resize(kWidth, '.');
        const double t = std::chrono::duration<double>(now - start_).count();
        std::string rate = "-- scenarios/s", left;
        if (done_ > 0 && t > 0.0) {
            const double per_s = static_cast<double>(done_) / t;
            char buf[48];
            std::snprintf(buf, sizeof buf, "%.3g scenarios/s", per_s);
            rate = buf;
            left = done_ < total_
                       ? duration_text(static_cast<double>(total_ - done_) / per_s) + " left"
                       : "done in " + duration_text(t);
        }
        // Trailing blanks clear what a longer previous line left.
        std::fprintf(stderr, "\r[%s] %zu/%zu  %s  %-18s", bar.c_str(), done_, total_, rate.c_str(),
                     left.c_str());
        std::fflush(stderr);
    }
    std::mutex mutex_;
    std::size_t total_;
    std::size_t done_ = 0;
    bool tty_;
    Clock::time_point start_;
    Clock::time_point drawn_{};
};

int run_batch(const BatchArgs& a) {
    batch::Shard shard;
    if (!a.shard.empty()) {
        std::string problem;
        if (!batch::parse_shard(a.shard, shard, problem))
            return fail("batch", "--shard " + a.shard + ": " + problem, 2);
    }
    const std::vector<std::string> names = game::result_names(a.scenarios);
    std::vector<std::size_t> chosen;
    for (std::size_t k = 0; k < a.scenarios.size(); ++k)
        if (shard.selects(k)) chosen.push_back(k);

    std::error_code ec;
    std::filesystem::create_directories(a.out, ec);
    if (ec || !std::filesystem::is_directory(a.out))
        return fail("batch", "--out " + a.out + ": cannot create the directory", 2);

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
            outcomes[k] =
                batch::run_one(a.scenarios[index], target.string(), a.events, a.max_events);
            progress.done();
        }
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < jobs; ++t)
        pool.emplace_back(worker);
    worker();
    for (std::thread& t : pool)
        t.join();
    progress.finish();
    // Each result file was synced before its rename; the renames are on disk once the folder
    // is: synced once here rather than after every file.
    int status = 0;
    try {
        io::sync_folder(a.out);
    } catch (const std::exception& e) {
        status = fail("batch", one_line(e.what()), 1);
    }
    const double seconds = progress.seconds();

    std::size_t failed = 0;
    for (const batch::Outcome& o : outcomes) {
        if (o.status == 0) continue;
        ++failed;
        status = std::max(status, o.status);
    }
    // Every result that ran has its own file (the names are unique), so this counts files.
    // One line whatever the output is (a terminal has had the bar above it).
    std::fprintf(stderr,
                 "billiards batch: %zu result file%s written to %s (%zu scenario%s in %.3g s, "
                 "%.3g/s)\n",
                 outcomes.size() - failed, outcomes.size() - failed == 1 ? "" : "s",
                 one_line(a.out).c_str(), outcomes.size(), outcomes.size() == 1 ? "" : "s", seconds,
                 seconds > 0.0 ? static_cast<double>(outcomes.size()) / seconds : 0.0);
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
    add_int_option(*cmd, "--jobs,-j", args->jobs, 1, 4096,
                   "Parallel jobs, 1 to 4096 (default: one per hardware thread)")
        ->default_str("");
    add_out_option(*cmd, args->out, "Directory for the result files (created if missing)",
                   "--out,-o")
        ->default_str(".")
        ->type_name("DIR");
    cmd->add_option("--shard", args->shard,
                    "I/N: only the scenarios whose 0-based index % N == I (spreads a batch over "
                    "machines)");
    cmd->add_flag("--events", args->events, "Include each run's event list");
    add_uint64_option(*cmd, "--max-events", args->max_events, 0, UINT64_MAX,
                      "Work cap per scenario: a run that has resolved this many events with balls "
                      "still moving stops and fails (exit 1, no result file; 0: no cap)");
    cmd->callback([args, &status] { status = run_batch(*args); });
}

} // namespace billiards::cli

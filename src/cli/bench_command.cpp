// billiards bench [--json] [NAME...]: runs the named benchmarks (all when none is named).
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "cli/bench_runner.hpp"
#include "cli/cli_output.hpp"
#include "cli/commands.hpp"

namespace billiards::cli {

namespace {

struct BenchArgs {
    std::vector<std::string> names;
    bool json = false;
    int repetitions = 5;
    double scale = 1.0;
};

int run_bench(const BenchArgs& a) {
    for (const std::string& n : a.names) {
        if (!bench::is_benchmark(n)) {
            std::string known;
            for (const std::string& k : bench::benchmark_names())
                known += " " + k;
            return fail("bench", "unknown benchmark '" + n + "' (known:" + known + ")", 2);
        }
    }
    const std::vector<std::string>& names = a.names.empty() ? bench::benchmark_names() : a.names;
    bench::Options o;
    o.repetitions = a.repetitions;
    o.scale = a.scale;
    // Row by row (a run takes minutes), each write checked: a full disk is an error.
    if (!a.json) write_stdout(bench::table_header() + "\n");
    for (const std::string& n : names) {
        const bench::Result r = bench::run_benchmark(n, o);
        write_stdout((a.json ? bench::to_json(r) : bench::table_row(r)) + "\n");
    }
    return 0;
}

} // namespace

void add_bench_command(CLI::App& cli, int& status) {
    auto args = std::make_shared<BenchArgs>();
    std::string names;
    for (const std::string& n : bench::benchmark_names())
        names += (names.empty() ? "" : ", ") + n;
    auto* cmd =
        cli.add_subcommand("bench", "Run benchmarks: " + names + " (all when none is named)");
    cmd->add_option("names", args->names, "Benchmarks to run");
    cmd->add_flag("--json", args->json, "One JSON object per line instead of a table");
    add_int_option(*cmd, "--repetitions", args->repetitions, 1, 1000,
                   "Repetitions per benchmark (median, spread)");
    // Bounded so that the work per repetition stays a whole number of items that fits.
    add_real_option(*cmd, "--scale", args->scale, 0.001, 1000.0,
                    "Multiplies the work per repetition");
    cmd->callback(
        [args, &status] { status = run_guarded("bench", [&] { return run_bench(*args); }); });
}

} // namespace billiards::cli

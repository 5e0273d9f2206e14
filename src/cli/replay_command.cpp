// billiards replay REPLAY.json [--out RESULT.json] [--events]
// Re-simulates one recorded shot (billiards-replay/1) and writes its billiards-result/1.
// Exit 0 when the world ends bit for bit as recorded (end_hash); 1 when it does not (the
// result is still written) or on any other failure; 2 on bad input, with one line
// "FILE: JSON.PATH: problem" on stderr.
#include <CLI/CLI.hpp>

#include <fmt/format.h>

#include <cstdio>
#include <memory>
#include <string>

#include "cli/cli_output.hpp"
#include "cli/commands.hpp"
#include "game/replay.hpp"
#include "io/replay_file.hpp"
#include "io/scenario.hpp"

namespace billiards::cli {

namespace {

struct ReplayOptions {
    std::string file;
    std::string out; // empty: standard output
    bool events = false;
};

int replay(const ReplayOptions& o) {
    return run_guarded("replay", [&] {
        if (!o.out.empty()) (void)io::output_target(o.out); // a refused target: before the run
        const io::ReplayFile file = io::load_replay_file(o.file);
        const game::ReplayRun run =
            game::run_replay(file, io::load_standard_table(file.table_name), o.events);
        write_output(o.out, io::result_to_json(run.world, o.events));
        if (run.end_hash != file.end_hash) {
            std::fprintf(stderr, "%s\n",
                         one_line(fmt::format("billiards replay: {}: not an exact replay: the shot "
                                              "ended in state {:016x}, the file says {:016x}",
                                              o.file, run.end_hash, file.end_hash))
                             .c_str());
            return 1;
        }
        return 0;
    });
}

} // namespace

void add_replay_command(CLI::App& cli, int& status) {
    auto options = std::make_shared<ReplayOptions>();
    auto* cmd = cli.add_subcommand(
        "replay", "Re-simulate a recorded shot and check that it ends exactly as recorded");
    cmd->add_option("file", options->file, "Replay file (billiards-replay/1)")->required();
    add_out_option(*cmd, options->out,
                   "Write the result to this file (atomically) instead of standard output");
    cmd->add_flag("--events", options->events, "Include every event in the result");
    cmd->callback([options, &status] { status = replay(*options); });
}

} // namespace billiards::cli

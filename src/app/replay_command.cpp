// billiards replay REPLAY.json [--out RESULT.json] [--events]
// Re-simulates one recorded shot (billiards-replay/1) and writes its billiards-result/1.
// Exit 0 when the world ends bit for bit as recorded (end_hash); 1 when it does not (the
// result is still written) or on any other failure; 2 on bad input, with one line
// "FILE: JSON.PATH: problem" on stderr.
#include <CLI/CLI.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>

#include "app/commands.hpp"
#include "io/replay_file.hpp"
#include "io/scenario.hpp"

namespace billiards::app {

namespace {

struct ReplayOptions {
    std::string file;
    std::string out; // empty: standard output
    bool events = false;
};

std::string one_line(std::string text) {
    std::replace_if(
        text.begin(), text.end(), [](char c) { return c == '\n' || c == '\r'; }, ' ');
    return text;
}

int replay(const ReplayOptions& o) {
    try {
        const io::ReplayFile file = io::load_replay_file(o.file);
        const io::ReplayRun run = io::run_replay(file, o.events);
        const std::string result = io::result_to_json(run.world, o.events);
        if (o.out.empty()) {
            if (std::fwrite(result.data(), 1, result.size(), stdout) != result.size() ||
                std::fflush(stdout) != 0)
                throw std::runtime_error("cannot write the result to standard output");
        } else {
            io::write_file_atomic(o.out, result);
        }
        if (run.end_hash != file.end_hash) {
            std::fprintf(stderr, "%s\n",
                         one_line(fmt::format("billiards replay: {}: not an exact replay: the shot "
                                              "ended in state {:016x}, the file says {:016x}",
                                              o.file, run.end_hash, file.end_hash))
                             .c_str());
            return 1;
        }
        return 0;
    } catch (const io::InputError& e) {
        std::fprintf(stderr, "%s\n", one_line(e.what()).c_str());
        return 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "billiards replay: %s\n", one_line(e.what()).c_str());
        return 1;
    } catch (...) {
        std::fprintf(stderr, "billiards replay: unknown error\n");
        return 1;
    }
}

} // namespace

void add_replay_command(CLI::App& cli, int& status) {
    auto options = std::make_shared<ReplayOptions>();
    auto* cmd = cli.add_subcommand(
        "replay", "Re-simulate a recorded shot and check that it ends exactly as recorded");
    cmd->add_option("file", options->file, "Replay file (billiards-replay/1)")->required();
    cmd->add_option("--out", options->out,
                    "Write the result to this file (atomically) instead of standard output");
    cmd->add_flag("--events", options->events, "Include every event in the result");
    cmd->callback([options, &status] { status = replay(*options); });
}

} // namespace billiards::app

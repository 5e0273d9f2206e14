// billiards simulate SCENARIO.json [--out RESULT.json] [--events]
// Exit 0 ok; 2 bad input, with one line "FILE: JSON.PATH: problem" on stderr; 1 otherwise.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>

#include "app/commands.hpp"
#include "io/scenario.hpp"

namespace billiards::app {

namespace {

struct SimulateOptions {
    std::string scenario;
    std::string out; // empty: standard output
    bool events = false;
};

// File names and JSON excerpts may hold line breaks; the message must stay one line.
std::string one_line(std::string text) {
    std::replace_if(
        text.begin(), text.end(), [](char c) { return c == '\n' || c == '\r'; }, ' ');
    return text;
}

void write_stdout(const std::string& text) {
    if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() || std::fflush(stdout) != 0)
        throw std::runtime_error("cannot write the result to standard output");
}

int simulate(const SimulateOptions& o) {
    try {
        const io::Scenario scenario = io::load_scenario(o.scenario);
        const physics::World world = io::run_scenario(scenario, o.events);
        const std::string result = io::result_to_json(world, o.events);
        if (o.out.empty())
            write_stdout(result);
        else
            io::write_file_atomic(o.out, result);
        return 0;
    } catch (const io::InputError& e) {
        std::fprintf(stderr, "%s\n", one_line(e.what()).c_str());
        return 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "billiards simulate: %s\n", one_line(e.what()).c_str());
        return 1;
    } catch (...) {
        std::fprintf(stderr, "billiards simulate: unknown error\n");
        return 1;
    }
}

} // namespace

void add_simulate_command(CLI::App& cli, int& status) {
    auto options = std::make_shared<SimulateOptions>();
    auto* cmd =
        cli.add_subcommand("simulate", "Run a scenario headless and write its result (JSON)");
    cmd->add_option("scenario", options->scenario, "Scenario file (billiards-scenario/1)")
        ->required();
    cmd->add_option("--out", options->out,
                    "Write the result to this file (atomically) instead of standard output");
    cmd->add_flag("--events", options->events, "Include every event in the result");
    cmd->callback([options, &status] { status = simulate(*options); });
}

} // namespace billiards::app

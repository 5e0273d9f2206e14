// billiards simulate SCENARIO.json [--out RESULT.json] [--events]
// Exit 0 ok; 2 bad input, with one line "FILE: JSON.PATH: problem" on stderr; 1 otherwise.
#include <CLI/CLI.hpp>

#include <memory>
#include <string>

#include "cli/cli_output.hpp"
#include "cli/commands.hpp"
#include "game/simulation.hpp"
#include "io/scenario.hpp"

namespace billiards::cli {

namespace {

struct SimulateOptions {
    std::string scenario;
    std::string out; // empty: standard output
    bool events = false;
};

int simulate(const SimulateOptions& o) {
    return run_guarded("simulate", [&] {
        if (!o.out.empty()) (void)io::output_target(o.out); // a refused target: before the run
        const game::Scenario scenario = io::load_scenario(o.scenario);
        const physics::World world = game::run_scenario(scenario, o.events);
        write_output(o.out, io::result_to_json(world, o.events));
        return 0;
    });
}

} // namespace

void add_simulate_command(CLI::App& cli, int& status) {
    auto options = std::make_shared<SimulateOptions>();
    auto* cmd =
        cli.add_subcommand("simulate", "Run a scenario headless and write its result (JSON)");
    cmd->add_option("scenario", options->scenario, "Scenario file (billiards-scenario/1)")
        ->required();
    add_out_option(*cmd, options->out,
                   "Write the result to this file (atomically) instead of standard output");
    cmd->add_flag("--events", options->events, "Include every event in the result");
    cmd->callback([options, &status] { status = simulate(*options); });
}

} // namespace billiards::cli

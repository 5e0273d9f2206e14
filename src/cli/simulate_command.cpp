// billiards simulate SCENARIO.json [--out RESULT.json] [--events] [--max-events N]
// Exit 0 ok; 2 bad input, with one line "FILE: JSON.PATH: problem" on stderr; 1 otherwise.
#include <CLI/CLI.hpp>

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>

#include "cli/batch_runner.hpp"
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
    std::uint64_t max_events = 0; // 0: no cap
};

int simulate(const SimulateOptions& o) {
    return run_guarded("simulate", [&] {
        if (!o.out.empty()) (void)io::output_target(o.out); // a refused target: before the run
        const game::Scenario scenario = io::load_scenario(o.scenario);
        physics::World world;
        try {
            world = game::run_scenario_capped(scenario, o.events, o.max_events);
        } catch (const game::WorkCapReached& e) {
            throw std::runtime_error(o.scenario + ": " + batch::work_cap_message(e));
        }
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
    add_uint64_option(*cmd, "--max-events", options->max_events, 0, UINT64_MAX,
                      "Work cap: stop with an error (exit 1, no result) once the run has "
                      "resolved this many events with balls still moving (0: no cap)");
    cmd->callback([options, &status] { status = simulate(*options); });
}

} // namespace billiards::cli

#include <CLI/CLI.hpp>

#include "app/commands.hpp"

namespace billiards::app {

void add_simulate_command(CLI::App& cli, int& status) {
    auto* cmd = cli.add_subcommand("simulate", "(not built yet)");
    cmd->callback([&status] { status = 1; });
}

} // namespace billiards::app

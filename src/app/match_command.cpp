#include <CLI/CLI.hpp>

#include "app/commands.hpp"

namespace billiards::app {

void add_match_command(CLI::App& cli, int& status) {
    auto* cmd = cli.add_subcommand("match", "(not built yet)");
    cmd->callback([&status] { status = 1; });
}

} // namespace billiards::app

#include <CLI/CLI.hpp>

#include "app/commands.hpp"

namespace billiards::app {

void add_bench_command(CLI::App& cli, int& status) {
    auto* cmd = cli.add_subcommand("bench", "(not built yet)");
    cmd->callback([&status] { status = 1; });
}

} // namespace billiards::app

// Each headless tool adds its subcommand to the command line; its callback stores the exit
// status (0 ok, 1 failure, 2 bad input) in `status`.
#pragma once

namespace CLI {
class App;
}

namespace billiards::cli {

void add_simulate_command(CLI::App& cli, int& status); // simulate_command.cpp
void add_bench_command(CLI::App& cli, int& status);    // bench_command.cpp
void add_batch_command(CLI::App& cli, int& status);    // batch_command.cpp
void add_match_command(CLI::App& cli, int& status);    // match_command.cpp
void add_replay_command(CLI::App& cli, int& status);   // replay_command.cpp
void add_breaks_command(CLI::App& cli, int& status);   // breaks_command.cpp
void add_server_command(CLI::App& cli, int& status);   // server_command.cpp
void add_code_command(CLI::App& cli, int& status);     // code_command.cpp
void add_stats_command(CLI::App& cli, int& status);    // stats_command.cpp
void add_drills_command(CLI::App& cli, int& status);   // drills_command.cpp

#ifdef BILLIARDS_HAVE_GAME
void add_render_command(CLI::App& cli, int& status); // render_command.cpp
#endif

} // namespace billiards::cli

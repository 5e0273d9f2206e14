// Each headless tool adds its subcommand to the command line; its callback stores the exit
// status (0 ok, 1 failure, 2 bad input) in `status`.
#pragma once

#include <string>

namespace CLI {
class App;
}

namespace billiards::app {

void add_simulate_command(CLI::App& cli, int& status); // simulate_command.cpp
void add_bench_command(CLI::App& cli, int& status);    // bench_command.cpp
void add_batch_command(CLI::App& cli, int& status);    // batch_command.cpp
void add_match_command(CLI::App& cli, int& status);    // match_command.cpp
void add_replay_command(CLI::App& cli, int& status);   // replay_command.cpp
void add_breaks_command(CLI::App& cli, int& status);   // breaks_command.cpp

#ifdef BILLIARDS_HAVE_GAME
void add_render_command(CLI::App& cli, int& status); // render_command.cpp

// Options of the game itself, set on the top-level command line (no subcommand).
struct GameOptions {
    std::string table; // empty: the last one played (settings), else pool-9ft
    int width = 0;     // 0: the last size (settings), else 1280 x 720
    int height = 0;
    std::string screenshot_dir; // empty: the documented default
    std::string load;           // a saved match to open
};
void add_game_options(CLI::App& cli, GameOptions& options); // game_main.cpp
int run_game(const GameOptions& options);                   // game_main.cpp
#endif

} // namespace billiards::app

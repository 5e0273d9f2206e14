// `billiards` with no subcommand starts the desktop game: its options sit on the top-level
// command line (src/cli/main.cpp adds them).
#pragma once

#include <string>

namespace CLI {
class App;
}

namespace billiards::app {

struct GameOptions {
    std::string table; // empty: the last one played (settings), else pool-9ft
    int width = 0;     // 0: the last size (settings), else 1280 x 720
    int height = 0;
    std::string screenshot_dir; // empty: the documented default
    std::string load;           // a saved match to open
};
void add_game_options(CLI::App& cli, GameOptions& options);
int run_game(const GameOptions& options);

} // namespace billiards::app

// `billiards` with no subcommand starts the desktop game: its options sit on the top-level
// command line (src/cli/main.cpp adds them).
#pragma once

#include <string>

namespace CLI {
class App;
}

namespace billiards::app {

// Options for tests and for looking at the game from scripts (--help lists them apart).
struct ScriptOptions {
    long screenshot_after = -1; // save a screenshot after this many frames, then quit
    std::string screenshot_path;
    bool panel = false;         // start with the debug panel open
    long frames = -1;           // quit after this many frames
    std::string start = "menu"; // menu, sandbox or a kind's command-line name (scripts)
    std::string drill;          // --drill NAME: that drill on the table at start
    std::string players;        // with --start and a kind: "human,ai:hard"
    double fake_frame = 0.0;    // fixed frame time (scripted screenshots)
    bool ephemeral = false;     // no settings or autosave files
    std::string online;         // the Online screen's button at start: host, join:CODE, watch:CODE
    std::string online_server;  // the Online screen's server (else the settings')
    std::string online_say;     // a chat line, once the online match is on the table
};

struct GameOptions {
    std::string table; // empty: the last one played (settings), else pool-9ft
    int width = 0;     // 0: the last size (settings), else 1280 x 720
    int height = 0;
    std::string screenshot_dir; // empty: the documented default
    std::string load;           // a saved match to open
    ScriptOptions script;
};
void add_game_options(CLI::App& cli, GameOptions& options);
int run_game(const GameOptions& options);

} // namespace billiards::app

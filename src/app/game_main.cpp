// `billiards` with no subcommand: the desktop game.
#include <CLI/CLI.hpp>

#include <cstdio>
#include <exception>

#include "app/game_app.hpp"
#include "app/game_assets.hpp"
#include "app/game_main.hpp"
#include "app/game_platform.hpp"
#include "app/game_storage.hpp"
#include "app/loop.hpp"
#include "io/scenario.hpp"

namespace billiards::app {

namespace {

// Options for tests and for looking at the game from scripts (--help lists them apart).
struct HiddenOptions {
    long screenshot_after = -1; // save a screenshot after this many frames, then quit
    std::string screenshot_path;
    bool panel = false;         // start with the debug panel open
    long frames = -1;           // quit after this many frames
    std::string start = "menu"; // menu, sandbox, 8ball, 9ball (scripts and screenshots)
    std::string players;        // with --start 8ball|9ball: "human,ai:hard"
    double fake_frame = 0.0;    // fixed frame time (scripted screenshots)
    bool ephemeral = false;     // no settings or autosave files
};
HiddenOptions hidden;

} // namespace

void add_game_options(CLI::App& cli, GameOptions& o) {
    cli.add_option("--table", o.table,
                   "Table to play on: pool-9ft, pool-8ft or pool-7ft (default: the last one)");
    cli.add_option("--width", o.width, "Window width in points (default: the last size)")
        ->check(CLI::Range(320, 16384));
    cli.add_option("--height", o.height, "Window height in points (default: the last size)")
        ->check(CLI::Range(200, 16384));
    cli.add_option("--screenshot-dir", o.screenshot_dir,
                   "Folder for F12 screenshots (default: ./screenshots)");
    // For scripts and tests (screenshots of given screens, runs of a fixed length); listed in
    // --help under their own heading.
    const std::string scripting = "Scripting and tests";
    cli.add_option("--screenshot-after", hidden.screenshot_after,
                   "Save a screenshot after this many frames, then quit")
        ->group(scripting);
    cli.add_option("--screenshot-path", hidden.screenshot_path,
                   "File of that screenshot (default: in the screenshot folder)")
        ->group(scripting);
    cli.add_flag("--panel", hidden.panel, "Start with the debug panel open")->group(scripting);
    cli.add_option("--frames", hidden.frames, "Quit after this many frames")->group(scripting);
    cli.add_option("--start", hidden.start, "First screen: menu, sandbox, 8ball or 9ball")
        ->capture_default_str()
        ->group(scripting);
    cli.add_option("--players", hidden.players,
                   "With --start 8ball|9ball: the two seats, e.g. human,ai:hard")
        ->group(scripting);
    cli.add_option("--fake-frame", hidden.fake_frame,
                   "Fixed frame time in seconds (reproducible screenshots)")
        ->group(scripting);
    cli.add_flag("--ephemeral", hidden.ephemeral, "Read and write no settings or autosave")
        ->group(scripting);
    cli.add_option("--load", o.load, "Open a saved match (billiards-match/1 file)");
}

int run_game(const GameOptions& o) {
    // Settings first: they hold the window size and the menu's last choices. A broken file
    // is set aside with a message (shown on the menu too); the game starts with defaults.
    GameStorage storage = hidden.ephemeral ? GameStorage{} : default_storage();
    // Said once, here and in the game, instead of every save failing in silence; saving is
    // then off (the game's "Saving is off" messages say so where it matters).
    const std::string storage_message = storage_problem(storage);
    if (!storage_message.empty()) {
        std::fprintf(stderr, "billiards: %s\n", storage_message.c_str());
        storage = GameStorage{};
    }
    const SettingsLoad settings = load_game_settings(storage.settings);
    if (!settings.message.empty())
        std::fprintf(stderr, "billiards: %s\n", settings.message.c_str());
    const std::string table_name = o.table.empty() ? settings.settings.table : o.table;
    game::Table table;
    try {
        table = io::load_standard_table(table_name);
    } catch (const std::exception& e) {
        std::string names;
        for (const std::string& n : io::standard_table_names())
            names += (names.empty() ? "" : ", ") + n;
        std::fprintf(stderr, "billiards: --table: %s (choose one of: %s)\n", e.what(),
                     names.c_str());
        return 2;
    }
    if (hidden.start != "menu" && hidden.start != "sandbox" && hidden.start != "8ball" &&
        hidden.start != "9ball") {
        std::fprintf(stderr, "billiards: --start: unknown screen %s\n", hidden.start.c_str());
        return 2;
    }
    const AssetSearch assets = find_assets();
    if (assets.dir.empty()) {
        std::fprintf(stderr, "billiards: %s\n", missing_assets_message(assets).c_str());
        return 1;
    }
    PlatformOptions po;
    po.width = o.width > 0 ? o.width : settings.settings.window_width;
    po.height = o.height > 0 ? o.height : settings.settings.window_height;
    po.assets = assets.dir;
    GameApp app(std::move(table), table_name);
    app.panel_open() = hidden.panel;
    app.set_storage(storage);
    app.apply_settings(settings.settings);
    app.choices().table = table_name;
    app.set_window_size(po.width, po.height);
    if (!settings.message.empty()) app.set_ui_message(settings.message, true);
    // The first start (no settings file, or one from before the tip): "Press H for help".
    if (!settings.settings.tip_shown && !hidden.ephemeral) app.show_first_tip();
    if (!storage_message.empty()) app.set_ui_message(storage_message, true);
    if (hidden.start == "menu") {
        app.show_menu();
    } else if (hidden.start == "8ball" || hidden.start == "9ball") {
        ui::MenuChoices& c = app.choices();
        c.mode = hidden.start == "8ball" ? ui::PlayMode::EightBall : ui::PlayMode::NineBall;
        if (!hidden.players.empty()) {
            const std::size_t comma = hidden.players.find(',');
            const std::string seats[2] = {hidden.players.substr(0, comma),
                                          comma == std::string::npos
                                              ? std::string("human")
                                              : hidden.players.substr(comma + 1)};
            for (std::size_t k = 0; k < 2; ++k) {
                c.seats[k] = seats[k] == "human" ? game::SeatKind::Human : game::SeatKind::Computer;
                if (seats[k].rfind("ai:", 0) == 0)
                    game::parse_ai_level(seats[k].substr(3), c.levels[k]);
                c.names[k] = seats[k] == "human" ? "Player " + std::to_string(k + 1) : "Computer";
            }
        }
        app.start_from_choices();
    }
    if (!o.load.empty() && !app.load_match(o.load, false)) {
        std::fprintf(stderr, "billiards: %s\n", app.ui_message().c_str());
        return 2;
    }
    // The window last: bad input above never opens one.
    std::string error;
    std::unique_ptr<Platform> platform = Platform::create(po, &error);
    if (!platform) {
        std::fprintf(stderr, "billiards: %s\n", error.c_str());
        return 1;
    }
    LoopOptions lo;
    lo.fake_frame_seconds = hidden.fake_frame;
    lo.screenshot_dir = o.screenshot_dir;
    lo.max_frames = hidden.frames;
    if (hidden.screenshot_after >= 0) {
        lo.screenshot_at = hidden.screenshot_after;
        lo.screenshot_path = hidden.screenshot_path;
        lo.quit_after_screenshot = true;
    }
    const int status = run_loop(*platform, app, lo);
    int w = 0, h = 0;
    SDL_GetWindowSize(platform->window(), &w, &h);
    if (w >= 320 && h >= 200) app.set_window_size(w, h);
    app.save_settings();
    return status;
}

} // namespace billiards::app

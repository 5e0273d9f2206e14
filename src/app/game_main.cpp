// `billiards` with no subcommand: the desktop game.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "app/game_app.hpp"
#include "app/game_assets.hpp"
#include "app/game_main.hpp"
#include "app/game_platform.hpp"
#include "app/game_storage.hpp"
#include "app/loop_script.hpp"
#include "app/online_lobby.hpp"
#include "io/arguments.hpp"
#include "io/scenario.hpp"
#include "io/user_files.hpp"

namespace billiards::app {

namespace {

constexpr std::int64_t kMaxFrames = 1'000'000'000;

// The game's options read as strictly as the tools' (io/arguments.hpp): a mistake is a
// command-line error (exit 2, "billiards: --OPTION: problem") before any window opens.
template <typename T>
CLI::Option* add_whole(CLI::App& cli, const std::string& name, T& target, std::int64_t lo,
                       std::int64_t hi, const std::string& description) {
    return cli
        .add_option_function<std::string>(
            name,
            [&target, lo, hi, name](const std::string& text) {
                std::int64_t value = 0;
                const std::string problem = io::parse_whole_number(text, lo, hi, value);
                if (!problem.empty()) throw CLI::ValidationError(name, problem);
                target = static_cast<T>(value);
            },
            description)
        ->type_name("INT");
}

// A file or folder name: "" is a mistake, not "the default".
CLI::Option* add_name(CLI::App& cli, const std::string& name, std::string& target,
                      const std::string& description) {
    return cli.add_option_function<std::string>(
        name,
        [&target, name](const std::string& text) {
            if (text.empty())
                throw CLI::ValidationError(name,
                                           "empty name (leave the option out for the default)");
            target = text;
        },
        description);
}

// "human,ai:hard": one or two seats, each human, ai or ai:easy|medium|hard|pro (a missing
// second seat is human). Empty when fine, else the problem.
std::string parse_players(const std::string& text, io::Settings& c) {
    std::vector<std::string> seats;
    std::size_t from = 0;
    for (;;) {
        const std::size_t comma = text.find(',', from);
        seats.push_back(
            text.substr(from, comma == std::string::npos ? std::string::npos : comma - from));
        if (comma == std::string::npos) break;
        from = comma + 1;
    }
    if (seats.size() > 2)
        return "'" + io::excerpt(text, 40) + "': at most two seats (e.g. human,ai:hard)";
    if (seats.size() == 1) seats.push_back("human");
    for (std::size_t k = 0; k < 2; ++k) {
        const std::string& seat = seats[k];
        game::AiLevel level = game::AiLevel::Medium;
        if (seat == "human") {
            c.seats[k] = game::SeatKind::Human;
            c.names[k] = "Player " + std::to_string(k + 1);
            continue;
        }
        if (seat != "ai" &&
            !(seat.rfind("ai:", 0) == 0 && game::parse_ai_level(seat.substr(3), level)))
            return "'" + io::excerpt(seat, 40) +
                   "' is not a seat (use human, ai, ai:easy, ai:medium, ai:hard or ai:pro)";
        c.seats[k] = game::SeatKind::Computer;
        if (seat != "ai") c.levels[k] = level;
        c.names[k] = "Computer";
    }
    return {};
}

} // namespace

void add_game_options(CLI::App& cli, GameOptions& o) {
    cli.add_option_function<std::string>(
        "--table",
        [&o](const std::string& name) {
            const auto& pool = io::standard_table_names();
            if (std::find(pool.begin(), pool.end(), name) != pool.end()) {
                o.table = name;
                return;
            }
            std::string names;
            for (const std::string& n : pool)
                names += (names.empty() ? "" : ", ") + n;
            const auto& all = io::all_table_names();
            const std::string shown = "'" + io::excerpt(name, 40) + "'";
            if (std::find(all.begin(), all.end(), name) == all.end())
                throw CLI::ValidationError("--table", "unknown table " + shown +
                                                          " (choose one of: " + names + ")");
            throw CLI::ValidationError("--table",
                                       shown + " is not a pool table (choose one of: " + names +
                                           "; snooker and three-cushion choose their "
                                           "own table on the menu)");
        },
        "Table to play on: pool-9ft, pool-8ft or pool-7ft (default: the last one)");
    add_whole(cli, "--width", o.width, 320, 16384,
              "Window width in points, 320 to 16384 (default: the last size)");
    add_whole(cli, "--height", o.height, 200, 16384,
              "Window height in points, 200 to 16384 (default: the last size)");
    add_name(cli, "--screenshot-dir", o.screenshot_dir,
             "Folder for F12 screenshots (default: screenshots/ in the data folder)");
    // For scripts and tests (screenshots of given screens, runs of a fixed length); listed in
    // --help under their own heading.
    const std::string scripting = "Scripting and tests";
    add_whole(cli, "--screenshot-after", o.script.screenshot_after, 0, kMaxFrames,
              "Save a screenshot after this many frames, then quit")
        ->group(scripting);
    add_name(cli, "--screenshot-path", o.script.screenshot_path,
             "File of that screenshot (default: in the screenshot folder)")
        ->group(scripting);
    cli.add_flag("--panel", o.script.panel, "Start with the debug panel open")->group(scripting);
    add_whole(cli, "--frames", o.script.frames, 0, kMaxFrames, "Quit after this many frames")
        ->group(scripting);
    // The first screens: the menu, the sandbox, every kind of game by its command-line name
    // and the Online screen.
    std::vector<std::string> screens{"menu", "sandbox"};
    for (const game::KindInfo& k : game::kKindInfos)
        screens.emplace_back(k.cli_name);
    screens.emplace_back("online");
    screens.emplace_back("drills");
    screens.emplace_back("statistics");
    cli.add_option("--drill", o.script.drill,
                   "Start with this drill on the table (billiards "
                   "drills --list names them)")
        ->group(scripting);
    cli.add_option("--start", o.script.start,
                   "First screen: menu, sandbox, online (the Online screen), drills, statistics, "
                   "or a game: " +
                       game::cli_names_text())
        ->capture_default_str()
        ->check(CLI::IsMember(screens))
        ->group(scripting);
    cli.add_option("--online", o.script.online,
                   "Press the Online screen's button at start: host (the room's code is "
                   "printed as `room CODE`), join:CODE or watch:CODE")
        ->group(scripting);
    add_name(cli, "--online-server", o.script.online_server,
             "The Online screen's server, HOST:PORT (default: the last one)")
        ->group(scripting);
    add_name(cli, "--online-say", o.script.online_say,
             "Online: say this chat line once the match is on the table")
        ->group(scripting);
    cli.add_option("--players", o.script.players,
                   "With --start and a game: the two seats, e.g. human,ai:hard (each human, "
                   "ai or ai:easy|medium|hard|pro)")
        ->group(scripting);
    cli.add_option_function<std::string>(
           "--fake-frame",
           [&o](const std::string& text) {
               const std::string problem =
                   io::parse_real_number(text, 0.0, 1.0, o.script.fake_frame);
               if (!problem.empty()) throw CLI::ValidationError("--fake-frame", problem);
           },
           "Fixed frame time in seconds, 0 to 1 (reproducible screenshots; 0: the real clock)")
        ->type_name("NUMBER")
        ->group(scripting);
    cli.add_flag("--ephemeral", o.script.ephemeral, "Read and write no settings or autosave")
        ->group(scripting);
    add_name(cli, "--load", o.load, "Open a saved game (any kind; docs/FILE-FORMATS.md)");
}

int run_game(const GameOptions& o) {
    // Settings first: they hold the window size and the menu's last choices. A broken file
    // is set aside with a message (shown on the menu too); the game starts with defaults.
    GameStorage storage = o.script.ephemeral ? GameStorage{} : default_storage();
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
    // One game per data folder: a second one plays on, reading the settings but writing
    // nothing (its autosaves would replace the first game's), and says so.
    std::optional<io::FolderLock> lock;
    std::string lock_message;
    if (!storage.autosave_of(game::GameKind::EightBall).empty()) {
        lock.emplace(std::filesystem::path(storage.autosave_of(game::GameKind::EightBall))
                         .parent_path()
                         .string());
        if (!lock->held()) {
            lock_message =
                "Nothing will be saved (settings, matches, replays): " + lock->problem() +
                (lock->busy() ? "; close it to keep this game's saves" : "");
            std::fprintf(stderr, "billiards: %s\n", lock_message.c_str());
            storage = GameStorage{};
        }
    }
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
    const std::optional<game::GameKind> start_kind = game::kind_of_cli_name(o.script.start);
    if (!o.script.players.empty() && !start_kind) {
        std::fprintf(stderr, "billiards: --players: only with --start and a game (%s)\n",
                     game::cli_names_text().c_str());
        return 2;
    }
    io::Settings seats;
    if (const std::string problem = parse_players(o.script.players, seats);
        !o.script.players.empty() && !problem.empty()) {
        std::fprintf(stderr, "billiards: --players: %s\n", problem.c_str());
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
    app.panel_open() = o.script.panel;
    app.set_storage(storage);
    app.apply_settings(settings.settings);
    app.choices().table = table_name;
    app.set_window_size(po.width, po.height);
    if (!settings.message.empty()) app.set_ui_message(settings.message, true);
    // The first start (no settings file, or one from before the tip): "Press H for help".
    if (!settings.settings.tip_shown && !o.script.ephemeral) app.show_first_tip();
    if (!storage_message.empty()) app.set_ui_message(storage_message, true);
    if (!lock_message.empty()) app.set_ui_message(lock_message, true);
    if (o.script.start == "menu") {
        app.show_menu();
    } else if (start_kind) {
        io::Settings& c = app.choices();
        c.game = *start_kind;
        if (!o.script.players.empty()) (void)parse_players(o.script.players, c); // checked above
        app.start_from_choices();
    }
    if (o.script.start == "drills") app.open_menu_page(GameApp::MenuPage::Drills);
    if (o.script.start == "statistics") app.open_menu_page(GameApp::MenuPage::Statistics);
    if (!o.script.drill.empty() && !app.start_drill(o.script.drill)) {
        std::fprintf(stderr, "billiards: --drill: no drill named '%s' (billiards drills --list)\n",
                     o.script.drill.c_str());
        return 2;
    }
    if (o.script.start == "online" || !o.script.online.empty()) {
        app.show_menu();
        if (!o.script.online_server.empty()) app.choices().online_server = o.script.online_server;
        if (const std::string problem =
                app.online().script(app, o.script.online, o.script.online_say);
            !problem.empty()) {
            std::fprintf(stderr, "billiards: --online: %s\n", problem.c_str());
            return 2;
        }
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
    // A scripted run (frames, a fixed frame time, a screenshot) through the script's driver;
    // the player's, through the loop alone.
    const ScriptOptions& script = o.script;
    int status = 0;
    if (script.frames >= 0 || script.fake_frame > 0.0 || script.screenshot_after >= 0) {
        LoopOptions lo;
        lo.fake_frame_seconds = script.fake_frame;
        lo.screenshot_dir = o.screenshot_dir;
        lo.max_frames = script.frames;
        if (script.screenshot_after >= 0) {
            lo.screenshot_at = script.screenshot_after;
            lo.screenshot_path = script.screenshot_path;
            lo.quit_after_screenshot = true;
        }
        status = run_loop(*platform, app, lo);
    } else {
        status = run_loop(*platform, app, o.screenshot_dir);
    }
    // The window's own size, not the screen's: a fullscreen game keeps the size it had.
    int w = 0, h = 0;
    SDL_GetWindowSize(platform->window(), &w, &h);
    if (!platform->fullscreen() && w >= 320 && h >= 200) app.set_window_size(w, h);
    app.save_settings();
    return status;
}

} // namespace billiards::app

// GameApp's screens and mode switches: the menu's choices into a match or the sandbox, a
// match's table copied into the sandbox, the pause menu.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <utility>

#include "app/game_app.hpp"
#include "app/game_record.hpp"
#include "app/match_mode.hpp"
#include "app/sandbox_mode.hpp"
#include "game/physics_presets.hpp"
#include "game/rack.hpp"
#include "io/game_file.hpp"
#include "io/scenario.hpp"

namespace billiards::app {

namespace {

// The players' names from the menu: trimmed, defaulted, and told apart when equal.
std::array<std::string, 2> seat_names(const io::Settings& c) {
    std::array<std::string, 2> names;
    for (std::size_t k = 0; k < 2; ++k) {
        std::string name = c.names[k];
        name.erase(0, name.find_first_not_of(' '));
        if (name.empty()) name = c.seats[k] == game::SeatKind::Computer ? "Computer" : "Player";
        names[k] = name;
    }
    if (names[0] == names[1]) {
        names[0] += " 1";
        names[1] += " 2";
    }
    return names;
}

std::uint64_t clock_seed() {
    return static_cast<std::uint64_t>(std::chrono::system_clock::now().time_since_epoch().count()) |
           1u;
}

// The menu's choices as the options of a game of `kind`: the seats, the cue, practice and
// each kind's own choices (a kind takes its own and leaves the others); the table is named
// by the caller, the physics is the kind's own.
game::GameOptions options_of(const io::Settings& c, const game::TableSpec& table,
                             std::uint64_t seed) {
    game::GameOptions o;
    const std::array<std::string, 2> names = seat_names(c);
    for (std::size_t k = 0; k < 2; ++k)
        o.seats[k] = {c.seats[k], c.levels[k], names[k], std::nullopt};
    o.table = table;
    o.cue = game::play_cue(c.shaft);
    o.practice = c.practice;
    o.best_of = c.snooker_best_of;
    o.target = c.carom_target;
    o.innings_limit = c.carom_innings;
    o.breaker = c.carom_breaker; // -1: the lag decides
    // A new rack (a new lag) each game; the seed goes into the save file, so a reload is
    // exact.
    o.seed = seed;
    return o;
}

} // namespace

std::uint64_t GameApp::next_game_seed() {
    return game_seed_ != 0 ? game_seed_++ : clock_seed();
}

void GameApp::start_game(std::unique_ptr<game::Game> game, const std::string& table_name,
                         bool fresh) {
    recording_.reset(); // a loaded game goes on in its save's record (load_match)
    auto mode = std::make_unique<MatchMode>(ctx_, std::move(game), table_name);
    MatchMode& m = *mode;
    set_mode(std::move(mode));
    ctx_.over.screen = Screen::Play;
    ctx_.over.pause_menu = false;
    ctx_.clock.set_paused(false);
    if (fresh) m.started();
}

void GameApp::start_sandbox(const std::string& table_name) {
    game::Table table = io::load_standard_table(table_name);
    ctx_.rack_seed += 1; // a new rack each time
    physics::World world =
        game::racked_world(game::GameKind::EightBall, table, game::play_params(), ctx_.rack_seed);
    set_mode(std::make_unique<SandboxMode>(ctx_, std::move(table), table_name, std::move(world),
                                           game::play_cue(choices_.shaft)));
    ctx_.hand.heading = 0.0;
    ctx_.over.screen = Screen::Play;
    ctx_.over.pause_menu = false;
    ctx_.clock.set_paused(false);
    ctx_.clear_messages();
    post("Sandbox: break the rack. Drag back from the cue ball and release to shoot.");
}

void GameApp::sandbox_from_match() {
    if (!mode_->is_match() && !replay_) return;
    mode_->autosave(); // the match as it stands (its inputs) for Continue
    // As shown, moving balls included, with the cue the shot was played with.
    auto sandbox = std::make_unique<SandboxMode>(ctx_, mode_->table(), mode_->table_name(), world(),
                                                 mode_->cue());
    sandbox->fill_tray_from_table();
    set_mode(std::move(sandbox));
    ctx_.over.screen = Screen::Play;
    ctx_.over.pause_menu = false;
    ctx_.clear_messages();
    post("Sandbox: a copy of the match table. Continue on the main menu resumes the match.");
}

// Whether a game of `kind` may start now: yes unless an unfinished game of that kind is
// saved in its autosave, which the first Start names (the menu offers to resume it) and a
// second Start in a row replaces.
bool GameApp::may_replace_autosave(game::GameKind kind) {
    const std::optional<game::GameKind> asked = std::exchange(replace_asked_, std::nullopt);
    const std::string& path = ctx_.storage.autosave_of(kind);
    if (asked == kind || path.empty()) return true; // asked, or no saves kept
    bool unfinished = false;
    if (mode_->is_match() && mode_->saved_game() == kind) {
        unfinished = !mode_->game_over();
    } else {
        std::error_code ec;
        if (!std::filesystem::is_regular_file(path, ec)) return true;
        try {
            unfinished = !io::read_game(io::read_text_file(path), path).game->over();
        } catch (const std::exception&) { // a broken file: nothing to keep
        }
    }
    if (!unfinished) return true;
    replace_asked_ = kind;
    set_ui_message("Your unfinished " + saved_game_name(kind) +
                       " is saved: Start again to replace it with a new one",
                   false);
    return false;
}

bool GameApp::start_from_choices() {
    const io::Settings& c = choices_;
    if (c.game && !may_replace_autosave(*c.game)) return false;
    if (c.game) {
        if (!start(*c.game)) return false;
        save_settings(); // a failure is posted; the game plays on
        return true;
    }
    const auto& names = io::standard_table_names();
    if (std::find(names.begin(), names.end(), c.table) == names.end()) {
        set_ui_message("Unknown table " + c.table, true);
        return false;
    }
    start_sandbox(c.table); // the sandbox
    save_settings();
    return true;
}

bool GameApp::start(game::GameKind kind) {
    const io::Settings& c = choices_;
    const std::string table_name = c.table_for(kind);
    if (const std::string problem = c.table_problem(kind); !problem.empty()) {
        set_ui_message(problem, true);
        return false;
    }
    const game::TableSpec table = io::load_standard_table(table_name).spec;
    start_game(game::make_game(kind, options_of(c, table, next_game_seed())), table_name, true);
    set_ui_message("", false);
    return true;
}

void GameApp::show_menu() {
    ctx_.over.screen = Screen::Menu;
    menu_page_ = MenuPage::Main;
    ctx_.over.pause_menu = false;
    ctx_.hand.drop_pull();
}

void GameApp::open_pause_menu(bool open) {
    if (ctx_.over.screen != Screen::Play) return;
    ctx_.over.pause_menu = open;
    save_dialog_ = false;
    ctx_.hand.drop_pull();
    ctx_.clock.set_paused(open);
    if (open) set_ui_message("", false);
}

void GameApp::set_ui_message(std::string text, bool error) {
    ui_message_ = std::move(text);
    ui_error_ = error;
}

} // namespace billiards::app

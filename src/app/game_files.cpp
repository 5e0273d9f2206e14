// GameApp's files: the settings (menu choices and window size), the autosaves written after
// every shot (one per kind of game), and the match saved from the pause menu. All through
// io's user files: atomic writes with a backup, and a broken file set aside with a message,
// never a crash.
#include <SDL.h>
#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "app/game_app.hpp"
#include "app/game_storage.hpp"
#include "app/sandbox_mode.hpp"
#include "io/game_file.hpp"
#include "io/match_file.hpp"
#include "io/settings.hpp"
#include "io/share_code.hpp"
#include "io/user_files.hpp"

namespace billiards::app {

std::string saved_game_name(game::GameKind kind) {
    return std::string(game::to_string(kind)) + " " + game::info(kind).noun;
}

std::optional<game::GameKind> GameStorage::latest_autosave() const {
    std::optional<game::GameKind> latest;
    std::filesystem::file_time_type latest_time{};
    for (const game::GameKind kind : game::kGameKinds) {
        const std::string& path = autosave_of(kind);
        std::error_code ec;
        if (path.empty() || !std::filesystem::is_regular_file(path, ec)) continue;
        const std::filesystem::file_time_type t = std::filesystem::last_write_time(path, ec);
        if (!ec && (!latest || t > latest_time)) {
            latest = kind;
            latest_time = t;
        }
    }
    return latest;
}

namespace {

// autosave.json was every pool match's before 9-ball had an autosave of its own: one that
// holds a 9-ball match moves to the 9-ball's place, so that the menu lists it and Continue
// and Resume find it as the match it is. When the 9-ball's own is newer, the old one is only
// set aside (PATH.9-ball), never read again.
void move_old_nine_ball_autosave(const GameStorage& storage) {
    namespace fs = std::filesystem;
    const std::string& old = storage.autosave_of(game::GameKind::EightBall);
    const std::string& nine = storage.autosave_of(game::GameKind::NineBall);
    std::error_code ec;
    if (old.empty() || nine.empty() || !fs::is_regular_file(old, ec)) return;
    try {
        const std::string text = io::read_text_file(old);
        if (io::parse_match(text, old).config.kind != game::GameKind::NineBall) return;
    } catch (const std::exception&) { // another format, or a broken file (loading it says so)
        return;
    }
    const bool newer_nine = fs::is_regular_file(nine, ec) &&
                            fs::last_write_time(nine, ec) > fs::last_write_time(old, ec);
    fs::rename(old, newer_nine ? old + ".9-ball" : nine, ec);
}

} // namespace

void GameApp::set_storage(GameStorage storage) {
    ctx_.storage = std::move(storage);
    move_old_nine_ball_autosave(ctx_.storage);
}

GameStorage default_storage() {
    GameStorage s;
    s.settings = io::settings_path();
    s.saved = io::user_data_dir() + "/saved-match.json";
    s.replays = io::user_data_dir() + "/replays";
    s.saves = io::user_data_dir() + "/saves";
    s.videos = io::user_data_dir() + "/videos";
    for (const game::GameKind kind : game::kGameKinds)
        s.autosave_of(kind) =
            kind == game::GameKind::EightBall
                ? io::autosave_path() // where pool's always was
                : io::user_data_dir() + "/autosave-" + game::to_string(kind) + ".json";
    return s;
}

std::string storage_problem(const GameStorage& storage) {
    namespace fs = std::filesystem;
    std::vector<const std::string*> files{&storage.settings, &storage.saved, &storage.replays,
                                          &storage.saves, &storage.videos};
    for (const std::string& autosave : storage.autosaves)
        files.push_back(&autosave);
    for (const std::string* file : files) {
        if (file->empty()) continue;
        // The nearest existing folder on the way must be a folder (the rest can be made).
        for (fs::path p = fs::path(*file).parent_path(); !p.empty(); p = p.parent_path()) {
            std::error_code ec;
            const fs::file_status st = fs::status(p, ec);
            if (st.type() == fs::file_type::directory) break;
            if (st.type() != fs::file_type::not_found && st.type() != fs::file_type::none)
                return "Nothing can be saved (settings, matches, replays): " + p.string() +
                       " is not a folder" +
                       (std::getenv("BILLIARDS_HOME") ? " (BILLIARDS_HOME)" : "");
            if (p == p.parent_path()) break;
        }
    }
    return {};
}

SettingsLoad load_game_settings(const std::string& path) {
    SettingsLoad out;
    if (path.empty()) return out;
    const io::Loaded<io::Settings> loaded = io::load_with_fallback(path, io::parse_settings);
    if (loaded.value) out.settings = *loaded.value;
    out.message = loaded.message;
    return out;
}

io::Settings GameApp::settings() const {
    io::Settings s = choices_;
    for (std::string& n : s.names)
        if (n.size() > 32) n.resize(32);
    s.volume = std::clamp(s.volume, 0.0, 1.0);
    return s;
}

bool GameApp::save_settings() {
    if (ctx_.storage.settings.empty()) return true;
    try {
        io::save_settings_file(settings(), ctx_.storage.settings);
        return true;
    } catch (const std::exception& e) {
        post(std::string("Settings not saved: ") + e.what());
        return false;
    }
}

bool GameApp::save_match(const std::string& path) {
    if (!mode_->is_match()) {
        set_ui_message("No match to save", true);
        return false;
    }
    if (path.empty()) {
        set_ui_message("Saving is off (no folder for the game's files)", true);
        return false;
    }
    try {
        mode_->save(path);
        return true;
    } catch (const std::exception& e) {
        set_ui_message(std::string("Not saved: ") + e.what(), true);
        return false;
    }
}

bool GameApp::load_match(const std::string& path, bool own_file) {
    // A file that does not read or no longer replays gets a message, never a crash. The
    // game's own files are set aside (PATH.corrupt) and their backup used: a crash or a bad
    // disk loses at most the last shot. Any kind, in any save format (io/game_file.hpp).
    io::Loaded<io::LoadedGame> loaded;
    try {
        if (own_file)
            loaded = io::load_with_fallback(path, io::read_game, "nothing loaded");
        else
            loaded.value = io::read_game(io::read_text_file(path), path);
    } catch (const std::exception& e) {
        set_ui_message(e.what(), true);
        return false;
    }
    if (!loaded.value) {
        set_ui_message(loaded.message.empty() ? "No saved game at " + path : loaded.message, true);
        return false;
    }
    const std::string status = loaded.value->game->status();
    start_game(std::move(loaded.value->game), loaded.value->table_name, false);
    resume_record(loaded.value->record, *game());
    post(loaded.message.empty() ? "Match loaded: " + status : loaded.message);
    set_ui_message(loaded.message, !loaded.message.empty());
    return true;
}

std::string GameApp::copy_last_shot_code() {
    std::string code;
    try {
        code = mode_->last_shot_code();
    } catch (const std::exception& e) {
        set_ui_message(std::string("No code: ") + e.what(), true);
        return {};
    }
    if (code.empty()) {
        set_ui_message("No shot to copy yet", true);
        return {};
    }
    // Without a clipboard (no display) the code is still made; the message says where it is.
    const bool copied = SDL_SetClipboardText(code.c_str()) == 0;
    set_ui_message(copied ? fmt::format("Copied the shot as a code ({} characters): billiards "
                                        "code decode, or the debug panel's Paste code, opens it",
                                        code.size())
                          : "No clipboard here: the code is " + code,
                   !copied);
    return code;
}

bool GameApp::paste_code() {
    char* raw = SDL_GetClipboardText(); // "" (never null in SDL 2) when there is none
    const std::string text = raw ? raw : "";
    SDL_free(raw);
    return open_code(text);
}

bool GameApp::open_code(const std::string& text) {
    constexpr std::size_t kMaxCode = 1 << 20; // far above any code's few hundred characters
    if (text.find_first_not_of(" \t\r\n") == std::string::npos) {
        set_ui_message("The clipboard holds no text: copy a code (BIL1...) first", true);
        return false;
    }
    if (text.size() > kMaxCode) {
        set_ui_message("The clipboard holds too much text to be a code", true);
        return false;
    }
    game::Scenario s;
    std::optional<physics::World> world;
    try {
        s = io::scenario_of_code(text);
        world.emplace(game::make_world(s));
    } catch (const std::exception& e) {
        set_ui_message(std::string("Not a code the game can open: ") + e.what(), true);
        return false;
    }
    const bool shot = s.shot.has_value();
    const std::size_t balls = s.balls.size();
    set_mode(std::make_unique<SandboxMode>(ctx_, s.table, s.table_name, std::move(*world), s.cue));
    ctx_.clock.set_dt(s.params.timestep);
    ctx_.hand.heading = 0.0;
    ctx_.over.screen = Screen::Play;
    ctx_.over.pause_menu = false;
    ctx_.clock.set_paused(false);
    ctx_.clear_messages();
    set_ui_message("", false);
    post(fmt::format("Pasted code: {} balls{}", balls,
                     shot ? ", the shot plays (pause menu: Re-rack for a new rack)" : ""));
    return true;
}

std::string GameApp::save_last_shot() {
    const std::string name = mode_->last_shot_file_name();
    if (name.empty()) {
        set_ui_message("No shot to save yet", true);
        return {};
    }
    const std::string& replays = ctx_.storage.replays;
    if (replays.empty()) {
        set_ui_message("Saving is off (no folder for the game's files)", true);
        return {};
    }
    const std::string path = replays + "/" + name;
    try {
        std::error_code ec; // a failure to create it shows in the write's message
        std::filesystem::create_directories(replays, ec);
        mode_->save_last_shot(path);
    } catch (const std::exception& e) {
        set_ui_message(std::string("Not saved: ") + e.what(), true);
        return {};
    }
    set_ui_message("Saved " + path + " (billiards replay FILE re-runs it)", false);
    return path;
}

} // namespace billiards::app

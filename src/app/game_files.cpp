// GameApp's files: the settings (menu choices and window size), the autosaves written after
// every shot (one per kind of game), and the match saved from the pause menu. All through
// io's user files: atomic writes with a backup, and a broken file set aside with a message,
// never a crash.
#include <algorithm>
#include <cstdlib>
#include <exception>
#include <filesystem>

#include "app/game_app.hpp"
#include "app/game_storage.hpp"
#include "game/carom/three_cushion_game.hpp"
#include "game/pool/pool_game.hpp"
#include "game/snooker/snooker_game.hpp"
#include "io/carom_file.hpp"
#include "io/json_reader.hpp"
#include "io/match_file.hpp"
#include "io/settings.hpp"
#include "io/snooker_file.hpp"
#include "io/user_files.hpp"

namespace billiards::app {

namespace {

// A snooker save (its format) rather than a pool one; anything else is left to the pool
// reader, whose messages name what is wrong.
bool snooker_save(const std::string& text) {
    const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    return j.is_object() && j.contains("format") && j["format"] == io::formats::kSnookerMatch;
}

} // namespace

SavedGame saved_game_of(game::GameKind kind) {
    switch (kind) {
    case game::GameKind::Snooker:
        return SavedGame::Snooker;
    case game::GameKind::ThreeCushion:
        return SavedGame::ThreeCushion;
    case game::GameKind::EightBall:
    case game::GameKind::NineBall:
        break;
    }
    return SavedGame::Pool;
}

// Each kind in its own format (io/match_file.hpp, snooker_file.hpp, carom_file.hpp).
void save_game_file(const game::Game& g, const std::string& table_name, const std::string& path) {
    if (const game::Match* pool = game::pool_match(g))
        io::save_match_file(io::match_file_of(*pool, table_name), path);
    else if (const game::snooker::Match* snooker = game::snooker::snooker_match(g))
        io::save_snooker_file(io::snooker_file_of(*snooker, table_name), path);
    else if (const game::CaromGame* carom = game::carom_game(g)) {
        const std::array<game::Seat, 2> seats = g.seats();
        io::save_carom_file(
            io::carom_file_of(*carom, table_name, g.names(), {seats[0].kind, seats[1].kind}), path);
    } else
        throw std::runtime_error("no file format for " + std::string(game::to_string(g.kind())));
}

const char* saved_game_name(SavedGame game) {
    switch (game) {
    case SavedGame::Pool:
        return "pool match";
    case SavedGame::Snooker:
        return "snooker match";
    case SavedGame::ThreeCushion:
        return "three-cushion game";
    }
    return "game";
}

const std::string& GameStorage::autosave_of(SavedGame game) const {
    switch (game) {
    case SavedGame::Snooker:
        return snooker_autosave;
    case SavedGame::ThreeCushion:
        return carom_autosave;
    case SavedGame::Pool:
        break;
    }
    return autosave;
}

std::optional<SavedGame> GameStorage::latest_autosave() const {
    std::optional<SavedGame> latest;
    std::filesystem::file_time_type latest_time{};
    for (const SavedGame game : kSavedGames) {
        const std::string& path = autosave_of(game);
        std::error_code ec;
        if (path.empty() || !std::filesystem::is_regular_file(path, ec)) continue;
        const std::filesystem::file_time_type t = std::filesystem::last_write_time(path, ec);
        if (!ec && (!latest || t > latest_time)) {
            latest = game;
            latest_time = t;
        }
    }
    return latest;
}

GameStorage default_storage() {
    GameStorage s;
    s.settings = io::settings_path();
    s.autosave = io::autosave_path(); // the pool match's, where it always was
    s.saved = io::user_data_dir() + "/saved-match.json";
    s.replays = io::user_data_dir() + "/replays";
    s.snooker_autosave = io::user_data_dir() + "/autosave-snooker.json";
    s.carom_autosave = io::user_data_dir() + "/autosave-three-cushion.json";
    return s;
}

std::string storage_problem(const GameStorage& storage) {
    namespace fs = std::filesystem;
    for (const std::string* file :
         {&storage.settings, &storage.autosave, &storage.saved, &storage.replays,
          &storage.snooker_autosave, &storage.carom_autosave}) {
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
    try { // a three-cushion game (its autosave, or a saved game)
        if (io::is_carom_file(io::read_text_file(path))) return load_carom(path, own_file);
    } catch (const std::exception&) { // unreadable: said below
    }
    // A file that does not read or no longer replays gets a message, never a crash. The
    // game's own files are set aside (PATH.corrupt) and their backup used: a crash or a bad
    // disk loses at most the last shot.
    struct Restored { // a pool or a snooker match, by the file's format
        std::string table_name;
        std::unique_ptr<game::Match> pool;
        std::unique_ptr<game::snooker::Match> snooker;
    };
    auto parse = [](const std::string& text, const std::string& name) {
        Restored r;
        if (snooker_save(text)) {
            const io::SnookerFile f = io::parse_snooker(text, name);
            r.table_name = f.table_name;
            r.snooker = io::restore_snooker(f, name);
            return r;
        }
        const io::MatchFile f = io::parse_match(text, name);
        r.table_name = f.table_name;
        r.pool = io::restore_match(f, name);
        return r;
    };
    io::Loaded<Restored> loaded;
    try {
        if (own_file) {
            loaded = io::load_with_fallback(path, parse, "nothing loaded");
        } else {
            loaded.value = parse(io::read_text_file(path), path);
        }
    } catch (const std::exception& e) {
        set_ui_message(e.what(), true);
        return false;
    }
    if (!loaded.value) {
        set_ui_message(loaded.message.empty() ? "No saved match at " + path : loaded.message, true);
        return false;
    }
    std::string status;
    if (loaded.value->snooker) {
        start_game(game::snooker::make_snooker_game(std::move(loaded.value->snooker)),
                   loaded.value->table_name, false);
        status = snooker()->status();
    } else {
        start_game(game::make_pool_game(std::move(loaded.value->pool)), loaded.value->table_name,
                   false);
        status = match()->view().status;
    }
    post(loaded.message.empty() ? "Match loaded: " + status : loaded.message);
    set_ui_message(loaded.message, !loaded.message.empty());
    return true;
}

bool GameApp::load_carom(const std::string& path, bool own_file) {
    using Restored = std::pair<io::CaromFile, std::unique_ptr<game::CaromGame>>;
    auto parse = [](const std::string& text, const std::string& name) {
        io::CaromFile f = io::parse_carom(text, name);
        std::unique_ptr<game::CaromGame> g = io::restore_carom(f, name);
        return std::make_pair(std::move(f), std::move(g));
    };
    io::Loaded<Restored> loaded;
    try {
        if (own_file)
            loaded = io::load_with_fallback(path, parse, "nothing loaded");
        else
            loaded.value = parse(io::read_text_file(path), path);
    } catch (const std::exception& e) {
        set_ui_message(e.what(), true);
        return false;
    }
    if (!loaded.value) {
        set_ui_message(loaded.message.empty() ? "No saved game at " + path : loaded.message, true);
        return false;
    }
    const io::CaromFile& f = loaded.value->first;
    std::unique_ptr<game::CaromGame>& g = loaded.value->second;
    std::array<game::Seat, 2> seats;
    for (std::size_t k = 0; k < 2; ++k)
        seats[k] = {f.seats[k], g->config().levels[k], f.names[k], std::nullopt};
    start_game(game::make_three_cushion_game(std::move(g), seats), f.table_name, false);
    post(game::carom_status(carom()->state()));
    post(loaded.message.empty() ? "Three-cushion game loaded" : loaded.message);
    set_ui_message(loaded.message, !loaded.message.empty());
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

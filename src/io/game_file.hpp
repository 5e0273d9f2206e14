// Saves of every kind of game (docs/FILE-FORMATS.md, format billiards-game/1): the kind, the
// table's name, the options the game was made with and every input since
// (game::Game::options(), inputs()). Loading makes the game again and feeds it the inputs
// (game::restore_game), so a save holds no world state and needs nothing of one discipline:
// a new kind of game saves and loads through these functions as it is.
//
// The saves written before it (billiards-match/1, billiards-snooker-match/1,
// billiards-carom/1) still load through read_game, each by its own reader.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "game/game.hpp"
#include "game/match_stats.hpp"

namespace billiards::io {

// The statistics record of the game in progress, kept in its save ("record",
// docs/FILE-FORMATS.md) so that a game played on from the save goes on in its own record:
// its id in stats.sqlite3, when it began, and every shot of it so far as the record counts it.
struct SavedRecord {
    std::int64_t game = 0;              // >= 1
    std::int64_t started = 0;           // unix time
    std::vector<game::ShotFacts> shots; // at least one
};

struct GameFile {
    game::GameKind kind = game::GameKind::EightBall;
    std::string table_name = "pool-9ft"; // a standard table of the kind; options.table its spec
    game::GameOptions options;
    std::vector<game::GameInput> inputs;
    std::optional<SavedRecord> record; // none in a save written before the key, or unrecorded
};

GameFile game_file_of(const game::Game& g, const std::string& table_name);
// Pretty-printed; parse_game_file(game_file_json(f)) gives f back bit for bit.
std::string game_file_json(const GameFile& file);
// Throws InputError "FILE: JSON.PATH: problem" (unknown keys, names, values out of range).
GameFile parse_game_file(const std::string& text, const std::string& file_name);
// The game made again; an input that does not fit throws InputError "FILE: inputs[K]: why".
std::unique_ptr<game::Game> restore_game(const GameFile& file, const std::string& file_name);

// A save of any kind and format, as a game, with its table's name.
struct LoadedGame {
    std::unique_ptr<game::Game> game;
    std::string table_name;
    std::optional<SavedRecord> record; // billiards-game/1 only
};
// Tells the formats apart by "format"; anything else gets billiards-game/1's messages.
LoadedGame read_game(const std::string& text, const std::string& file_name);
// Whether `text` is a saved game of any format (else another kind of file, or broken).
bool is_game_save(const std::string& text);

// Writes `g` as billiards-game/1, atomically, the previous file kept as PATH.bak; with its
// statistics record when one is given.
void save_game_file(const game::Game& g, const std::string& table_name, const std::string& path,
                    const std::optional<SavedRecord>& record = std::nullopt);

} // namespace billiards::io

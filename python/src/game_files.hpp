// A game's save file from Python, of any kind: the game's own format (billiards-game/1,
// io/game_file.hpp) written, and any save read (the formats before it too). Every value is
// checked by the io readers.
#pragma once

#include <array>
#include <memory>
#include <string>

#include "game/game.hpp"

namespace billiards::python {

// What a save needs that the game does not hold.
struct SaveInfo {
    std::string table_name;
    std::array<std::string, 2> names{"Player 1", "Player 2"};
    std::array<game::SeatKind, 2> seats{game::SeatKind::Human, game::SeatKind::Human};
};

struct LoadedGame {
    std::unique_ptr<game::Game> game;
    SaveInfo info;
};

// The game a save's text holds (its kind from its format). `new_game`: a three-cushion
// file's breaker is left to the lag, as a new game plays it (its shots must be none).
// Throws io::InputError "FILE: JSON.PATH: problem".
LoadedGame read_game(const std::string& text, const std::string& file_name, bool new_game);
std::string game_json(const game::Game& game, const SaveInfo& info);
// Atomic, the previous file kept as PATH.bak.
void save_game(const game::Game& game, const SaveInfo& info, const std::string& path);

// The physics and cue (a JSON object {"physics": ..., "cue": ...}) a kind plays with on the
// standard table `table_name`.
std::string play_json(game::GameKind kind, const std::string& table_name);

} // namespace billiards::python

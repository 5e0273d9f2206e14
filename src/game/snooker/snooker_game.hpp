// Snooker behind game::Game (the factory's Snooker kind).
#pragma once

#include <memory>

#include "game/game.hpp"

namespace billiards::game::snooker {

std::unique_ptr<Game> make_snooker_game(const GameOptions& options);

class Match;
// A snooker match as it stands (a loaded save), and back: the match behind a game (nullptr
// for another kind), for what only snooker has (breaks, penalties, the reply to a foul).
std::unique_ptr<Game> make_snooker_game(const Match& match);
const Match* snooker_match(const Game& game);
Match* snooker_match(Game& game);

} // namespace billiards::game::snooker

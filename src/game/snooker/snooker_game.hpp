// Snooker behind game::Game (the factory's Snooker kind: game::make_snooker_game).
#pragma once

#include <memory>

#include "game/game.hpp"

namespace billiards::game::snooker {

class Match;
// A match in progress (a loaded save) as a Game; and the snooker match a Game plays, if it
// is a snooker game (null otherwise), for what only snooker shows.
std::unique_ptr<Game> make_snooker_game(std::unique_ptr<Match> match);
std::unique_ptr<Game> make_snooker_game(const Match& match); // a copy of it
const Match* snooker_match(const Game& game);
Match* snooker_match(Game& game);

} // namespace billiards::game::snooker

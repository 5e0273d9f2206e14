// Snooker behind game::Game (the factory's Snooker kind: game::make_snooker_game).
#pragma once

#include <memory>
#include <optional>

#include "game/game.hpp"
#include "game/snooker/snooker_match.hpp"

namespace billiards::game::snooker {

class Match;
// A match in progress (a loaded save) as a Game; and the snooker match a Game plays, if it
// is a snooker game (null otherwise), for what only snooker shows.
std::unique_ptr<Game> make_snooker_game(std::unique_ptr<Match> match);
std::unique_ptr<Game> make_snooker_game(const Match& match); // a copy of it
const Match* snooker_match(const Game& game);
Match* snooker_match(Game& game);

// A recorded input of the snooker match as the Game's, and back (none: not an input of
// snooker).
Decision decision_of(Reply r);
GameInput game_input_of(const MatchInput& in);
std::optional<MatchInput> match_input_of(const GameInput& in);

} // namespace billiards::game::snooker

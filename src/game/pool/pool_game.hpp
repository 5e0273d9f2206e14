// 8-ball and 9-ball behind game::Game (the factory's pool kinds).
#pragma once

#include <memory>
#include <optional>

#include "game/game.hpp"
#include "game/pool/match.hpp"
#include "game/pool/rules.hpp"

namespace billiards::game {

// Precondition: kind is EightBall or NineBall.
std::unique_ptr<Game> make_pool_game(GameKind kind, const GameOptions& options);

class Match;
// A match in progress (a loaded save) as a Game, taken or copied; and the pool match a Game
// plays, if it is a pool game (null otherwise), for what only pool has (groups, the break,
// the computer's plan).
std::unique_ptr<Game> make_pool_game(std::unique_ptr<Match> match);
std::unique_ptr<Game> make_pool_game(const Match& match);
const Match* pool_match(const Game& game);
Match* pool_match(Game& game);

// The pool rules' choices as the Game's decisions, and back (none: not a pool decision).
Decision decision_of(Choice c);
std::optional<Choice> choice_of(Decision d);
// A recorded input of the pool match as the Game's, and back (none: not an input of pool).
GameInput game_input_of(const MatchInput& in);
std::optional<MatchInput> match_input_of(const GameInput& in);

} // namespace billiards::game

// 8-ball and 9-ball behind game::Game (the factory's pool kinds).
#pragma once

#include <memory>

#include "game/game.hpp"

namespace billiards::game {

// Precondition: kind is EightBall or NineBall.
std::unique_ptr<Game> make_pool_game(GameKind kind, const GameOptions& options);

class Match;
// A game of a match as it stands (a loaded save), and back: the pool match behind a game
// (nullptr for another kind), for what only pool has (groups, the break, the computer's plan).
std::unique_ptr<Game> make_pool_game(const Match& match);
const Match* pool_match(const Game& game);
Match* pool_match(Game& game);

} // namespace billiards::game

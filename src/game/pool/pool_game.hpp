// 8-ball and 9-ball behind game::Game (the factory's pool kinds).
#pragma once

#include <memory>

#include "game/game.hpp"

namespace billiards::game {

// Precondition: kind is EightBall or NineBall.
std::unique_ptr<Game> make_pool_game(GameKind kind, const GameOptions& options);

} // namespace billiards::game

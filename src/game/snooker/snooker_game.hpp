// Snooker behind game::Game (the factory's Snooker kind).
#pragma once

#include <memory>

#include "game/game.hpp"

namespace billiards::game::snooker {

std::unique_ptr<Game> make_snooker_game(const GameOptions& options);

} // namespace billiards::game::snooker

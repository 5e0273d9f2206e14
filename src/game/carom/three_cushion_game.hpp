// Three-cushion behind game::Game (the factory's ThreeCushion kind).
#pragma once

#include <memory>

#include "game/game.hpp"

namespace billiards::game {

// The 10 ft carom table the game plays on (assets/tables/carom-10ft.json).
TableSpec carom_table_spec();

// Game g (0-based) of the match plays with the seed mix(options.seed, g): the first is
// broken by the lag's winner, then the breaks alternate.
std::unique_ptr<Game> make_three_cushion_game(const GameOptions& options);

} // namespace billiards::game

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

class CaromGame;
// A game as it stands (a loaded save) played by `seats`, and back: the current CaromGame
// behind a game (nullptr for another kind), for what only carom has (innings, runs, the lag).
// The games after a loaded one are seeded from its seed (the match's seed is not saved).
std::unique_ptr<Game> make_three_cushion_game(const CaromGame& game,
                                              const std::array<Seat, 2>& seats);
const CaromGame* carom_game(const Game& game);
CaromGame* carom_game(Game& game);

} // namespace billiards::game

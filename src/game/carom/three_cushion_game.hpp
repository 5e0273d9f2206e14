// Three-cushion behind game::Game (the factory's ThreeCushion kind).
#pragma once

#include <memory>

#include "game/game.hpp"

namespace billiards::game {

// The 10 ft carom table the game plays on (assets/tables/carom-10ft.json).
TableSpec carom_table_spec();

// Game g (0-based) of the match plays with the seed mix(options.seed, g): the first is
// broken by the lag's winner, then the breaks alternate.
// The factory's game::make_carom_game (game.hpp).

class CaromGame;
// A game in progress (a loaded save, or one set up by the caller) as a Game, its next games
// seeded from its config's; and the game a Game plays at the moment, if it is a
// three-cushion one (null otherwise), for what only three-cushion shows.
std::unique_ptr<Game> make_three_cushion_game(std::unique_ptr<CaromGame> game,
                                              const std::array<Seat, 2>& seats);
std::unique_ptr<Game> make_three_cushion_game(const CaromGame& game, // a copy of it
                                              const std::array<Seat, 2>& seats);
const CaromGame* carom_game(const Game& game);
CaromGame* carom_game(Game& game);

} // namespace billiards::game

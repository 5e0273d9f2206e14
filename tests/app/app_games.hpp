// A test's view of the game GameApp plays, by discipline (the shell itself knows only
// game::Game), and the ways tests start one from a discipline's own match.
#pragma once

#include <memory>
#include <string>

#include "app/game_app.hpp"
#include "game/carom/carom_game.hpp"
#include "game/carom/three_cushion_game.hpp"
#include "game/pool/pool_game.hpp"
#include "game/snooker/snooker_game.hpp"
#include "io/scenario.hpp"

namespace billiards::test {

// The pool (snooker, three-cushion) match played, if one.
inline const game::Match* pool(const app::GameApp& g) {
    return g.game() ? game::pool_match(*g.game()) : nullptr;
}
inline const game::snooker::Match* snooker(const app::GameApp& g) {
    return g.game() ? game::snooker::snooker_match(*g.game()) : nullptr;
}
inline const game::CaromGame* carom(const app::GameApp& g) {
    return g.game() ? game::carom_game(*g.game()) : nullptr;
}

// A new pool match of `config` on the named table (the name decides the spec).
inline void start_match(app::GameApp& g, const game::MatchConfig& config,
                        const std::string& table_name) {
    game::MatchConfig c = config;
    c.table = io::load_standard_table(table_name).spec;
    g.start_game(game::make_pool_game(std::make_unique<game::Match>(c)), table_name);
}
// A snooker match in progress, as a loaded one (no first news).
inline void adopt_snooker(app::GameApp& g, std::unique_ptr<game::snooker::Match> match,
                          const std::string& table_name) {
    g.start_game(game::snooker::make_snooker_game(std::move(match)), table_name, false);
}

} // namespace billiards::test

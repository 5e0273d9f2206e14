#include "net/lockstep.hpp"

#include <memory>

#include "core/hash.hpp"
#include "net/protocol.hpp"

namespace billiards::net {

std::uint64_t game_hash(const game::Game& g) {
    Hasher h;
    h.add_u64(g.world().state_hash());
    const game::Score s = g.score();
    h.add_int(s.game_number);
    for (std::size_t i = 0; i < 2; ++i) {
        h.add_int(s.games[i]);
        h.add_int(s.points[i]);
    }
    h.add_int(s.winner);
    h.add_int(g.over() ? 1 : 0);
    h.add_int(g.next().shooter);
    h.add_int(g.shots());
    h.add_u64(g.inputs().size());
    return h.value();
}

std::uint64_t determinism_fingerprint(const std::string& build) {
    game::GameOptions o;
    for (game::Seat& seat : o.seats) {
        seat.kind = game::SeatKind::Computer;
        seat.level = game::AiLevel::Easy;
    }
    o.seed = 20261127;
    const std::unique_ptr<game::Game> g = game::make_game(game::GameKind::EightBall, o);
    // A hard break off centre, with side and draw, so that the cushions, the pockets and the
    // spin all take part; then two moves of the computer (its search and noise).
    game::Stroke br;
    br.shot = {0.013, 7.5, 0.2, -0.3, 0.05};
    (void)g->shoot(br);
    for (int i = 0; i < 2 && !g->over() && g->computer_to_act(); ++i)
        (void)g->play_computer_turn();
    Hasher h;
    h.add_u64(game_hash(*g));
    h.add_int(kProtocolVersion);
    for (const char c : build)
        h.add_int(c);
    return h.value();
}

} // namespace billiards::net

// How often a break pots a ball without a foul, on demand: seeded racks broken with a
// centre-ball hit at the apex from points across the head string, at several speeds, each
// shot given the standard noise (FastFiz's defaults), judged by the game's rules:
//   pool_break_rate [8ball|9ball] [RACKS]
// Per row: where the cue ball stood (y as a fraction of the half-width less 5 cm), the speed
// the cue ball leaves at, and the shares of breaks that potted a ball with no foul, that
// scratched, and the balls potted per break. The pro level's break spots come from here.
#include <charconv>
#include <cstdio>
#include <string_view>

#include "core/random.hpp"
#include "game/levels.hpp"
#include "game/physics_presets.hpp"
#include "game/pool/rules.hpp"
#include "game/rack.hpp"
#include "game/shot_events.hpp"
#include "game/strike.hpp"
#include "game/table.hpp"

using namespace billiards;
using namespace billiards::game;

namespace {

int usage() {
    std::fprintf(stderr, "pool_break_rate: usage: pool_break_rate [8ball|9ball] [RACKS]\n");
    return 2;
}

struct Tally {
    int good = 0, scratches = 0, potted = 0;
};

void one_break(GameKind kind, const Table& table, const AiConfig& noise, double y, double speed,
               std::uint64_t rack, Tally& t) {
    const CueParams cue;
    physics::World w = racked_world(kind, table, play_params(), mix(rack, 0));
    const int ci = w.index_of(kCueBall);
    const Vec2 c{head_spot(table.spec).x, y * (table.spec.width / 2 - 0.05)};
    w.restore_ball(ci, c);
    const Vec2 d = w.ball(w.index_of(1)).position - c;
    CueShot s{std::atan2(d.y, d.x), cue_speed_for(speed, w.ball(ci).mass, cue), 0.0, 0.0};
    s = perturb_shot(s, noise, cue, mix(rack, 0x6272ull));
    const std::vector<int> on = balls_on_table(w);
    w.set_record_events(true);
    apply_strike(w, s, cue);
    w.run_until_rest(120.0);
    ShotInput in;
    in.on_table = on;
    in.events = shot_events(w, w.events());
    const ShotVerdict v = judge(new_game(kind, 0), in);
    t.good += v.foul == Foul::None && v.scored && v.after.shooter == 0 && !v.after.game_over;
    t.scratches += v.cue_pocketed;
    t.potted += static_cast<int>(v.pocketed.size());
}

} // namespace

int main(int argc, char** argv) {
    if (argc > 3) return usage();
    GameKind kind = GameKind::EightBall;
    if (argc > 1) {
        const std::string_view k = argv[1];
        if (k == "9ball")
            kind = GameKind::NineBall;
        else if (k != "8ball")
            return usage();
    }
    unsigned racks = 100;
    if (argc > 2) {
        const std::string_view a = argv[2];
        const auto [end, ec] = std::from_chars(a.data(), a.data() + a.size(), racks);
        if (ec != std::errc() || end != a.data() + a.size() || racks == 0 || racks > 100000)
            return usage();
    }
    const Table table = build_table(TableSpec{});
    AiConfig noise;
    set_noise(noise, Noise::Standard, physics::kBallRadius);
    std::printf("%s, %u racks, standard noise: y, speed m/s, potted with no foul, scratch, "
                "balls potted\n",
                kind == GameKind::NineBall ? "9ball" : "8ball", racks);
    for (double y : {0.0, 0.4, -0.4, 0.5, -0.5, 0.75, -0.75, 0.9, -0.9})
        for (double speed : {10.0, 11.0, 12.0, 13.0, 14.0}) {
            Tally t;
            for (unsigned k = 1; k <= racks; ++k)
                one_break(kind, table, noise, y, speed, k, t);
            const double n = racks;
            std::printf("%5.2f %5.1f %5.2f %5.2f %5.2f\n", y, speed, t.good / n, t.scratches / n,
                        t.potted / n);
        }
    return 0;
}

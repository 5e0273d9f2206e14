// The simulated pots that ai::mouth_chance is fitted to: straight pots on the full-size
// table under the standard noise model, the object ball sent at the middle of the pocket's
// mouth (and, for the comparison, at the pocket's centre), 300 seeded trials each. Prints
// per position the pocket, the angle off the cushion, d1, d2, the rate at the mouth, the
// model's chance and the rate at the centre:
//   snooker_pots
#include <cmath>
#include <cstdio>

#include "core/random.hpp"
#include "game/levels.hpp"
#include "game/snooker/snooker_ai_pots.hpp"
#include "game/snooker/snooker_match.hpp"
#include "game/strike.hpp"

using namespace billiards;
using namespace billiards::game::snooker;

namespace {

// The share of `n` noisy strokes from `cue` along `dir` that pot the red at `red`.
double rate(const MatchConfig& c, const game::Table& table, const game::AiConfig& cfg, Vec2 cue,
            Vec2 red, Vec2 dir, int n) {
    physics::World w(c.params, table.cushions, table.pockets);
    for (physics::BallDef b : rack(c.table)) {
        if (b.id != kCue && b.id != kFirstRed) continue;
        b.position = b.id == kCue ? cue : red;
        w.add_ball(b);
    }
    (void)w.balls();
    game::CueShot s;
    s.heading = std::atan2(dir.y, dir.x);
    s.speed = 2.5;
    int made = 0;
    for (int t = 0; t < n; ++t) {
        physics::World x = w;
        game::apply_strike(
            x, game::perturb_shot(s, cfg, c.cue, mix(7, static_cast<std::uint64_t>(t))), c.cue);
        x.run_until_rest(60.0);
        made += x.ball(x.index_of(kFirstRed)).state == physics::MotionState::Pocketed ? 1 : 0;
    }
    return static_cast<double>(made) / n;
}

} // namespace

int main() {
    MatchConfig c;
    c.params = play_params_for(c.table);
    c.cue = game::play_cue();
    const Match m(c);
    const game::Table& table = m.table();
    game::AiConfig cfg = game::ai_config(game::AiLevel::Pro);
    game::set_noise(cfg, game::Noise::Standard, table.spec.ball_radius);
    const double r = table.spec.ball_radius;
    const double hx = table.spec.length / 2, hy = table.spec.width / 2;
    std::printf("pocket off_cushion_deg d1 d2 at_mouth model at_centre\n");
    for (int k : {3, 5}) { // the top-right corner and the top middle pocket
        const Vec2 centre = table.pockets[static_cast<std::size_t>(k)].center;
        const Vec2 mouth = ai::mouth_point(table, k);
        const double sx = centre.x > 0 ? 1.0 : -1.0;
        for (double deg : {45.0, 30.0, 15.0, 60.0, 75.0, 90.0}) {
            if ((k == 5 && deg < 60.0) || (k == 3 && deg > 60.0)) continue;
            const double a = deg_to_rad(deg);
            // From the pocket back into the table, `deg` off the side cushion.
            const Vec2 back{-sx * std::cos(a), -std::sin(a)};
            const Vec2 axis = k < 4 ? normalized(Vec2{sx, 1.0}) : Vec2{0.0, 1.0};
            const double entry = dot(back * -1.0, axis);
            for (double d2 : {0.5, 1.0}) {
                for (double d1 : {0.4, 1.0}) {
                    const Vec2 red = mouth + back * d2;
                    const Vec2 dir = normalized(mouth - red);
                    const Vec2 cue = red - dir * (2 * r + d1);
                    if (std::abs(cue.x) > hx - r || std::abs(cue.y) > hy - r) continue;
                    const double at_mouth = rate(c, table, cfg, cue, red, dir, 300);
                    const Vec2 to_centre = normalized(centre - red);
                    const double at_centre =
                        rate(c, table, cfg, red - to_centre * (2 * r + d1), red, to_centre, 300);
                    const double model =
                        ai::mouth_chance(d1, d2, 1.0, entry, k >= 4, r, cfg.heading_noise);
                    std::printf("%d %.0f %.1f %.1f %.3f %.3f %.3f\n", k, deg, d1, d2, at_mouth,
                                model, at_centre);
                }
            }
        }
    }
    return 0;
}

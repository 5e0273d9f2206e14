// The three-cushion opponent's scoring rate on seeded random positions, on demand:
//   carom_rate [LEVEL] [POSITIONS] [FIRST_SEED]
// Each position puts the three balls anywhere on the carom table (apart, off the rails); the
// computer plans its shot and plays it with its level's noise; a point counts.
#include <chrono>
#include <cstdio>
#include <string>

#include "core/random.hpp"
#include "game/carom/carom_ai.hpp"
#include "game/carom/carom_game.hpp"
#include "game/physics_presets.hpp"

using namespace billiards;

namespace {

int usage() {
    std::fprintf(stderr,
                 "carom_rate: usage: carom_rate [easy|medium|hard] [POSITIONS] [FIRST_SEED]\n");
    return 2;
}

bool parse_count(const char* s, unsigned long long& out) {
    std::string t(s);
    if (t.empty() || t.size() > 9 || t.find_first_not_of("0123456789") != std::string::npos)
        return false;
    out = std::stoull(t);
    return true;
}

} // namespace

int main(int argc, char** argv) {
    game::AiLevel level = game::AiLevel::Hard;
    unsigned long long positions = 50, seed = 1;
    if (argc > 4) return usage();
    if (argc > 1 && !game::parse_ai_level(argv[1], level)) return usage();
    if (argc > 2 && (!parse_count(argv[2], positions) || positions == 0)) return usage();
    if (argc > 3 && !parse_count(argv[3], seed)) return usage();

    game::TableSpec spec;
    spec.name = "carom-10ft";
    spec.kind = "carom";
    spec.length = 2.84;
    spec.width = 1.42;
    spec.ball_radius = 0.03075;
    spec.ball_mass = 0.21;
    const game::Table table = game::build_table(spec);
    const double r = spec.ball_radius;
    int scored = 0, found = 0;
    double seconds = 0.0;
    for (unsigned long long k = 0; k < positions; ++k) {
        Random rng{mix(seed, k)};
        physics::World w(game::carom_params(), table.cushions, table.pockets);
        std::vector<Vec2> at;
        while (at.size() < 3) {
            const Vec2 p{rng.uniform(-spec.length / 2 + 2 * r, spec.length / 2 - 2 * r),
                         rng.uniform(-spec.width / 2 + 2 * r, spec.width / 2 - 2 * r)};
            bool free = true;
            for (Vec2 q : at)
                free = free && length(p - q) > 4 * r;
            if (free) at.push_back(p);
        }
        for (int id = 0; id < 3; ++id) {
            physics::BallDef b;
            b.id = id;
            b.position = at[static_cast<std::size_t>(id)];
            b.radius = r;
            b.mass = spec.ball_mass;
            w.add_ball(b);
        }
        game::CaromAiRequest q;
        q.world = w;
        q.cue = game::kCaromWhite;
        q.config = game::carom_ai_config(level);
        q.cue_params = game::play_cue();
        q.seed = mix(seed, k + 1000003);
        const auto t0 = std::chrono::steady_clock::now();
        const game::CaromMove m = game::carom_decide(q);
        seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        const game::CaromShot s =
            game::carom_trial(w, q.cue, m.shot, q.cue_params, false, 60.0, true);
        scored += s.point ? 1 : 0;
        found += m.found ? 1 : 0;
    }
    std::printf("%s: %d of %llu positions scored (%.0f %%), a path found in %d, %.2f s per "
                "decision\n",
                game::to_string(level), scored, positions,
                100.0 * scored / static_cast<double>(positions), found,
                seconds / static_cast<double>(positions));
    return 0;
}

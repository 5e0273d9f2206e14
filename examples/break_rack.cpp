// Racks 9-ball (or 8-ball) on the standard 9-ft table, breaks it from the head spot
// straight at the apex ball, runs the world to rest and prints every event.
//   break_rack [8|9] [cue speed m/s] [rack seed]
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "game/cue.hpp"
#include "game/physics_presets.hpp"
#include "game/pool/rules.hpp"
#include "game/rack.hpp"
#include "game/shot_events.hpp"
#include "game/strike.hpp"
#include "game/table.hpp"
#include "physics/world.hpp"

int main(int argc, char** argv) {
    using namespace billiards;
    const game::GameKind kind = (argc > 1 && std::string(argv[1]) == "8")
                                    ? game::GameKind::EightBall
                                    : game::GameKind::NineBall;
    const double speed = argc > 2 ? std::atof(argv[2]) : 8.0;
    const auto seed = static_cast<std::uint64_t>(argc > 3 ? std::atoll(argv[3]) : 1);
    if (!(speed > 0.0 && speed <= 15.0)) {
        std::fprintf(stderr, "break_rack: the cue speed must be in (0, 15] m/s\n");
        return 2;
    }

    const game::Table table = game::build_table(game::TableSpec{}); // the 9-ft table
    physics::World world = game::racked_world(kind, table, game::play_params(), seed);
    const int cue = world.index_of(game::kCueBall);
    const int apex = world.index_of(1);
    const Vec2 aim = world.ball(apex).position - world.ball(cue).position;

    game::CueShot shot;
    shot.heading = std::atan2(aim.y, aim.x);
    shot.speed = speed;
    world.set_record_events(true);
    game::apply_strike(world, shot);
    world.run_until_rest(60.0);

    std::printf("%s break at %.2f m/s on %s, %d balls\n",
                kind == game::GameKind::EightBall ? "8-ball" : "9-ball", speed,
                table.spec.name.c_str(), world.ball_count());
    const auto id = [&](int index) { return world.ball(index).id; };
    int pocketed = 0;
    for (const physics::Event& e : world.events()) {
        switch (e.kind) {
        case physics::EventKind::BallBall:
            std::printf("%9.5f s  ball %d hits ball %d\n", e.time, id(e.ball), id(e.other));
            break;
        case physics::EventKind::BallCushion:
            std::printf("%9.5f s  ball %d hits cushion %d\n", e.time, id(e.ball), e.other);
            break;
        case physics::EventKind::Pocketed:
            std::printf("%9.5f s  ball %d drops in pocket %d\n", e.time, id(e.ball), e.other);
            ++pocketed;
            break;
        case physics::EventKind::Cluster:
            std::printf("%9.5f s  %zu balls in contact until %.5f s\n", e.time, e.members.size(),
                        e.end);
            break;
        }
    }
    std::printf("%zu events, %d balls pocketed, at rest after %.3f s\n", world.events().size(),
                pocketed, world.time());
    return world.at_rest() ? 0 : 1;
}

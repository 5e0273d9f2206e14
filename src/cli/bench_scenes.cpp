#include "cli/bench_scenes.hpp"

#include <cmath>

#include "core/random.hpp"

#include "game/cue.hpp"
#include "game/rack.hpp"
#include "game/table.hpp"

namespace billiards::bench {

physics::Params frictionless_params() {
    physics::Params p;
    p.ball_restitution = 1.0;
    p.cushion_restitution = 1.0;
    p.ball_friction = 0.0;
    p.cushion_friction = 0.0;
    p.sliding_friction = 0.0;
    p.rolling_friction = 0.0;
    p.spin_friction = 0.0;
    return p;
}

namespace {

std::vector<physics::Cushion> square_box(double half) {
    return {{{-half, -half}, {half, -half}},
            {{half, -half}, {half, half}},
            {{half, half}, {-half, half}},
            {{-half, half}, {-half, -half}}};
}

} // namespace

std::vector<physics::BallDef> pit_balls(const PitSpec& spec, double& half) {
    const int n = spec.balls;
    const int side = static_cast<int>(std::ceil(std::sqrt(static_cast<double>(n))));
    const double r = spec.radius;
    const double pitch = std::sqrt(kPi * r * r / spec.area_fraction);
    half = 0.5 * pitch * side;
    // Room to jitter inside a lattice cell without touching a neighbour or a wall.
    const double play = std::max(0.0, 0.5 * pitch - r) * 0.98;
    Random rng(spec.seed);
    const auto u = [](Random& gen) { return gen.uniform(-1.0, 1.0); };
    std::vector<physics::BallDef> out;
    out.reserve(static_cast<std::size_t>(n));
    for (int k = 0; k < n; ++k) {
        const int row = k / side, col = k % side;
        physics::BallDef d;
        d.id = k;
        d.radius = r;
        d.mass = spec.mass;
        d.position = {-half + pitch * (col + 0.5) + play * u(rng),
                      -half + pitch * (row + 0.5) + play * u(rng)};
        const double ang = kPi * u(rng);
        d.velocity = {spec.speed * std::cos(ang), spec.speed * std::sin(ang)};
        out.push_back(d);
    }
    return out;
}

physics::World make_pit(const PitSpec& spec) {
    double half = 0.0;
    std::vector<physics::BallDef> balls = pit_balls(spec, half);
    physics::World w(frictionless_params(), square_box(half));
    w.reserve(balls.size());
    for (const physics::BallDef& d : balls)
        w.add_ball(d);
    return w;
}

physics::World make_gas(int balls, double sigma, std::uint64_t seed) {
    PitSpec spec;
    spec.balls = balls;
    spec.seed = seed;
    double half = 0.0;
    std::vector<physics::BallDef> defs = pit_balls(spec, half);
    Random rng(seed ^ kGoldenGamma);
    const auto g = [sigma](Random& gen) { return sigma * gen.normal(); };
    physics::World w(frictionless_params(), square_box(half));
    w.reserve(defs.size());
    for (physics::BallDef& d : defs) {
        d.velocity.x = g(rng);
        d.velocity.y = g(rng);
        w.add_ball(d);
    }
    return w;
}

physics::World make_break(std::uint64_t seed, physics::BallContact contact) {
    const game::TableSpec spec;
    const game::Table table = game::build_table(spec);
    physics::Params p;
    p.ball_contact = contact;
    physics::World w(p, table.cushions, table.pockets);
    for (const physics::BallDef& d : game::rack(game::RackKind::EightBall, spec, {seed}))
        w.add_ball(d);
    const int cue = w.index_of(0);
    const physics::Ball& b = w.ball(cue);
    const game::StrikeResult hit = game::strike({0.0, 7.0, 0.0, 0.0}, b.mass, b.radius);
    w.set_motion(cue, hit.velocity, hit.spin);
    return w;
}

} // namespace billiards::bench

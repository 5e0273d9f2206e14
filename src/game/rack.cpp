#include "game/rack.hpp"

#include <algorithm>
#include <cmath>

#include "core/random.hpp"

namespace billiards::game {

Vec2 foot_spot(const TableSpec& spec) {
    return {spec.length / 4.0, 0.0};
}
Vec2 head_spot(const TableSpec& spec) {
    return {-spec.length / 4.0, 0.0};
}

namespace {

// Lattice slots (row, place) of each rack shape, front to back, left to right.
std::vector<std::pair<int, int>> slots(RackKind kind) {
    std::vector<std::pair<int, int>> s;
    if (kind == RackKind::EightBall) {
        for (int row = 0; row < 5; ++row)
            for (int k = 0; k <= row; ++k)
                s.emplace_back(row, k);
    } else {
        const int widths[] = {1, 2, 3, 2, 1};
        for (int row = 0; row < 5; ++row)
            for (int k = 0; k < widths[row]; ++k)
                s.emplace_back(row, k);
    }
    return s;
}

// Ball numbers in slot order.
std::vector<int> numbers(RackKind kind, Random& rng) {
    if (kind == RackKind::EightBall) {
        // Slots: 0 apex; 4 middle of row 3; 10 and 14 the back corners.
        std::vector<int> rest = {2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15};
        rng.shuffle(rest);
        // One solid and one stripe for the corners, in a seeded order.
        const auto solid = std::find_if(rest.begin(), rest.end(), [](int n) { return n < 8; });
        const int s = *solid;
        rest.erase(solid);
        const auto stripe = std::find_if(rest.begin(), rest.end(), [](int n) { return n > 8; });
        const int t = *stripe;
        rest.erase(stripe);
        const bool solid_left = rng.below(2) == 1;
        std::vector<int> out(15, 0);
        out[0] = 1;
        out[4] = 8;
        out[10] = solid_left ? s : t;
        out[14] = solid_left ? t : s;
        std::size_t next = 0;
        for (int& n : out)
            if (n == 0) n = rest[next++];
        return out;
    }
    std::vector<int> rest = {2, 3, 4, 5, 6, 7, 8};
    rng.shuffle(rest);
    // Diamond slots: 0 apex; 4 is the middle of the widest row.
    std::vector<int> out(9, 0);
    out[0] = 1;
    out[4] = 9;
    std::size_t next = 0;
    for (int& n : out)
        if (n == 0) n = rest[next++];
    return out;
}

} // namespace

std::vector<physics::BallDef> rack(RackKind kind, const TableSpec& spec, const RackOptions& o) {
    // Draws, all from one generator seeded with o.seed: the ball order (numbers()), then for
    // each slot in lattice order an angle and a distance.
    Random rng(o.seed);
    // Lattice spacing 2R + gap, each ball then moved by less than gap / 2: neighbours never
    // overlap and never sit further apart than 2R + 2 gap.
    const double half_gap = o.max_gap / 2.0;
    const double d = 2.0 * o.radius + o.max_gap;
    const double row_step = d * std::sqrt(3.0) / 2.0;
    const Vec2 apex = foot_spot(spec);
    const auto lattice = slots(kind);
    const auto order = numbers(kind, rng);
    std::vector<physics::BallDef> balls;
    for (std::size_t i = 0; i < lattice.size(); ++i) {
        const auto [row, k] = lattice[i];
        // 9-ball rows 3 and 4 narrow again: centre each row on the axis.
        int width = row + 1;
        if (kind == RackKind::NineBall) width = row < 3 ? row + 1 : 5 - row;
        const Vec2 slot{apex.x + row * row_step, (k - (width - 1) / 2.0) * d};
        const double ang = 2.0 * kPi * rng.uniform();
        const double len = 0.99 * half_gap * rng.uniform();
        physics::BallDef b;
        b.id = order[i];
        b.position = slot + Vec2{std::cos(ang), std::sin(ang)} * len;
        b.radius = o.radius;
        b.mass = o.mass;
        balls.push_back(b);
    }
    physics::BallDef cue;
    cue.id = 0;
    cue.position = head_spot(spec);
    cue.radius = o.radius;
    cue.mass = o.mass;
    balls.push_back(cue);
    return balls;
}

physics::World racked_world(GameKind kind, const Table& table, const physics::Params& params,
                            std::uint64_t seed) {
    physics::World w(params, table.cushions, table.pockets);
    RackOptions o;
    o.seed = seed;
    const RackKind rk = kind == GameKind::EightBall ? RackKind::EightBall : RackKind::NineBall;
    for (const physics::BallDef& b : rack(rk, table.spec, o))
        w.add_ball(b);
    return w;
}

} // namespace billiards::game

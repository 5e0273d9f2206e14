#include "ui/ball_edit.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "core/segment.hpp"
#include "game/rack.hpp"
#include "io/values.hpp"

namespace billiards::ui {

namespace {

// Touching balls (a frozen rack) are fine: the same slack as scenario files.
constexpr double kSlack = 1e-9;

bool finite(Vec2 v) {
    return std::isfinite(v.x) && std::isfinite(v.y);
}
bool finite(Vec3 v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

// The cloth: inside the rail noses (for a table with no noses, the spec's surface).
void cloth_limits(const game::Table& t, Vec2& lo, Vec2& hi) {
    bool any = false;
    for (std::size_t i = 0; i < t.cushions.size(); ++i) {
        if (i < t.is_jaw.size() && t.is_jaw[i]) continue;
        for (Vec2 p : {t.cushions[i].a, t.cushions[i].b}) {
            lo = any ? Vec2{std::min(lo.x, p.x), std::min(lo.y, p.y)} : p;
            hi = any ? Vec2{std::max(hi.x, p.x), std::max(hi.y, p.y)} : p;
            any = true;
        }
    }
    if (!any) {
        hi = {t.spec.length / 2, t.spec.width / 2};
        lo = -hi;
    }
}

} // namespace

std::string check_ball(const physics::World& world, const game::Table& table, int index,
                       const physics::BallDef& d) {
    const std::string who =
        index >= 0 ? fmt::format("ball {}", world.ball(index).id) : std::string("new ball");
    auto fail = [&](const std::string& what) { return who + ": " + what; };
    if (d.id < 0) return fail("id must be >= 0");
    for (int i = 0; i < world.ball_count(); ++i)
        if (i != index && world.ball(i).id == d.id)
            return fail(fmt::format("id {} is already taken", d.id));
    if (!std::isfinite(d.mass) || d.mass <= 0.0) return fail("mass must be > 0");
    if (d.mass < kMinMass || d.mass > kMaxMass)
        return fail(fmt::format("mass must be between {} and {} kg", kMinMass, kMaxMass));
    if (!std::isfinite(d.radius) || d.radius <= 0.0) return fail("radius must be > 0");
    if (d.radius < kMinRadius || d.radius > kMaxRadius)
        return fail(fmt::format("radius must be between {} and {} m", kMinRadius, kMaxRadius));
    if (!finite(d.position)) return fail("position must be a finite number");
    if (!finite(d.velocity)) return fail("velocity must be a finite number");
    if (!finite(d.spin)) return fail("spin must be a finite number");
    if (length(d.velocity) > kMaxSpeed)
        return fail(fmt::format("speed must be <= {} m/s", kMaxSpeed));
    if (length(d.spin) > kMaxSpin) return fail(fmt::format("spin must be <= {} rad/s", kMaxSpin));
    Vec2 lo, hi;
    cloth_limits(table, lo, hi);
    if (d.position.x < lo.x + d.radius - kSlack || d.position.x > hi.x - d.radius + kSlack ||
        d.position.y < lo.y + d.radius - kSlack || d.position.y > hi.y - d.radius + kSlack)
        return fail(fmt::format("outside the table (the centre must be within x {:.4f}..{:.4f}, "
                                "y {:.4f}..{:.4f})",
                                lo.x + d.radius, hi.x - d.radius, lo.y + d.radius,
                                hi.y - d.radius));
    for (std::size_t c = 0; c < table.cushions.size(); ++c)
        if (distance_to_segment(d.position, table.cushions[c].a, table.cushions[c].b) <
            d.radius - kSlack)
            return fail(fmt::format("overlaps cushion {}", c));
    for (std::size_t k = 0; k < table.pockets.size(); ++k)
        if (length(d.position - table.pockets[k].center) < table.pockets[k].radius)
            return fail(fmt::format("inside pocket {}", k));
    for (int i = 0; i < world.ball_count(); ++i) {
        if (i == index) continue;
        const physics::Ball& o = world.ball(i);
        if (o.state == physics::MotionState::Pocketed) continue;
        if (length(d.position - o.position) < d.radius + o.radius - kSlack)
            return fail(fmt::format("overlaps ball {}", o.id));
    }
    return {};
}

std::string apply_ball_edit(physics::World& world, const game::Table& table, int index,
                            const physics::BallDef& def) {
    if (index < 0 || index >= world.ball_count()) return "no such ball";
    std::string error = check_ball(world, table, index, def);
    if (error.empty()) world.set_ball(index, def);
    return error;
}

std::string spawn_ball(physics::World& world, const game::Table& table,
                       const physics::BallDef& def) {
    std::string error = check_ball(world, table, -1, def);
    if (error.empty()) world.add_ball(def);
    return error;
}

int free_ball_id(const physics::World& world) {
    for (int id = 0;; ++id)
        if (world.index_of(id) < 0) return id;
}

std::optional<Vec2> free_spot(const physics::World& world, const game::Table& table,
                              double radius) {
    physics::BallDef probe;
    probe.id = free_ball_id(world);
    probe.radius = radius;
    const Vec2 start = game::foot_spot(table.spec);
    // Rings around the foot spot, then around the centre.
    for (Vec2 origin : {start, Vec2{}}) {
        for (int ring = 0; ring < 60; ++ring) {
            const double dist = ring * radius * 1.05;
            const int n = ring == 0 ? 1 : 6 * ring;
            for (int k = 0; k < n; ++k) {
                const double a = 2.0 * kPi * k / n;
                probe.position = origin + Vec2{dist * std::cos(a), dist * std::sin(a)};
                if (check_ball(world, table, -1, probe).empty()) return probe.position;
            }
        }
    }
    return std::nullopt;
}

std::string check_params(const physics::Params& p) {
    auto in = [](double v, double lo, double hi) { return std::isfinite(v) && v >= lo && v <= hi; };
    if (!in(p.timestep, 1e-5, 0.05)) return "timestep must be between 0.00001 and 0.05 s";
    if (!in(p.gravity, 1e-3, 1000.0)) return "gravity must be > 0 (at most 1000 m/s^2)";
    if (!in(p.ball_restitution, 0.0, 1.0)) return "ball restitution must be between 0 and 1";
    if (!in(p.cushion_restitution, 0.0, 1.0)) return "cushion restitution must be between 0 and 1";
    const std::pair<double, const char*> frictions[] = {{p.ball_friction, "ball friction"},
                                                        {p.cushion_friction, "cushion friction"},
                                                        {p.sliding_friction, "sliding friction"},
                                                        {p.rolling_friction, "rolling friction"},
                                                        {p.spin_friction, "spin friction"}};
    for (const auto& [v, name] : frictions)
        if (!in(v, 0.0, 100.0)) return fmt::format("{} must be between 0 and 100", name);
    // The bounds the scenario reader takes (io/values.cpp).
    if (!in(p.ball_young_modulus, 1e6, 1e12))
        return "Young's modulus must be between 1e6 and 1e12 Pa";
    if (!(std::isfinite(p.ball_poisson_ratio) && p.ball_poisson_ratio > -1.0 &&
          p.ball_poisson_ratio < 0.5))
        return "Poisson ratio must be above -1 and below 0.5";
    if (!in(p.contact_tolerance, 1e-14, 1e-3))
        return "contact tolerance must be between 1e-14 and 0.001";
    if (p.throw_steps < 1 || p.throw_steps > io::values::kMaxThrowSteps)
        return fmt::format("impulse steps must be between 1 and {}", io::values::kMaxThrowSteps);
    return {};
}

std::string apply_params(physics::World& world, const physics::Params& p) {
    std::string error = check_params(p);
    if (error.empty()) world.set_params(p);
    return error;
}

} // namespace billiards::ui

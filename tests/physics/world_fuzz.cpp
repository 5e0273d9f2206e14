#include "world_fuzz.hpp"

#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "core/random.hpp"
#include "physics/world.hpp"

namespace billiards::test {

using namespace physics;

namespace {

struct Gen {
    Random rng;
    double uniform(double a, double b) { return rng.uniform(a, b); }
    double log_uniform(double a, double b) { return std::exp(uniform(std::log(a), std::log(b))); }
    bool coin(double p = 0.5) { return uniform(0.0, 1.0) < p; }
};

// A convex polygon (3 to 10 sides) around the origin, counter-clockwise.
std::vector<Vec2> make_polygon(Gen& g, double size) {
    const int n = 3 + static_cast<int>(g.uniform(0.0, 8.0));
    const double turn = g.uniform(0.0, 2.0 * kPi);
    std::vector<Vec2> p;
    for (int i = 0; i < n; ++i) {
        const double a = turn + 2.0 * kPi * i / n;
        p.push_back(Vec2{std::cos(a), std::sin(a)} * size);
    }
    return p;
}

// Signed distance from c to the polygon boundary, positive inside.
double inside_distance(const std::vector<Vec2>& poly, Vec2 c) {
    double d = 1e300;
    for (std::size_t i = 0; i < poly.size(); ++i) {
        const Vec2 a = poly[i], b = poly[(i + 1) % poly.size()];
        const Vec2 inward = normalized(perp(b - a)); // CCW: left of each edge is inside
        d = std::min(d, dot(c - a, inward));
    }
    return d;
}

std::string describe(std::uint64_t seed, std::uint64_t step, const std::string& what) {
    std::ostringstream s;
    s << "seed " << seed << " step " << step << ": " << what;
    return s.str();
}

// With no contact in progress: two balls on the table overlapping by more than 1e-9 m, or
// the energy above the last check's (by 1e-6 after a cluster, its integration's tolerance,
// else 1e-9); "" when neither. Updates the energy and clears contact_before.
std::string overlap_or_energy_rise(const World& w, double& energy, bool& contact_before) {
    for (int i = 0; i < w.ball_count(); ++i) {
        for (int j = i + 1; j < w.ball_count(); ++j) {
            const Ball &a = w.ball(i), &b = w.ball(j);
            if (a.state == MotionState::Pocketed || b.state == MotionState::Pocketed) continue;
            const double gap = length(a.position - b.position) - a.radius - b.radius;
            if (gap < -1e-9) {
                std::ostringstream m;
                m << "ball " << a.id << " overlaps ball " << b.id << " by " << -gap;
                return m.str();
            }
        }
    }
    const double e = w.energy();
    const double slack = contact_before ? 1e-6 : 1e-9;
    contact_before = false;
    if (e > energy * (1.0 + slack) + 1e-300) {
        std::ostringstream m;
        m << "energy rose from " << energy << " to " << e;
        return m.str();
    }
    energy = e;
    return "";
}

} // namespace

FuzzOutcome fuzz_world(std::uint64_t seed, int max_balls, int steps) {
    Gen g{Random(seed)};
    Params p;
    const bool friction = g.coin();
    if (!friction) {
        p.sliding_friction = p.rolling_friction = p.spin_friction = 0.0;
        p.ball_friction = p.cushion_friction = 0.0;
    }
    p.ball_restitution = g.coin(0.3) ? 1.0 : g.uniform(0.0, 1.0);
    p.cushion_restitution = g.coin(0.3) ? 1.0 : g.uniform(0.0, 1.0);
    const bool walls = g.coin(0.8);
    const double size = g.log_uniform(0.3, 5.0);
    const std::vector<Vec2> poly = make_polygon(g, size);
    std::vector<Cushion> cushions;
    if (walls)
        for (std::size_t i = 0; i < poly.size(); ++i)
            cushions.push_back({poly[i], poly[(i + 1) % poly.size()]});
    World w(p, cushions, {});

    const int target = 1 + static_cast<int>(g.log_uniform(1.0, max_balls)) - 1;
    const double r_lo = g.log_uniform(1e-3, 0.05);
    const double r_hi = std::min(r_lo * g.log_uniform(1.0, 100.0), size * 0.2);
    const double m_lo = g.log_uniform(1e-3, 1.0);
    const double m_hi = m_lo * g.log_uniform(1.0, 1e4);
    const double v_hi = g.log_uniform(1e-3, 1e3);
    std::vector<BallDef> placed;
    auto fits = [&](const BallDef& d) {
        if (walls && inside_distance(poly, d.position) < d.radius) return false;
        for (const BallDef& o : placed) {
            const double rr = o.radius + d.radius;
            if (length_sq(o.position - d.position) < rr * rr) return false;
        }
        return true;
    };
    auto random_motion = [&](BallDef& d) {
        const double speed = g.coin(0.2) ? 0.0 : g.log_uniform(1e-3, std::max(v_hi, 1e-3));
        const double a = g.uniform(0.0, 2.0 * kPi);
        d.velocity = Vec2{std::cos(a), std::sin(a)} * speed;
        const double ws = g.coin(0.5) ? 0.0 : speed / d.radius;
        d.spin = {g.uniform(-ws, ws), g.uniform(-ws, ws), g.uniform(-ws, ws)};
    };
    for (int tries = 0; static_cast<int>(placed.size()) < target && tries < 30 * target; ++tries) {
        BallDef d;
        d.id = static_cast<int>(placed.size());
        d.radius = g.log_uniform(r_lo, std::max(r_hi, r_lo));
        d.mass = g.log_uniform(m_lo, m_hi);
        d.position = {g.uniform(-size, size), g.uniform(-size, size)};
        random_motion(d);
        if (!fits(d)) continue;
        placed.push_back(d);
        // Sometimes a touching neighbour: exact contact, the hardest case for the narrow phase.
        if (g.coin(0.3) && static_cast<int>(placed.size()) < target) {
            BallDef t = d;
            t.id = static_cast<int>(placed.size());
            t.radius = g.log_uniform(r_lo, std::max(r_hi, r_lo));
            const double a = g.uniform(0.0, 2.0 * kPi);
            t.position = d.position + Vec2{std::cos(a), std::sin(a)} * (d.radius + t.radius);
            random_motion(t);
            bool ok = !(walls && inside_distance(poly, t.position) < t.radius);
            for (std::size_t k = 0; ok && k + 1 < placed.size(); ++k) {
                const double rr = placed[k].radius + t.radius;
                ok = length_sq(placed[k].position - t.position) >= rr * rr;
            }
            if (ok) placed.push_back(t);
        }
    }
    for (const BallDef& d : placed)
        w.add_ball(d);

    FuzzOutcome out;
    double energy = w.energy();
    bool contact_before = false;
    const Vec2 momentum = w.momentum();
    const bool momentum_kept = !walls && !friction;
    for (int s = 0; s < steps; ++s) {
        w.step();
        out.steps += 1;
        auto fail = [&](const std::string& what) {
            out.ok = false;
            out.failure = describe(seed, static_cast<std::uint64_t>(s), what);
            return out;
        };
        if (w.last_step().truncated) return fail("event cap reached");
        for (const Ball& b : w.balls()) {
            const double vals[] = {b.position.x, b.position.y, b.velocity.x, b.velocity.y,
                                   b.spin.x,     b.spin.y,     b.spin.z};
            for (double v : vals)
                if (!std::isfinite(v)) return fail("ball " + std::to_string(b.id) + " not finite");
            if (walls && !w.any_in_contact() && inside_distance(poly, b.position) < b.radius - 1e-9)
                return fail("ball " + std::to_string(b.id) + " left the table");
        }
        // A pinch the world integrates as compliant contact may be suspended at a step's end:
        // its balls overlap by the deformation and part of their energy is elastic. Checked
        // again once it has ended (energy to the integration's 1e-6).
        const bool contact = w.any_in_contact();
        if (contact) {
            contact_before = true;
            continue;
        }
        if (const std::string what = overlap_or_energy_rise(w, energy, contact_before);
            !what.empty())
            return fail(what);
        if (momentum_kept) {
            const Vec2 q = w.momentum();
            const double scale = 1e-9 * (1.0 + length(momentum));
            if (std::fabs(q.x - momentum.x) > scale || std::fabs(q.y - momentum.y) > scale)
                return fail("momentum changed");
        }
    }
    out.impacts = w.counts().ball_ball + w.counts().ball_cushion;
    return out;
}

FuzzOutcome fuzz_pinch(std::uint64_t seed, int steps) {
    Gen g{Random(seed)};
    Params p;
    if (g.coin()) {
        p.sliding_friction = p.rolling_friction = p.spin_friction = 0.0;
        p.ball_friction = p.cushion_friction = 0.0;
    }
    p.ball_restitution = g.coin(0.3) ? 1.0 : g.uniform(0.05, 1.0);
    p.cushion_restitution = g.coin(0.3) ? 1.0 : g.uniform(0.05, 1.0);
    if (g.coin()) p.ball_contact = BallContact::Hertz;
    const double hx = 1.27, hy = 0.635;
    World w(p, {{{-hx, -hy}, {hx, -hy}},
                {{hx, -hy}, {hx, hy}},
                {{hx, hy}, {-hx, hy}},
                {{-hx, hy}, {-hx, -hy}}});
    // A light ball against the right cushion (or nearly), a heavy one against it (or
    // nearly) driven into it: mass ratios up to 1e12.
    BallDef light, heavy;
    light.id = 1;
    heavy.id = 2;
    light.radius = g.uniform(0.01, 0.04);
    heavy.radius = g.uniform(0.01, 0.04);
    heavy.mass = g.log_uniform(1e-3, 1.0);
    light.mass = heavy.mass * g.log_uniform(1e-12, 1e-2);
    light.position = {hx - light.radius - (g.coin() ? 0.0 : g.uniform(0.0, 1e-3)), 0.0};
    heavy.position = {light.position.x - light.radius - heavy.radius -
                          (g.coin() ? 0.0 : g.uniform(0.0, 1e-3)),
                      g.coin() ? 0.0 : g.uniform(-0.5, 0.5) * light.radius};
    const double speed = g.log_uniform(1e-3, 5.0);
    heavy.velocity = {speed, 0.0};
    heavy.spin = {0.0, g.uniform(-2.0, 2.0) * speed / heavy.radius,
                  g.uniform(-1.0, 1.0) * speed / heavy.radius};
    w.add_ball(light);
    w.add_ball(heavy);
    FuzzOutcome out;
    // Elastic and frictionless, the pinch is the pi billiard: about pi sqrt(M / m) impacts.
    const bool elastic =
        p.sliding_friction == 0.0 && p.ball_restitution == 1.0 && p.cushion_restitution == 1.0;
    const double limit = elastic ? 4.0 * std::sqrt(heavy.mass / light.mass) + 1e4 : 2e5;
    for (int s = 0; s < steps && !w.at_rest(); ++s) {
        w.step();
        out.steps += 1;
        out.impacts = w.counts().ball_ball + w.counts().ball_cushion;
        if (w.last_step().truncated || static_cast<double>(out.impacts) > limit) {
            std::ostringstream m;
            m << "pinch stalls: " << out.impacts << " impacts (light " << light.mass
              << " kg, heavy " << heavy.mass << " kg, " << to_string(p.ball_contact) << ")";
            out.ok = false;
            out.failure = describe(seed, static_cast<std::uint64_t>(s), m.str());
            return out;
        }
        for (const Ball& b : w.balls()) {
            if (!std::isfinite(b.position.x) || !std::isfinite(b.velocity.x)) {
                out.ok = false;
                out.failure = describe(seed, static_cast<std::uint64_t>(s), "not finite");
                return out;
            }
        }
    }
    return out;
}

namespace {

struct IntegrityRun {
    std::string failure; // empty: every step kept the invariants
    std::uint64_t steps = 0, impacts = 0, hash = 0;
};

IntegrityRun run_integrity(std::uint64_t seed, const IntegrityLimits& limits) {
    Gen g{Random(seed)};
    Params p;
    if (g.coin()) {
        p.sliding_friction = p.rolling_friction = p.spin_friction = 0.0;
        p.cushion_friction = 0.0;
    }
    p.ball_friction = g.coin() ? 0.0 : 0.06;
    p.ball_restitution = g.coin() ? 1.0 : 0.9;
    p.cushion_restitution = g.coin() ? 1.0 : 0.9;
    if (g.coin()) p.ball_contact = BallContact::Hertz;
    const double hx = 0.5 * g.uniform(0.5, 3.0), hy = 0.5 * g.uniform(0.5, 2.0);
    std::vector<Pocket> pockets;
    if (g.coin())
        for (const double x : {-hx, 0.0, hx})
            for (const double y : {-hy, hy})
                pockets.push_back({{x, y}, 0.07});
    World w(p,
            {{{-hx, -hy}, {hx, -hy}},
             {{hx, -hy}, {hx, hy}},
             {{hx, hy}, {-hx, hy}},
             {{-hx, hy}, {-hx, -hy}}},
            pockets);
    const int target = 1 + static_cast<int>(g.uniform(0.0, limits.max_balls));
    std::vector<BallDef> placed;
    for (int tries = 0; static_cast<int>(placed.size()) < target && tries < 30 * target; ++tries) {
        BallDef d;
        d.id = static_cast<int>(placed.size());
        d.radius = g.log_uniform(0.005, 0.06);
        d.mass = g.log_uniform(1e-4, 1e4);
        d.position = {g.uniform(-hx + d.radius, hx - d.radius),
                      g.uniform(-hy + d.radius, hy - d.radius)};
        const double speed = g.log_uniform(1e-3, 1e3), a = g.uniform(0.0, 2.0 * kPi);
        d.velocity = Vec2{std::cos(a), std::sin(a)} * speed;
        d.spin = {g.uniform(-50.0, 50.0), g.uniform(-50.0, 50.0), g.uniform(-50.0, 50.0)};
        bool ok = d.radius < std::min(hx, hy);
        for (const BallDef& o : placed) {
            const double rr = o.radius + d.radius;
            ok = ok && length_sq(o.position - d.position) >= rr * rr;
        }
        if (ok) placed.push_back(d);
    }
    for (const BallDef& d : placed)
        w.add_ball(d);
    const double duration = g.uniform(0.0, limits.max_seconds);

    IntegrityRun out;
    double energy = w.energy();
    bool contact_before = false;
    for (std::uint64_t s = 0; w.time() < duration && !w.at_rest() && s < limits.max_steps; ++s) {
        w.step();
        out.steps += 1;
        auto fail = [&](const std::string& what) {
            out.failure = describe(seed, s, what);
            return out;
        };
        if (w.last_step().truncated) return fail("event cap reached");
        const bool contact = w.any_in_contact();
        for (const Ball& b : w.balls()) {
            if (b.state == MotionState::Pocketed) continue;
            const double vals[] = {b.position.x, b.position.y, b.velocity.x, b.velocity.y,
                                   b.spin.x,     b.spin.y,     b.spin.z};
            for (double v : vals)
                if (!std::isfinite(v)) return fail("ball " + std::to_string(b.id) + " not finite");
            // A suspended cluster's balls may press into a cushion by the contact's
            // deformation, never past it.
            const double margin = contact && w.in_contact(w.index_of(b.id)) ? 0.0 : b.radius - 1e-9;
            if (std::fabs(b.position.x) > hx - margin || std::fabs(b.position.y) > hy - margin) {
                std::ostringstream m;
                m << "ball " << b.id << " left the table at (" << b.position.x << ", "
                  << b.position.y << ")";
                return fail(m.str());
            }
        }
        if (contact) {
            contact_before = true;
            continue;
        }
        // Energy leaves with pocketed balls; a cluster's integration keeps it to its 1e-6.
        if (const std::string what = overlap_or_energy_rise(w, energy, contact_before);
            !what.empty())
            return fail(what);
    }
    out.impacts = w.counts().ball_ball + w.counts().ball_cushion;
    out.hash = w.state_hash();
    return out;
}

} // namespace

FuzzOutcome fuzz_integrity(std::uint64_t seed, const IntegrityLimits& limits) {
    const IntegrityRun first = run_integrity(seed, limits);
    FuzzOutcome out;
    out.steps = first.steps;
    out.impacts = first.impacts;
    if (!first.failure.empty()) {
        out.ok = false;
        out.failure = first.failure;
        return out;
    }
    const IntegrityRun second = run_integrity(seed, limits);
    if (second.hash != first.hash || second.steps != first.steps) {
        out.ok = false;
        out.failure = describe(seed, first.steps, "a second run ended on other bits");
    }
    return out;
}

} // namespace billiards::test

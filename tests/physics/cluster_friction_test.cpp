// Friction (throw and cushion friction) inside Hertz clusters: the contacts' impulses act
// together, so the result does not depend on the order of the pairs. Checked on the step's
// rule itself (Coulomb cap, energy, momentum, order) and on a mirror-symmetric rack, whose
// mirror twins have different ids and so meet their pairs in another order.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "core/random.hpp"
#include "physics/hertz.hpp"
#include "physics/throw_model.hpp"
#include "physics/world.hpp"
#include "world_fixtures.hpp"

namespace billiards {
namespace {

using physics::BallContact;
using physics::Params;
using physics::World;
namespace hertz = physics::hertz;

constexpr double kR = physics::kBallRadius;
constexpr double kM = physics::kBallMass;

double energy(const std::vector<hertz::Body>& bodies) {
    double e = 0.0;
    for (const hertz::Body& b : bodies)
        e += 0.5 * b.mass * length_sq(b.v) + 0.2 * b.mass * b.radius * b.radius * dot(b.w, b.w);
    return e;
}

Vec2 momentum(const std::vector<hertz::Body>& bodies) {
    Vec2 p{};
    for (const hertz::Body& b : bodies)
        p += b.v * b.mass;
    return p;
}

// The slip of a contact's points along its t (the sign convention of hertz::Rub).
double slip(const std::vector<hertz::Body>& bodies, const hertz::Rub& r) {
    const hertz::Body& p = bodies[static_cast<std::size_t>(r.a)];
    if (r.b < 0) return dot(p.v, r.t) - p.radius * p.w.z;
    const hertz::Body& q = bodies[static_cast<std::size_t>(r.b)];
    return dot(p.v - q.v, r.t) + p.radius * p.w.z + q.radius * q.w.z;
}

// Random balls (masses and radii as in the game's sets) and random contacts among them:
// some pairs twice, some balls against cushions, the caps from far below to far above what
// stops a slip.
struct Scene {
    std::vector<hertz::Body> bodies;
    std::vector<hertz::Rub> rubs;
};
Scene random_scene(std::uint64_t seed, bool cushions) {
    Random rng(seed);
    Scene s;
    const int n = 2 + static_cast<int>(rng.below(7));
    for (int k = 0; k < n; ++k) {
        hertz::Body b;
        b.radius = rng.uniform(0.026, 0.031);
        b.mass = rng.uniform(0.12, 0.22);
        b.v = {rng.uniform(-3.0, 3.0), rng.uniform(-3.0, 3.0)};
        b.w = {rng.uniform(-100.0, 100.0), rng.uniform(-100.0, 100.0), rng.uniform(-100.0, 100.0)};
        s.bodies.push_back(b);
    }
    const int contacts = 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(3 * n)));
    for (int c = 0; c < contacts; ++c) {
        hertz::Rub r;
        r.a = static_cast<int>(rng.below(static_cast<std::uint64_t>(n)));
        if (cushions && rng.below(3) == 0) {
            r.b = -1;
        } else {
            r.b = static_cast<int>(rng.below(static_cast<std::uint64_t>(n - 1)));
            if (r.b >= r.a) ++r.b;
        }
        const double angle = rng.uniform(0.0, 2.0 * std::numbers::pi);
        r.t = {std::cos(angle), std::sin(angle)};
        r.most = std::pow(10.0, rng.uniform(-5.0, 0.0)); // N s
        s.rubs.push_back(r);
    }
    return s;
}

TEST(ClusterFriction, ContactsNeverAddEnergyAndKeepTheCoulombCap) {
    for (std::uint64_t seed = 1; seed <= 400; ++seed) {
        Scene s = random_scene(seed, true);
        std::vector<hertz::Body> after = s.bodies;
        std::vector<int> scratch;
        hertz::rub(after, s.rubs, scratch);
        const double e0 = energy(s.bodies), e1 = energy(after);
        EXPECT_LE(e1, e0 * (1.0 + 1e-14)) << "seed " << seed;
        for (const hertz::Rub& r : s.rubs) {
            const double u = slip(s.bodies, r);
            // At most mu N, against the slip, and no more than stops it on its own.
            EXPECT_LE(std::fabs(r.impulse), r.most) << "seed " << seed;
            EXPECT_LE(r.impulse * u, 0.0) << "seed " << seed;
            const hertz::Body& p = s.bodies[static_cast<std::size_t>(r.a)];
            const double inv =
                1.0 / p.mass +
                (r.b >= 0 ? 1.0 / s.bodies[static_cast<std::size_t>(r.b)].mass : 0.0);
            EXPECT_LE(std::fabs(r.impulse) * 3.5 * inv, std::fabs(u) * (1.0 + 1e-12))
                << "seed " << seed;
        }
    }
}

TEST(ClusterFriction, BallContactsKeepMomentum) {
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
        Scene s = random_scene(seed, false);
        std::vector<hertz::Body> after = s.bodies;
        std::vector<int> scratch;
        hertz::rub(after, s.rubs, scratch);
        const Vec2 p0 = momentum(s.bodies), p1 = momentum(after);
        EXPECT_NEAR(p1.x, p0.x, 1e-14) << "seed " << seed;
        EXPECT_NEAR(p1.y, p0.y, 1e-14) << "seed " << seed;
    }
}

TEST(ClusterFriction, ResultDoesNotDependOnTheContactsOrder) {
    // The same contacts listed backwards, each ball pair named the other way round (its t
    // turned with it): the same impulses, so the same velocities and spins to rounding.
    double largest = 0.0;
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
        Scene s = random_scene(seed, true);
        std::vector<hertz::Rub> reordered(s.rubs.rbegin(), s.rubs.rend());
        for (hertz::Rub& r : reordered)
            if (r.b >= 0) {
                std::swap(r.a, r.b);
                r.t = -r.t;
            }
        std::vector<hertz::Body> one = s.bodies, two = s.bodies;
        std::vector<int> scratch;
        hertz::rub(one, s.rubs, scratch);
        hertz::rub(two, reordered, scratch);
        for (std::size_t k = 0; k < one.size(); ++k) {
            largest = std::max({largest, length(one[k].v - two[k].v),
                                one[k].radius * length(one[k].w - two[k].w)});
        }
    }
    EXPECT_LT(largest, 1e-14);
}

TEST(ClusterFriction, LoneContactIsTheTwoBallRule) {
    // One contact with room to spare stops its slip (tangential impulse -u / (7/2 (1/m1 +
    // 1/m2))); a tight cap gives mu N against the slip.
    std::vector<hertz::Body> bodies(2);
    bodies[0] = {{0.0, 0.0}, {2.0, 0.5}, {0.0, 0.0, 30.0}, kR, kM};
    bodies[1] = {{2.0 * kR, 0.0}, {-0.3, 0.1}, {0.0, 0.0, -5.0}, kR, 0.8 * kM};
    const hertz::Rub contact{0, 1, {0.0, 1.0}, 1.0, 0.0};
    const double u = slip(bodies, contact);
    std::vector<hertz::Rub> rubs{contact};
    std::vector<int> scratch;
    std::vector<hertz::Body> after = bodies;
    hertz::rub(after, rubs, scratch);
    EXPECT_NEAR(rubs[0].impulse, -u / (3.5 * (1.0 / kM + 1.0 / (0.8 * kM))), 1e-15);
    EXPECT_NEAR(slip(after, contact), 0.0, 1e-13);
    rubs[0].most = 1e-4;
    after = bodies;
    hertz::rub(after, rubs, scratch);
    EXPECT_EQ(rubs[0].impulse, -1e-4);
    EXPECT_NEAR(after[0].v.y - bodies[0].v.y, -1e-4 / kM, 1e-15);
    EXPECT_NEAR(after[1].v.y - bodies[1].v.y, 1e-4 / (0.8 * kM), 1e-15);
}

// ---------------------------------------------------------------------------------------
// The whole slip (the contact and alciatore throw models)

using physics::ThrowModel;
namespace throw_model = physics::throw_model;

// The whole slip of a ball pair's contact points (throw_model.hpp's convention).
throw_model::Tangent whole_slip(const std::vector<hertz::Body>& bodies, const hertz::Rub& r) {
    const hertz::Body& p = bodies[static_cast<std::size_t>(r.a)];
    const hertz::Body& q = bodies[static_cast<std::size_t>(r.b)];
    const double along = dot(p.v - q.v, r.t) + p.radius * p.w.z + q.radius * q.w.z;
    // The vertical part of w x R n for both, n from a to b (t = perp(n)).
    const Vec3 n{r.t.y, -r.t.x, 0.0};
    const double up = cross(p.w, n * p.radius).z + cross(q.w, n * q.radius).z;
    return {along, up};
}

// A scene of ball pairs only, each with a normal impulse and mu = 0.06.
Scene whole_slip_scene(std::uint64_t seed) {
    Scene s = random_scene(seed, false);
    for (hertz::Rub& r : s.rubs) {
        r.normal = r.most;
        r.most = 0.06 * r.normal;
    }
    return s;
}

class WholeSlip : public testing::TestWithParam<ThrowModel> {};

TEST_P(WholeSlip, ContactsNeverAddEnergyKeepMomentumAndTheCoulombCap) {
    const ThrowModel model = GetParam();
    for (std::uint64_t seed = 1; seed <= 400; ++seed) {
        Scene s = whole_slip_scene(seed);
        std::vector<hertz::Body> after = s.bodies;
        std::vector<int> scratch;
        hertz::rub(after, s.rubs, scratch, model);
        EXPECT_LE(energy(after), energy(s.bodies) * (1.0 + 1e-14)) << "seed " << seed;
        EXPECT_LT(length(momentum(after) - momentum(s.bodies)), 1e-14) << "seed " << seed;
        for (const hertz::Rub& r : s.rubs) {
            const throw_model::Tangent u = whole_slip(s.bodies, r);
            const double speed = std::hypot(u.along, u.up);
            const double size = std::hypot(r.impulse, r.lift);
            const double cap = model == ThrowModel::Alciatore
                                   ? (9.951e-3 + 0.108 * std::exp(-1.088 * speed)) * r.normal
                                   : r.most;
            EXPECT_LE(size, cap * (1.0 + 1e-12)) << "seed " << seed;
            // Against the slip, along it.
            EXPECT_NEAR(r.impulse * speed, -u.along * size, 1e-12 * size * speed)
                << "seed " << seed;
            EXPECT_NEAR(r.lift * speed, -u.up * size, 1e-12 * size * speed) << "seed " << seed;
            const hertz::Body& p = s.bodies[static_cast<std::size_t>(r.a)];
            const hertz::Body& q = s.bodies[static_cast<std::size_t>(r.b)];
            EXPECT_LE(size * 3.5 * (1.0 / p.mass + 1.0 / q.mass), speed * (1.0 + 1e-12))
                << "seed " << seed;
        }
    }
}

TEST_P(WholeSlip, ResultDoesNotDependOnTheContactsOrder) {
    double largest = 0.0;
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
        Scene s = whole_slip_scene(seed);
        std::vector<hertz::Rub> reordered(s.rubs.rbegin(), s.rubs.rend());
        for (hertz::Rub& r : reordered) {
            std::swap(r.a, r.b);
            r.t = -r.t;
        }
        std::vector<hertz::Body> one = s.bodies, two = s.bodies;
        std::vector<int> scratch;
        hertz::rub(one, s.rubs, scratch, GetParam());
        hertz::rub(two, reordered, scratch, GetParam());
        for (std::size_t k = 0; k < one.size(); ++k)
            largest = std::max({largest, length(one[k].v - two[k].v),
                                one[k].radius * length(one[k].w - two[k].w)});
    }
    EXPECT_LT(largest, 1e-14);
}

TEST_P(WholeSlip, LoneContactIsTheTwoBallRule) {
    // One contact alone: the impulse -u min(cap, s / (7/2 (1/m1 + 1/m2))) / s on ball a, and
    // the spins R n x P / I with n from a to b (ball b: the same torque, -P at -R n).
    std::vector<hertz::Body> bodies(2);
    bodies[0] = {{0.0, 0.0}, {2.0, 0.5}, {40.0, -70.0, 30.0}, kR, kM};
    bodies[1] = {{0.0, 2.0 * kR}, {-0.3, 0.1}, {-10.0, 5.0, -5.0}, kR, 0.8 * kM};
    for (const double normal : {10.0, 1e-3}) {
        std::vector<hertz::Rub> rubs{{0, 1, {-1.0, 0.0}, 0.06 * normal, 0.0, normal, 0.0}};
        const throw_model::Tangent u = whole_slip(bodies, rubs[0]);
        const double speed = std::hypot(u.along, u.up);
        const double inv = 1.0 / kM + 1.0 / (0.8 * kM);
        const double mu = GetParam() == ThrowModel::Alciatore
                              ? 9.951e-3 + 0.108 * std::exp(-1.088 * speed)
                              : 0.06;
        const double size = std::min(mu * normal, speed / (3.5 * inv));
        std::vector<hertz::Body> after = bodies;
        std::vector<int> scratch;
        hertz::rub(after, rubs, scratch, GetParam());
        EXPECT_NEAR(rubs[0].impulse, -u.along * size / speed, 1e-15);
        EXPECT_NEAR(rubs[0].lift, -u.up * size / speed, 1e-15);
        const Vec3 t{-1.0, 0.0, 0.0}, n{0.0, 1.0, 0.0}, z{0.0, 0.0, 1.0};
        const Vec3 P = t * rubs[0].impulse + z * rubs[0].lift;
        const Vec3 dw0 = cross(n * kR, P) * (1.0 / (0.4 * kM * kR * kR));
        const Vec3 dw1 = cross(n * -kR, P * -1.0) * (1.0 / (0.4 * 0.8 * kM * kR * kR));
        EXPECT_LT(length(after[0].w - bodies[0].w - dw0), 1e-12);
        EXPECT_LT(length(after[1].w - bodies[1].w - dw1), 1e-12);
        EXPECT_LT(length(after[0].v - bodies[0].v - Vec2{P.x, P.y} * (1.0 / kM)), 1e-15);
        EXPECT_LT(length(after[1].v - bodies[1].v + Vec2{P.x, P.y} * (1.0 / (0.8 * kM))), 1e-15);
        if (normal == 10.0) { // room to spare: the slip stops
            const throw_model::Tangent left = whole_slip(after, rubs[0]);
            // Horizontally it stops; vertically the balls would have to move up and down to
            // stop it fully, which the table does not let them (the slip keeps 2/7 of it).
            EXPECT_NEAR(left.along, 0.0, 1e-13);
            EXPECT_NEAR(left.up, u.up * (1.0 - 2.5 / 3.5), 1e-13);
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Models, WholeSlip,
                         testing::Values(ThrowModel::Contact, ThrowModel::Alciatore,
                                         ThrowModel::Mathavan),
                         [](const testing::TestParamInfo<ThrowModel>& param) {
                             // Mathavan acts as contact inside clusters.
                             std::string name = physics::to_string(param.param);
                             name[0] = static_cast<char>(name[0] - 'a' + 'A');
                             return name;
                         });

// ---------------------------------------------------------------------------------------
// Worlds

Params throw_params(double restitution, bool cloth,
                    physics::ThrowModel model = physics::ThrowModel::Horizontal) {
    Params p = cloth ? Params{} : test::frictionless(restitution, restitution);
    p.ball_restitution = p.cushion_restitution = restitution;
    p.ball_friction = 0.06;
    p.cushion_friction = 0.2;
    p.ball_contact = BallContact::Hertz;
    p.throw_model = model;
    return p;
}

// Fifteen balls racked exactly symmetric about the x axis (the twin of (x, y) at (x, -y)
// bit for bit), apex at the origin, neighbours `gap` apart, struck on the axis at `speed`.
// Twins have different ids, so their pairs come in another order. twin[i] is the index of
// ball i's twin (the cue ball, last, is its own).
World symmetric_rack(const Params& p, double gap, double speed, std::vector<int>& twin) {
    World w(p);
    const double d = 2.0 * kR + gap;
    int id = 1;
    twin.clear();
    for (int k = 0; k < 5; ++k) {
        const int first = static_cast<int>(twin.size());
        for (int j = 0; j <= k; ++j) {
            w.add_ball(
                test::ball(id++, {k * d * std::sqrt(3.0) / 2.0, (j - 0.5 * k) * d}, {}, kR, kM));
            twin.push_back(first + k - j);
        }
    }
    twin.push_back(static_cast<int>(twin.size()));
    w.add_ball(test::ball(0, {-0.2, 0.0}, {speed, 0.0}, kR, kM));
    return w;
}

// The largest difference between mirror twins: a twin's position, velocity and spin are
// the ball's with y, v_y and the spin's x and z (an axial vector) negated. Spins count as
// the ball's surface speed R w.
double mirror_error(const World& w, const std::vector<int>& twin) {
    double most = 0.0;
    for (int i = 0; i < w.ball_count(); ++i) {
        const physics::Ball& a = w.ball(i);
        const physics::Ball& b = w.ball(twin[static_cast<std::size_t>(i)]);
        const double d[] = {a.position.x - b.position.x,      a.position.y + b.position.y,
                            a.velocity.x - b.velocity.x,      a.velocity.y + b.velocity.y,
                            a.radius * (a.spin.x + b.spin.x), a.radius * (a.spin.y - b.spin.y),
                            a.radius * (a.spin.z + b.spin.z)};
        for (const double x : d)
            most = std::max(most, std::fabs(x));
    }
    return most;
}

struct RackCase {
    double restitution;
    bool cloth;
    physics::ThrowModel model = physics::ThrowModel::Horizontal;
};

void PrintTo(const RackCase& c, std::ostream* os) {
    *os << "restitution " << c.restitution << (c.cloth ? ", cloth" : ", no cloth") << ", "
        << physics::to_string(c.model);
}

class SymmetricRack : public testing::TestWithParam<RackCase> {};

TEST_P(SymmetricRack, StaysMirrorSymmetricWithThrow) {
    const RackCase c = GetParam();
    std::vector<int> twin;
    World w = symmetric_rack(throw_params(c.restitution, c.cloth, c.model), 1e-7, 7.0, twin);
    const Vec2 p0 = w.momentum();
    const double e0 = w.energy();
    double side = 0.0; // the largest side spin seen
    for (const double t : {0.0205, 0.0208, 0.021, 0.03, 0.1, 0.5, 2.0}) {
        test::run_to(w, t);
        EXPECT_LT(mirror_error(w, twin), 1e-12) << "t " << t;
        for (int i = 0; i < w.ball_count(); ++i)
            side = std::max(side, std::fabs(w.ball(i).spin.z));
    }
    EXPECT_GE(w.counts().clusters, 1u);
    if (c.cloth) {
        w.run_until_rest(60.0);
        EXPECT_TRUE(w.at_rest());
        EXPECT_LT(mirror_error(w, twin), 1e-12) << "at rest";
    } else {
        // Frictionless cloth, no cushions: the balls' momentum is kept; throw and the
        // contacts' damping only take energy.
        EXPECT_LT(length(w.momentum() - p0), 1e-12 * length(p0));
        EXPECT_LT(w.energy(), e0);
    }
    // Throw did act: only it gives the balls side spin here.
    EXPECT_GT(side, 1.0);
}

INSTANTIATE_TEST_SUITE_P(Throw, SymmetricRack,
                         testing::Values(RackCase{1.0, false}, RackCase{0.93, false},
                                         RackCase{1.0, true}, RackCase{0.93, true},
                                         RackCase{0.93, false, physics::ThrowModel::Contact},
                                         RackCase{0.93, true, physics::ThrowModel::Contact},
                                         RackCase{1.0, false, physics::ThrowModel::Alciatore},
                                         RackCase{0.93, true, physics::ThrowModel::Alciatore},
                                         RackCase{0.93, true, physics::ThrowModel::Mathavan}),
                         [](const testing::TestParamInfo<RackCase>& param) {
                             std::string model;
                             if (param.param.model == physics::ThrowModel::Contact)
                                 model = "Contact";
                             if (param.param.model == physics::ThrowModel::Alciatore)
                                 model = "Alciatore";
                             if (param.param.model == physics::ThrowModel::Mathavan)
                                 model = "Mathavan";
                             return std::string(param.param.restitution == 1.0 ? "Elastic"
                                                                               : "E093") +
                                    (param.param.cloth ? "Cloth" : "NoCloth") + model;
                         });

TEST(ClusterFriction, RandomClustersWithThrowLoseEnergyAndKeepMomentum) {
    // Balls on a triangular lattice a little apart, moving and spinning at random, on a
    // frictionless bed with no cushions, elastic contacts: throw may only take energy (the
    // integration's error aside, 1e-6 of it) and the momentum is kept.
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        Random rng(seed);
        World w(throw_params(1.0, false));
        const double d = 2.0 * kR + 3e-5;
        int id = 0;
        for (int row = 0; row < 3; ++row)
            for (int col = 0; col < 4; ++col) {
                const Vec2 at{(col + 0.5 * row) * d + rng.uniform(-1e-5, 1e-5),
                              row * d * std::sqrt(3.0) / 2.0 + rng.uniform(-1e-5, 1e-5)};
                const Vec2 v{rng.uniform(-2.0, 2.0), rng.uniform(-2.0, 2.0)};
                const Vec3 spin{rng.uniform(-60.0, 60.0), rng.uniform(-60.0, 60.0),
                                rng.uniform(-60.0, 60.0)};
                w.add_ball(test::ball(id++, at, v, kR, kM, spin));
            }
        const Vec2 p0 = w.momentum();
        const double e0 = w.energy();
        test::run_to(w, 0.05);
        EXPECT_GE(w.counts().clusters, 1u) << seed;
        EXPECT_LE(w.energy(), e0 * (1.0 + 1e-6)) << seed;
        EXPECT_LT(length(w.momentum() - p0), 1e-12 * std::max(length(p0), kM)) << seed;
    }
}

} // namespace
} // namespace billiards

#include <gtest/gtest.h>

#include <cmath>

#include "physics/narrow.hpp"

using namespace billiards;
using namespace billiards::physics;
using narrow::Kinematics;

TEST(ClosestPoint, InteriorAndEnds) {
    const Vec2 a{0, 0}, b{2, 0};
    EXPECT_EQ(narrow::closest_point_on_segment({1, 5}, a, b), (Vec2{1, 0}));
    EXPECT_EQ(narrow::closest_point_on_segment({-3, 1}, a, b), a);
    EXPECT_EQ(narrow::closest_point_on_segment({7, -1}, a, b), b);
    EXPECT_EQ(narrow::closest_point_on_segment({7, -1}, a, a), a); // degenerate segment
}

TEST(BallBallToi, HeadOn) {
    // Gap 1 - 0.2 = 0.8 closed at 2 m/s.
    const double s = narrow::ball_ball_toi({{0, 0}, {2, 0}, {}}, 0.1, {{1, 0}, {}, {}}, 0.1, 1.0);
    EXPECT_NEAR(s, 0.4, 1e-15);
}

TEST(BallBallToi, GrazingHitAndMiss) {
    // Offset exactly the contact distance: touches tangentially, no impact.
    const double miss =
        narrow::ball_ball_toi({{0, 0}, {1, 0}, {}}, 0.1, {{1, 0.2 + 1e-12}, {}, {}}, 0.1, 2.0);
    EXPECT_LT(miss, 0.0);
    // Offset just inside: an impact at the closed-form time.
    const double b = 0.2 - 1e-6;
    const double hit = narrow::ball_ball_toi({{0, 0}, {1, 0}, {}}, 0.1, {{1, b}, {}, {}}, 0.1, 2.0);
    EXPECT_NEAR(hit, 1.0 - std::sqrt(0.04 - b * b), 1e-12);
}

TEST(BallBallToi, ZeroRelativeVelocity) {
    const double s =
        narrow::ball_ball_toi({{0, 0}, {1, 1}, {}}, 0.1, {{0.5, 0}, {1, 1}, {}}, 0.1, 10.0);
    EXPECT_LT(s, 0.0);
}

TEST(BallBallToi, ExactlyTouching) {
    // Touching and closing: impact now. Touching and at rest: none.
    EXPECT_EQ(narrow::ball_ball_toi({{0, 0}, {1, 0}, {}}, 0.1, {{0.2, 0}, {}, {}}, 0.1, 1.0), 0.0);
    EXPECT_LT(narrow::ball_ball_toi({{0, 0}, {}, {}}, 0.1, {{0.2, 0}, {}, {}}, 0.1, 1.0), 0.0);
    EXPECT_LT(narrow::ball_ball_toi({{0, 0}, {-1, 0}, {}}, 0.1, {{0.2, 0}, {}, {}}, 0.1, 1.0), 0.0);
}

TEST(BallBallToi, DeceleratingBallStopsShort) {
    // 1 m/s decelerating at 1 m/s^2 travels 0.5 m: a ball 0.6 m of gap away is never reached,
    // one 0.4 m away is reached where 0.4 = s - s^2 / 2.
    const Kinematics k{{0, 0}, {1, 0}, {-1, 0}};
    EXPECT_LT(narrow::ball_ball_toi(k, 0.1, {{0.8, 0}, {}, {}}, 0.1, 1.0), 0.0);
    EXPECT_NEAR(narrow::ball_ball_toi(k, 0.1, {{0.6, 0}, {}, {}}, 0.1, 1.0),
                1.0 - std::sqrt(1.0 - 0.8), 1e-14);
}

TEST(BallSegmentToi, LinePartAndEnds) {
    const Cushion c{{1, -1}, {1, 1}};
    // Straight at the line: contact when x = 1 - r.
    EXPECT_NEAR(narrow::ball_segment_toi({{0, 0}, {1, 0}, {}}, 0.1, c, 2.0), 0.9, 1e-15);
    // From the other side too (cushions are hit from either side).
    EXPECT_NEAR(narrow::ball_segment_toi({{2, 0}, {-1, 0}, {}}, 0.1, c, 2.0), 0.9, 1e-15);
    // Past the end, grazing the rounded end point (1, 1): closest approach 0.05 < r.
    const double s = narrow::ball_segment_toi({{0, 1.05}, {1, 0}, {}}, 0.1, c, 2.0);
    EXPECT_NEAR(s, 1.0 - std::sqrt(0.01 - 0.0025), 1e-14);
    // Beyond reach of the end: no contact.
    EXPECT_LT(narrow::ball_segment_toi({{0, 1.2}, {1, 0}, {}}, 0.1, c, 2.0), 0.0);
    // Moving parallel to the line at distance r: touching, never closing.
    EXPECT_LT(narrow::ball_segment_toi({{0.9, -0.5}, {0, 1}, {}}, 0.1, c, 2.0), 0.0);
}

TEST(BallPocketToi, CentreEntersCircle) {
    const Pocket p{{1, 0}, 0.1};
    EXPECT_NEAR(narrow::ball_pocket_toi({{0, 0}, {1, 0}, {}}, p, 2.0), 0.9, 1e-15);
    EXPECT_LT(narrow::ball_pocket_toi({{0, 0.2}, {1, 0}, {}}, p, 2.0), 0.0);
}

TEST(Response, HeadOnUnequalMassesElastic) {
    narrow::BodyState a{{0, 0}, {2, 0}, {}, 0.03, 0.3};
    narrow::BodyState b{{0.06, 0}, {}, {}, 0.03, 0.1};
    narrow::resolve_ball_ball(a, b, 1.0, 0.0);
    EXPECT_NEAR(a.velocity.x, (0.3 - 0.1) / 0.4 * 2.0, 1e-15);
    EXPECT_NEAR(b.velocity.x, 2 * 0.3 / 0.4 * 2.0, 1e-15);
}

TEST(Response, ObliqueConservesMomentumAndTangent) {
    narrow::BodyState a{{0, 0}, {1.5, 0.4}, {1, 2, 3}, 0.03, 0.2};
    narrow::BodyState b{{0.05, 0.03}, {-0.2, 0.1}, {0, 0, -1}, 0.025, 0.7};
    const Vec2 n = normalized(b.position - a.position);
    const Vec2 t = perp(n);
    const Vec2 p0 = a.velocity * a.mass + b.velocity * b.mass;
    const double ta = dot(a.velocity, t), tb = dot(b.velocity, t);
    const double closing = dot(a.velocity - b.velocity, n);
    const double e = 0.8;
    narrow::resolve_ball_ball(a, b, e, 0.0);
    const Vec2 p1 = a.velocity * a.mass + b.velocity * b.mass;
    EXPECT_NEAR(p1.x, p0.x, 1e-15);
    EXPECT_NEAR(p1.y, p0.y, 1e-15);
    EXPECT_NEAR(dot(a.velocity, t), ta, 1e-15);
    EXPECT_NEAR(dot(b.velocity, t), tb, 1e-15);
    EXPECT_NEAR(dot(b.velocity - a.velocity, n), e * closing, 1e-15);
    EXPECT_EQ(a.spin, (Vec3{1, 2, 3})); // frictionless contact leaves spin alone
}

TEST(Response, SeparatingBallsAreLeftAlone) {
    narrow::BodyState a{{0, 0}, {-1, 0}, {}, 0.03, 0.17};
    narrow::BodyState b{{0.06, 0}, {1, 0}, {}, 0.03, 0.17};
    EXPECT_EQ(narrow::resolve_ball_ball(a, b, 0.9, 0.1), 0.0);
    EXPECT_EQ(a.velocity, (Vec2{-1, 0}));
}

TEST(Response, CushionReflectsNormalWithRestitution) {
    narrow::BodyState b{{0.97, 0.485}, {1.0, 0.5}, {}, 0.03, 0.17};
    narrow::resolve_ball_cushion(b, {1.0, 0.485}, 0.85);
    EXPECT_NEAR(b.velocity.x, -0.85, 1e-15);
    EXPECT_EQ(b.velocity.y, 0.5);
}

TEST(Response, ThrowIsBoundedAndDissipative) {
    // A cut with a stun ball: friction throws the object ball by at most atan(mu).
    const double mu = 0.06;
    const double cut = deg_to_rad(30.0);
    narrow::BodyState cue{{0, 0}, {1, 0}, {}, 0.028575, 0.17};
    const Vec2 n{std::cos(cut), -std::sin(cut)};
    narrow::BodyState obj{n * (2 * 0.028575), {}, {}, 0.028575, 0.17};
    const double e0 = 0.5 * cue.mass * length_sq(cue.velocity);
    narrow::resolve_ball_ball(cue, obj, 1.0, mu);
    const double throw_angle = std::atan2(std::fabs(cross(n, obj.velocity)), dot(n, obj.velocity));
    EXPECT_GT(throw_angle, 0.0);
    EXPECT_LE(throw_angle, std::atan(mu) + 1e-12);
    auto energy = [](const narrow::BodyState& s) {
        return 0.5 * s.mass * length_sq(s.velocity) +
               0.5 * 0.4 * s.mass * s.radius * s.radius * dot(s.spin, s.spin);
    };
    EXPECT_LT(energy(cue) + energy(obj), e0);
}

namespace {
double kinetic(const narrow::BodyState& s) {
    return 0.5 * s.mass * length_sq(s.velocity) +
           0.5 * 0.4 * s.mass * s.radius * s.radius * dot(s.spin, s.spin);
}
} // namespace

TEST(Response, SlowContactOfRollingBallsJoinsThem) {
    // Touching along x, closing at 5e-6 m/s, rolling in different directions: rolling
    // friction presses them together. They leave with the centre-of-mass velocity, except
    // that joined they slide (their spins are those of the old velocities), and sliding
    // friction still presses them together, lightly: they part along x at a T / 2.
    const double r = kBallRadius;
    const Params p;
    narrow::BodyState a{{0, 0}, {0.020005, 0.05}, {-0.05 / r, 0.020005 / r, 0}, r, 0.17};
    narrow::BodyState b{{2 * r, 0}, {0.02, 0.01}, {-0.01 / r, 0.02 / r, 0}, r, 0.25};
    const Vec2 p0 = a.velocity * a.mass + b.velocity * b.mass;
    const Vec2 cm = p0 / (a.mass + b.mass);
    const Vec2 rel = a.velocity - b.velocity;
    const double e0 = kinetic(a) + kinetic(b);
    const Vec3 wa = a.spin, wb = b.spin;
    // Joined, each ball slips by cm - v_i, opposite ways, so the sliding friction presses
    // them together at a = 2 mu_s g (closing / |v_a - v_b|). Both slide for 2 |slip| / (7
    // mu_s g), longer than kPressReturn: T = kPressReturn.
    const double mu_g = p.sliding_friction * p.gravity;
    const double press = 2.0 * mu_g * 0.000005 / length(rel);
    ASSERT_GT(2.0 * length(cm - b.velocity) / (7.0 * mu_g), narrow::kPressReturn);
    const double parting = 0.5 * press * narrow::kPressReturn;
    narrow::ball_impact(a, b, p);
    EXPECT_NEAR(a.velocity.x, cm.x - parting * 0.25 / 0.42, 1e-17);
    EXPECT_NEAR(b.velocity.x, cm.x + parting * 0.17 / 0.42, 1e-17);
    EXPECT_NEAR(b.velocity.x - a.velocity.x, parting, 1e-17);
    EXPECT_EQ(a.velocity.y, b.velocity.y);
    EXPECT_NEAR(a.velocity.y, cm.y, 1e-17);
    const Vec2 p1 = a.velocity * a.mass + b.velocity * b.mass;
    EXPECT_NEAR(p1.x, p0.x, 1e-17);
    EXPECT_NEAR(p1.y, p0.y, 1e-17);
    // Linear energy drops by the relative motion's share, m1 m2 / 2M |v1 - v2|^2, and the
    // parting gives back m1 m2 / 2M parting^2.
    const double share = 0.5 * 0.17 * 0.25 / 0.42;
    EXPECT_NEAR(e0 - (kinetic(a) + kinetic(b)), share * (length_sq(rel) - parting * parting),
                1e-15);
    EXPECT_EQ(a.spin, wa);
    EXPECT_EQ(b.spin, wb);
}

TEST(Response, FastOrPressedContactsAreNotJoined) {
    const double r = kBallRadius;
    // Closing at 1 mm/s: an ordinary impact.
    narrow::BodyState a{{0, 0}, {0.001, 0}, {}, r, 0.17};
    narrow::BodyState b{{2 * r, 0}, {}, {}, r, 0.17};
    EXPECT_FALSE(narrow::join_slow_contact(a, b, Params{}));
    // Head on, the one behind with top spin: joined, the cloth would still press them
    // together (the follow-through is resolved by impacts).
    narrow::BodyState c{{0, 0}, {0.000005, 0}, {0, 30, 0}, r, 0.17};
    narrow::BodyState d{{2 * r, 0}, {}, {}, r, 0.17};
    EXPECT_FALSE(narrow::join_slow_contact(c, d, Params{}));
    EXPECT_EQ(c.velocity, (Vec2{0.000005, 0}));
    EXPECT_EQ(d.velocity, (Vec2{}));
    // Nothing presses frictionless balls together: a slow grazing impact stays elastic.
    narrow::BodyState e{{0, 0}, {0.000005, 1.0}, {}, r, 0.17};
    narrow::BodyState f{{2 * r, 0}, {}, {}, r, 0.17};
    Params ideal;
    ideal.sliding_friction = ideal.rolling_friction = ideal.spin_friction = 0.0;
    EXPECT_FALSE(narrow::join_slow_contact(e, f, ideal));
    // On the cloth, a fast sideways pass parts them faster than rolling friction presses.
    narrow::BodyState g{{0, 0}, {0.000005, 1.0}, {-1.0 / r, 0.000005 / r, 0}, r, 0.17};
    narrow::BodyState h{{2 * r, 0}, {}, {}, r, 0.17};
    EXPECT_FALSE(narrow::join_slow_contact(g, h, Params{}));
}

TEST(Response, PushingContactPartsAtTheReturnSpeed) {
    // Head on along x at 0.1 m/s, closing slowly, pressed together by the cloth even at the
    // joined speed. They part at a T / 2 (a: the pressing at the joined speed; T:
    // kPressReturn, or the time until a ball's motion changes so that the pressing stops,
    // never below kPressMin) unless restitution parts them faster.
    const double r = kBallRadius;
    const Params p;
    const double mu_g = p.sliding_friction * p.gravity;
    auto run = [&](double closing, double rear_spin, double front_spin, double expected) {
        narrow::BodyState a{{0, 0}, {0.1 + closing, 0}, {0, rear_spin / r, 0}, r, 0.17};
        narrow::BodyState b{{2 * r, 0}, {0.1, 0}, {0, front_spin / r, 0}, r, 0.17};
        const Vec2 p0 = a.velocity * a.mass + b.velocity * b.mass;
        const double e0 = kinetic(a) + kinetic(b);
        const Vec3 wa = a.spin, wb = b.spin;
        narrow::ball_impact(a, b, p);
        const Vec2 p1 = a.velocity * a.mass + b.velocity * b.mass;
        EXPECT_NEAR(p1.x, p0.x, 1e-17);
        EXPECT_EQ(p1.y, p0.y);
        EXPECT_EQ(a.spin, wa); // head on: no slip between the balls, no throw
        EXPECT_EQ(b.spin, wb);
        const double parting = b.velocity.x - a.velocity.x;
        EXPECT_NEAR(parting, expected, 1e-12);
        // The only energy added is the relative motion's: m1 m2 / 2M (parting^2 - closing^2).
        const double added = 0.5 * 0.17 * 0.17 / 0.34 * (parting * parting - closing * closing);
        EXPECT_NEAR(kinetic(a) + kinetic(b) - e0, added, 1e-15);
    };
    // Time until the front ball rolls at the joined speed, 2 slip / 7 mu_s g.
    auto rolls_after = [&](double closing, double front_spin) {
        return 2.0 * (0.1 + 0.5 * closing - front_spin) / (7.0 * mu_g);
    };
    // Top spin drives the rear ball forward (mu_s g), the front one slides and brakes
    // (mu_s g): a = 2 mu_s g. Both slide on for about 15 ms: T = kPressReturn.
    run(1e-4, 0.2, 0.0, mu_g * narrow::kPressReturn);
    // Driven on even after the front ball rolls (0.74 ms): still T = kPressReturn.
    run(1e-4, 0.2, 0.095, mu_g * narrow::kPressReturn);
    // A rolling ball pushes a sliding one. Joined, the rear ball is driven for a moment
    // (a = 2 mu_s g) and then rolls, still pressing the braking front ball; the pressing
    // stops when the front ball rolls too: T is that time.
    run(1e-4, 0.1001, 0.095, mu_g * rolls_after(1e-4, 0.095));
    // The same when the front ball rolls almost at once: kPressMin (an elastic 1e-6 m/s
    // would part them far slower).
    ASSERT_LT(rolls_after(1e-6, 0.0999995), narrow::kPressMin);
    run(1e-6, 0.100001, 0.0999995, mu_g * narrow::kPressMin);
    // Restitution parts them faster than kPressMin would: an ordinary impact.
    run(1e-4, 0.1001, 0.100049, p.ball_restitution * 1e-4);
}

TEST(Response, PushingIntoACushionPartsAtTheReturnSpeed) {
    // Touching a cushion along x (contact at the origin, centre at (r, 0)), closing slowly,
    // with back spin whose slip the cloth turns into a push of mu_s g into the cushion for
    // 73 ms: it leaves at a T / 2 with T = kPressReturn, faster than restitution alone.
    const double r = kBallRadius;
    const Params p;
    const double mu_g = p.sliding_friction * p.gravity;
    for (const double closing : {1e-4, 1e-6}) {
        narrow::BodyState b{{r, 0}, {-closing, 0}, {0, -0.5 / r, 0}, r, 0.17};
        ASSERT_GT(2.0 * (0.5 - closing) / (7.0 * mu_g), narrow::kPressReturn);
        narrow::cushion_impact(b, {0, 0}, p);
        EXPECT_NEAR(b.velocity.x, 0.5 * mu_g * narrow::kPressReturn, 1e-15);
        EXPECT_EQ(b.velocity.y, 0.0);
        EXPECT_EQ(b.spin, (Vec3{0, -0.5 / r, 0}));
    }
    // Spin that pulls it away from the cushion: restitution alone.
    narrow::BodyState b{{r, 0}, {-1e-4, 0}, {0, 0.5 / r, 0}, r, 0.17};
    narrow::cushion_impact(b, {0, 0}, p);
    EXPECT_NEAR(b.velocity.x, p.cushion_restitution * 1e-4, 1e-18);
}

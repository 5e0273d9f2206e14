#include <gtest/gtest.h>

#include <cmath>

#include "core/poly.hpp"

using namespace billiards;

namespace {
Poly from_roots(double a, double b, double c, double d) {
    // (s-a)(s-b)(s-c)(s-d)
    Poly p{{1.0, 0.0, 0.0, 0.0, 0.0}};
    for (double r : {a, b, c, d}) {
        Poly q{};
        for (int i = 0; i < 4; ++i) {
            q.c[i + 1] += p.c[i];
            q.c[i] -= r * p.c[i];
        }
        p = q;
    }
    return p;
}
} // namespace

TEST(Poly, QuadraticRootsAreStable) {
    // Roots 1e-9 and 1e9: the naive formula loses the small one completely.
    Poly p{{1.0, -(1e9 + 1e-9), 1.0, 0.0, 0.0}};
    std::array<double, 4> r{};
    ASSERT_EQ(roots_in(p, 0.0, 2e9, r), 2);
    EXPECT_NEAR(r[0], 1e-9, 1e-24);
    EXPECT_NEAR(r[1], 1e9, 1e-6);
}

TEST(Poly, QuarticRootsInInterval) {
    const Poly p = from_roots(-1.0, 0.25, 0.5, 3.0);
    std::array<double, 4> r{};
    ASSERT_EQ(roots_in(p, 0.0, 1.0, r), 2);
    EXPECT_NEAR(r[0], 0.25, 1e-14);
    EXPECT_NEAR(r[1], 0.5, 1e-14);
    ASSERT_EQ(roots_in(p, -2.0, 4.0, r), 4);
    EXPECT_NEAR(r[0], -1.0, 1e-14);
    EXPECT_NEAR(r[3], 3.0, 1e-13);
}

TEST(Poly, NoRealRoots) {
    Poly p{{1.0, 0.0, 1.0, 0.0, 1.0}};
    std::array<double, 4> r{};
    EXPECT_EQ(roots_in(p, -10.0, 10.0, r), 0);
}

TEST(FirstContact, CrossingFromOutside) {
    // Gap 1 - s: reaches contact at s = 1, closing.
    Poly f{{1.0, -1.0, 0.0, 0.0, 0.0}};
    EXPECT_NEAR(first_contact(f, 2.0, 1e-12, 1e-6, 1e-3), 1.0, 1e-15);
    EXPECT_LT(first_contact(f, 0.5, 1e-12, 1e-6, 1e-3), 0.0); // not within the horizon
}

TEST(FirstContact, OpeningGapNeverCollides) {
    Poly f{{0.0, 1.0, 0.0, 0.0, 0.0}}; // touching and separating
    EXPECT_LT(first_contact(f, 10.0, 1e-12, 1e-6, 1e-3), 0.0);
}

TEST(FirstContact, TouchingAndClosingIsImmediate) {
    Poly f{{0.0, -1.0, 0.0, 0.0, 0.0}};
    EXPECT_EQ(first_contact(f, 1.0, 1e-12, 1e-6, 1e-3), 0.0);
}

TEST(FirstContact, TouchingAtRestIsNoContact) {
    Poly f{{0.0, 0.0, 0.0, 0.0, 0.0}};
    EXPECT_LT(first_contact(f, 1.0, 1e-12, 1e-6, 1e-3), 0.0);
}

TEST(FirstContact, TouchingThenPushedWaitsForRealClosingSpeed) {
    // f = -s^2 (pushed together from rest): closing rate 2s reaches 1e-6 at s = 5e-7.
    Poly f{{0.0, 0.0, -1.0, 0.0, 0.0}};
    EXPECT_NEAR(first_contact(f, 1.0, 1e-12, 1e-6, 1e-3), 5e-7, 1e-15);
}

TEST(FirstContact, SecondApproachAfterSeparating) {
    // Gap (s-1)(s-2) + small: opens then closes; first crossing into contact near s = 1.
    // f = s^2 - 3s + 2 is > 0 on [0,1) and <= 0 on [1,2].
    Poly f{{2.0, -3.0, 1.0, 0.0, 0.0}};
    EXPECT_NEAR(first_contact(f, 5.0, 1e-12, 1e-6, 1e-3), 1.0, 1e-15);
    // Gap that first grows then comes back: f = (s - 1)^2 * ... use 1 + s - s^2 (root ~1.618).
    Poly g{{1.0, 1.0, -1.0, 0.0, 0.0}};
    EXPECT_NEAR(first_contact(g, 5.0, 1e-12, 1e-6, 1e-3), (1.0 + std::sqrt(5.0)) / 2.0, 1e-14);
}

TEST(FirstContact, TouchingThenPushedSlowlyStopsAtTheDepth) {
    // f = -1e-6 s^2: the closing rate 2e-6 s would reach 1e-6 only at s = 0.5, but the
    // depth 1e-8 is reached first, at s = 0.1.
    Poly f{{0.0, 0.0, -1e-6, 0.0, 0.0}};
    EXPECT_NEAR(first_contact(f, 1.0, 1e-12, 1e-6, 1e-8), 0.1, 1e-12);
}

TEST(FirstContact, TangentialTouchThenPressedIsAContact) {
    // f = -(s - 1)^3: touches at s = 1 with no closing rate, then presses in. The event is
    // where the depth 1e-6 is reached: (s - 1)^3 = 1e-6, s = 1.01.
    Poly f{{1.0, -3.0, 3.0, -1.0, 0.0}};
    EXPECT_NEAR(first_contact(f, 3.0, 1e-12, 10.0, 1e-6), 1.01, 1e-9);
}

TEST(FirstInside, EntersCircle) {
    Poly f{{1.0, -2.0, 0.0, 0.0, 0.0}};
    EXPECT_NEAR(first_inside(f, 1.0), 0.5, 1e-15);
    Poly inside{{-1.0, 0.0, 0.0, 0.0, 0.0}};
    EXPECT_EQ(first_inside(inside, 1.0), 0.0);
}

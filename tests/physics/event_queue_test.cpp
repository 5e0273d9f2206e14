// The world's event queue against a reference ordering (a std::set of (time, ball)): the
// earliest entry, ties broken by the lower ball index, through inserts, moves, removals,
// bucket and revolution boundaries, the overflow and resets.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <set>
#include <utility>
#include <vector>

#include "core/random.hpp"
#include "physics/event_queue.hpp"

using namespace billiards::physics;
using billiards::Random;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// The queue and the reference side by side.
struct Checked {
    EventQueue q;
    std::set<std::pair<double, int>> ref;
    std::vector<double> at; // per ball: its time in the reference, or infinity

    // The queue reads the times of listed balls from here, as it does from the world.
    auto due() const {
        return [this](std::uint32_t k) { return at[k]; };
    }

    void reset(std::size_t balls, double origin, double width) {
        q.reset(balls, origin, width);
        ref.clear();
        at.assign(balls, kInf);
    }
    void set(int b, double t) {
        q.set(b, t);
        const auto u = static_cast<std::size_t>(b);
        if (at[u] < kInf) ref.erase({at[u], b});
        at[u] = t < kInf ? t : kInf; // NaN and infinity both remove
        if (at[u] < kInf) ref.insert({t, b});
    }
    void remove(int b) {
        q.remove(b);
        const auto u = static_cast<std::size_t>(b);
        if (at[u] < kInf) ref.erase({at[u], b});
        at[u] = kInf;
    }
    // Compares the earliest entry, the size and the prefetch hints with the reference.
    void check() {
        ASSERT_EQ(q.size(), ref.size());
        double t = 0.0;
        int b = -1;
        const bool any = q.peek(t, b, due());
        ASSERT_EQ(any, !ref.empty());
        if (any) {
            EXPECT_EQ(t, ref.begin()->first);
            EXPECT_EQ(b, ref.begin()->second);
        }
        for (std::size_t k = 0; k < 4; ++k) {
            const int s = q.soon(k);
            if (s < 0) continue;
            ASSERT_LT(static_cast<std::size_t>(s), at.size());
            EXPECT_LT(at[static_cast<std::size_t>(s)], kInf) << "hint for a ball not queued";
        }
        ASSERT_EQ(q.size(), ref.size());
    }
};

// Times on a coarse grid (many exact ties) or anywhere, sometimes far ahead (overflow),
// sometimes before the origin or the current bucket, sometimes infinite or NaN.
double random_time(Random& rng, double now, double width) {
    const auto kind = [](Random& gen) { return static_cast<int>(gen.below(20)); };
    const auto u = [](Random& gen) { return gen.uniform(); };
    switch (kind(rng)) {
    case 0:
        return kInf;
    case 1:
        return std::numeric_limits<double>::quiet_NaN();
    case 2:
        return now - width * 3.0 * u(rng); // earlier than the current bucket
    case 3:
        return now + width * 5000.0 * u(rng); // often past one revolution of the ring
    case 4:
        return now + width * 1e7 * u(rng);
    case 5:
        return std::floor(now / width) * width; // on a bucket boundary
    case 6:
    case 7:
    case 8:
        return now + width * 0.25 * std::floor(40.0 * u(rng)); // exact ties
    default:
        return now + width * 20.0 * u(rng);
    }
}

} // namespace

TEST(EventQueue, EmptyAndSingle) {
    EventQueue q;
    q.reset(4, 0.0, 0.1);
    std::vector<double> at(4, kInf);
    auto due = [&](std::uint32_t k) { return at[k]; };
    double t = 0.0;
    int b = 0;
    EXPECT_FALSE(q.peek(t, b, due));
    EXPECT_EQ(q.size(), 0u);
    EXPECT_EQ(q.soon(0), -1);
    at[2] = 0.35;
    q.set(2, 0.35);
    ASSERT_TRUE(q.peek(t, b, due));
    EXPECT_EQ(t, 0.35);
    EXPECT_EQ(b, 2);
    q.set(2, 0.35); // the same time again
    EXPECT_EQ(q.size(), 1u);
    q.set(2, kInf);
    EXPECT_EQ(q.size(), 0u);
    EXPECT_FALSE(q.peek(t, b, due));
    q.remove(2); // absent: nothing happens
    q.remove(3);
    EXPECT_EQ(q.size(), 0u);
    EXPECT_GT(q.memory_bytes(), 0u);
}

TEST(EventQueue, TiesGoToTheLowerBall) {
    Checked c;
    c.reset(8, 0.0, 1.0);
    for (int b : {5, 3, 7, 0, 6})
        c.set(b, 2.5);
    c.check();
    EXPECT_EQ(c.ref.begin()->second, 0);
    // Move the balls through the same bucket, the current one and back.
    c.set(0, 2.75);
    c.check();
    c.set(3, 2.5);
    c.check();
    c.set(7, 2.0);
    c.check();
    c.set(7, 2.5);
    c.check();
    c.remove(3);
    c.check();
    c.set(1, 2.5);
    c.check();
}

TEST(EventQueue, WidthFallsBackForBadValues) {
    EventQueue q;
    q.reset(1, 0.0, 0.25);
    EXPECT_EQ(q.width(), 0.25);
    for (double w : {0.0, -1.0, kInf, std::numeric_limits<double>::quiet_NaN()}) {
        q.reset(1, 0.0, w);
        EXPECT_EQ(q.width(), 1.0);
    }
}

// Random operations anywhere in time, with the earliest entry checked after each.
TEST(EventQueue, RandomOperationsMatchReference) {
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        Random rng(seed);
        const std::size_t balls = seed % 3 == 0 ? 3 : seed % 3 == 1 ? 100 : 2000;
        const double width = seed % 2 ? 0.01 : 1.0 / 64.0;
        Checked c;
        c.reset(balls, 0.5, width);
        const auto ball = [balls](Random& gen) { return static_cast<int>(gen.below(balls)); };
        const auto op = [](Random& gen) { return static_cast<int>(gen.below(100)); };
        double now = 0.5;
        for (int step = 0; step < 20000; ++step) {
            const int o = op(rng);
            if (o < 5) {
                c.remove(ball(rng));
            } else if (o < 10 && !c.ref.empty()) {
                // Set a queued ball again to its own time.
                const int b = ball(rng);
                if (c.at[static_cast<std::size_t>(b)] < kInf)
                    c.set(b, c.at[static_cast<std::size_t>(b)]);
            } else if (o < 60) {
                c.set(ball(rng), random_time(rng, now, width));
            } else {
                // Take the earliest out as the world does: give it a later time.
                double t = 0.0;
                int b = -1;
                if (c.q.peek(t, b, c.due())) {
                    now = std::max(now, t);
                    c.set(b, random_time(rng, now, width));
                }
            }
            c.check();
            if (::testing::Test::HasFailure()) return;
        }
    }
}

// The world's pattern: time only moves forward, the earliest ball is rescheduled and a few
// partners change their events; with resets to new origins and widths on the way.
TEST(EventQueue, SimulationPatternMatchesReference) {
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        Random rng(seed * 7919);
        const std::size_t balls = seed <= 3 ? 500 : 5000;
        double width = 1e-3;
        Checked c;
        c.reset(balls, 0.0, width);
        const auto u = [](Random& gen) { return gen.uniform(); };
        const auto ball = [balls](Random& gen) { return static_cast<int>(gen.below(balls)); };
        auto later = [&](double now) {
            const double r = u(rng);
            if (r < 0.02) return kInf;
            if (r < 0.2) return now + width * std::floor(8.0 * u(rng)) * 0.5; // ties
            if (r < 0.25) return now + width * 1000.0 * u(rng);
            return now - width * std::log(u(rng) + 1e-300) * 6.0;
        };
        for (std::size_t b = 0; b < balls; ++b)
            c.set(static_cast<int>(b), later(0.0));
        c.check();
        double now = 0.0;
        for (int step = 0; step < 30000; ++step) {
            double t = 0.0;
            int b = -1;
            if (!c.q.peek(t, b, c.due())) {
                // Everyone is done: wake a few.
                for (int k = 0; k < 10; ++k)
                    c.set(ball(rng), later(now));
                c.check();
                continue;
            }
            ASSERT_GE(t, now);
            now = t;
            c.set(b, later(now));
            const int partners = static_cast<int>(3.0 * u(rng));
            for (int k = 0; k < partners; ++k)
                c.set(ball(rng), later(now));
            if (step % 5000 == 4999) {
                // Re-bucket as World::reset_queue does: a new origin and width, all again.
                width *= u(rng) < 0.5 ? 0.125 : 8.0;
                const std::vector<double> keep = c.at;
                c.reset(balls, now, width);
                for (std::size_t k = 0; k < balls; ++k)
                    c.set(static_cast<int>(k), keep[k]);
            }
            c.check();
            if (::testing::Test::HasFailure()) return;
        }
    }
}

// A bucket crowded before the width was tuned (all balls due at once) does not keep its
// room after the next reset.
TEST(EventQueue, ResetGivesBackACrowdedBucket) {
    Checked c;
    c.reset(5000, 0.0, 1.0);
    const std::size_t empty = c.q.memory_bytes();
    for (int b = 0; b < 5000; ++b)
        c.set(b, 0.5 + 1e-6 * (b % 7));
    c.check();
    EXPECT_GT(c.q.memory_bytes(), empty + 5000 * 8);
    c.reset(5000, 0.0, 1.0);
    EXPECT_LE(c.q.memory_bytes(), empty + 4096);
    c.set(3, 0.25);
    c.check();
}

#ifndef NDEBUG
// The queue keeps no copy of the times outside its current bucket: an owner whose due()
// disagrees with what it last set is caught in debug builds (the sanitizer preset).
TEST(EventQueueDeathTest, DueMustGiveTheTimeLastSet) {
    EventQueue q;
    q.reset(4, 0.0, 0.1);
    q.set(1, 0.55); // a later bucket: listed, not in the heap
    double t = 0.0;
    int b = 0;
    EXPECT_DEATH(q.peek(t, b, [](std::uint32_t) { return 0.75; }), "due\\(\\) must give");
}
#endif

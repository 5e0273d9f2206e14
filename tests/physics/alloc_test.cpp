// The world allocates nothing while it steps (once built and warmed up): every global
// allocation in this test binary is counted.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <new>

#include "core/random.hpp"
#include "physics/world.hpp"
#include "world_fixtures.hpp"

namespace {
long g_allocations = 0;

void* counted(std::size_t n, std::size_t align) {
    ++g_allocations;
    n = n == 0 ? 1 : n;
    void* p = align > alignof(std::max_align_t)
                  ? std::aligned_alloc(align, (n + align - 1) / align * align)
                  : std::malloc(n);
    if (!p) throw std::bad_alloc();
    return p;
}
} // namespace

void* operator new(std::size_t n) {
    return counted(n, 0);
}
void* operator new[](std::size_t n) {
    return counted(n, 0);
}
void* operator new(std::size_t n, std::align_val_t a) {
    return counted(n, static_cast<std::size_t>(a));
}
void* operator new[](std::size_t n, std::align_val_t a) {
    return counted(n, static_cast<std::size_t>(a));
}
// The nothrow forms too (std::stable_sort's buffer uses them): every allocation and every
// release goes through malloc and free, which keeps the address sanitizer's pairs matched.
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
    try {
        return counted(n, 0);
    } catch (const std::bad_alloc&) {
        return nullptr;
    }
}
void* operator new[](std::size_t n, const std::nothrow_t& t) noexcept {
    return operator new(n, t);
}
void* operator new(std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
    try {
        return counted(n, static_cast<std::size_t>(a));
    } catch (const std::bad_alloc&) {
        return nullptr;
    }
}
void* operator new[](std::size_t n, std::align_val_t a, const std::nothrow_t& t) noexcept {
    return operator new(n, a, t);
}
void operator delete(void* p, const std::nothrow_t&) noexcept {
    std::free(p);
}
void operator delete[](void* p, const std::nothrow_t&) noexcept {
    std::free(p);
}
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept {
    std::free(p);
}
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept {
    std::free(p);
}
void operator delete(void* p) noexcept {
    std::free(p);
}
void operator delete[](void* p) noexcept {
    std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
    std::free(p);
}
void operator delete[](void* p, std::size_t) noexcept {
    std::free(p);
}
void operator delete(void* p, std::align_val_t) noexcept {
    std::free(p);
}
void operator delete[](void* p, std::align_val_t) noexcept {
    std::free(p);
}
void operator delete(void* p, std::size_t, std::align_val_t) noexcept {
    std::free(p);
}
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept {
    std::free(p);
}

namespace billiards::physics {
namespace {
using test::ball;

// Frictionless elastic balls on a jittered lattice in a box (the benchmark pit, smaller).
World pit(int side) {
    const double r = 0.01, pitch = std::sqrt(3.14159265358979 * r * r / 0.3);
    const double half = 0.5 * pitch * side;
    World w(test::frictionless(), test::box(half, half));
    Random rng(7);
    const auto u = [](Random& gen) { return gen.uniform(-1.0, 1.0); };
    for (int k = 0; k < side * side; ++k) {
        const double play = (0.5 * pitch - r) * 0.98;
        const Vec2 p{-half + pitch * (k % side + 0.5) + play * u(rng),
                     -half + pitch * (k / side + 0.5) + play * u(rng)};
        const double a = 3.14159265358979 * u(rng);
        w.add_ball(ball(k, p, {std::cos(a), std::sin(a)}, r, 0.01));
    }
    return w;
}

TEST(Allocation, PitStepsAllocateNothing) {
    World w = pit(40); // 1,600 balls
    for (int k = 0; k < 240; ++k)
        w.step();
    const std::uint64_t impacts = w.counts().ball_ball;
    const long before = g_allocations;
    for (int k = 0; k < 480; ++k)
        w.step();
    EXPECT_EQ(g_allocations - before, 0);
    EXPECT_GT(w.counts().ball_ball - impacts, 10'000u); // it did work meanwhile
}

TEST(Allocation, ShotToRestAllocatesOnlyWhileBuilding) {
    // Friction, spin, cushions and transitions: after the first step (which builds the grid
    // and the queue) the shot runs to rest without allocating, events not recorded.
    World w(Params{}, test::box(1.2, 0.6));
    int id = 0;
    for (int row = 0; row < 5; ++row)
        for (int k = 0; k <= row; ++k)
            w.add_ball(ball(id++, {0.5 + row * 0.0496, (k - 0.5 * row) * 0.0572}, {}, 0.028575));
    w.add_ball(ball(id, {-0.6, 0.0}, {6.0, 0.05}, 0.028575, 0.17, {0, 100, 0}));
    w.step();
    const long before = g_allocations;
    const std::uint64_t steps = w.run_until_rest(60.0);
    EXPECT_TRUE(w.at_rest());
    EXPECT_GT(steps, 100u);
    EXPECT_EQ(g_allocations - before, 0);
}

} // namespace
} // namespace billiards::physics

// The project's own random numbers, for everything whose results must be reproducible (racks,
// bench scenes, the computer opponent's noise, seeded tests). The standard library's
// generators are specified but its distributions and std::shuffle are not: the same seed gives
// other numbers under libstdc++, libc++ and MSVC. Here every draw is specified:
//
// - Generator: splitmix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number
//   generators", 2014; the generator of Java's SplittableRandom and the one that seeds
//   xoshiro): the state advances by 0x9e3779b97f4a7c15 and the output is Stafford's "Mix13"
//   of the new state. Period 2^64; passes BigCrush. Seed 0 gives 0xe220a8397b1dcdaf,
//   0x6e789e6aa1b965f4, 0x06c45d188009454f first.
// - uniform(): the top 53 bits of one output times 2^-53, a double in [0, 1) on the grid
//   k 2^-53; uniform(a, b) is a + (b - a) uniform().
// - below(n): an integer in [0, n) without bias: outputs x below 2^64 mod n are redrawn, then
//   x mod n (the method of OpenBSD's arc4random_uniform). below(2) is the low bit of one
//   output.
// - shuffle: Fisher-Yates from the back (Durstenfeld): for i = n-1 down to 1, swap element i
//   with element below(i + 1).
// - normal(): Box-Muller, cosine branch, two uniform draws: sqrt(-2 ln(1 - u1)) cos(2 pi u2).
//   (Its log and cos come from the C library: correctly rounded in glibc for these inputs in
//   practice, but not promised by the C standard.)
#pragma once

#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/vec.hpp"

namespace billiards {

inline constexpr std::uint64_t kGoldenGamma = 0x9e3779b97f4a7c15ull;

// splitmix64's output function (Stafford's Mix13): a bijection of 64 bits.
constexpr std::uint64_t mix13(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

// Folds value v into running seed h (Boost's hash_combine step, then Mix13): seeds derived
// from a tuple (match seed, game number, seat, ...) with mix(mix(seed, a), b).
constexpr std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
    return mix13(h ^ (v + kGoldenGamma + (h << 6) + (h >> 2)));
}

class Random {
  public:
    explicit constexpr Random(std::uint64_t seed) : state_(seed) {}

    constexpr std::uint64_t next() { return mix13(state_ += kGoldenGamma); }

    constexpr double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
    constexpr double uniform(double a, double b) { return a + (b - a) * uniform(); }

    // n >= 1.
    constexpr std::uint64_t below(std::uint64_t n) {
        const std::uint64_t threshold = (0 - n) % n; // 2^64 mod n
        std::uint64_t x = next();
        while (x < threshold)
            x = next();
        return x % n;
    }

    double normal() {
        const double u1 = 1.0 - uniform(); // (0, 1]
        const double u2 = uniform();
        return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * kPi * u2);
    }

    template <typename T> constexpr void shuffle(std::vector<T>& v) {
        for (std::size_t i = v.size(); i > 1; --i) {
            const auto j = static_cast<std::size_t>(below(i));
            std::swap(v[i - 1], v[j]);
        }
    }

    constexpr std::uint64_t state() const { return state_; }

  private:
    std::uint64_t state_;
};

} // namespace billiards

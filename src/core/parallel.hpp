// Runs f(i) for every i in [0, n) on up to `threads` threads (0: one per core, at most 8).
// Index i goes to thread i % threads, so each f(i) must write only its own slot of the
// caller's output: then the results do not depend on the number of threads.
#pragma once

#include <algorithm>
#include <cstddef>
#include <thread>
#include <vector>

namespace billiards {

inline std::size_t thread_count(int threads) {
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    const unsigned want = threads > 0 ? static_cast<unsigned>(threads) : cores;
    return std::min<std::size_t>(want, 8);
}

template <class F> void for_each_index(std::size_t n, int threads, F f) {
    const std::size_t t = std::min(thread_count(threads), n);
    auto share = [&](std::size_t first) {
        for (std::size_t i = first; i < n; i += t)
            f(i);
    };
    if (t <= 1) {
        share(0);
        return;
    }
    std::vector<std::jthread> pool;
    for (std::size_t k = 1; k < t; ++k)
        pool.emplace_back(share, k);
    share(0);
} // the jthreads join as `pool` goes

} // namespace billiards

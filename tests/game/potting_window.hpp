// For the tests of the computers' aim: the window of headings about a stroke's that pot its
// ball in the same pocket, found by plain stepping (not the computers' own search).
#pragma once

#include <utility>

namespace billiards::test {

constexpr double kWindowStep = 2e-5; // radians

// `pocket_of(heading)`: the pocket a noise-free stroke at that heading pots the ball in (-1:
// none). Returns the offsets {lo, hi} from `heading` of the last headings on either side,
// kWindowStep apart and at most 0.05 rad out, that still pot it in pocket p.
template <class PocketOf>
std::pair<double, double> potting_window(PocketOf&& pocket_of, double heading, int p) {
    double lo = 0.0, hi = 0.0;
    while (lo > -0.05 && pocket_of(heading + lo - kWindowStep) == p)
        lo -= kWindowStep;
    while (hi < 0.05 && pocket_of(heading + hi + kWindowStep) == p)
        hi += kWindowStep;
    return {lo, hi};
}

} // namespace billiards::test

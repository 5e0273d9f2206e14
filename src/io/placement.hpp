// Finding overlapping balls among many (a scene of 300,000) in time that does not depend on
// how they are laid out: a hierarchical grid, one level per power of two of the radius.
#pragma once

#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

#include "physics/types.hpp"

namespace billiards::io {

// Two balls (i < j, indices into `balls`) whose discs overlap by more than `slack` metres,
// or nothing. When several pairs overlap, which one is found depends only on the input.
// Positions must be finite and radii positive (the readers check both first).
std::optional<std::pair<std::size_t, std::size_t>>
find_overlap(const std::vector<physics::BallDef>& balls, double slack);

} // namespace billiards::io

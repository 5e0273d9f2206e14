// What each fuzz target does with one input; shared by the libFuzzer targets and by the
// corpus replay test, so every crash the fuzzers ever found keeps running in CI.
#pragma once

#include <string>

namespace billiards::fuzz {

// Parses a scenario; on success also round-trips it and steps its world a little.
// Returns true when the input was a valid scenario.
bool scenario_input(const std::string& text);

} // namespace billiards::fuzz

// What each fuzz target does with one input; shared by the libFuzzer targets and by the
// corpus replay test, so every crash the fuzzers ever found keeps running in CI.
// Each returns true when the input was a valid file of its format.
#pragma once

#include <string>

namespace billiards::fuzz {

// Parses a scenario; on success also round-trips it and steps its world a little. Text that
// begins with "BIL" is a share code instead (code_input).
bool scenario_input(const std::string& text);
// Decodes a share code; on success its file must encode to a code that decodes to the same
// file, and a scenario's world steps a little.
bool code_input(const std::string& text);
// Parses a match save; on success round-trips it and restores a short one.
bool match_input(const std::string& text);
// Parses a settings file; on success round-trips it.
bool settings_input(const std::string& text);
// Parses a replay file; on success round-trips it and re-runs a short shot.
bool replay_input(const std::string& text);
// Reads a stream of online protocol frames (docs/ONLINE.md) as the server does, up to the
// first bad one; each message must encode to the bytes it came from, and an input other than
// a stroke is fed to an 8-ball game. True when at least one message was valid.
bool net_input(const std::string& bytes);

} // namespace billiards::fuzz

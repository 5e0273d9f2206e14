// Values given on the command line, read strictly: one reader for every number option of
// every command and of the game (src/cli and src/app both use it), so they accept and
// refuse the same spellings.
#pragma once

#include <cstdint>
#include <string>

namespace billiards::io {

// A whole number: an optional '-' and decimal digits, nothing else (no spaces, no '+', no
// base prefix, no exponent), within [lo, hi]. Returns an empty string and sets `out`, or
// the problem, e.g. "'1e3' is not a whole number (decimal digits only): must be an integer
// between 1 and 4096" or "must be an integer between 1 and 4096, got '5000'".
std::string parse_whole_number(const std::string& text, std::int64_t lo, std::int64_t hi,
                               std::int64_t& out);
std::string parse_whole_number(const std::string& text, std::uint64_t lo, std::uint64_t hi,
                               std::uint64_t& out);
// A finite decimal number (digits, '.', an exponent; no "inf", "nan", hex) within [lo, hi].
std::string parse_real_number(const std::string& text, double lo, double hi, double& out);

} // namespace billiards::io

#include "io/arguments.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <string_view>

#include "io/scenario.hpp"

namespace billiards::io {

namespace {

std::string given(const std::string& text) {
    std::string shown = excerpt(text, 40);
    for (char& c : shown)
        if (c == '\n' || c == '\r') c = ' ';
    return "'" + shown + "'";
}

// An optional '-' then at least one decimal digit, and nothing else.
bool whole_number_text(std::string_view s) {
    if (!s.empty() && s.front() == '-') s.remove_prefix(1);
    if (s.empty()) return false;
    for (const char c : s)
        if (c < '0' || c > '9') return false;
    return true;
}

template <typename T> std::string parse_whole(const std::string& text, T lo, T hi, T& out) {
    const std::string range = fmt::format("must be an integer between {} and {}", lo, hi);
    if (!whole_number_text(text))
        return given(text) + " is not a whole number (decimal digits only): " + range;
    T value{};
    const char* end = text.data() + text.size();
    const auto [p, ec] = std::from_chars(text.data(), end, value);
    // A minus for an unsigned type, or too many digits: a whole number out of range.
    if (ec != std::errc{} || p != end || value < lo || value > hi)
        return range + ", got " + given(text);
    out = value;
    return {};
}

} // namespace

std::string parse_whole_number(const std::string& text, std::int64_t lo, std::int64_t hi,
                               std::int64_t& out) {
    return parse_whole(text, lo, hi, out);
}

std::string parse_whole_number(const std::string& text, std::uint64_t lo, std::uint64_t hi,
                               std::uint64_t& out) {
    return parse_whole(text, lo, hi, out);
}

std::string parse_real_number(const std::string& text, double lo, double hi, double& out) {
    double value = 0.0;
    const char* end = text.data() + text.size();
    const auto [p, ec] = std::from_chars(text.data(), end, value, std::chars_format::general);
    if (text.empty() || ec != std::errc{} || p != end || !std::isfinite(value) || value < lo ||
        value > hi)
        return fmt::format("must be a number between {} and {}, got {}", lo, hi, given(text));
    out = value;
    return {};
}

} // namespace billiards::io

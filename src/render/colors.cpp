#include "render/colors.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace billiards::render {

namespace {

std::uint8_t channel(double v) {
    return static_cast<std::uint8_t>(std::clamp(std::lround(v), 0L, 255L));
}

constexpr std::array<Color, 8> kSolids{{
    {15, 15, 17, 255},   // 8 (index 0)
    {247, 196, 18, 255}, // 1 yellow
    {24, 70, 178, 255},  // 2 blue
    {212, 32, 36, 255},  // 3 red
    {96, 44, 150, 255},  // 4 purple
    {244, 118, 26, 255}, // 5 orange
    {22, 128, 66, 255},  // 6 green
    {128, 28, 36, 255},  // 7 maroon
}};

} // namespace

BallStyle ball_style(int number, BallSet set) {
    if (number <= 0) return {kCueWhite, false, false};
    if (set == BallSet::Snooker) {
        constexpr std::array<Color, 7> kSnooker{{
            {196, 22, 28, 255},   // red
            {250, 206, 30, 255},  // yellow
            {20, 120, 52, 255},   // green
            {120, 66, 30, 255},   // brown
            {26, 72, 190, 255},   // blue
            {244, 128, 160, 255}, // pink
            {15, 15, 17, 255},    // black
        }};
        const int k = number <= 15 ? 0 : std::clamp(number - 15, 1, 6);
        return {kSnooker[static_cast<std::size_t>(k)], false, false};
    }
    const int n = (number - 1) % 15 + 1; // 1..15
    if (n == 8) return {kSolids[0], false, true};
    if (n < 8) return {kSolids[static_cast<std::size_t>(n)], false, true};
    return {kSolids[static_cast<std::size_t>(n - 8)], true, true};
}

BallStyle carom_ball_style(int id) {
    if (id == 1) return {{244, 200, 30, 255}, false, false};
    if (id == 2) return {{200, 24, 30, 255}, false, false};
    return {kCueWhite, false, false};
}

std::string ball_label(int id, BallSet set, bool carom) {
    if (carom) return id == 1 ? "Y" : id == 2 ? "R" : "W";
    if (id <= 0) return "";
    if (set == BallSet::Snooker) return std::to_string(id <= 15 ? 1 : std::clamp(id - 14, 2, 7));
    return std::to_string((id - 1) % 15 + 1);
}

Color mix(Color a, Color b, double t) {
    return {channel(a.r + (b.r - a.r) * t), channel(a.g + (b.g - a.g) * t),
            channel(a.b + (b.b - a.b) * t), channel(a.a + (b.a - a.a) * t)};
}

Color scaled(Color c, double f) {
    if (f <= 1.0) return {channel(c.r * f), channel(c.g * f), channel(c.b * f), c.a};
    // Brighter: move towards white so saturated colours do not clip to a flat tone.
    return mix(c, Color{255, 255, 255, c.a}, std::min(f - 1.0, 1.0));
}

Color with_alpha(Color c, std::uint8_t a) {
    return {c.r, c.g, c.b, a};
}

} // namespace billiards::render

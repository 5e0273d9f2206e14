// The palette: standard pool ball colours, cloth, wood. Plain data, no SDL.
#pragma once

#include <cstdint>
#include <string>

namespace billiards::render {

struct Color {
    std::uint8_t r = 0, g = 0, b = 0, a = 255;
};

// Standard pool colours: 1 yellow, 2 blue, 3 red, 4 purple, 5 orange, 6 green, 7 maroon,
// 8 black; 9-15 are stripes of 1-7; 0 is the white cue ball. Numbers above 15 repeat 1-15.
struct BallStyle {
    Color color; // the solid colour, or the stripe's band
    bool stripe = false;
    bool numbered = true; // false for the cue ball
};
// Snooker's set (ids of game/snooker/snooker_table.hpp): 1-15 reds, 16-21 yellow, green, brown,
// blue, pink, black; no numbers.
enum class BallSet { Pool, Snooker };
BallStyle ball_style(int number, BallSet set = BallSet::Pool);
// Carom balls by id: 0 white, 1 yellow, 2 red (game/carom/carom_rules.hpp), none numbered.
BallStyle carom_ball_style(int id);
// What the colour-blind labels print on a ball, upright, so that no ball is told by its
// colour alone: pool, its number (none on the cue ball); snooker, its value (1 on a red, 2
// yellow ... 7 black; none on the cue ball); carom, "W", "Y" or "R".
std::string ball_label(int id, BallSet set, bool carom);

inline constexpr Color kCueWhite{246, 243, 232};
inline constexpr Color kCloth{30, 116, 72};
inline constexpr Color kSnookerCloth{24, 118, 44}; // the brighter, yellower green of snooker
inline constexpr Color kCaromCloth{28, 88, 168};   // the blue of heated match cloth
inline constexpr Color kBackground{18, 22, 26};
inline constexpr Color kWood{112, 58, 28};

// Linear mix of a and b: t = 0 gives a.
Color mix(Color a, Color b, double t);
Color scaled(Color c, double factor); // brighter (> 1) or darker (< 1), alpha kept
Color with_alpha(Color c, std::uint8_t a);

} // namespace billiards::render

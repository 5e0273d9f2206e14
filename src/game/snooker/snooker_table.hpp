// Snooker's table markings and balls, shared by the rules, the rack, the match and render.
// Coordinates as every table: centre at the origin, +x towards the top cushion (the foot of
// a pool table), the baulk cushion at x = -length / 2. Seen from the baulk end, +y is left.
// Markings of the full-size table (WPBSA): baulk line 737 mm from the baulk cushion, the D
// of radius 292 mm on it, the black spot 324 mm from the top cushion, the pink midway
// between the blue (centre) and the top cushion. A smaller table scales them: distances
// along the table by length / 3569 mm, the D by width / 1778 mm.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/vec.hpp"
#include "game/table.hpp"
#include "physics/types.hpp"

namespace billiards::game::snooker {

// Ball ids: 0 the cue ball, 1..15 the reds, 16..21 the colours in value order.
inline constexpr int kCue = 0;
inline constexpr int kFirstRed = 1;
inline constexpr int kReds = 15;
inline constexpr int kYellow = 16;
inline constexpr int kGreen = 17;
inline constexpr int kBrown = 18;
inline constexpr int kBlue = 19;
inline constexpr int kPink = 20;
inline constexpr int kBlack = 21;

constexpr bool is_red(int id) {
    return id >= kFirstRed && id < kFirstRed + kReds;
}
constexpr bool is_colour(int id) {
    return id >= kYellow && id <= kBlack;
}
// 1 for a red, 2 (yellow) .. 7 (black) for a colour, 0 otherwise.
constexpr int value(int id) {
    return is_red(id) ? 1 : is_colour(id) ? id - kYellow + 2 : 0;
}
// The colour worth v points (2..7).
constexpr int colour_of_value(int v) {
    return kYellow + v - 2;
}
// "red", "yellow", ... "black", "cue ball".
const char* ball_name(int id);

struct Markings {
    double baulk_x = 0.0;  // the baulk line, x
    double d_radius = 0.0; // the D: a half circle on the baulk line, towards the baulk cushion
    std::array<Vec2, 6> spots{}; // yellow, green, brown, blue, pink, black (value order)
};

Markings markings(const TableSpec& spec);
// The spot of a colour.
Vec2 spot_of(const Markings& m, int colour);
// Inside the D (boundary included): behind or on the baulk line, within the radius.
bool in_d(const Markings& m, Vec2 p);

// A snooker spec: "snooker-12ft" by default values (the asset file holds the same numbers).
TableSpec full_size_spec();

struct RackOptions {
    std::uint64_t seed = 1;
    double max_gap = 1e-4; // m, as pool racks: seeded small gaps between the reds
};
// 15 reds in a triangle with its apex behind the pink (as close as it can be without
// touching), the colours on their spots and the cue ball in the D (on the baulk line,
// between the brown and the green).
std::vector<physics::BallDef> rack(const TableSpec& spec, const RackOptions& o = {});

// A ball on the table as the spotting rules see it.
struct Placed {
    int id = 0;
    Vec2 position{};
};

// Where the colours `ids` go back (Section 3 Rule 4): each on its own spot if free; else,
// highest value first, the highest-value free spot; else as near its own spot as possible
// between it and the top cushion; else (pink and black first of all, then any) as near as
// possible below the spot on the centre line. A spot is free when a ball there would not
// touch any other ball. Returns positions in the order of `ids`.
std::vector<Vec2> respot_positions(const TableSpec& spec, const std::vector<Placed>& others,
                                   const std::vector<int>& ids);

// Snookered (Section 2 Rule 18): no ball in `on` can be hit at both extreme edges (the cue
// ball grazing it on either side) by a straight stroke with no other ball in the way. Balls
// on never obstruct. Cushions are not considered (an angled ball is not a snooker here).
bool snookered(const std::vector<Placed>& balls, double radius, const std::vector<int>& on);
// A ball of `radius` rolls straight from `from` to `to` without touching any ball but the
// ones with ids ignore_a and ignore_b (the cue ball and the target, say).
bool clear_path(const std::vector<Placed>& balls, double radius, Vec2 from, Vec2 to, int ignore_a,
                int ignore_b);

} // namespace billiards::game::snooker

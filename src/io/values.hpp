// Value readers and writers shared by every file format (scenario, match, replay,
// settings): ranges checked with FILE: JSON.PATH: problem messages, and the writers that
// make each value read back bit for bit.
#pragma once

#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/vec.hpp"
#include "game/cue.hpp"
#include "game/game_kind.hpp"
#include "game/seats.hpp"
#include "game/table.hpp"
#include "io/json_reader.hpp"
#include "physics/types.hpp"

namespace billiards::io::values {

using Json = nlohmann::ordered_json; // keys in the documented order

// Sanity bounds (documented in scenario.hpp): far beyond any pool table, near enough that
// the physics stays finite.
inline constexpr double kMaxCoordinate = 1e4;
inline constexpr double kMaxSpeed = 1e4;
inline constexpr double kMaxSpin = 1e6;
// Mass and radius: the range the ball world resolves exactly. Masses only enter the impulses
// through ratios and m v^2 (1e12 kg at 1e4 m/s is 1e20 J): any pair within [1e-12, 1e12] kg,
// a ratio up to 1e24, keeps every product far inside a double (the pi-counting scenes of
// assets/scenarios use a ratio of 1e10). A radius must stay far above the world's absolute
// lengths (1e-9 m of placement rounding, 1e-10 m of contact depth, the 2e-12 m resolution of
// a coordinate near 1e4 m): 1e-6 m is a thousand times the largest. Above, 1e3 m is a tenth
// of the coordinate bound, so a ball still fits a world many diameters wide.
inline constexpr double kMinRadius = 1e-6, kMaxRadius = 1e3;
inline constexpr double kMinMass = 1e-12, kMaxMass = 1e12;
inline constexpr int kMaxThrowSteps = 100000; // the mathavan impact's steps: about 10 ms an impact
inline constexpr double kMaxDuration = 86400.0;

double positive(const JsonReader& r, double lo, double hi); // lo <= v <= hi and v > 0
double non_negative(const JsonReader& r, double hi);
double unit_interval(const JsonReader& r);
Vec2 bounded2(const JsonReader& r, double limit); // each component within +-limit
Vec3 bounded3(const JsonReader& r, double limit);
int int_in(const JsonReader& r, int lo, int hi);

// Where balls may stand: on a named table (table_name not empty) inside the playing surface, never
// overlapping a cushion or another ball (touching is fine: 1e-9 m of rounding). Messages name
// "balls[index[i]].position", so a caller that skips some balls (pocketed) keeps the file's
// numbering.
void check_placement(const std::vector<physics::BallDef>& balls,
                     const std::vector<std::size_t>& index, const game::Table& table,
                     const std::string& table_name, const std::string& file);
bool boolean(const JsonReader& r);
std::uint64_t uint64(const JsonReader& r); // a JSON integer >= 0 below 2^64

// A string naming one of `names` (an enum written as plain words).
template <typename E> using Names = std::span<const std::pair<std::string_view, E>>;
[[noreturn]] void fail_one_of(const JsonReader& r, std::span<const std::string_view> names);
template <typename E> E enum_value(const JsonReader& r, Names<E> names) {
    const std::string text = r.string();
    std::vector<std::string_view> words;
    for (const auto& [word, value] : names) {
        if (word == text) return value;
        words.push_back(word);
    }
    fail_one_of(r, words);
}
template <typename E> std::string_view enum_name(Names<E> names, E value) {
    for (const auto& [word, v] : names) {
        if (v == value) return word;
    }
    return "?";
}

template <typename E, std::size_t N>
using NameTable = std::array<std::pair<std::string_view, E>, N>;
template <typename E, std::size_t N> E one_of(const JsonReader& r, const NameTable<E, N>& names) {
    return enum_value<E>(r, Names<E>(names));
}
template <typename E, std::size_t N> std::string name_of(const NameTable<E, N>& names, E value) {
    return std::string(enum_name<E>(Names<E>(names), value));
}

inline constexpr NameTable<game::GameKind, 2> kGames{{
    {"8-ball", game::GameKind::EightBall},
    {"9-ball", game::GameKind::NineBall},
}};
// Every kind of game by its name ("8-ball", ..., game::to_string), in the kinds' order: a
// kind added to game_kind.hpp's table has its name here.
const NameTable<game::GameKind, game::kGameKinds.size()>& game_kind_names();
inline constexpr NameTable<game::SeatKind, 2> kSeatKinds{{
    {"human", game::SeatKind::Human},
    {"computer", game::SeatKind::Computer},
}};
inline constexpr NameTable<game::Noise, 3> kNoises{{
    {"level", game::Noise::Level},
    {"standard", game::Noise::Standard},
    {"none", game::Noise::None},
}};
inline constexpr NameTable<game::AiLevel, 4> kLevels{{
    {"easy", game::AiLevel::Easy},
    {"medium", game::AiLevel::Medium},
    {"hard", game::AiLevel::Hard},
    {"pro", game::AiLevel::Pro},
}};

// A player's name: at most 32 characters (UTF-8), none of them a control character.
std::string player_name(const JsonReader& r);
// Empty when fine, else the problem (for names set in code before writing).
std::string name_problem(const std::string& name);

// Every physics key optional; a missing key keeps its value in `defaults`.
// `cue`: where a scenario keeps the cue's end mass (physics.cue_end_mass); null for files
// whose cue has its own object (saves, replays), which then refuse the key.
physics::Params read_physics(const JsonReader& r, const physics::Params& defaults,
                             game::CueParams* cue = nullptr);
Json physics_json(const physics::Params& p, const game::CueParams* cue = nullptr);

// Cue: every key optional ("mass", "tip_restitution", "miscue_limit").
game::CueParams read_cue(const JsonReader& r);
Json cue_json(const game::CueParams& c);

// A standard pool table's name (any shipped table's with any_kind, as scenarios take);
// unknown names fail listing the known ones.
std::string table_name(const JsonReader& r, bool any_kind = false);
std::string known_tables(bool any_kind = false); // "pool-9ft, pool-8ft, pool-7ft"

// Heading in degrees: reads `heading` (degrees) and, when present, `heading_rad` (the exact
// radians, written when no double in degrees converts back to them; must agree).
double read_heading(const JsonReader& object);
void write_heading(Json& object, double radians);
// The cue's elevation (0 to 90 degrees) as "elevation" in degrees, with "elevation_rad"
// when the degrees do not give the radians back exactly; absent: a level cue (0).
double read_elevation(const JsonReader& object);
void write_elevation(Json& object, double radians);
// The degrees that convert back to exactly `rad` when one is within a few ulps (always so
// for a heading that was read from a file), else the nearest degrees.
double heading_degrees(double rad);

Json vec(Vec2 v);
Json vec(Vec3 v);

} // namespace billiards::io::values

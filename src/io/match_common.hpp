// Private to the save files (billiards-game/1, and the formats before it): the parts they
// keep under the same keys, read and written in one place.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "game/cue.hpp"
#include "game/seats.hpp"
#include "game/shot_events.hpp"
#include "game/table.hpp"
#include "io/json_reader.hpp"
#include "io/user_files.hpp"
#include "io/values.hpp"
#include "physics/types.hpp"

namespace billiards::io::match_common {

using values::Json;

inline constexpr int kMaxShotsLimit = 100000;
inline constexpr double kMaxCueSpeed = 100.0; // the matches themselves refuse more than 20 m/s

// "seats": two objects of "kind", "level" and "name".
Json seats_json(const std::array<game::Seat, 2>& seats);
std::array<game::Seat, 2> read_seats(const JsonReader& seats);

// A stroke's cue keys: "heading" (and "heading_rad"), "speed", "tip", "elevation" (and
// "elevation_rad"). The caller checks the object's keys.
game::CueShot read_cue_shot(const JsonReader& stroke);
void write_cue_shot(Json& stroke, const game::CueShot& shot);

// A stroke's "call": {"ball", "pocket"}, each -1 (none) or an id up to its bound; written
// only when something is called.
game::ShotCall read_call(const JsonReader& call, int max_ball, int pockets);
void write_call(Json& stroke, const game::ShotCall& call);

// Three-cushion's position set up (CaromGameConfig::opening, GameOptions::opening) as
// "balls": the three balls by id (0 white, 1 yellow, 2 red), on `table`, apart; in
// billiards-carom/1 and billiards-game/1 alike.
std::vector<physics::BallDef> read_carom_balls(const JsonReader& balls,
                                               const game::TableSpec& table,
                                               const std::string& table_name);
Json carom_balls_json(const std::vector<physics::BallDef>& balls);

// "seats", "physics" and "cue", in this order.
template <class Config> void write_players(Json& j, const Config& c) {
    j["seats"] = seats_json(c.seats);
    j["physics"] = values::physics_json(c.params);
    j["cue"] = values::cue_json(c.cue);
}

// "practice", "max_shots" and "max_shot_seconds", in this order.
template <class Config> void write_limits(Json& j, const Config& c) {
    j["practice"] = c.practice;
    j["max_shots"] = c.max_shots;
    j["max_shot_seconds"] = c.max_shot_seconds;
}

// The keys above and "seed": the seats required, the rest optional (a missing key keeps the
// config's value; c.params holds the table's physics before).
template <class Config> void read_common(const JsonReader& root, Config& c) {
    using namespace values;
    c.seats = read_seats(root.at("seats"));
    if (auto p = root.find("physics")) c.params = read_physics(*p, c.params);
    if (auto cue = root.find("cue")) c.cue = read_cue(*cue);
    if (auto seed = root.find("seed")) c.seed = uint64(*seed);
    if (auto practice = root.find("practice")) c.practice = boolean(*practice);
    if (auto shots = root.find("max_shots")) c.max_shots = int_in(*shots, 1, kMaxShotsLimit);
    if (auto secs = root.find("max_shot_seconds"))
        c.max_shot_seconds = positive(*secs, 0.0, kMaxDuration);
}

// save_user_file, keeping an old file as the backup only when `parse` still reads it.
template <class Parse>
void save_checked(const std::string& path, const std::string& text, Parse parse) {
    save_user_file(path, text, [&parse](const std::string& old) {
        try {
            parse(old, "old");
            return true;
        } catch (const InputError&) {
            return false;
        }
    });
}

} // namespace billiards::io::match_common

// Private to the save files (billiards-game/1, and the formats before it): the parts they
// keep under the same keys, read and written in one place.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "game/cue.hpp"
#include "game/game.hpp"
#include "game/seats.hpp"
#include "game/shot_events.hpp"
#include "game/table.hpp"
#include "io/json_reader.hpp"
#include "io/json_writer.hpp"
#include "io/user_files.hpp"
#include "io/values.hpp"
#include "physics/types.hpp"

namespace billiards::io::match_common {

using values::Json;

inline constexpr int kMaxShotsLimit = 100000;
inline constexpr double kMaxCueSpeed = 100.0; // the matches themselves refuse more than 20 m/s

// A save's first keys: "format", "game" (left out when empty) and "table".
Json save_head(const char* format, const std::string& game, const std::string& table);

// Snooker's "best_of": an odd number of frames, at most 35.
int best_of(const JsonReader& best_of);

// "seats": two objects of "kind", "level" and "name".
Json seats_json(const std::array<game::Seat, 2>& seats);
// The same of seats kept as their kinds, levels and names apart (the settings, billiards-carom/1).
Json seats_json(const std::array<game::SeatKind, 2>& kinds,
                const std::array<game::AiLevel, 2>& levels,
                const std::array<std::string, 2>& names);
std::array<game::Seat, 2> read_seats(const JsonReader& seats);

// A stroke's cue keys: "heading" (and "heading_rad"), "speed", "tip", "elevation" (and
// "elevation_rad"). The caller checks the object's keys.
game::CueShot read_cue_shot(const JsonReader& stroke);
void write_cue_shot(Json& stroke, const game::CueShot& shot);

// A stroke's "call": {"ball", "pocket"}, each -1 (none) or an id up to its bound; written
// only when something is called.
game::ShotCall read_call(const JsonReader& call, int max_ball, int pockets);
void write_call(Json& stroke, const game::ShotCall& call);

// A save's inputs, one small object each ("kind" and the kind's keys), read and written in
// one place for billiards-game/1 and the two match formats before it, which name some
// inputs differently: the words of a format.
struct InputWords {
    values::Names<game::GameInput::Kind> kinds; // the word of each kind the format has
    const char* decision_key;                   // the key of a decision's answer
    values::Names<game::Decision> decisions;    // the decisions the format has
    int max_called = -1;    // the highest ball a "call" names; -1: no "call" nor "push_out"
    int max_nominated = -1; // the highest ball "nominated" names; -1: no "nominated"
};
extern const InputWords kGameInputs;    // billiards-game/1
extern const InputWords kMatchInputs;   // billiards-match/1 (pool)
extern const InputWords kSnookerInputs; // billiards-snooker-match/1

// `pockets`: the table's, which a call names.
game::GameInput read_input(const JsonReader& input, const InputWords& words, int pockets);
Json input_json(const game::GameInput& input, const InputWords& words);

// A save's "inputs", each read as the game's input and made the file's own by `own` (the
// game's inputs as they are, or a discipline's match inputs).
template <class Own>
auto read_inputs(const JsonReader& root, const InputWords& words, int pockets, Own own) {
    const JsonReader inputs = root.at("inputs");
    inputs.expect_array();
    std::vector<decltype(own(game::GameInput{}))> out;
    for (std::size_t i = 0; i < inputs.size(); ++i)
        out.push_back(own(read_input(inputs[i], words, pockets)));
    return out;
}
// The file's text: `j` with "inputs" last, each made the game's input by `to_game`.
template <class Input, class ToGame>
std::string with_inputs(Json& j, const std::vector<Input>& inputs, const InputWords& words,
                        ToGame to_game) {
    j["inputs"] = Json::array();
    for (const Input& in : inputs)
        j["inputs"].push_back(input_json(to_game(in), words));
    return write_json(j);
}

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

// The match formats' last keys: "practice", "max_shots" and "max_shot_seconds", in this
// order, then the inputs (with_inputs); the file's text.
template <class Config, class Input, class ToGame>
std::string with_limits_and_inputs(Json& j, const Config& c, const std::vector<Input>& inputs,
                                   const InputWords& words, ToGame to_game) {
    j["practice"] = c.practice;
    j["max_shots"] = c.max_shots;
    j["max_shot_seconds"] = c.max_shot_seconds;
    return with_inputs(j, inputs, words, to_game);
}

// The physics a file's "physics" changes: a config's own, or the defaults where a config
// has none (game::GameOptions).
inline physics::Params base_params(const physics::Params& p) {
    return p;
}
inline physics::Params base_params(const std::optional<physics::Params>& p) {
    return p.value_or(physics::Params{});
}

// The keys above and "seed": the seats required, the rest optional (a missing key keeps the
// config's value; c.params holds the table's physics before).
template <class Config> void read_common(const JsonReader& root, Config& c) {
    using namespace values;
    c.seats = read_seats(root.at("seats"));
    if (auto p = root.find("physics")) c.params = read_physics(*p, base_params(c.params));
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

#include "io/match_common.hpp"

#include "game/snooker/snooker_table.hpp"
#include "game/table.hpp"
#include "io/placement.hpp"

namespace billiards::io::match_common {

using namespace values;
using game::Decision;
using game::GameInput;

namespace {

constexpr NameTable<GameInput::Kind, 6> kGameKinds{{
    {"place_cue", GameInput::Kind::PlaceCue},
    {"stroke", GameInput::Kind::Stroke},
    {"decide", GameInput::Kind::Decide},
    {"undo", GameInput::Kind::Undo},
    {"rematch", GameInput::Kind::Rematch},
    {"concede", GameInput::Kind::Concede},
}};
constexpr NameTable<GameInput::Kind, 5> kMatchKinds{{
    {"place_cue", GameInput::Kind::PlaceCue},
    {"shot", GameInput::Kind::Stroke},
    {"decide", GameInput::Kind::Decide},
    {"undo", GameInput::Kind::Undo},
    {"rematch", GameInput::Kind::Rematch},
}};
constexpr NameTable<GameInput::Kind, 6> kSnookerKinds{{
    {"place_cue", GameInput::Kind::PlaceCue},
    {"stroke", GameInput::Kind::Stroke},
    {"reply", GameInput::Kind::Decide},
    {"undo", GameInput::Kind::Undo},
    {"concede", GameInput::Kind::Concede},
    {"next_frame", GameInput::Kind::Rematch},
}};
// Pool's decisions first, then snooker's, then three-cushion's: the older formats name a
// part of the list.
constexpr NameTable<Decision, 10> kDecisions{{
    {"accept_table", Decision::AcceptTable},
    {"rerack", Decision::Rerack},
    {"rerack_opponent_breaks", Decision::RerackOpponentBreaks},
    {"shoot_after_push_out", Decision::ShootAfterPushOut},
    {"pass_back", Decision::PassBack},
    {"play_on", Decision::PlayOn},
    {"offender_plays_again", Decision::OffenderPlaysAgain},
    {"replace_and_replay", Decision::ReplaceAndReplay},
    {"play_away", Decision::PlayAway},
    {"spot", Decision::Spot},
}};
constexpr Names<Decision> kAllDecisions(kDecisions);
constexpr int kMaxBallId = 1000000;
constexpr int kPoolBalls = 15;

} // namespace

const InputWords kGameInputs{kGameKinds, "decision", kAllDecisions, kMaxBallId, kMaxBallId};
const InputWords kMatchInputs{kMatchKinds, "choice", kAllDecisions.first(5), kPoolBalls, -1};
const InputWords kSnookerInputs{kSnookerKinds, "reply", kAllDecisions.subspan(5, 3), -1,
                                game::snooker::kBlack};

GameInput read_input(const JsonReader& r, const InputWords& w, int pockets) {
    if (!r.json().is_object()) r.fail("must be an object");
    GameInput in;
    in.kind = enum_value(r.at("kind"), w.kinds);
    switch (in.kind) {
    case GameInput::Kind::PlaceCue:
        r.expect_object({"kind", "position"});
        in.position = bounded2(r.at("position"), kMaxCoordinate);
        break;
    case GameInput::Kind::Stroke: {
        std::vector<std::string_view> keys{"kind", "heading",   "heading_rad",  "speed",
                                           "tip",  "elevation", "elevation_rad"};
        if (w.max_called >= 0) keys.insert(keys.end(), {"call", "push_out"});
        if (w.max_nominated >= 0) keys.push_back("nominated");
        r.expect_object(keys);
        in.stroke.shot = read_cue_shot(r);
        if (w.max_called >= 0) {
            if (auto call = r.find("call"))
                in.stroke.call = read_call(*call, w.max_called, pockets);
            if (auto push = r.find("push_out")) in.stroke.push_out = boolean(*push);
        }
        if (w.max_nominated >= 0)
            if (auto n = r.find("nominated")) in.stroke.nominated = int_in(*n, -1, w.max_nominated);
        break;
    }
    case GameInput::Kind::Decide:
        r.expect_object({"kind", w.decision_key});
        in.decision = enum_value(r.at(w.decision_key), w.decisions);
        break;
    case GameInput::Kind::Concede:
        r.expect_object({"kind", "player"});
        in.player = int_in(r.at("player"), 0, 1);
        break;
    case GameInput::Kind::Undo:
    case GameInput::Kind::Rematch:
        r.expect_object({"kind"});
        break;
    }
    return in;
}

Json input_json(const GameInput& in, const InputWords& w) {
    Json j = {{"kind", std::string(enum_name(w.kinds, in.kind))}};
    switch (in.kind) {
    case GameInput::Kind::PlaceCue:
        j["position"] = vec(in.position);
        break;
    case GameInput::Kind::Stroke:
        write_cue_shot(j, in.stroke.shot);
        write_call(j, in.stroke.call);
        if (in.stroke.push_out) j["push_out"] = true;
        if (in.stroke.nominated != -1) j["nominated"] = in.stroke.nominated;
        break;
    case GameInput::Kind::Decide:
        j[w.decision_key] = std::string(enum_name(w.decisions, in.decision));
        break;
    case GameInput::Kind::Concede:
        j["player"] = in.player;
        break;
    case GameInput::Kind::Undo:
    case GameInput::Kind::Rematch:
        break;
    }
    return j;
}

Json save_head(const char* format, const std::string& game, const std::string& table) {
    Json j;
    j["format"] = format;
    if (!game.empty()) j["game"] = game;
    j["table"] = table;
    return j;
}

int best_of(const JsonReader& r) {
    const int n = int_in(r, 1, 35);
    if (n % 2 == 0) r.fail("must be odd (best of N frames)");
    return n;
}

Json seats_json(const std::array<game::Seat, 2>& seats) {
    Json j = Json::array();
    for (const game::Seat& s : seats) {
        Json seat = {{"kind", name_of(kSeatKinds, s.kind)},
                     {"level", name_of(kLevels, s.level)},
                     {"name", s.name}};
        // Written only when not the level's own, so files from before the key are unchanged.
        if (s.noise != game::Noise::Level) seat["noise"] = name_of(kNoises, s.noise);
        j.push_back(std::move(seat));
    }
    return j;
}

Json seats_json(const std::array<game::SeatKind, 2>& kinds,
                const std::array<game::AiLevel, 2>& levels,
                const std::array<std::string, 2>& names) {
    return seats_json(
        std::array<game::Seat, 2>{game::Seat{kinds[0], levels[0], names[0], std::nullopt},
                                  game::Seat{kinds[1], levels[1], names[1], std::nullopt}});
}

std::array<game::Seat, 2> read_seats(const JsonReader& seats) {
    seats.expect_array();
    if (seats.size() != 2) seats.fail("must hold 2 seats");
    std::array<game::Seat, 2> out{};
    for (std::size_t i = 0; i < 2; ++i) {
        const JsonReader r = seats[i];
        r.expect_object({"kind", "level", "name", "noise"});
        out[i].kind = one_of(r.at("kind"), kSeatKinds);
        if (auto level = r.find("level")) out[i].level = one_of(*level, kLevels);
        if (auto name = r.find("name")) out[i].name = player_name(*name);
        if (auto noise = r.find("noise")) out[i].noise = one_of(*noise, kNoises);
    }
    return out;
}

game::CueShot read_cue_shot(const JsonReader& stroke) {
    game::CueShot shot;
    shot.heading = read_heading(stroke);
    shot.speed = non_negative(stroke.at("speed"), kMaxCueSpeed);
    if (auto tip = stroke.find("tip")) {
        const Vec2 t = bounded2(*tip, 1.0);
        shot.side = t.x;
        shot.height = t.y;
    }
    shot.elevation = read_elevation(stroke);
    return shot;
}

void write_cue_shot(Json& stroke, const game::CueShot& shot) {
    write_heading(stroke, shot.heading);
    stroke["speed"] = shot.speed;
    stroke["tip"] = vec(Vec2{shot.side, shot.height});
    write_elevation(stroke, shot.elevation);
}

game::ShotCall read_call(const JsonReader& r, int max_ball, int pockets) {
    r.expect_object({"ball", "pocket"});
    game::ShotCall call;
    if (auto b = r.find("ball")) call.ball = int_in(*b, -1, max_ball);
    if (auto p = r.find("pocket")) call.pocket = int_in(*p, -1, pockets - 1);
    return call;
}

void write_call(Json& stroke, const game::ShotCall& call) {
    if (call.ball != -1 || call.pocket != -1)
        stroke["call"] = {{"ball", call.ball}, {"pocket", call.pocket}};
}

// A position set up (CaromGameConfig::opening): the three balls by id, on the table, apart.
std::vector<physics::BallDef> read_carom_balls(const JsonReader& r, const game::TableSpec& table,
                                               const std::string& table_name) {
    r.expect_array();
    if (r.size() != 3) r.fail("must hold the 3 balls (ids 0 white, 1 yellow, 2 red)");
    std::vector<physics::BallDef> balls;
    for (std::size_t i = 0; i < 3; ++i) {
        const JsonReader b = r[i];
        b.expect_object({"id", "position"});
        physics::BallDef d;
        d.id = int_in(b.at("id"), 0, 2);
        for (const physics::BallDef& other : balls)
            if (other.id == d.id) b.at("id").fail("is given twice");
        d.position = bounded2(b.at("position"), kMaxCoordinate);
        d.radius = table.ball_radius;
        d.mass = table.ball_mass;
        balls.push_back(d);
    }
    check_placement(balls, {0, 1, 2}, game::build_table(table), table_name, r.file_name());
    return balls;
}

Json carom_balls_json(const std::vector<physics::BallDef>& balls) {
    Json j = Json::array();
    for (const physics::BallDef& b : balls)
        j.push_back({{"id", b.id}, {"position", vec(b.position)}});
    return j;
}

} // namespace billiards::io::match_common

#include "io/match_common.hpp"

#include "game/table.hpp"
#include "io/placement.hpp"

namespace billiards::io::match_common {

using namespace values;

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

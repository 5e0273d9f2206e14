// billiards-replay/1: the world before one shot, written ball by ball.
#include "io/replay_file.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cinttypes>
#include <map>
#include <stdexcept>

#include "io/json_writer.hpp"
#include "io/scenario.hpp"
#include "io/values.hpp"

namespace billiards::io {

namespace {

using namespace values;
using physics::MotionState;

constexpr const char* kFormat = formats::kReplay;
constexpr double kMaxCueSpeed = 100.0;
// A game's world is new each rack: 300 shots of 120 s at 240 steps/s is 8.6 million steps.
constexpr std::uint64_t kMaxSteps = 100'000'000;

// Before a shot every ball is at rest or in a pocket.
constexpr NameTable<MotionState, 2> kStates{{
    {"stationary", MotionState::Stationary},
    {"pocketed", MotionState::Pocketed},
}};

ReplayBall read_ball(const JsonReader& r) {
    r.expect_object({"id", "state", "position", "velocity", "spin", "radius", "mass"});
    ReplayBall b;
    b.id = int_in(r.at("id"), 0, 1'000'000);
    b.state = one_of(r.at("state"), kStates);
    b.position = bounded2(r.at("position"), kMaxCoordinate);
    b.velocity = bounded2(r.at("velocity"), kMaxSpeed);
    b.spin = bounded3(r.at("spin"), kMaxSpin);
    b.radius = positive(r.at("radius"), kMinRadius, kMaxRadius);
    b.mass = positive(r.at("mass"), kMinMass, kMaxMass);
    // A ball at rest has no motion at all (else it would be sliding, rolling or spinning).
    if (b.state == MotionState::Stationary) {
        if (b.velocity != Vec2{}) r.at("velocity").fail("must be [0, 0] for a stationary ball");
        if (b.spin != Vec3{}) r.at("spin").fail("must be [0, 0, 0] for a stationary ball");
    }
    return b;
}

std::vector<ReplayBall> read_balls(const JsonReader& r) {
    r.expect_array();
    if (r.size() == 0) r.fail("must hold at least one ball");
    std::vector<ReplayBall> balls;
    std::map<int, std::size_t> first;
    for (std::size_t i = 0; i < r.size(); ++i) {
        balls.push_back(read_ball(r[i]));
        const auto [it, added] = first.emplace(balls.back().id, i);
        if (!added)
            r[i].at("id").fail(
                fmt::format("duplicate id {} (also balls[{}].id)", balls.back().id, it->second));
    }
    const auto cue = first.find(game::kCueBall);
    if (cue == first.end()) r.fail("must hold the cue ball (id 0)");
    if (balls[cue->second].state != MotionState::Stationary)
        r[cue->second].at("state").fail("must be \"stationary\" (the cue ball is struck)");
    return balls;
}

// The id of the ball the cue strikes: one of `balls`, at rest on the table.
int struck_ball(const JsonReader& r, const std::vector<ReplayBall>& balls) {
    const int id = int_in(r, 0, 1'000'000);
    const auto it =
        std::find_if(balls.begin(), balls.end(), [id](const ReplayBall& b) { return b.id == id; });
    if (it == balls.end()) r.fail(fmt::format("no ball {} in balls", id));
    if (it->state != MotionState::Stationary)
        r.fail(fmt::format("ball {} must be \"stationary\" (the cue strikes it)", id));
    return id;
}

void read_shot(const JsonReader& r, ReplayFile& f, int pockets) {
    r.expect_object({"heading", "heading_rad", "speed", "tip", "elevation", "elevation_rad", "call",
                     "push_out", "shooter", "cue_ball"});
    f.shot.heading = read_heading(r);
    f.shot.speed = non_negative(r.at("speed"), kMaxCueSpeed);
    const JsonReader tip = r.at("tip");
    const Vec2 t = bounded2(tip, 1.0);
    f.shot.side = t.x;
    f.shot.height = t.y;
    f.shot.elevation = read_elevation(r);
    if (!game::tip_within_limit(f.shot, f.cue))
        tip.fail(fmt::format("miscue: the tip is {:.6g} radii from the centre, more than {}",
                             std::hypot(t.x, t.y), f.cue.miscue_limit));
    if (auto call = r.find("call")) {
        call->expect_object({"ball", "pocket"});
        if (auto b = call->find("ball")) f.call.ball = int_in(*b, -1, 15);
        if (auto p = call->find("pocket")) f.call.pocket = int_in(*p, -1, pockets - 1);
    }
    if (auto push = r.find("push_out")) f.push_out = boolean(*push);
    if (auto shooter = r.find("shooter")) f.shooter = int_in(*shooter, 0, 1);
    if (auto cue = r.find("cue_ball")) f.cue_ball = struck_ball(*cue, f.balls);
}

void read_clock(const JsonReader& r, ReplayFile& f) {
    r.expect_object({"steps", "time"});
    const JsonReader steps = r.at("steps");
    f.steps = uint64(steps);
    if (f.steps > kMaxSteps) steps.fail(fmt::format("must be <= {}", kMaxSteps));
    const JsonReader time = r.at("time");
    const double expected = static_cast<double>(f.steps) * f.params.timestep;
    if (time.number() != expected)
        time.fail(fmt::format("must be clock.steps x physics.timestep ({})",
                              nlohmann::json(expected).dump()));
}

std::uint64_t read_hash(const JsonReader& r) {
    const std::string text = r.string();
    const bool hex =
        text.size() == 16 && text.find_first_not_of("0123456789abcdef") == std::string::npos;
    if (!hex) r.fail("must be 16 lowercase hexadecimal digits");
    return std::stoull(text, nullptr, 16);
}

Json ball_json(const ReplayBall& b) {
    return {{"id", b.id},
            {"state", name_of(kStates, b.state)},
            {"position", vec(b.position)},
            {"velocity", vec(b.velocity)},
            {"spin", vec(b.spin)},
            {"radius", b.radius},
            {"mass", b.mass}};
}

} // namespace

ReplayFile replay_of(const game::LastShot& last, const std::string& table_name,
                     const game::CueParams& cue, double max_seconds) {
    const physics::World& w = last.before;
    if (!w.at_rest()) throw std::invalid_argument("replay: the world before the shot is moving");
    if (w.time() != static_cast<double>(w.steps()) * w.params().timestep)
        throw std::invalid_argument("replay: the world's clock is not a whole number of steps");
    ReplayFile f;
    f.table_name = table_name;
    f.params = w.params();
    f.cue = cue;
    f.max_seconds = max_seconds;
    f.steps = w.steps();
    for (const physics::Ball& b : w.balls())
        f.balls.push_back({b.id, b.state, b.position, b.velocity, b.spin, b.radius, b.mass});
    f.shot = last.shot;
    f.call = last.call;
    f.push_out = last.push_out;
    f.shooter = last.shooter;
    f.cue_ball = last.cue_ball;
    f.end_hash = last.end_hash;
    return f;
}

ReplayFile replay_of(const game::Match& match, const std::string& table_name) {
    const game::LastShot* last = match.last_shot();
    if (!last) throw std::invalid_argument("replay: no shot yet");
    return replay_of(*last, table_name, match.config().cue, match.config().max_shot_seconds);
}

std::string replay_to_json(const ReplayFile& f) {
    Json j;
    j["format"] = kFormat;
    j["table"] = f.table_name;
    j["physics"] = physics_json(f.params);
    j["cue"] = cue_json(f.cue);
    j["max_seconds"] = f.max_seconds;
    j["clock"] = {{"steps", f.steps}, {"time", static_cast<double>(f.steps) * f.params.timestep}};
    j["balls"] = Json::array();
    for (const ReplayBall& b : f.balls)
        j["balls"].push_back(ball_json(b));
    Json shot = Json::object();
    write_heading(shot, f.shot.heading);
    shot["speed"] = f.shot.speed;
    shot["tip"] = vec(Vec2{f.shot.side, f.shot.height});
    write_elevation(shot, f.shot.elevation);
    shot["call"] = {{"ball", f.call.ball}, {"pocket", f.call.pocket}};
    shot["push_out"] = f.push_out;
    shot["shooter"] = f.shooter;
    shot["cue_ball"] = f.cue_ball;
    j["shot"] = shot;
    j["end_hash"] = fmt::format("{:016x}", f.end_hash);
    return write_json(j);
}

ReplayFile parse_replay(const std::string& text, const std::string& file_name) {
    const nlohmann::json doc = parse_json(text, file_name);
    const JsonReader root(doc, file_name);
    expect_format(root, kFormat);
    root.expect_object(
        {"format", "table", "physics", "cue", "max_seconds", "clock", "balls", "shot", "end_hash"});
    ReplayFile f;
    f.table_name = table_name(root.at("table"), true);
    const game::Table table = load_standard_table(f.table_name);
    f.params = read_physics(root.at("physics"), f.params);
    if (auto cue = root.find("cue")) f.cue = read_cue(*cue);
    if (auto m = root.find("max_seconds")) f.max_seconds = positive(*m, 0.0, kMaxDuration);
    read_clock(root.at("clock"), f);
    f.balls = read_balls(root.at("balls"));
    // The same placement rules as a scenario: overlapping balls are no shot to replay.
    std::vector<physics::BallDef> on_table;
    std::vector<std::size_t> index;
    for (std::size_t i = 0; i < f.balls.size(); ++i) {
        const ReplayBall& b = f.balls[i];
        if (b.state == MotionState::Pocketed) continue;
        on_table.push_back({b.id, b.position, b.velocity, b.spin, b.radius, b.mass});
        index.push_back(i);
    }
    check_placement(on_table, index, table, f.table_name, file_name);
    read_shot(root.at("shot"), f, static_cast<int>(table.pockets.size()));
    f.end_hash = read_hash(root.at("end_hash"));
    return f;
}

ReplayFile load_replay_file(const std::string& path) {
    return parse_replay(read_text_file(path), path);
}

void save_replay_file(const ReplayFile& r, const std::string& path) {
    write_file_atomic(path, replay_to_json(r));
}

game::Scenario scenario_of_replay(const ReplayFile& r) {
    game::Scenario s;
    s.table_name = r.table_name;
    s.table = load_standard_table(r.table_name);
    s.params = r.params;
    s.cue = r.cue;
    s.duration = r.max_seconds;
    for (const game::ReplayBall& b : r.balls)
        if (b.state != physics::MotionState::Pocketed)
            s.balls.push_back({b.id, b.position, b.velocity, b.spin, b.radius, b.mass});
    s.shot = game::ShotSpec{r.cue_ball, r.shot};
    return s;
}

} // namespace billiards::io

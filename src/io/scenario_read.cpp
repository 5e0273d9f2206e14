// Strict reading of billiards-scenario/1 (SCENARIO-FORMAT.md): every key checked for type
// and range, unknown keys rejected, then the balls checked against each other and the table.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <numeric>

#include "game/cue.hpp"
#include "io/json_reader.hpp"
#include "io/scenario.hpp"
#include "io/values.hpp"
#include "physics/cushion_model.hpp"
#include "physics/hertz.hpp"

namespace billiards::io {

namespace {

constexpr const char* kFormat = formats::kScenario;

using namespace values;

// The shortest stop of a compliant contact that a scenario may ask for (see
// check_compliant_scale): a thousand times the cluster integrator's shortest step.
constexpr double kLeastStopTime = 1e-12;

// Touching balls and balls against a rail, written in decimal, may be off by rounding.

// Defaults of a file: physics::Params, but no cushion friction (see scenario.hpp).
physics::Params file_default_params() {
    physics::Params p;
    p.cushion_friction = 0.0;
    return p;
}

// ---- table ----

physics::Cushion read_cushion(const JsonReader& r) {
    r.expect_object({"from", "to"});
    const physics::Cushion c{bounded2(r.at("from"), kMaxCoordinate),
                             bounded2(r.at("to"), kMaxCoordinate)};
    if (c.a == c.b) r.fail("from and to must differ (a cushion needs a length)");
    return c;
}

physics::Pocket read_pocket(const JsonReader& r) {
    r.expect_object({"center", "radius"});
    return {bounded2(r.at("center"), kMaxCoordinate),
            positive(r.at("radius"), 0.0, kMaxCoordinate)};
}

template <typename T, typename Read> std::vector<T> read_list(const JsonReader& r, Read read) {
    r.expect_array();
    std::vector<T> items;
    for (std::size_t i = 0; i < r.size(); ++i)
        items.push_back(read(r[i]));
    return items;
}

game::Table read_inline_table(const JsonReader& r) {
    r.expect_object({"cushions", "pockets"});
    game::Table t;
    t.spec.name.clear(); // no spec: the table is its segments and circles
    if (auto c = r.find("cushions")) t.cushions = read_list<physics::Cushion>(*c, read_cushion);
    if (auto p = r.find("pockets")) t.pockets = read_list<physics::Pocket>(*p, read_pocket);
    t.is_jaw.assign(t.cushions.size(), false);
    return t;
}

void read_table(const JsonReader& r, game::Scenario& s) {
    if (r.json().is_object()) {
        s.table_name.clear();
        s.table = read_inline_table(r);
        return;
    }
    if (!r.json().is_string()) r.fail("must be a table name or an object");
    s.table_name = table_name(r, true);
    s.table = load_standard_table(s.table_name);
}

// ---- balls ----

int ball_id(const JsonReader& r) {
    const int id = r.integer();
    if (id < 0) r.fail("must be >= 0");
    return id;
}

// A ball's size and weight default to the table's balls (pool's on an inline table).
physics::BallDef read_ball(const JsonReader& r, const game::TableSpec& table) {
    r.expect_object({"id", "position", "velocity", "spin", "radius", "mass"});
    physics::BallDef b;
    b.radius = table.ball_radius;
    b.mass = table.ball_mass;
    b.id = ball_id(r.at("id"));
    b.position = bounded2(r.at("position"), kMaxCoordinate);
    if (auto v = r.find("velocity")) b.velocity = bounded2(*v, kMaxSpeed);
    if (auto w = r.find("spin")) b.spin = bounded3(*w, kMaxSpin);
    if (auto x = r.find("radius")) b.radius = positive(*x, kMinRadius, kMaxRadius);
    if (auto m = r.find("mass")) b.mass = positive(*m, kMinMass, kMaxMass);
    return b;
}

std::vector<physics::BallDef> read_balls(const JsonReader& r, const game::TableSpec& table) {
    auto balls =
        read_list<physics::BallDef>(r, [&](const JsonReader& b) { return read_ball(b, table); });
    if (balls.empty()) r.fail("must hold at least one ball");
    std::map<int, std::size_t> first;
    for (std::size_t i = 0; i < balls.size(); ++i) {
        const auto [it, added] = first.emplace(balls[i].id, i);
        if (!added)
            r[i].at("id").fail(
                fmt::format("duplicate id {} (also balls[{}].id)", balls[i].id, it->second));
    }
    return balls;
}

// ---- shot ----

game::ShotSpec read_shot(const JsonReader& r, const std::vector<physics::BallDef>& balls) {
    r.expect_object({"ball", "heading", "speed", "tip", "elevation", "elevation_rad"});
    game::ShotSpec shot;
    const JsonReader ball = r.at("ball");
    shot.ball = ball.integer();
    const bool exists = std::any_of(balls.begin(), balls.end(),
                                    [&](const physics::BallDef& b) { return b.id == shot.ball; });
    if (!exists) ball.fail(fmt::format("no ball has id {}", shot.ball));
    if (auto h = r.find("heading")) shot.cue.heading = deg_to_rad(h->number());
    shot.cue.speed = non_negative(r.at("speed"), kMaxSpeed);
    if (auto tip = r.find("tip")) {
        const Vec2 t = tip->vec2();
        shot.cue.side = t.x;
        shot.cue.height = t.y;
        const game::CueParams cue;
        if (!game::tip_within_limit(shot.cue, cue))
            tip->fail(fmt::format("miscue: the tip is {:.6g} radii from the centre, more than {}",
                                  std::hypot(t.x, t.y), cue.miscue_limit));
    }
    shot.cue.elevation = read_elevation(r);
    return shot;
}

// The Mathavan model needs the cushion's nose above every ball's centre and below its top.
void check_cushion_height(const JsonReader& root, const game::Scenario& s) {
    if (s.params.cushion_model != physics::CushionModel::Mathavan) return;
    const double h = s.params.cushion_height;
    for (const physics::BallDef& b : s.balls) {
        if (physics::mathavan::applies(b.radius, h)) continue;
        const std::string problem =
            fmt::format("{} m is outside ball {} (the nose must be above its centre, {} m, and "
                        "below its top, {} m)",
                        h, b.id, b.radius, 2.0 * b.radius);
        if (auto p = root.find("physics"); p && p->find("cushion_height"))
            p->at("cushion_height").fail(problem);
        root.at("physics").at("cushion_model").fail(problem);
    }
}

// Compliant contact stops a pair past a quarter of the smaller radius with a force that grows
// without bound before half of it (physics/hertz.hpp). Far past the Hertz overlap of its
// energy (tiny heavy balls, fast ones) the stop is over in a time the integrator's steps
// cannot resolve, and a cluster would step for ever: refused here. The bound is for the
// smallest balls, meeting each other with all the world's energy at twice its top speed
// (a ball's own or its spin's surface speed).
void check_compliant_scale(const JsonReader& root, const game::Scenario& s) {
    if (s.params.ball_contact != physics::BallContact::Hertz) return;
    double energy = 0.0, top = 0.0, r = s.balls.front().radius;
    auto add = [&](double m, double radius, Vec2 v, Vec3 w) {
        energy += 0.5 * m * length_sq(v) + 0.2 * m * radius * radius * dot(w, w);
        // (The cloth turns spin into speed.)
        top = std::max({top, length(v), radius * std::sqrt(dot(w, w))});
    };
    for (const physics::BallDef& b : s.balls) {
        add(b.mass, b.radius, b.velocity, b.spin);
        r = std::min(r, b.radius);
        if (s.shot && s.shot->ball == b.id) {
            const game::StrikeResult hit = game::strike(s.shot->cue, b.mass, b.radius, s.cue);
            add(b.mass, b.radius, hit.velocity, hit.spin);
        }
    }
    if (!(energy > 0.0)) return;
    // The stiffened force starts at F0 = k deep^(3/2) and stores about F0 deep / (1 - x) at
    // the share x of its span (deep): the energy E stops the pair F0 deep^2 / E short of the
    // limit, crossed at the closing speed in that over the speed.
    const double deep = physics::hertz::kDeep * r;
    const double k = physics::hertz::stiffness(physics::hertz::pair_modulus(s.params), 0.5 * r);
    const double stop = k * deep * std::sqrt(deep) * deep * deep / energy;
    const double time = stop / (2.0 * top);
    if (time >= kLeastStopTime) return;
    const std::string problem = fmt::format(
        "compliant contact cannot hold at this scale: the smallest balls ({} m) would have to "
        "stop {:.3g} J within {:.2g} s (at least {} s is needed); use larger or lighter balls, "
        "lower speeds or \"ideal\"",
        r, energy, time, kLeastStopTime);
    root.at("physics").at("ball_contact").fail(problem);
}

// ---- placement ----

} // namespace

game::Scenario parse_scenario(const std::string& text, const std::string& file_name) {
    const nlohmann::json doc = parse_json(text, file_name);
    const JsonReader root(doc, file_name);
    expect_format(root, kFormat);
    root.expect_object({"format", "table", "physics", "balls", "shot", "duration"});

    game::Scenario s;
    s.params = file_default_params();
    if (auto t = root.find("table"))
        read_table(*t, s);
    else
        s.table = load_standard_table(s.table_name);
    if (auto p = root.find("physics")) s.params = read_physics(*p, s.params, &s.cue);
    s.balls = read_balls(root.at("balls"), s.table.spec);
    check_cushion_height(root, s);
    if (auto shot = root.find("shot")) s.shot = read_shot(*shot, s.balls);
    if (auto d = root.find("duration")) s.duration = positive(*d, 0.0, kMaxDuration);
    check_compliant_scale(root, s);
    std::vector<std::size_t> index(s.balls.size());
    std::iota(index.begin(), index.end(), 0);
    check_placement(s.balls, index, s.table, s.table_name, file_name);
    return s;
}

game::Scenario load_scenario(const std::string& path) {
    return parse_scenario(read_text_file(path), path);
}

} // namespace billiards::io

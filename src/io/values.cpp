#include "io/values.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "core/segment.hpp"
#include "io/placement.hpp"
#include "io/scenario.hpp"

namespace billiards::io::values {

namespace {

constexpr double kMinTimestep = 1e-6, kMaxTimestep = 0.1;
constexpr double kMaxGravity = 1000.0;
constexpr double kMaxFriction = 100.0;

void check_bound(const JsonReader& component, double v, double limit) {
    if (std::abs(v) > limit)
        component.fail(fmt::format("must be between {} and {}", -limit, limit));
}

enum class Range { Timestep, Gravity, Restitution, Friction };

struct ParamKey {
    std::string_view name;
    double physics::Params::*field;
    Range range;
};

using physics::Params;
constexpr std::array<ParamKey, 9> kParamKeys{{
    {"timestep", &Params::timestep, Range::Timestep},
    {"gravity", &Params::gravity, Range::Gravity},
    {"ball_restitution", &Params::ball_restitution, Range::Restitution},
    {"ball_friction", &Params::ball_friction, Range::Friction},
    {"cushion_restitution", &Params::cushion_restitution, Range::Restitution},
    {"cushion_friction", &Params::cushion_friction, Range::Friction},
    {"sliding_friction", &Params::sliding_friction, Range::Friction},
    {"rolling_friction", &Params::rolling_friction, Range::Friction},
    {"spin_friction", &Params::spin_friction, Range::Friction},
}};

// Compliant contact (hertz.hpp): the model and its material; the cushion model
// (cushion_model.hpp) and its nose's height; the cue's end mass (squirt, scenarios only);
// the ball-ball friction model (throw_model.hpp) and the mathavan model's impulse steps.
constexpr std::array<std::string_view, 9> kContactKeys{
    "ball_contact",      "ball_young_modulus", "ball_poisson_ratio",
    "contact_tolerance", "cushion_model",      "cushion_height",
    "cue_end_mass",      "throw_model",        "throw_steps"};
constexpr double kMaxCushionHeight = 1e3; // m; each ball's own bound is checked with the balls
constexpr double kMinModulus = 1e6, kMaxModulus = 1e12; // Pa: soft rubber to diamond
constexpr double kMinTolerance = 1e-14, kMaxTolerance = 1e-3;

double param_value(const JsonReader& r, Range range) {
    switch (range) {
    case Range::Timestep:
        return positive(r, kMinTimestep, kMaxTimestep);
    case Range::Gravity:
        return non_negative(r, kMaxGravity);
    case Range::Restitution:
        return unit_interval(r);
    case Range::Friction:
        return non_negative(r, kMaxFriction);
    }
    return 0.0;
}

} // namespace

double positive(const JsonReader& r, double lo, double hi) {
    const double v = r.number();
    if (!(v > 0.0)) r.fail("must be > 0");
    if (v < lo) r.fail(fmt::format("must be >= {}", lo));
    if (v > hi) r.fail(fmt::format("must be <= {}", hi));
    return v;
}

double non_negative(const JsonReader& r, double hi) {
    const double v = r.number();
    if (v < 0.0) r.fail("must be >= 0");
    if (v > hi) r.fail(fmt::format("must be <= {}", hi));
    return v;
}

double unit_interval(const JsonReader& r) {
    const double v = r.number();
    if (v < 0.0 || v > 1.0) r.fail("must be between 0 and 1");
    return v;
}

Vec2 bounded2(const JsonReader& r, double limit) {
    const Vec2 v = r.vec2();
    check_bound(r[0], v.x, limit);
    check_bound(r[1], v.y, limit);
    return v;
}

Vec3 bounded3(const JsonReader& r, double limit) {
    const Vec3 v = r.vec3();
    check_bound(r[0], v.x, limit);
    check_bound(r[1], v.y, limit);
    check_bound(r[2], v.z, limit);
    return v;
}

int int_in(const JsonReader& r, int lo, int hi) {
    const int v = r.integer();
    if (v < lo || v > hi) r.fail(fmt::format("must be between {} and {}", lo, hi));
    return v;
}

bool boolean(const JsonReader& r) {
    if (!r.json().is_boolean()) r.fail("must be true or false");
    return r.json().get<bool>();
}

std::uint64_t uint64(const JsonReader& r) {
    const auto& j = r.json();
    if (j.is_number_unsigned()) return j.get<std::uint64_t>();
    if (j.is_number_integer()) r.fail("must be >= 0");
    r.fail("must be an integer between 0 and 18446744073709551615");
}

void fail_one_of(const JsonReader& r, std::span<const std::string_view> names) {
    std::vector<std::string> quoted;
    for (auto n : names)
        quoted.push_back(nlohmann::json(std::string(n)).dump());
    r.fail(fmt::format("must be one of {}", fmt::join(quoted, ", ")));
}

std::string name_problem(const std::string& name) {
    std::size_t chars = 0;
    for (const char c : name) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 || u == 0x7f) return "must hold no control characters";
        if ((u & 0xc0) != 0x80) ++chars; // UTF-8 continuation bytes are not characters
    }
    if (chars > 32) return "must be at most 32 characters long";
    return {};
}

std::string player_name(const JsonReader& r) {
    std::string name = r.string();
    const std::string problem = name_problem(name);
    if (!problem.empty()) r.fail(problem);
    return name;
}

namespace {
constexpr NameTable<physics::BallContact, 2> kBallContacts{{
    {"ideal", physics::BallContact::Ideal},
    {"hertz", physics::BallContact::Hertz},
}};
constexpr NameTable<physics::CushionModel, 2> kCushionModels{{
    {"reflect", physics::CushionModel::Reflect},
    {"mathavan", physics::CushionModel::Mathavan},
}};
constexpr NameTable<physics::ThrowModel, 4> kThrowModels{{
    {"horizontal", physics::ThrowModel::Horizontal},
    {"contact", physics::ThrowModel::Contact},
    {"alciatore", physics::ThrowModel::Alciatore},
    {"mathavan", physics::ThrowModel::Mathavan},
}};
} // namespace

physics::Params read_physics(const JsonReader& r, const physics::Params& defaults,
                             game::CueParams* cue) {
    std::array<std::string_view, kParamKeys.size() + kContactKeys.size()> names{};
    std::transform(kParamKeys.begin(), kParamKeys.end(), names.begin(),
                   [](const ParamKey& k) { return k.name; });
    std::copy(kContactKeys.begin(), kContactKeys.end(), names.begin() + kParamKeys.size());
    r.expect_object(names);
    Params p = defaults;
    for (const ParamKey& key : kParamKeys) {
        if (auto v = r.find(key.name)) p.*key.field = param_value(*v, key.range);
    }
    if (auto v = r.find("ball_contact")) p.ball_contact = one_of(*v, kBallContacts);
    if (auto v = r.find("ball_young_modulus"))
        p.ball_young_modulus = positive(*v, kMinModulus, kMaxModulus);
    if (auto v = r.find("ball_poisson_ratio")) {
        const double nu = v->number();
        if (!(nu > -1.0 && nu < 0.5)) v->fail("must be above -1 and below 0.5");
        p.ball_poisson_ratio = nu;
    }
    if (auto v = r.find("contact_tolerance"))
        p.contact_tolerance = positive(*v, kMinTolerance, kMaxTolerance);
    if (auto v = r.find("cushion_model")) p.cushion_model = one_of(*v, kCushionModels);
    if (auto v = r.find("cushion_height")) p.cushion_height = positive(*v, 0.0, kMaxCushionHeight);
    if (auto v = r.find("throw_model")) p.throw_model = one_of(*v, kThrowModels);
    if (auto v = r.find("throw_steps")) p.throw_steps = int_in(*v, 1, kMaxThrowSteps);
    if (auto v = r.find("cue_end_mass")) {
        if (!cue) v->fail("unknown key here: the cue's end mass belongs to the cue object");
        cue->end_mass = non_negative(*v, game::kMaxEndMass);
    }
    return p;
}

Json physics_json(const physics::Params& p, const game::CueParams* cue) {
    Json j = Json::object();
    for (const ParamKey& key : kParamKeys)
        j[std::string(key.name)] = p.*key.field;
    // Written only for compliant contact, so that files of the ideal model stay as they were.
    if (p.ball_contact != physics::BallContact::Ideal) {
        j["ball_contact"] = physics::to_string(p.ball_contact);
        j["ball_young_modulus"] = p.ball_young_modulus;
        j["ball_poisson_ratio"] = p.ball_poisson_ratio;
        j["contact_tolerance"] = p.contact_tolerance;
    }
    // Likewise the cushion model and the cue's end mass, only when they are not the old
    // behaviour (reflect, no squirt).
    if (p.cushion_model != physics::CushionModel::Reflect) {
        j["cushion_model"] = physics::to_string(p.cushion_model);
        j["cushion_height"] = p.cushion_height;
    }
    if (p.throw_model != physics::ThrowModel::Horizontal)
        j["throw_model"] = physics::to_string(p.throw_model);
    if (p.throw_model == physics::ThrowModel::Mathavan || p.throw_steps != Params{}.throw_steps)
        j["throw_steps"] = p.throw_steps;
    if (cue && cue->end_mass > 0.0) j["cue_end_mass"] = cue->end_mass;
    return j;
}

game::CueParams read_cue(const JsonReader& r) {
    r.expect_object({"mass", "tip_restitution", "miscue_limit", "end_mass"});
    game::CueParams c;
    if (auto m = r.find("mass")) c.mass = positive(*m, kMinMass, kMaxMass);
    if (auto e = r.find("tip_restitution")) c.tip_restitution = unit_interval(*e);
    if (auto l = r.find("miscue_limit")) c.miscue_limit = positive(*l, 0.0, 1.0);
    if (auto m = r.find("end_mass")) c.end_mass = non_negative(*m, game::kMaxEndMass);
    return c;
}

Json cue_json(const game::CueParams& c) {
    Json j = {
        {"mass", c.mass}, {"tip_restitution", c.tip_restitution}, {"miscue_limit", c.miscue_limit}};
    if (c.end_mass > 0.0) j["end_mass"] = c.end_mass; // files without squirt stay as they were
    return j;
}

std::string known_tables(bool any_kind) {
    return fmt::format("{}",
                       fmt::join(any_kind ? all_table_names() : standard_table_names(), ", "));
}

std::string table_name(const JsonReader& r, bool any_kind) {
    const std::string name = r.string();
    const auto& names = any_kind ? all_table_names() : standard_table_names();
    if (std::find(names.begin(), names.end(), name) == names.end())
        r.fail(fmt::format("unknown table {} (known: {})", nlohmann::json(name).dump(),
                           known_tables(any_kind)));
    return name;
}

double heading_degrees(double rad) {
    const double guess = rad_to_deg(rad);
    const double inf = std::numeric_limits<double>::infinity();
    double up = guess, down = guess;
    for (int i = 0; i < 8; ++i) {
        if (deg_to_rad(up) == rad) return up;
        if (deg_to_rad(down) == rad) return down;
        up = std::nextafter(up, inf);
        down = std::nextafter(down, -inf);
    }
    return guess;
}

namespace {
// An angle in degrees under `key`, refined by `key`_rad (the exact radians, written when no
// double in degrees converts back to them; the two must agree).
double read_angle(const JsonReader& object, const std::string& key, double lo, double hi,
                  const char* unit) {
    const JsonReader degrees = object.at(key);
    const double deg = degrees.number();
    if (!(deg >= lo && deg <= hi))
        degrees.fail(fmt::format("must be between {} and {}{}", lo, hi, unit));
    const auto exact = object.find(key + "_rad");
    if (!exact) return deg_to_rad(deg);
    const double rad = exact->number();
    if (!(std::abs(rad_to_deg(rad) - deg) <= 1e-9 * std::max(1.0, std::abs(deg))))
        exact->fail(fmt::format("must be the {} in radians ({} degrees)", key, deg));
    return rad;
}

void write_angle(Json& object, const std::string& key, double radians) {
    const double deg = heading_degrees(radians);
    object[key] = deg;
    if (deg_to_rad(deg) != radians) object[key + "_rad"] = radians;
}
} // namespace

double read_heading(const JsonReader& object) {
    return read_angle(object, "heading", -1e6, 1e6, "");
}

void write_heading(Json& object, double radians) {
    write_angle(object, "heading", radians);
}

double read_elevation(const JsonReader& object) {
    if (!object.find("elevation")) return 0.0; // a level cue
    return read_angle(object, "elevation", 0.0, 90.0, " degrees");
}

void write_elevation(Json& object, double radians) {
    // A level cue writes nothing: files without elevation stay as they were.
    if (radians != 0.0) write_angle(object, "elevation", radians);
}

Json vec(Vec2 v) {
    return Json::array({v.x, v.y});
}

Json vec(Vec3 v) {
    return Json::array({v.x, v.y, v.z});
}

// ---- placement ----

namespace {

constexpr double kPlacementSlack = 1e-9; // touching balls and rounding: 1 nm of overlap

std::string ball_path(std::size_t i) {
    return fmt::format("balls[{}].position", i);
}

// The game leaves balls resting between a pocket's jaws, their centres beyond the cushion
// noses (a replay of the shot after must hold them): a ball there is within its own radius
// of the pocket's circle. The cushion check below still keeps it clear of the jaws.
bool in_pocket_mouth(const physics::BallDef& b, const game::Table& table) {
    for (const physics::Pocket& p : table.pockets)
        if (length(b.position - p.center) <= p.radius + b.radius) return true;
    return false;
}

} // namespace

void check_placement(const std::vector<physics::BallDef>& balls,
                     const std::vector<std::size_t>& index, const game::Table& table,
                     const std::string& table_name, const std::string& file) {
    for (std::size_t i = 0; i < balls.size(); ++i) {
        const auto& b = balls[i];
        if (!table_name.empty()) {
            const double hx = table.spec.length / 2 - b.radius;
            const double hy = table.spec.width / 2 - b.radius;
            if ((std::abs(b.position.x) > hx + kPlacementSlack ||
                 std::abs(b.position.y) > hy + kPlacementSlack) &&
                !in_pocket_mouth(b, table))
                throw InputError(file, ball_path(index[i]),
                                 fmt::format("outside the table (on {} the centre must be within "
                                             "|x| <= {:.6f} and |y| <= {:.6f})",
                                             table_name, hx, hy));
        }
        const double inside = b.radius - kPlacementSlack;
        for (std::size_t c = 0; c < table.cushions.size(); ++c) {
            if (distance_sq_to_segment(b.position, table.cushions[c].a, table.cushions[c].b) <
                inside * inside)
                throw InputError(file, ball_path(index[i]),
                                 fmt::format("overlaps table cushion {}", c));
        }
    }
    // A grid, not a sweep along x: balls sharing a column made the sweep quadratic.
    if (const auto pair = find_overlap(balls, kPlacementSlack)) {
        const auto [first, second] = std::minmax(index[pair->first], index[pair->second]);
        throw InputError(file, ball_path(second), fmt::format("overlaps balls[{}]", first));
    }
}

const NameTable<game::GameKind, game::kGameKinds.size()>& game_kind_names() {
    static const NameTable<game::GameKind, game::kGameKinds.size()> names = [] {
        NameTable<game::GameKind, game::kGameKinds.size()> t{};
        for (std::size_t i = 0; i < t.size(); ++i)
            t[i] = {game::to_string(game::kGameKinds[i]), game::kGameKinds[i]};
        return t;
    }();
    return names;
}

} // namespace billiards::io::values

// Result files (SCENARIO-FORMAT.md, Result): the final state of a headless run.
#include <cmath>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "io/json_writer.hpp"
#include "io/scenario.hpp"

namespace billiards::io {

namespace {

using Json = nlohmann::ordered_json;

// nlohmann would write NaN or infinity as null: refuse instead of writing a wrong file.
double finite(double v, const char* what) {
    if (!std::isfinite(v))
        throw std::runtime_error(std::string("the simulation produced a non-finite ") + what);
    return v;
}

Json vec(Vec2 v, const char* what) {
    return Json::array({finite(v.x, what), finite(v.y, what)});
}

Json vec(Vec3 v, const char* what) {
    return Json::array({finite(v.x, what), finite(v.y, what), finite(v.z, what)});
}

Json ball_json(const physics::Ball& b) {
    return {{"id", b.id},
            {"position", vec(b.position, "position")},
            {"velocity", vec(b.velocity, "velocity")},
            {"spin", vec(b.spin, "spin")},
            {"state", physics::to_string(b.state)}};
}

// World events name balls by index; files name them by id.
Json event_json(const physics::World& world, const physics::Event& e) {
    const int id = world.ball(e.ball).id;
    Json j = {{"time", finite(e.time, "event time")}, {"kind", physics::to_string(e.kind)}};
    switch (e.kind) {
    case physics::EventKind::BallBall:
        j["balls"] = {id, world.ball(e.other).id};
        break;
    case physics::EventKind::BallCushion:
        j["ball"] = id;
        j["cushion"] = e.other;
        break;
    case physics::EventKind::Pocketed:
        j["ball"] = id;
        j["pocket"] = e.other;
        break;
    case physics::EventKind::Cluster:
        j["end"] = finite(e.end, "event end");
        j["balls"] = Json::array();
        for (const int m : e.members)
            j["balls"].push_back(world.ball(m).id);
        break;
    }
    return j;
}

} // namespace

std::string result_to_json(const physics::World& world, bool with_events) {
    const physics::EventCounts& c = world.counts();
    Json j;
    j["format"] = "billiards-result/1";
    j["time"] = finite(world.time(), "time");
    j["steps"] = world.steps();
    j["counts"] = {
        {"ball_ball", c.ball_ball}, {"ball_cushion", c.ball_cushion}, {"pocketed", c.pocketed}};
    if (c.clusters > 0) j["counts"]["clusters"] = c.clusters; // only with compliant contact
    j["balls"] = Json::array();
    for (const physics::Ball& b : world.balls())
        j["balls"].push_back(ball_json(b));
    if (with_events) {
        j["events"] = Json::array();
        // A cluster is one event; the contacts inside it are for the rules, not listed.
        for (const physics::Event& e : world.events())
            if (!e.in_cluster) j["events"].push_back(event_json(world, e));
    }
    return write_json(j);
}

} // namespace billiards::io

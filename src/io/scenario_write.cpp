// Writing scenarios (every key, so a file says exactly what it runs).
#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "io/json_writer.hpp"
#include "io/scenario.hpp"
#include "io/values.hpp"

namespace billiards::io {

using values::Json; // keys in the contract's order
using values::physics_json;
using values::vec;

std::string excerpt(std::string_view text, std::size_t max_bytes) {
    if (text.size() <= max_bytes) return std::string(text);
    // Cut on UTF-8 character boundaries, so a message never ends in half a character.
    auto start_of_char = [&](std::size_t i) {
        while (i > 0 && i < text.size() && (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80)
            --i;
        return i;
    };
    const std::size_t head = start_of_char(max_bytes * 2 / 3);
    const std::size_t tail = start_of_char(text.size() - max_bytes / 4);
    return fmt::format("{}[... {} bytes ...]{}", text.substr(0, head), tail - head,
                       text.substr(tail));
}

namespace {
// A message is one short line however long the value it quotes (a 10 MB name).
constexpr std::size_t kMaxMessagePart = 240;
std::string message_of(const std::string& file, const std::string& path,
                       const std::string& problem) {
    return path.empty() ? file + ": " + problem : file + ": " + path + ": " + problem;
}
} // namespace

InputError::InputError(std::string file, std::string path, std::string problem)
    : std::runtime_error(message_of(excerpt(file, kMaxMessagePart), excerpt(path, kMaxMessagePart),
                                    excerpt(problem, kMaxMessagePart))),
      file_(excerpt(file, kMaxMessagePart)), path_(excerpt(path, kMaxMessagePart)),
      problem_(excerpt(problem, kMaxMessagePart)) {}

namespace {

Json table_json(const game::Scenario& s) {
    if (!s.table_name.empty()) return s.table_name;
    Json cushions = Json::array();
    for (const auto& c : s.table.cushions)
        cushions.push_back({{"from", vec(c.a)}, {"to", vec(c.b)}});
    Json pockets = Json::array();
    for (const auto& p : s.table.pockets)
        pockets.push_back({{"center", vec(p.center)}, {"radius", p.radius}});
    return {{"cushions", cushions}, {"pockets", pockets}};
}

Json ball_json(const physics::BallDef& b) {
    return {{"id", b.id},          {"position", vec(b.position)}, {"velocity", vec(b.velocity)},
            {"spin", vec(b.spin)}, {"radius", b.radius},          {"mass", b.mass}};
}

Json shot_json(const game::ShotSpec& shot) {
    Json j = {{"ball", shot.ball},
              {"heading", values::heading_degrees(shot.cue.heading)},
              {"speed", shot.cue.speed},
              {"tip", vec(Vec2{shot.cue.side, shot.cue.height})}};
    values::write_elevation(j, shot.cue.elevation);
    return j;
}

} // namespace

std::string scenario_to_json(const game::Scenario& s) {
    Json j;
    j["format"] = "billiards-scenario/1";
    j["table"] = table_json(s);
    j["physics"] = physics_json(s.params, &s.cue);
    j["balls"] = Json::array();
    for (const auto& b : s.balls)
        j["balls"].push_back(ball_json(b));
    if (s.shot) j["shot"] = shot_json(*s.shot);
    j["duration"] = s.duration;
    return write_json(j);
}

void save_scenario(const game::Scenario& s, const std::string& path) {
    write_file_atomic(path, scenario_to_json(s));
}

} // namespace billiards::io

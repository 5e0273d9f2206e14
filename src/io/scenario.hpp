// Scenario files (../shared/SCENARIO-FORMAT.md, format billiards-scenario/1): strict reading
// with FILE: JSON.PATH: problem messages, writing, and turning a scenario into a World.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "game/cue.hpp"
#include "game/table.hpp"
#include "physics/world.hpp"

namespace billiards::io {

// Bad input: what() is "FILE: JSON.PATH: what is wrong" (exit status 2 on the command line).
class InputError : public std::runtime_error {
public:
    InputError(std::string file, std::string path, std::string problem);
    const std::string& file() const { return file_; }
    const std::string& path() const { return path_; }
    const std::string& problem() const { return problem_; }

private:
    std::string file_, path_, problem_;
};

struct ShotSpec {
    int ball = 0;         // ball id
    game::CueShot cue{};  // heading in radians inside the code (degrees in the file)
};

struct Scenario {
    std::string table_name = "pool-9ft"; // empty when the table is given inline
    game::Table table;
    physics::Params params;
    std::vector<physics::BallDef> balls;
    std::optional<ShotSpec> shot;
    double duration = 60.0;
};

// Throws InputError for every problem SCENARIO-FORMAT.md lists (and unknown keys).
Scenario parse_scenario(const std::string& text, const std::string& file_name);
Scenario load_scenario(const std::string& path);

std::string scenario_to_json(const Scenario& s); // pretty-printed, round-trips exactly
void save_scenario(const Scenario& s, const std::string& path); // atomic (temp + rename)

// The world a scenario describes, with its shot (if any) already applied to the cue ball.
physics::World make_world(const Scenario& s);
// A scenario holding the world's current balls and parameters (debug panel "save").
Scenario scenario_from_world(const physics::World& world, const std::string& table_name,
                             const game::Table& table);

// Tables shipped in assets/tables (embedded in the binary at build time).
const std::vector<std::string>& standard_table_names();
game::Table load_standard_table(const std::string& name); // throws std::invalid_argument

// Writes to PATH.tmp then renames into place, so a crash never leaves half a file.
void write_file_atomic(const std::string& path, const std::string& content);

} // namespace billiards::io

// Replay files (docs/FILE-FORMATS.md, format billiards-replay/1): one shot of a game (pool,
// snooker or three-cushion: the balls carry their radius and mass, the table its name), with
// everything needed to re-simulate it exactly (game::LastShot): the world at rest before the
// shot, its clock, the physics and cue parameters, the shot and the hash of the world when
// it came to rest. Read and written here; re-simulated by game::run_replay (game/replay.hpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "game/pool/match.hpp"
#include "game/replay.hpp"
#include "game/simulation.hpp"

namespace billiards::io {

// The file's values are the game's (running a replay: game::run_replay).
using ReplayBall = game::ReplayBall;
using ReplayFile = game::Replay;

// The replay of a recorded shot. Throws std::invalid_argument when `last.before` is not a
// world a file can hold (moving balls, a clock that is not whole steps).
ReplayFile replay_of(const game::LastShot& last, const std::string& table_name,
                     const game::CueParams& cue, double max_seconds);
// The match's last shot; std::invalid_argument before the first shot.
ReplayFile replay_of(const game::Match& match, const std::string& table_name);

// The shot as a scenario: the balls on the table before it, the physics, the cue, and the
// shot struck at time 0 (not an exact replay: the clock starts at 0; run_replay is exact).
game::Scenario scenario_of_replay(const ReplayFile& r);

std::string replay_to_json(const ReplayFile& r); // parse_replay gives it back bit for bit
// Throws InputError "FILE: JSON.PATH: problem".
ReplayFile parse_replay(const std::string& text, const std::string& file_name);
ReplayFile load_replay_file(const std::string& path);
void save_replay_file(const ReplayFile& r, const std::string& path); // atomic

} // namespace billiards::io

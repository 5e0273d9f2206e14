// Replay files (docs/FILE-FORMATS.md, format billiards-replay/1): one shot of a game (pool,
// snooker or three-cushion: the balls carry their radius and mass, the table its name), with
// everything needed to re-simulate it exactly (game::LastShot): the world at rest before the
// shot, its clock, the physics and cue parameters, the shot and the hash of the world when
// it came to rest.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "game/pool/match.hpp"

namespace billiards::io {

struct ReplayBall {
    int id = 0;
    physics::MotionState state = physics::MotionState::Stationary; // or Pocketed
    Vec2 position{};
    Vec2 velocity{};
    Vec3 spin{};
    double radius = physics::kBallRadius;
    double mass = physics::kBallMass;
};

struct ReplayFile {
    std::string table_name = "pool-9ft";
    physics::Params params;
    game::CueParams cue;
    double max_seconds = 120.0;    // the match's max_shot_seconds
    std::uint64_t steps = 0;       // the world's clock before the shot (time = steps x timestep)
    std::vector<ReplayBall> balls; // every ball in world order, pocketed ones included
    game::CueShot shot{};
    game::ShotCall call{};
    bool push_out = false;
    int shooter = 0;
    int cue_ball = game::kCueBall; // the struck ball's id (three-cushion: white or yellow)
    std::uint64_t end_hash = 0; // physics::World::state_hash() when the shot came to rest
};

// The replay of a recorded shot. Throws std::invalid_argument when `last.before` is not a
// world a file can hold (moving balls, a clock that is not whole steps).
ReplayFile replay_of(const game::LastShot& last, const std::string& table_name,
                     const game::CueParams& cue, double max_seconds);
// The match's last shot; std::invalid_argument before the first shot.
ReplayFile replay_of(const game::Match& match, const std::string& table_name);

std::string replay_to_json(const ReplayFile& r); // parse_replay gives it back bit for bit
// Throws InputError "FILE: JSON.PATH: problem".
ReplayFile parse_replay(const std::string& text, const std::string& file_name);
ReplayFile load_replay_file(const std::string& path);
void save_replay_file(const ReplayFile& r, const std::string& path); // atomic

struct ReplayRun {
    physics::World world;   // at rest after the shot (balls pocketed before it left out)
    std::uint64_t end_hash; // the hash the match's world would have: compare with end_hash
};
// Rebuilds the world before the shot and re-simulates it with game::Match::replay. Balls
// pocketed before the shot take no part, so the world leaves them out; end_hash counts them.
ReplayRun run_replay(const ReplayFile& r, bool record_events);

} // namespace billiards::io

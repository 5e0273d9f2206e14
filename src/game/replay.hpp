// One recorded shot as the game layer re-runs it: the world at rest before the shot, its
// clock, the physics and cue, the shot and the hash of the world when it came to rest
// (game::LastShot, flattened into plain values). A replay file (docs/FILE-FORMATS.md,
// billiards-replay/1) holds one: io reads and writes it (io/replay_file.hpp), and running it
// is here, with the match's own replay.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "game/cue.hpp"
#include "game/last_shot.hpp"
#include "game/shot_events.hpp"
#include "game/table.hpp"
#include "physics/world.hpp"

namespace billiards::game {

struct ReplayBall {
    int id = 0;
    physics::MotionState state = physics::MotionState::Stationary; // or Pocketed
    Vec2 position{};
    Vec2 velocity{};
    Vec3 spin{};
    double radius = physics::kBallRadius;
    double mass = physics::kBallMass;
};

struct Replay {
    std::string table_name = "pool-9ft";
    physics::Params params;
    CueParams cue;
    double max_seconds = 120.0;    // the match's max_shot_seconds
    std::uint64_t steps = 0;       // the world's clock before the shot (time = steps x timestep)
    std::vector<ReplayBall> balls; // every ball in world order, pocketed ones included
    CueShot shot{};
    ShotCall call{};
    bool push_out = false;
    int shooter = 0;
    int cue_ball = kCueBall;    // the struck ball's id (three-cushion: white or yellow)
    std::uint64_t end_hash = 0; // physics::World::state_hash() when the shot came to rest
};

struct ReplayRun {
    physics::World world;   // at rest after the shot (balls pocketed before it left out)
    std::uint64_t end_hash; // the hash the match's world would have: compare with end_hash
};
// Rebuilds the world before the shot on `table` (the table r.table_name names) and
// re-simulates it with Match::replay. Balls pocketed before the shot take no part, so the
// world leaves them out; end_hash counts them.
ReplayRun run_replay(const Replay& r, const Table& table, bool record_events);

} // namespace billiards::game

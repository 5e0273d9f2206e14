// Aim aids for human players, computed from the ball world (no drawing):
// - aim_preview: the straight cue-ball path to its first contact (ball or rail), with the
//   object ball's direction (line of centres) and the cue ball's tangent line;
// - predict_paths: the full paths of every ball for a shot, from the real physics (a copy of
//   the world is run, so the prediction is exactly what the shot will do).
#pragma once

#include <vector>

#include "game/cue.hpp"
#include "physics/world.hpp"

namespace billiards::game {

struct AimPreview {
    bool hits_ball = false;    // the first thing in the way is a ball
    bool hits_cushion = false; // ... or a cushion (rail or jaw)
    int ball = -1;             // id of the ball hit first
    Vec2 cue_start{};          // cue-ball centre now
    Vec2 cue_contact{};        // cue-ball centre at the first contact
    Vec2 object_direction{};   // unit: where the object ball goes (line of centres)
    Vec2 cue_direction{};      // unit: the cue ball's tangent line (zero on a full hit)
    double cut_angle = 0.0;    // radians between the heading and the line of centres
};

// Straight-line preview from the cue ball along `heading` (the cue ball travels straight
// until its first contact in this model). max_distance bounds the ray when nothing is hit.
AimPreview aim_preview(const physics::World& world, double heading, double max_distance = 5.0);

struct BallPath {
    int id = 0;
    std::vector<Vec2> points; // positions, every `every_steps` physics steps, then the last
    bool pocketed = false;
};

// Runs a copy of the world with the shot applied and samples every ball that moves.
std::vector<BallPath> predict_paths(const physics::World& world, const CueShot& shot,
                                    const CueParams& cue = {}, double max_seconds = 20.0,
                                    int every_steps = 2);
// The same for a world already in motion (a scenario with its shot applied): run to rest or
// for max_seconds (whole steps), sampling every ball that moves.
std::vector<BallPath> trace_paths(physics::World world, double max_seconds, int every_steps);

} // namespace billiards::game

// The last shot of any game, kept for an exact replay: the world at rest before it and the
// shot. Re-simulating it gives a bit-identical end state.
#pragma once

#include <cstdint>

#include "game/cue.hpp"
#include "game/shot_events.hpp"
#include "physics/world.hpp"

namespace billiards::game {

// Everything needed to re-simulate the last shot exactly: the world at rest before the shot
// (cue ball already placed) and the shot. replay() gives a bit-identical end state.
struct LastShot {
    physics::World before = physics::World();
    CueShot shot{};
    ShotCall call{};
    bool push_out = false;
    int shooter = 0;
    std::uint64_t end_hash = 0; // world.state_hash() when the shot came to rest
    int cue_ball = kCueBall;    // the struck ball's id (three-cushion: white or yellow)
};

// The shot's start with the strike applied: step it to watch the shot again.
physics::World replay_start(const LastShot& last, const CueParams& cue = {});
// Re-simulates a shot from its start state: the world at rest afterwards.
physics::World replay(const LastShot& last, const CueParams& cue = {}, double max_seconds = 120.0);

} // namespace billiards::game

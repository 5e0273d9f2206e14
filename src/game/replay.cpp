#include "game/replay.hpp"

namespace billiards::game {

namespace {

// physics::World::state_hash() of the match's world, whose balls pocketed before the shot
// the rebuilt world leaves out (tests compare it with Match's own end hash).
std::uint64_t match_world_hash(const physics::World& end, const Replay& r) {
    std::vector<physics::Ball> balls;
    for (const ReplayBall& b : r.balls)
        balls.push_back(
            b.state == physics::MotionState::Pocketed
                ? physics::Ball{b.id, b.state, b.position, b.velocity, b.spin, b.radius, b.mass}
                : end.ball(end.index_of(b.id)));
    return physics::state_hash(end.steps(), end.time(), balls);
}

} // namespace

ReplayRun run_replay(const Replay& r, const Table& table, bool record_events) {
    LastShot last;
    last.before = physics::World(r.params, table.cushions, table.pockets);
    // The clock first, on an empty world (cheap): impact times depend on the absolute time.
    for (std::uint64_t i = 0; i < r.steps; ++i)
        last.before.step();
    for (const ReplayBall& b : r.balls) {
        if (b.state == physics::MotionState::Pocketed) continue;
        last.before.add_ball({b.id, b.position, b.velocity, b.spin, b.radius, b.mass});
    }
    last.before.set_record_events(record_events);
    last.shot = r.shot;
    last.call = r.call;
    last.push_out = r.push_out;
    last.shooter = r.shooter;
    last.cue_ball = r.cue_ball;
    last.end_hash = r.end_hash;
    ReplayRun run{replay(last, r.cue, r.max_seconds), 0};
    run.end_hash = match_world_hash(run.world, r);
    return run;
}

} // namespace billiards::game

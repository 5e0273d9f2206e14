#include "game/last_shot.hpp"

#include "game/strike.hpp"

namespace billiards::game {

physics::World replay_start(const LastShot& last, const CueParams& cue) {
    physics::World w = last.before;
    apply_strike(w, last.shot, cue, last.cue_ball);
    return w;
}

physics::World replay(const LastShot& last, const CueParams& cue, double max_seconds) {
    physics::World w = replay_start(last, cue);
    w.run_until_rest(max_seconds);
    return w;
}

} // namespace billiards::game

// Not compiled: io reads and writes files; running a replay or a scenario is game's.
#include "game/replay.hpp"
void rerun(billiards::physics::World& w) {
    w.run_until_rest(1.0);
}

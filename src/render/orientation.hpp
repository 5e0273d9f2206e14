// How each ball is turned, for drawing only: a unit quaternion per ball integrated from the
// ball's spin (its angular velocity in the table frame, z up), so a number, a stripe or a
// spot turns as the ball really rotates. The physics never reads it.
#pragma once

#include <map>

#include "core/vec.hpp"

namespace billiards::physics {
class World;
}

namespace billiards::render {

// A rotation from the ball's own frame to the table's: w + xi + yj + zk, unit length.
struct Quat {
    double w = 1.0, x = 0.0, y = 0.0, z = 0.0;
};

// q turned further by angular velocity omega (rad/s, table frame) held for dt seconds.
Quat turned(const Quat& q, Vec3 omega, double dt);
// A vector of the ball's frame in the table's, and back.
Vec3 to_table(const Quat& q, Vec3 v);
Vec3 to_ball(const Quat& q, Vec3 v);

// The turn of every ball of a world, by ball id. A ball not seen before starts in the
// position the renderer draws as upright (number facing up, stripe across the table).
class Orientations {
  public:
    // Turns every ball on the table by its present spin for dt seconds (the step just taken).
    void advance(const physics::World& w, double dt);
    Quat of(int id) const;
    void clear() { turns_.clear(); }

  private:
    std::map<int, Quat> turns_;
};

// Steps `world` to time `until` (or rest; the last step cut to land on it), turning the
// balls as their spins turn them: the shot as a picture at a chosen time.
void run_to(physics::World& world, Orientations& turns, double until);

} // namespace billiards::render

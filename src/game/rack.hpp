// 8-ball and 9-ball racks: balls on a triangular lattice with the apex on the foot spot,
// separated by seeded tiny gaps (as on a real table, where no rack is perfectly tight),
// and the cue ball on the head spot. Ball ids are the ball numbers; 0 is the cue ball.
#pragma once

#include <cstdint>
#include <vector>

#include "game/game_kind.hpp"
#include "game/table.hpp"
#include "physics/types.hpp"
#include "physics/world.hpp"

namespace billiards::game {

enum class RackKind { EightBall, NineBall };

struct RackOptions {
    std::uint64_t seed = 1;
    double max_gap = 1e-4; // m: largest gap between neighbours (0 = frozen, touching)
    double radius = physics::kBallRadius;
    double mass = physics::kBallMass;
};

Vec2 foot_spot(const TableSpec& spec); // apex of the rack, x = +L/4
Vec2 head_spot(const TableSpec& spec); // cue ball for the break, x = -L/4

// The racked balls followed by the cue ball (id 0) on the head spot.
// 8-ball (WPA): 1 at the apex, 8 in the middle of the third row, a solid and a stripe in
// the back corners, the rest shuffled by the seed. 9-ball: a diamond with 1 at the apex and
// 9 in the middle, the rest shuffled.
std::vector<physics::BallDef> rack(RackKind kind, const TableSpec& spec, const RackOptions& o);
// A fresh world racked for `kind`.
physics::World racked_world(GameKind kind, const Table& table, const physics::Params& params,
                            std::uint64_t seed);

} // namespace billiards::game

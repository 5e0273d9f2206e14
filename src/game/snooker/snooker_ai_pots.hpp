// Private to the snooker computer: straight pots by the ghost ball and their chance under a
// level's aiming noise, worked out from the geometry alone (no simulation).
#pragma once

#include <vector>

#include "game/snooker/snooker_table.hpp"
#include "game/table.hpp"

namespace billiards::game::snooker::ai {

Vec2 position_of(const std::vector<Placed>& balls, int id);
bool present(const std::vector<Placed>& balls, int id);

struct PotLine {
    int target = 0;
    int pocket = 0;
    double heading = 0.0;
    double cut = 0.0; // cosine of the cut angle
    double d1 = 0.0, d2 = 0.0;
    double chance = 0.0; // of the pot under the heading noise
};

// The chance that a heading error of standard deviation `sigma` (rad) still pots: the error
// turns the object ball by d1 * e / (2R cos cut) and moves it d2 times that at the pocket,
// whose window narrows as the ball comes in across the pocket's way in.
double pot_chance(double d1, double d2, double cut, double entry, double radius, double sigma);

// Straight pots with both paths clear, a cut under 75 degrees and an entry the pocket takes
// (a middle pocket only from a steep angle). Likeliest first.
std::vector<PotLine> pot_lines(const Table& table, const std::vector<Placed>& balls,
                               const std::vector<int>& targets, double sigma);

// The chance of the likeliest pot (0 with none), plus a little for a second one.
double best_chance(const Table& table, const std::vector<Placed>& balls,
                   const std::vector<int>& targets, double sigma);

} // namespace billiards::game::snooker::ai

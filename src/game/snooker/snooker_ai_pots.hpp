// Private to the snooker computer: straight pots by the ghost ball and their chance under a
// level's aiming noise, worked out from the geometry alone (no simulation); and, for the pro
// level, a position valued two pots deep (the next pot and the one after it).
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
    Vec2 aim{}; // where the object ball is sent: the pocket's centre, or its mouth
    double heading = 0.0;
    double cut = 0.0; // cosine of the cut angle
    double d1 = 0.0, d2 = 0.0;
    double chance = 0.0; // of the pot under the heading noise
};

// The chance that a heading error of standard deviation `sigma` (rad) still pots: the error
// turns the object ball by d1 * e / (2R cos cut) and moves it d2 times that at the pocket,
// whose window narrows as the ball comes in across the pocket's way in.
double pot_chance(double d1, double d2, double cut, double entry, double radius, double sigma);

// The middle of a pocket's mouth (between its jaw points on the cushion lines): the point to
// send an object ball at, which keeps it clear of both jaws from any angle the pocket takes.
Vec2 mouth_point(const Table& table, int pocket);

// The chance of a pot sent at the mouth's middle under heading noise `sigma`: fitted to
// simulated straight pots on the full-size table under the standard noise model (300 trials
// each, d1 0.4 to 1 m, d2 0.5 to 1 m, entries from along the rail to square on), with the
// cut's gearing as pot_chance's. `middle`: a middle pocket (a wider mouth).
double mouth_chance(double d1, double d2, double cut, double entry, bool middle, double radius,
                    double sigma);

// Straight pots with both paths clear, a cut under 75 degrees and an entry the pocket takes
// (a middle pocket only from a steep angle). Likeliest first.
// `mouth`: each pot sent at the pocket's mouth_point and its chance by mouth_chance (the pro
// level), else at the pocket's centre by pot_chance.
std::vector<PotLine> pot_lines(const Table& table, const std::vector<Placed>& balls,
                               const std::vector<int>& targets, double sigma, bool mouth = false);

// The chance of the likeliest pot (0 with none), plus a little for a second one.
double best_chance(const Table& table, const std::vector<Placed>& balls,
                   const std::vector<int>& targets, double sigma, bool mouth = false);

// Where the cue ball may stop after potting along `line` from where it stands: from the
// contact along the stun line (the tangent), the follow and the draw lines (for a nearly
// full ball only straight on and straight back), at a few distances, folded back off the
// cushions into the playing area.
std::vector<Vec2> landings(const TableSpec& spec, Vec2 cue, Vec2 object, const PotLine& line);

// The heading error, in standard deviations, within which a pot of chance `chance` goes in
// by the error model: erf(bound / sqrt 2) = chance (0 for none, 8 for a sure pot).
double heading_bound(double chance);

// Noisy trials in two parts, those whose heading error fell within heading_bound and the
// rest. mean(chance) weighs each part's mean by its exact probability, `chance` and
// 1 - `chance`, rather than by how many trials happened to fall in it: a stratified mean,
// unbiased, and with most of the pot-or-miss luck taken out when the error model is close.
// With a part empty, or no chance given, the plain mean.
struct Split {
    double sum[2] = {0.0, 0.0};
    int count[2] = {0, 0};
    void add(bool within, double v) {
        sum[within ? 0 : 1] += v;
        ++count[within ? 0 : 1];
    }
    double mean() const {
        const int n = count[0] + count[1];
        return n > 0 ? (sum[0] + sum[1]) / n : 0.0;
    }
    double mean(double chance) const {
        if (count[0] == 0 || count[1] == 0) return mean();
        return chance * sum[0] / count[0] + (1.0 - chance) * sum[1] / count[1];
    }
};

// The balls on after `potted` goes in with the striker staying on: after a red the colours;
// after a colour the reds, or with no red left the lowest colour still up (`potted` itself
// counted gone). `balls` as before the pot.
std::vector<int> targets_after(const std::vector<Placed>& balls, int potted);

// A position for the striker to pot from, valued two pots deep.
struct Position {
    double value = 0.0; // in [0, 1]
    int target = -1;    // the best next pot's ball (-1: no pot)
    int pocket = -1;
    double next = 0.0;  // its chance
    double after = 0.0; // the best chance of the pot after it, from the best landing
};

// The best next pot over the lines to `targets` by its chance x (0.5 + 0.5 x the chance of
// the pot after it from the best of its landings), a colour weighed by its value (the black
// 1, the yellow 0.79): a pot that leaves nothing is worth half of one that leaves a sure pot.
Position position_value(const Table& table, const std::vector<Placed>& balls,
                        const std::vector<int>& targets, double sigma, bool mouth = true);

} // namespace billiards::game::snooker::ai

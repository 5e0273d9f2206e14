// The drills: the classic exercises of the standard practice books (docs/DESIGN.md,
// "Drills"), each on its standard table. Positions are metres from the table's centre, x
// along the length (+x: the foot; at snooker the black's end), y across (+y: the top rail).
#include <cmath>
#include <numbers>

#include "game/drills/drill.hpp"
#include "game/shot_events.hpp"

namespace billiards::game::drills {

namespace {

// pool-9ft: the bed's half length and width, the ball's diameter, the top-right corner pocket
// (its index among Table::pockets: the corners (-,-), (+,-), (-,+), (+,+) first).
constexpr double kPoolHalfLength = 1.270, kPoolHalfWidth = 0.635;
constexpr double kPoolDiameter = 2.0 * 0.028575;
constexpr Vec2 kTopRightCorner{kPoolHalfLength, kPoolHalfWidth};
constexpr int kTopRightPocket = 3;
// snooker-12ft: the spots (the black 324 mm from the top cushion, the pink half-way to the
// centre, the blue in the centre, the baulk line 737 mm from the bottom cushion with the
// D's radius 292 mm).
constexpr double kSnookerHalfLength = 3.569 / 2.0, kSnookerHalfWidth = 1.778 / 2.0;
constexpr double kSnookerDiameter = 0.0525;
constexpr double kBaulkX = -kSnookerHalfLength + 0.737;
constexpr double kBlackX = kSnookerHalfLength - 0.324;
constexpr double kPinkX = kSnookerHalfLength / 2.0;
constexpr double kDRadius = 0.292;

Vec2 unit(Vec2 v) {
    return v / length(v);
}
Vec2 rotated(Vec2 v, double degrees) {
    const double a = degrees * std::numbers::pi / 180.0;
    return {v.x * std::cos(a) - v.y * std::sin(a), v.x * std::sin(a) + v.y * std::cos(a)};
}

// A straight-in pot into the top-right corner along `u`: the object ball `object_distance`
// from the pocket, the cue ball `cue_distance` behind it; the cue ball's stop shot ends at the
// ghost ball.
struct Line {
    Vec2 u, object, cue, ghost;
};
Line straight_in(Vec2 u, double object_distance, double cue_distance) {
    Line l;
    l.u = unit(u);
    l.object = kTopRightCorner - l.u * object_distance;
    l.ghost = l.object - l.u * kPoolDiameter;
    l.cue = l.object - l.u * cue_distance;
    return l;
}

// A cut of `degrees` into the top-right corner: the cue ball `cue_distance` from the ghost ball.
std::vector<BallSpot> cut(Vec2 object, double degrees, double cue_distance) {
    const Vec2 u = unit(kTopRightCorner - object);
    const Vec2 ghost = object - u * kPoolDiameter;
    return {{kCueBall, ghost - rotated(u, degrees) * cue_distance}, {1, object}};
}

Drill pool_drill(std::string name, std::string title, std::string description) {
    Drill d;
    d.name = std::move(name);
    d.title = std::move(title);
    d.game = "pool";
    d.table = "pool-9ft";
    d.description = std::move(description);
    return d;
}

std::vector<Drill> make_all() {
    std::vector<Drill> out;
    const Line stop = straight_in({2.0, 1.0}, 0.6, 0.5);
    {
        Drill d = pool_drill("stop-shot", "Stop shot",
                             "Pot the 1 straight into the top-right corner and stop the cue ball "
                             "dead where it struck (within 5 cm for full points).");
        d.balls = {{kCueBall, stop.cue}, {1, stop.object}};
        d.goal = Goal::PotPosition;
        d.ball = 1;
        d.pocket = kTopRightPocket;
        d.target = stop.ghost;
        d.zone = 0.05;
        d.speeds = {1.2, 1.6, 2.0, 2.4};
        d.heights = {-0.5, -0.4, -0.3, -0.2, -0.1};
        out.push_back(d);
    }
    {
        const Line draw = straight_in({2.0, 1.0}, 0.6, 0.6);
        Drill d = pool_drill("draw-back", "Draw back",
                             "Pot the 1 straight into the corner and draw the cue ball back "
                             "40 cm along the line of the shot.");
        d.balls = {{kCueBall, draw.cue}, {1, draw.object}};
        d.goal = Goal::PotPosition;
        d.ball = 1;
        d.pocket = kTopRightPocket;
        d.target = draw.ghost - draw.u * 0.40;
        d.zone = 0.06;
        d.speeds = {1.5, 2.0, 2.5, 3.0};
        d.heights = {-0.6, -0.5, -0.4, -0.3};
        out.push_back(d);
    }
    {
        const Line follow = straight_in({2.0, 1.0}, 0.9, 0.5);
        Drill d = pool_drill("follow-through", "Follow through",
                             "Pot the 1 straight into the corner and follow 45 cm after it, "
                             "short of the pocket.");
        d.balls = {{kCueBall, follow.cue}, {1, follow.object}};
        d.goal = Goal::PotPosition;
        d.ball = 1;
        d.pocket = kTopRightPocket;
        d.target = follow.ghost + follow.u * 0.45;
        d.zone = 0.06;
        d.speeds = {1.0, 1.3, 1.6, 2.0};
        d.heights = {0.2, 0.3, 0.4, 0.5};
        out.push_back(d);
    }
    {
        Drill d = pool_drill("cut-30", "Cut at 30 degrees",
                             "Pot the 1 into the top-right corner at a 30 degree cut.");
        d.balls = cut({0.70, 0.30}, 30.0, 0.6);
        d.goal = Goal::Pot;
        d.ball = 1;
        d.pocket = kTopRightPocket;
        d.speeds = {1.5, 2.0};
        out.push_back(d);
    }
    {
        Drill d = pool_drill("cut-60", "Thin cut at 60 degrees",
                             "Pot the 1 into the top-right corner at a thin 60 degree cut.");
        d.balls = cut({0.70, 0.30}, -60.0, 0.5);
        d.goal = Goal::Pot;
        d.ball = 1;
        d.pocket = kTopRightPocket;
        d.speeds = {1.5, 2.0, 2.5};
        out.push_back(d);
    }
    {
        Drill d = pool_drill("long-pot", "Long pot",
                             "From the head spot, pot the 1 the length of the table into the "
                             "top-right corner.");
        d.balls = {{kCueBall, {-kPoolHalfLength / 2.0, 0.0}}, {1, {0.85, 0.42}}};
        d.goal = Goal::Pot;
        d.ball = 1;
        d.pocket = kTopRightPocket;
        d.speeds = {1.5, 2.0, 2.5};
        out.push_back(d);
    }
    {
        Drill d = pool_drill("kick-one-rail", "One-rail kick",
                             "The 2 blocks the way: kick off the top rail and hit the 1 first.");
        d.balls = {{kCueBall, {-0.6, -0.2}}, {2, {0.0, -0.2}}, {1, {0.6, -0.2}}};
        d.goal = Goal::Kick;
        d.ball = 1;
        d.rails = 1;
        d.speeds = {1.5, 2.5};
        d.fan = true;
        d.aim_from = 40.0;
        d.aim_to = 70.0;
        out.push_back(d);
    }
    {
        Drill d = pool_drill("bank-cross-side", "Cross-side bank",
                             "Bank the 1 off the bottom rail into a pocket: it must touch a "
                             "cushion before it drops.");
        d.balls = {{kCueBall, {-0.25, 0.10}}, {1, {0.0, -0.40}}};
        d.goal = Goal::Pot;
        d.ball = 1;
        d.bank = true;
        d.speeds = {2.0, 3.0};
        d.fan = true;
        d.aim_from = -75.0;
        d.aim_to = -45.0;
        out.push_back(d);
    }
    {
        Drill d = pool_drill("nine-ball-line-up", "9-ball line-up",
                             "Run the nine balls in order from 1 to 9 from cue ball in the "
                             "kitchen: a point a ball, the run ends at the first miss.");
        d.balls = {{kCueBall, {-0.80, 0.0}}, {1, {-0.40, 0.30}}, {2, {0.00, -0.30}},
                   {3, {0.40, 0.30}},        {4, {0.80, -0.30}}, {5, {0.90, 0.35}},
                   {6, {0.50, -0.35}},       {7, {0.10, 0.35}},  {8, {-0.30, -0.35}},
                   {9, {0.75, 0.02}}};
        d.goal = Goal::LineUp;
        d.max_shots = 9;
        d.attempts = 2;
        d.speeds = {1.0, 1.4, 1.8, 2.2, 2.6};
        d.heights = {-0.4, -0.2, 0.0, 0.2, 0.4};
        out.push_back(d);
    }
    {
        Drill d = pool_drill("lag", "Lag to the head rail",
                             "Send the cue ball to the foot rail and back to stop on the mark "
                             "10 cm off the head rail.");
        d.balls = {{kCueBall, {-kPoolHalfLength / 2.0, 0.0}}};
        d.goal = Goal::Position;
        d.rails = 1;
        d.target = {-kPoolHalfLength + 0.10, 0.0};
        d.zone = 0.05;
        d.fan = true;
        d.aim_from = d.aim_to = 0.0;
        for (int i = 0; i <= 24; ++i)
            d.speeds.push_back(0.6 + 0.05 * i);
        out.push_back(d);
    }
    {
        Drill d = pool_drill("position-zone", "Pot and cue ball to the zone",
                             "Pot the 1 and leave the cue ball in the 10 cm zone in the middle "
                             "of the foot end.");
        d.balls = {{kCueBall, {0.30, -0.25}}, {1, {0.55, 0.20}}};
        d.goal = Goal::PotPosition;
        d.ball = 1;
        d.target = {0.95, 0.0};
        d.zone = 0.10;
        d.speeds = {1.2, 1.6, 2.0, 2.6};
        d.heights = {-0.4, 0.0, 0.4};
        out.push_back(d);
    }
    // Snooker.
    auto snooker_drill = [](std::string name, std::string title, std::string description) {
        Drill d;
        d.name = std::move(name);
        d.title = std::move(title);
        d.game = "snooker";
        d.table = "snooker-12ft";
        d.description = std::move(description);
        return d;
    };
    {
        Drill d = snooker_drill("snooker-colours", "Clear the colours",
                                "Pot yellow, green, brown, blue, pink and black in order from "
                                "their spots, the cue ball starting in the D (27 the most).");
        d.balls = {{kCueBall, {kBaulkX - 0.24, -0.15}},
                   {16, {kBaulkX, -kDRadius}},
                   {17, {kBaulkX, kDRadius}},
                   {18, {kBaulkX, 0.0}},
                   {19, {0.0, 0.0}},
                   {20, {kPinkX, 0.0}},
                   {21, {kBlackX, 0.0}}};
        d.goal = Goal::LineUp;
        d.snooker = true;
        d.max_shots = 6;
        d.attempts = 2;
        d.speeds = {0.9, 1.2, 1.5, 1.8, 2.2, 2.6};
        d.heights = {-0.4, -0.2, 0.0, 0.2, 0.4};
        out.push_back(d);
    }
    {
        Drill d = snooker_drill("snooker-long-blue", "Long blue",
                                "The blue on its spot, the cue ball by the baulk line: pot the "
                                "blue the length of the table into a top corner.");
        d.balls = {{kCueBall, {kBaulkX + 0.10, -0.40}}, {19, {0.0, 0.0}}};
        d.goal = Goal::Pot;
        d.ball = 19;
        d.speeds = {1.5, 2.0, 2.5};
        out.push_back(d);
    }
    {
        const Vec2 black{kBlackX, 0.0};
        const Vec2 u = unit(Vec2{kSnookerHalfLength, kSnookerHalfWidth} - black);
        const Vec2 ghost = black - u * kSnookerDiameter;
        Drill d = snooker_drill("snooker-black-screw", "Black off its spot, screw back",
                                "Pot the black into the top-right corner and screw the cue ball "
                                "back 25 cm along the line.");
        d.balls = {{kCueBall, black - u * 0.60}, {21, black}};
        d.goal = Goal::PotPosition;
        d.ball = 21;
        d.pocket = kTopRightPocket;
        d.target = ghost - u * 0.25;
        d.zone = 0.06;
        d.speeds = {1.0, 1.4, 1.8, 2.2};
        d.heights = {-0.6, -0.5, -0.4, -0.3};
        out.push_back(d);
    }
    // Three-cushion (carom-10ft: the cue ball is the white, id 0; yellow 1, red 2).
    auto carom_drill = [](std::string name, std::string title, std::string description) {
        Drill d;
        d.name = std::move(name);
        d.title = std::move(title);
        d.game = "three-cushion";
        d.table = "carom-10ft";
        d.description = std::move(description);
        d.goal = Goal::Carom;
        d.fan = true;
        return d;
    };
    {
        Drill d = carom_drill("corner-system", "Corner-to-corner system shot",
                              "The diamond system's bank: cushions first from the bottom-left "
                              "corner, round three rails to the two balls in the top-left "
                              "corner.");
        d.balls = {{kCueBall, {-1.05, -0.50}}, {1, {-1.20, 0.45}}, {2, {-1.10, 0.58}}};
        d.speeds = {3.0, 4.0};
        d.sides = {0.0, 0.3};
        d.aim_from = 10.0;
        d.aim_to = 40.0;
        out.push_back(d);
    }
    {
        Drill d = carom_drill("three-cushion-umbrella", "Umbrella",
                              "Strike the yellow first, then three cushions (short, long, "
                              "short) to reach the red.");
        d.balls = {{kCueBall, {0.40, -0.35}}, {1, {0.90, -0.20}}, {2, {0.60, 0.40}}};
        d.speeds = {2.5, 3.5};
        d.sides = {0.0, -0.3};
        d.aim_from = 0.0;
        d.aim_to = 30.0;
        out.push_back(d);
    }
    return out;
}

} // namespace

const std::vector<Drill>& all() {
    static const std::vector<Drill> drills = make_all();
    return drills;
}

} // namespace billiards::game::drills

// Tables built from a small spec: pool tables to WPA dimensions (cushion noses along the
// rails, angled pocket jaws, pocket capture circles) and carom tables (four rails, no
// pockets). The spec is data (assets/tables/*.json, read by io); the geometry here is what
// physics collides with and render draws.
#pragma once

#include <string>
#include <vector>

#include "physics/types.hpp"

namespace billiards::game {

struct TableSpec {
    std::string name = "pool-9ft";
    std::string kind = "pool";                 // "pool", "snooker" or "carom"
    double ball_radius = physics::kBallRadius; // m
    double ball_mass = physics::kBallMass;     // kg
    double length = 2.540;                     // playing surface between cushion noses, m
    double width = 1.270;
    double corner_mouth = 0.116; // distance between the jaw points
    double side_mouth = 0.129;
    double corner_jaw_angle = 142.0; // degrees between cushion nose and jaw (WPA 142 +- 1)
    double side_jaw_angle = 104.0;   // WPA 103-105
    double jaw_depth = 0.05;         // how far a jaw reaches back into the rail, m
    double corner_pocket_radius = 0.060;
    double corner_pocket_offset = 0.0; // capture centre beyond the corner point, m
    double side_pocket_radius = 0.065;
    double side_pocket_offset = 0.045; // capture centre beyond the side mouth line, m
    double rail_width = 0.12;          // drawn wood rail outside the cushion noses, m
};

// The cushion and pocket indices are stable: rails first (head-to-foot order), then jaws,
// in the order corner (-,-), (+,-), (-,+), (+,+) (long-rail jaw, then short-rail jaw), then
// side bottom (left, right), side top (left, right). A pool jaw is one straight segment; a
// snooker jaw (kind "snooker") is kSnookerJawSegments segments: an arc of radius
// kSnookerJawRadius leaving the nose tangentially and turning by 180 - jaw angle degrees
// into the rail, then a straight piece that reaches jaw_depth into the rail.
struct Table {
    TableSpec spec;
    std::vector<physics::Cushion> cushions;
    std::vector<physics::Pocket> pockets;
    // Which cushion segments are rail noses (drawn as rubber) and which are jaws.
    std::vector<bool> is_jaw;
};

inline bool is_carom(const TableSpec& spec) {
    return spec.kind == "carom";
}

// A sight on the rail: `nose` on the cushion nose line, `outward` the unit normal into the
// rail (the drawn diamond sits along it, in the middle of the wood).
struct RailDiamond {
    Vec2 nose{};
    Vec2 outward{};
};
// The diamonds players aim by, at eighths of the length and quarters of the width measured
// between the cushion noses: 7 on each long rail and 3 on each short rail (a pool table has
// no diamond at its side pockets: 6 on each long rail). Long rails first (-y then +y, head to
// foot), then the head (-x) and foot (+x) rails (-y to +y).
std::vector<RailDiamond> rail_diamonds(const TableSpec& spec);
inline constexpr int kSnookerJawArcSegments = 4;
inline constexpr int kSnookerJawSegments = kSnookerJawArcSegments + 1;
inline constexpr double kSnookerJawRadius = 0.04; // m: the rounded cushion nose at a pocket

// Empty string when the spec is usable, else what is wrong (for a FILE: PATH: message).
std::string validate(const TableSpec& spec);
Table build_table(const TableSpec& spec);
// "bottom-left corner", ... for the standard six pockets (Table::pockets order).
std::string pocket_name(int pocket);

} // namespace billiards::game

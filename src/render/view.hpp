// What the renderer draws: a plain, read-only description of one frame, filled by the game
// (or by `billiards render`). Table coordinates in metres; the renderer owns the screen.
#pragma once

#include <string>
#include <vector>

#include "core/vec.hpp"
#include "game/table.hpp"
#include "render/layout.hpp"
#include "render/orientation.hpp"

namespace billiards::physics {
struct Ball;
}

namespace billiards::render {

struct BallView {
    int id = 0;      // ball number: 0 cue ball, 1-7 solids, 8 black, 9-15 stripes
    Vec2 position{}; // interpolated for this frame
    double radius = 0.0;
    Vec2 velocity{}; // for the debug vectors
    Vec3 spin{};
    Quat orientation{}; // how the ball is turned (its markings), see orientation.hpp
    bool pocketed = false;
};
// Ball `b` as it is now, turned as `turns` has it.
BallView ball_view(const physics::Ball& b, const Orientations& turns);

struct CueView {
    bool visible = false;
    Vec2 ball{}; // cue ball centre
    double ball_radius = 0.0;
    double heading = 0.0;   // radians from +x: the direction the ball will go
    double pull = 0.0;      // m the stick is drawn back from the ball
    double elevation = 0.0; // radians the butt is raised: the stick is drawn foreshortened
};

// The aim line from the cue ball to its first contact.
struct AimView {
    bool visible = false;
    Vec2 from{};         // cue ball centre
    Vec2 ghost{};        // cue ball centre at the first contact
    double radius = 0.0; // cue ball radius (ghost ball)
    bool hits_ball = false;
    Vec2 object{};              // hit ball's centre
    Vec2 object_dir{};          // where the hit ball goes (unit)
    double object_reach = 0.32; // m its line runs: to its first cushion or ball, at most this
    Vec2 cue_dir{};             // where the cue ball goes after a ball contact (tangent line, unit)
    bool hits_cushion = false;
    Vec2 bounce_dir{}; // cue ball after a cushion contact (unit)
};

// Ball in hand: the cue ball follows the mouse until it is placed.
struct PlacementView {
    bool active = false;
    Vec2 position{};
    double radius = 0.0;
    bool valid = false;
};

struct ControlsView {
    bool visible = false;    // power meter and spin selector
    double power = 0.0;      // 0..1
    bool dragging = false;   // power comes from a drag in progress
    double ball_speed = 0.0; // m/s a centre hit at the shown power gives the cue ball
    double side = 0.0;       // tip offset, units of the ball radius
    double height = 0.0;
    double spin_limit = 0.5;    // largest offset without a miscue
    double elevation_deg = 0.0; // how far the butt is raised
};

// One seat of a match in the HUD: name, group and score, the balls it pocketed.
struct PlayerView {
    std::string name;
    std::string detail;    // "solids  ·  1 game", "3 fouls in a row"...
    std::vector<int> tray; // ball numbers pocketed on this player's shots
    bool active = false;   // at the table now
    bool winner = false;
};

struct HudView {
    std::vector<PlayerView> players;   // a match: two cards in the top band (else the title)
    std::string title;                 // "Practice — shot 3"
    std::string status;                // what to do now
    std::vector<std::string> messages; // newest last
    bool card = false;         // a card of choices under the meter: the messages keep above it
    std::string help;          // key reminder line (empty: hidden)
    std::string timing;        // frame time line (empty: hidden)
    std::vector<int> pocketed; // ball numbers in the tray
};

// Pockets the shooter may call (8-ball: the pocket for the 8), ringed on the table.
struct PocketMarks {
    bool visible = false;
    int called = -1; // index into Table::pockets
    int hover = -1;  // under the mouse
};

// A ball's predicted path from the real physics (practice aim aid).
struct PathView {
    int id = 0;
    std::vector<Vec2> points;
    bool pocketed = false;
};

// A circle marked on the table (a drill's target): its centre and radius in metres; faint,
// the outer ring where the points run out.
struct TableRing {
    Vec2 center{};
    double radius = 0.0;
    bool faint = false;
};

// A short text on the table (the diamond aid's numbers), centred on a table point.
struct TableLabel {
    Vec2 at{};
    std::string text;
};

struct DebugView {
    bool velocities = false; // velocity and spin vectors on every ball
    bool geometry = false;   // cushion segments and pocket capture circles as physics sees them
};

struct SceneView {
    const game::Table* table = nullptr; // required
    std::vector<BallView> balls;
    CueView cue;
    AimView aim;
    PlacementView placement;
    ControlsView controls;
    HudView hud;
    DebugView debug;
    PocketMarks pockets;
    std::vector<PathView> paths;
    std::vector<TableRing> rings;
    std::vector<TableLabel> labels;
    std::string banner;       // large text across the table ("Replay", "Computer thinking...")
    bool ball_labels = false; // colour-blind aid: each ball's number, value or letter, upright
    bool dim = false;         // a menu is open over the table
    bool chrome = true;       // HUD band and widget column (false: the table alone)
    Camera camera;            // zoom and pan of the table (the game's view)
};

} // namespace billiards::render

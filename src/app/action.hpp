// What a player asks the game for, free of SDL: input.cpp turns keys and mouse events into
// these (through the key table of controls.hpp), tests and menus make them directly, and the
// shell (GameApp) hands the table's share to the current mode (GameMode::apply).
#pragma once

#include <cstdint>
#include <variant>

#include "core/vec.hpp"
#include "game/game.hpp"
#include "game/rack.hpp"
#include "game/snooker/snooker_table.hpp"

namespace billiards::app {

// What a key does; controls.hpp binds keys to these.
enum class Command : std::uint8_t {
    // Every screen.
    DebugPanel,
    Screenshot,
    Quit,
    Help,
    Mute,
    Fullscreen, // F11 or Alt+Enter
    // Main menu.
    Start,
    // At the table.
    Back, // Esc: cancel the pull, put the cue ball down, skip a replay, close help, pause menu
    AimLeft,
    AimRight,
    PowerUp,
    PowerDown,
    Shoot,
    TipUp,
    TipDown,
    TipLeft,
    TipRight,
    TipCentre,
    CueUp,   // raise the butt: elevation for swerve and masse
    CueDown, // lower it
    BallInHand,
    Pause,
    SingleStep,
    Slower,
    Faster,
    NormalSpeed,
    Vectors,
    Geometry,
    Timing,
    KeyBar,
    Labels, // the colour-blind ball labels on and off
    ZoomIn, // the table closer, about the middle of the view
    ZoomOut,
    FitTable, // the whole table in view
    PanLeft,
    PanRight,
    PanUp,
    PanDown,
    // Sandbox.
    RackEight,
    RackNine,
    // Match.
    Replay,
    PushOut,
    Undo,
    // Snooker: nominate a colour by its value (2 yellow .. 7 black), as on the card.
    NominateYellow,
    NominateGreen,
    NominateBrown,
    NominateBlue,
    NominatePink,
    NominateBlack,
};
inline constexpr int kCommandCount = static_cast<int>(Command::NominateBlack) + 1;

// The colour a Nominate command names (its ball id); -1 for any other command.
constexpr int nominated_colour(Command c) {
    namespace snk = game::snooker;
    const int k = static_cast<int>(c) - static_cast<int>(Command::NominateYellow);
    return k >= 0 && k <= snk::kBlack - snk::kYellow ? snk::kYellow + k : -1;
}

namespace act {

// A key's command. aim_step: radians for AimLeft / AimRight (Shift and Ctrl scale it).
struct Key {
    Command command;
    bool repeat = false;
    double aim_step = 0.1 * kPi / 180.0;
};
// The mouse, in renderer output pixels (the loop scales window points).
struct PointerMove {
    Vec2 screen;
};
struct PointerPress { // left button
    Vec2 screen;
};
struct PointerRelease {}; // left button
struct PointerCancel {    // right button: drop the pull
    Vec2 screen;
};

// The camera: the wheel zooms about the pointer at `screen` (factor > 1: closer); a right
// or middle drag pans the table along with the pointer, now at `screen`.
struct Zoom {
    Vec2 screen;
    double factor;
};
struct Pan {
    Vec2 screen;
};

// Table actions in table metres and cue units (the keys and the mouse end up here too).
struct AimAt {
    Vec2 point;
};
struct TurnAim {
    double radians;
};
struct Shoot {
    double power; // 0..1
};
// The gamepad's pull-back stroke (pad_input.hpp): the cue drawn back by `pull` of the full
// pull (0..1), as the mouse's drag shows it; 0 drops the pull.
struct Stroke {
    double pull;
};
struct SetTip {
    double side, height;
};
struct SetElevation {
    double radians;
};
struct BeginPlacement {};
struct PlaceCueBall {
    Vec2 point;
};
// Sandbox.
struct Rack {
    game::RackKind kind;
};
struct CueBallOnly {};
// Match.
struct CallPocket {
    int pocket; // -1: none
};
struct SetPushOut {
    bool on;
};
struct Decide {
    game::Decision decision; // one of the game's next().decisions
};
struct Undo {};
struct Rematch {};
// Snooker.
struct Nominate {
    int ball; // a colour after a red, any ball as a free ball; -1: none
};

} // namespace act

using Action =
    std::variant<act::Key, act::PointerMove, act::PointerPress, act::PointerRelease,
                 act::PointerCancel, act::Zoom, act::Pan, act::AimAt, act::TurnAim, act::Shoot,
                 act::Stroke, act::SetTip, act::SetElevation, act::BeginPlacement,
                 act::PlaceCueBall, act::Rack, act::CueBallOnly, act::CallPocket, act::SetPushOut,
                 act::Decide, act::Undo, act::Rematch, act::Nominate>;

// For std::visit over an Action: one lambda per kind.
template <class... F> struct Overloaded : F... { using F::operator()...; };
template <class... F> Overloaded(F...) -> Overloaded<F...>; // clang 14 lacks aggregate CTAD

} // namespace billiards::app

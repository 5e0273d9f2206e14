// Every key the game handles, in one table: input.cpp maps key presses to actions through it
// (and nothing else), and the help screen lists it, so the two cannot drift apart (tests
// check both). The mouse's controls are listed here too, for the help screen.
#pragma once

#include <SDL.h>

#include <cstdint>
#include <optional>
#include <span>

namespace billiards::app {

enum class Action : std::uint8_t {
    // Every screen.
    DebugPanel,
    Screenshot,
    Quit,
    Help,
    Mute,
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
    // Sandbox.
    RackEight,
    RackNine,
    // Match.
    Replay,
    PushOut,
    Undo,
};
inline constexpr int kActionCount = static_cast<int>(Action::Undo) + 1;

// Where a binding applies. Everywhere and Table bindings hold in the sandbox and in matches.
enum class KeyScope : std::uint8_t { Everywhere, Menu, Table, Sandbox, Match };
const char* to_string(KeyScope s);

struct KeyBinding {
    SDL_Keycode key;
    bool ctrl;           // needs Ctrl (otherwise Ctrl is allowed: Ctrl+Left is a finer aim)
    Action action;
    KeyScope scope;
    const char* keys;    // as the help screen shows it: "Left / Right"
    const char* what;    // "fine aim (Shift x10, Ctrl /10)"
};

std::span<const KeyBinding> key_bindings();

// The action of a key press on a screen: the menu (in_menu), else the table of a match
// (in_match) or the sandbox. nullopt for a key the game does not use there.
std::optional<Action> action_for(SDL_Keycode key, bool ctrl, bool in_menu, bool in_match);

struct MouseControl {
    const char* what_to_do; // "Drag back from the cue ball, release"
    const char* what;       // "shoot: the pull sets the power"
};
std::span<const MouseControl> mouse_controls();

} // namespace billiards::app

// A gamepad's state becomes the player's Actions here, frame by frame, with no SDL and no
// device: gamepad.hpp reads SDL's GameController into a PadState, and tests make one directly.
// At the table: the left stick aims (the triggers finely), the right stick pulled back and
// pushed forward is the mouse's pull-back stroke, the d-pad moves the tip (with the left
// shoulder held it raises and lowers the cue), A shoots with the set power, B cancels, X takes
// the cue ball in hand, Y centres the tip, Start opens the pause menu, Back the help. On the
// menus Dear ImGui navigates with the d-pad and the left stick (nav_inputs), A picks, B
// closes; Start on the main menu starts the game chosen.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "app/action.hpp"

namespace billiards::app {

enum class PadButton : std::uint8_t {
    A,
    B,
    X,
    Y,
    Back,
    Start,
    LeftShoulder,
    RightShoulder,
    DpadUp,
    DpadDown,
    DpadLeft,
    DpadRight,
};
inline constexpr int kPadButtons = static_cast<int>(PadButton::DpadRight) + 1;

// One controller's state in one frame. Sticks -1..1 with y down (SDL's convention: pulled
// towards the player is positive); triggers 0..1.
struct PadState {
    bool connected = false;
    double left_x = 0.0, left_y = 0.0, right_x = 0.0, right_y = 0.0;
    double left_trigger = 0.0, right_trigger = 0.0;
    std::array<bool, kPadButtons> buttons{};

    bool held(PadButton b) const { return buttons[static_cast<int>(b)]; }
    void set(PadButton b, bool down) { buttons[static_cast<int>(b)] = down; }
};

// Which controls a frame's state drives.
enum class PadScreen : std::uint8_t {
    Table,   // playing: aim, stroke, tip, shoot
    Menu,    // the main menu (ImGui navigates; Start starts)
    Overlay, // the pause menu, the help screen (ImGui navigates; B and Start close)
};

inline constexpr double kPadDeadZone = 0.2;       // of a stick's travel
inline constexpr double kPadAimRate = 1.5;        // rad/s at full left stick
inline constexpr double kPadFineAimRate = 0.05;   // rad/s at a full trigger
inline constexpr double kPadShootForward = -0.5;  // right stick pushed this far forward: shoot
inline constexpr double kPadStrokeTimeout = 0.5;  // s back at rest without a push: dropped
inline constexpr double kPadRepeatDelay = 0.35;   // s before a held d-pad repeats
inline constexpr double kPadRepeatInterval = 0.1; // s between its repeats

// A stick's reading past the dead zone, rescaled to 0..1 and squared (fine near the centre),
// with its sign.
double stick_response(double value);

// Turns successive PadStates into Actions. It keeps what a stroke needs between frames: the
// deepest pull so far (the power), how long the stick has rested, the buttons' last state
// and the d-pad's repeat clocks.
class PadTranslator {
  public:
    // The actions of one frame `dt` seconds after the last.
    std::vector<Action> frame(const PadState& now, double dt, PadScreen screen);
    // The stroke's pull so far (0..1; 0: none).
    double pull() const { return pull_; }

  private:
    bool pressed(const PadState& now, PadButton b) const; // down now, up last frame
    bool repeated(const PadState& now, PadButton b, double dt);
    void stroke(const PadState& now, double dt, std::vector<Action>& out);
    void drop_stroke(std::vector<Action>& out);

    PadState last_;
    double pull_ = 0.0;
    double rest_ = 0.0; // s the right stick has rested during a stroke
    std::array<double, kPadButtons> held_for_{};
};

// Dear ImGui's gamepad navigation inputs (ImGuiNavInput_COUNT of them, 0..1) from a state:
// A activates, B cancels, Y opens text input, the d-pad and left stick move, the shoulders
// switch windows.
inline constexpr int kNavInputs = 20; // ImGuiNavInput_COUNT in Dear ImGui 1.86 (checked)
std::array<float, kNavInputs> nav_inputs(const PadState& s);

} // namespace billiards::app

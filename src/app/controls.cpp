#include "app/controls.hpp"

#include <array>

namespace billiards::app {

namespace {

using S = KeyScope;
using A = Command;

// Keys with two bindings (Left and Right, Up and Down) show once on the help screen: the
// second one has an empty `keys`.
constexpr std::array kBindings{
    KeyBinding{SDLK_h, false, A::Help, S::Everywhere, "H", "this help (H or Esc closes it)"},
    KeyBinding{SDLK_m, false, A::Mute, S::Everywhere, "M", "sound on / off"},
    KeyBinding{SDLK_F1, false, A::DebugPanel, S::Everywhere, "F1",
               "debug panel: edit balls, physics, events"},
    KeyBinding{SDLK_F12, false, A::Screenshot, S::Everywhere, "F12",
               "screenshot (a PNG in the data folder)"},
    KeyBinding{SDLK_F11, false, A::Fullscreen, S::Everywhere, "F11 / Alt+Enter",
               "fullscreen on / off (remembered)"},
    // Alt+Enter is fullscreen, as in most games: it never shoots or starts.
    KeyBinding{SDLK_RETURN, false, A::Fullscreen, S::Everywhere, "", "", true},
    KeyBinding{SDLK_KP_ENTER, false, A::Fullscreen, S::Everywhere, "", "", true},
    KeyBinding{SDLK_q, true, A::Quit, S::Everywhere, "Ctrl+Q", "quit"},
    KeyBinding{SDLK_RETURN, false, A::Start, S::Menu, "Enter", "start the game chosen"},
    KeyBinding{SDLK_KP_ENTER, false, A::Start, S::Menu, "", ""},
    KeyBinding{SDLK_ESCAPE, false, A::Back, S::Everywhere, "Esc",
               "close the help or the pause menu; cancel the pull or the ball in hand; skip a "
               "replay; else the pause menu"},
    KeyBinding{SDLK_LEFT, false, A::AimLeft, S::Table, "Left / Right",
               "fine aim (Shift: 10x coarser, Ctrl: 10x finer)"},
    KeyBinding{SDLK_RIGHT, false, A::AimRight, S::Table, "", ""},
    KeyBinding{SDLK_UP, false, A::PowerUp, S::Table, "Up / Down", "power for Space"},
    KeyBinding{SDLK_DOWN, false, A::PowerDown, S::Table, "", ""},
    KeyBinding{SDLK_SPACE, false, A::Shoot, S::Table, "Space / Enter", "shoot with that power"},
    KeyBinding{SDLK_RETURN, false, A::Shoot, S::Table, "", ""},
    KeyBinding{SDLK_KP_ENTER, false, A::Shoot, S::Table, "", ""},
    KeyBinding{SDLK_w, false, A::TipUp, S::Table, "W A S D",
               "move the cue tip: follow, draw, side"},
    KeyBinding{SDLK_s, false, A::TipDown, S::Table, "", ""},
    KeyBinding{SDLK_a, false, A::TipLeft, S::Table, "", ""},
    KeyBinding{SDLK_d, false, A::TipRight, S::Table, "", ""},
    KeyBinding{SDLK_c, false, A::TipCentre, S::Table, "C", "centre the tip"},
    KeyBinding{SDLK_e, false, A::CueUp, S::Table, "E / F",
               "raise / flatten the cue (elevation in 5 degree steps: swerve, masse)"},
    KeyBinding{SDLK_f, false, A::CueDown, S::Table, "", ""},
    KeyBinding{SDLK_b, false, A::BallInHand, S::Table, "B",
               "ball in hand: pick up or put down the cue ball (when allowed)"},
    KeyBinding{SDLK_p, false, A::Pause, S::Table, "P", "pause the physics"},
    KeyBinding{SDLK_PERIOD, false, A::SingleStep, S::Table, ".", "one step while paused"},
    KeyBinding{SDLK_LEFTBRACKET, false, A::Slower, S::Table, "[ / ]",
               "slower / faster (1/64x to 8x)"},
    KeyBinding{SDLK_RIGHTBRACKET, false, A::Faster, S::Table, "", ""},
    KeyBinding{SDLK_EQUALS, false, A::NormalSpeed, S::Table, "=", "normal speed"},
    KeyBinding{SDLK_v, false, A::Vectors, S::Table, "V", "show velocity and spin vectors"},
    KeyBinding{SDLK_g, false, A::Geometry, S::Table, "G", "show the collision geometry"},
    KeyBinding{SDLK_t, false, A::Timing, S::Table, "T", "show the frame time"},
    KeyBinding{SDLK_k, false, A::KeyBar, S::Table, "K", "hide / show the key bar"},
    KeyBinding{SDLK_l, false, A::Labels, S::Table, "L", "label the balls (colour-blind aid)"},
    KeyBinding{SDLK_PAGEUP, false, A::ZoomIn, S::Table, "PageUp / PageDown",
               "zoom the table in / out (or the mouse wheel, about the pointer)"},
    KeyBinding{SDLK_PAGEDOWN, false, A::ZoomOut, S::Table, "", ""},
    KeyBinding{SDLK_HOME, false, A::FitTable, S::Table, "Home", "the whole table in view"},
    KeyBinding{SDLK_LEFT, false, A::PanLeft, S::Table, "Alt+Left / Right / Up / Down",
               "pan the zoomed table (or drag with the right or middle button)", true},
    KeyBinding{SDLK_RIGHT, false, A::PanRight, S::Table, "", "", true},
    KeyBinding{SDLK_UP, false, A::PanUp, S::Table, "", "", true},
    KeyBinding{SDLK_DOWN, false, A::PanDown, S::Table, "", "", true},
    KeyBinding{SDLK_r, false, A::RackEight, S::Sandbox, "R", "rack for 8-ball"},
    KeyBinding{SDLK_n, false, A::RackNine, S::Sandbox, "N", "rack for 9-ball"},
    KeyBinding{SDLK_r, false, A::Replay, S::Match, "R", "replay the last shot"},
    KeyBinding{SDLK_o, false, A::PushOut, S::Match, "O", "9-ball: declare a push-out"},
    KeyBinding{SDLK_z, true, A::Undo, S::Match, "Ctrl+Z", "undo the last shot (practice)"},
    KeyBinding{SDLK_2, false, A::NominateYellow, S::Match, "2 3 4 5 6 7",
               "snooker: nominate yellow, green, brown, blue, pink or black (its value)"},
    KeyBinding{SDLK_3, false, A::NominateGreen, S::Match, "", ""},
    KeyBinding{SDLK_4, false, A::NominateBrown, S::Match, "", ""},
    KeyBinding{SDLK_5, false, A::NominateBlue, S::Match, "", ""},
    KeyBinding{SDLK_6, false, A::NominatePink, S::Match, "", ""},
    KeyBinding{SDLK_7, false, A::NominateBlack, S::Match, "", ""},
};

constexpr std::array kMouse{
    MouseControl{"Move", "aim: the cue follows the mouse around the cue ball"},
    MouseControl{"Press, pull back, release", "shoot: the pull sets the power"},
    MouseControl{"Right button", "cancel the pull"},
    MouseControl{"Click or drag the spin circle", "where the tip strikes the cue ball"},
    MouseControl{"Click the power bar", "power for Space"},
    MouseControl{"Click (ball in hand)", "place the cue ball; click it to pick it up again"},
    MouseControl{"Click a pocket", "8-ball: call the pocket for the 8"},
    MouseControl{"Wheel", "zoom the table about the pointer (Home: the whole table)"},
    MouseControl{"Right or middle drag", "pan the zoomed table"},
};

constexpr std::array kPad{
    MouseControl{"Left stick / triggers", "aim / fine aim"},
    MouseControl{"Right stick back, then forward", "shoot: the pull sets the power"},
    MouseControl{"D-pad", "move the cue tip (with LB: raise / lower the cue)"},
    MouseControl{"A", "shoot with the power bar's power; pick on menus"},
    MouseControl{"B", "cancel the pull; back, close"},
    MouseControl{"X / Y", "ball in hand / centre the tip"},
    MouseControl{"Start / Back", "pause menu / this help"},
    MouseControl{"D-pad or left stick", "move through the menus and cards"},
};

bool applies(KeyScope s, bool in_menu, bool in_match) {
    switch (s) {
    case KeyScope::Everywhere:
        return true;
    case KeyScope::Menu:
        return in_menu;
    case KeyScope::Table:
        return !in_menu;
    case KeyScope::Sandbox:
        return !in_menu && !in_match;
    case KeyScope::Match:
        return !in_menu && in_match;
    }
    return false;
}

} // namespace

const char* to_string(KeyScope s) {
    switch (s) {
    case KeyScope::Everywhere:
        return "everywhere";
    case KeyScope::Menu:
        return "main menu";
    case KeyScope::Table:
        return "at the table";
    case KeyScope::Sandbox:
        return "sandbox";
    case KeyScope::Match:
        return "match";
    }
    return "?";
}

std::span<const KeyBinding> key_bindings() {
    return kBindings;
}

std::span<const MouseControl> mouse_controls() {
    return kMouse;
}

std::span<const MouseControl> pad_controls() {
    return kPad;
}

std::optional<Command> command_for(SDL_Keycode key, bool ctrl, bool alt, bool in_menu,
                                   bool in_match) {
    if (alt)
        for (const KeyBinding& b : kBindings)
            if (b.alt && b.key == key && applies(b.scope, in_menu, in_match)) return b.command;
    for (const KeyBinding& b : kBindings)
        if (!b.alt && b.key == key && (!b.ctrl || ctrl) && applies(b.scope, in_menu, in_match))
            return b.command;
    return std::nullopt;
}

} // namespace billiards::app

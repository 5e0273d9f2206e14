// SDL events become the player's Actions here, and only here: the modes never see SDL. The
// loop has already hidden from us whatever Dear ImGui wanted (io.WantCaptureMouse /
// WantCaptureKeyboard).
//
// Mouse: move to aim (the cue follows around the cue ball); press, pull back and release to
// shoot (the pull sets the power); right button or Esc cancels; click or drag in the spin
// selector to set the tip; click the power meter to set the keyboard power. The wheel zooms
// the table about the pointer; a drag with the right or middle button pans it.
// Gamepad: pad_input.hpp makes its actions from the state gamepad.hpp reads each frame.
// Keys: every one is in the table of controls.hpp (the help screen, H, lists the same table);
// a key press becomes the command that table gives it on this screen (snooker's 2..7 the
// nomination of that colour).
#include <SDL.h>

#include <cmath>
#include <optional>

#include "app/controls.hpp"
#include "app/game_app.hpp"

namespace billiards::app {

namespace {

constexpr double kFineAim = 0.1 * kPi / 180.0; // radians per key press
constexpr double kWheelZoom = 1.25;            // per notch of the wheel

std::optional<Action> action_of(const SDL_Event& e, bool in_menu, bool in_match) {
    switch (e.type) {
    case SDL_KEYDOWN: {
        const Uint16 mod = e.key.keysym.mod;
        const bool shift = (mod & KMOD_SHIFT) != 0, ctrl = (mod & KMOD_CTRL) != 0;
        const std::optional<Command> command =
            command_for(e.key.keysym.sym, ctrl, (mod & KMOD_ALT) != 0, in_menu, in_match);
        if (!command) return std::nullopt;
        if (const int colour = nominated_colour(*command); colour >= 0)
            return act::Nominate{colour};
        return act::Key{*command, e.key.repeat != 0,
                        kFineAim * (shift ? 10.0 : 1.0) * (ctrl ? 0.1 : 1.0)};
    }
    case SDL_MOUSEMOTION: {
        const Vec2 s{static_cast<double>(e.motion.x), static_cast<double>(e.motion.y)};
        if ((e.motion.state & (SDL_BUTTON_RMASK | SDL_BUTTON_MMASK)) != 0) return act::Pan{s};
        return act::PointerMove{s};
    }
    case SDL_MOUSEBUTTONDOWN: {
        const Vec2 s{static_cast<double>(e.button.x), static_cast<double>(e.button.y)};
        if (e.button.button == SDL_BUTTON_LEFT) return act::PointerPress{s};
        if (e.button.button == SDL_BUTTON_RIGHT) return act::PointerCancel{s};
        return act::PointerMove{s};
    }
    case SDL_MOUSEBUTTONUP:
        if (e.button.button == SDL_BUTTON_LEFT) return act::PointerRelease{};
        return std::nullopt;
    default:
        return std::nullopt;
    }
}

} // namespace

void GameApp::handle_event(const SDL_Event& e) {
    if (e.type == SDL_KEYDOWN || e.type == SDL_MOUSEBUTTONDOWN) note_input();
    if (e.type == SDL_MOUSEWHEEL) { // about the pointer: the wheel's event has no position
        if (ctx_.over.screen == Screen::Play && e.wheel.y != 0)
            apply(act::Zoom{ctx_.hand.mouse, std::pow(kWheelZoom, e.wheel.y)});
        return;
    }
    const std::optional<Action> action =
        action_of(e, ctx_.over.screen == Screen::Menu, mode_->is_match());
    if (action) apply(*action);
}

void GameApp::pad_frame(const PadState& pad, double real_seconds) {
    PadScreen where = PadScreen::Table;
    if (ctx_.over.help || ctx_.over.pause_menu)
        where = PadScreen::Overlay;
    else if (ctx_.over.screen == Screen::Menu)
        where = PadScreen::Menu;
    const std::vector<Action> actions = pad_.frame(pad, real_seconds, where);
    if (!actions.empty() && !std::holds_alternative<act::TurnAim>(actions.front())) note_input();
    for (const Action& a : actions)
        apply(a);
}

} // namespace billiards::app

#include "app/pad_input.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>

namespace billiards::app {

static_assert(kNavInputs == ImGuiNavInput_COUNT, "Dear ImGui's navigation inputs changed");

double stick_response(double value) {
    const double a = std::abs(value);
    if (!(a > kPadDeadZone)) return 0.0; // also NaN
    const double u = std::min((a - kPadDeadZone) / (1.0 - kPadDeadZone), 1.0);
    return std::copysign(u * u, value);
}

bool PadTranslator::pressed(const PadState& now, PadButton b) const {
    return now.held(b) && !last_.held(b);
}

// A d-pad direction: once when pressed, then again every kPadRepeatInterval after
// kPadRepeatDelay, as a held key repeats.
bool PadTranslator::repeated(const PadState& now, PadButton b, double dt) {
    double& t = held_for_[static_cast<int>(b)];
    if (!now.held(b)) {
        t = 0.0;
        return false;
    }
    if (!last_.held(b)) {
        t = 0.0;
        return true;
    }
    const double before = t;
    t += dt;
    if (t < kPadRepeatDelay) return false;
    const auto ticks = [](double s) {
        return std::floor((s - kPadRepeatDelay) / kPadRepeatInterval);
    };
    return before < kPadRepeatDelay || ticks(t) > ticks(before);
}

void PadTranslator::drop_stroke(std::vector<Action>& out) {
    if (pull_ > 0.0) out.emplace_back(act::Stroke{0.0});
    pull_ = 0.0;
    rest_ = 0.0;
}

// The right stick's stroke: pulled back (towards the player) it sets the power, the deepest
// pull counting; pushed forward it shoots. Left to rest without a push, the stroke is dropped.
void PadTranslator::stroke(const PadState& now, double dt, std::vector<Action>& out) {
    const double y = std::isfinite(now.right_y) ? now.right_y : 0.0;
    const double back = y > 0.0 ? stick_response(y) : 0.0;
    if (back > 0.0) {
        rest_ = 0.0;
        if (back > pull_) {
            pull_ = back;
            out.emplace_back(act::Stroke{pull_});
        }
        return;
    }
    if (pull_ <= 0.0) return;
    if (y <= kPadShootForward) {
        const double power = pull_;
        drop_stroke(out);
        out.emplace_back(act::Shoot{power});
        return;
    }
    rest_ += dt;
    if (rest_ > kPadStrokeTimeout) drop_stroke(out);
}

std::vector<Action> PadTranslator::frame(const PadState& now, double dt, PadScreen screen) {
    std::vector<Action> out;
    dt = std::isfinite(dt) ? std::clamp(dt, 0.0, 1.0) : 0.0;
    const auto key = [&](Command c, bool repeat = false) { out.emplace_back(act::Key{c, repeat}); };
    if (!now.connected) {
        drop_stroke(out);
        last_ = {};
        held_for_ = {};
        return out;
    }
    if (pressed(now, PadButton::Back)) key(Command::Help);
    if (screen != PadScreen::Table) {
        drop_stroke(out); // the table waits under a menu: a stroke does not carry over
        if (pressed(now, PadButton::Start))
            key(screen == PadScreen::Menu ? Command::Start : Command::Back);
        if (pressed(now, PadButton::B)) key(Command::Back); // closes the screen over the menu
        last_ = now;
        return out;
    }
    // Aim: the left stick turns the cue (right: clockwise, as the Right key), the triggers
    // turn it slowly.
    const double stick = stick_response(std::isfinite(now.left_x) ? now.left_x : 0.0);
    const double fine =
        std::clamp(now.left_trigger, 0.0, 1.0) - std::clamp(now.right_trigger, 0.0, 1.0);
    const double turn =
        -stick * kPadAimRate * dt + (std::isfinite(fine) ? fine : 0.0) * kPadFineAimRate * dt;
    if (turn != 0.0) out.emplace_back(act::TurnAim{turn});
    stroke(now, dt, out);
    if (pressed(now, PadButton::B)) {
        drop_stroke(out);
        key(Command::Back);
    }
    if (pressed(now, PadButton::Start)) {
        drop_stroke(out);
        key(Command::Back); // nothing left to cancel: the pause menu
    }
    if (pressed(now, PadButton::A)) key(Command::Shoot);
    if (pressed(now, PadButton::X)) key(Command::BallInHand);
    if (pressed(now, PadButton::Y)) key(Command::TipCentre);
    const bool cue = now.held(PadButton::LeftShoulder);
    const std::array<std::pair<PadButton, Command>, 4> dpad{{
        {PadButton::DpadUp, cue ? Command::CueUp : Command::TipUp},
        {PadButton::DpadDown, cue ? Command::CueDown : Command::TipDown},
        {PadButton::DpadLeft, Command::TipLeft},
        {PadButton::DpadRight, Command::TipRight},
    }};
    for (const auto& [button, command] : dpad)
        if (repeated(now, button, dt)) key(command, !pressed(now, button));
    last_ = now;
    return out;
}

std::array<float, kNavInputs> nav_inputs(const PadState& s) {
    std::array<float, kNavInputs> n{};
    if (!s.connected) return n;
    const auto button = [&](ImGuiNavInput i, PadButton b) { n[i] = s.held(b) ? 1.0f : 0.0f; };
    button(ImGuiNavInput_Activate, PadButton::A);
    button(ImGuiNavInput_Cancel, PadButton::B);
    button(ImGuiNavInput_Input, PadButton::Y);
    button(ImGuiNavInput_Menu, PadButton::X);
    button(ImGuiNavInput_DpadLeft, PadButton::DpadLeft);
    button(ImGuiNavInput_DpadRight, PadButton::DpadRight);
    button(ImGuiNavInput_DpadUp, PadButton::DpadUp);
    button(ImGuiNavInput_DpadDown, PadButton::DpadDown);
    button(ImGuiNavInput_FocusPrev, PadButton::LeftShoulder);
    button(ImGuiNavInput_FocusNext, PadButton::RightShoulder);
    button(ImGuiNavInput_TweakSlow, PadButton::LeftShoulder);
    button(ImGuiNavInput_TweakFast, PadButton::RightShoulder);
    const auto axis = [&](ImGuiNavInput minus, ImGuiNavInput plus, double v) {
        const double r =
            std::isfinite(v)
                ? std::clamp((std::abs(v) - kPadDeadZone) / (1.0 - kPadDeadZone), 0.0, 1.0)
                : 0.0;
        n[v < 0.0 ? minus : plus] = static_cast<float>(r);
    };
    axis(ImGuiNavInput_LStickLeft, ImGuiNavInput_LStickRight, s.left_x);
    axis(ImGuiNavInput_LStickUp, ImGuiNavInput_LStickDown, s.left_y);
    return n;
}

} // namespace billiards::app

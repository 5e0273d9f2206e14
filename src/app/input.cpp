// Keys and mouse mapped onto GameApp actions. The loop has already hidden from us whatever
// Dear ImGui wanted (io.WantCaptureMouse / WantCaptureKeyboard).
//
// Mouse: move to aim (the cue follows around the cue ball); press, pull back and release to
// shoot (the pull sets the power); right button or Esc cancels; click or drag in the spin
// selector to set the tip; click the power meter to set the keyboard power.
// Keys: every one is in the table of controls.hpp (the help screen, H, lists the same table);
// on_key only ever sees its actions.
#include <algorithm>
#include <cmath>
#include <optional>

#include "app/controls.hpp"
#include "app/game_app.hpp"
#include "game/match.hpp"

namespace billiards::app {

namespace {

constexpr double kFineAim = 0.1 * kPi / 180.0; // radians per key press
constexpr double kTipStep = 0.05;
constexpr double kPowerStep = 0.05;
constexpr double kUnlockPixels = 6.0; // mouse travel that ends a keyboard fine-aim lock

} // namespace

void GameApp::handle_event(const SDL_Event& e) {
    if (e.type == SDL_KEYDOWN || e.type == SDL_MOUSEBUTTONDOWN) note_input();
    switch (e.type) {
    case SDL_KEYDOWN:
        on_key(e.key);
        break;
    case SDL_MOUSEMOTION:
        on_mouse_move({static_cast<double>(e.motion.x), static_cast<double>(e.motion.y)});
        break;
    case SDL_MOUSEBUTTONDOWN:
        on_mouse_down(e.button);
        break;
    case SDL_MOUSEBUTTONUP:
        on_mouse_up(e.button);
        break;
    default:
        break;
    }
}

void GameApp::on_key(const SDL_KeyboardEvent& k) {
    const Uint16 mod = k.keysym.mod;
    const bool shift = (mod & KMOD_SHIFT) != 0, ctrl = (mod & KMOD_CTRL) != 0;
    const double aim_step = kFineAim * (shift ? 10.0 : 1.0) * (ctrl ? 0.1 : 1.0);
    // Every key goes through the table of controls.hpp, which the help screen lists.
    const std::optional<Action> found =
        action_for(k.keysym.sym, ctrl, screen_ == Screen::Menu, match_ != nullptr);
    if (!found) return;
    const Action action = *found;
    // Keys that work on every screen.
    switch (action) {
    case Action::DebugPanel:
        panel_open_ = !panel_open_;
        return;
    case Action::Screenshot:
        screenshot_requested_ = true;
        return;
    case Action::Quit:
        quit_ = true;
        return;
    case Action::Help:
        if (!k.repeat) show_help_screen(!help_open_);
        return;
    case Action::Mute:
        if (!k.repeat) toggle_mute();
        return;
    default:
        break;
    }
    if (help_open_) {
        if (action == Action::Back && !k.repeat) show_help_screen(false);
        return;
    }
    if (screen_ == Screen::Menu) {
        if (action == Action::Start && !k.repeat) start_from_choices();
        return;
    }
    if (pause_menu_) {
        if (action == Action::Back && !k.repeat) open_pause_menu(false);
        return;
    }
    if (replay_) {
        if (action == Action::Back) {
            replay_.reset();
            sync_interpolation();
        }
        return;
    }
    if (match_ && match_->computer_to_act()) {
        switch (action) { // the computer's turn: only the view, the clock and the match's keys
        case Action::Back:
        case Action::Pause:
        case Action::SingleStep:
        case Action::Slower:
        case Action::Faster:
        case Action::NormalSpeed:
        case Action::Vectors:
        case Action::Geometry:
        case Action::Timing:
        case Action::KeyBar:
        case Action::Replay:
        case Action::PushOut:
        case Action::Undo:
            break;
        default:
            return;
        }
    }
    switch (action) {
    case Action::AimLeft:
    case Action::AimRight:
        turn_aim(action == Action::AimLeft ? aim_step : -aim_step);
        aim_locked_ = true;
        lock_mouse_ = mouse_;
        break;
    case Action::PowerUp:
        key_power_ = std::min(1.0, key_power_ + kPowerStep);
        break;
    case Action::PowerDown:
        key_power_ = std::max(kPowerStep, key_power_ - kPowerStep);
        break;
    case Action::Shoot:
        if (!k.repeat) shoot(key_power_);
        break;
    case Action::TipUp:
        set_tip(side_, height_ + kTipStep);
        break;
    case Action::TipDown:
        set_tip(side_, height_ - kTipStep);
        break;
    case Action::TipLeft:
        set_tip(side_ - kTipStep, height_);
        break;
    case Action::TipRight:
        set_tip(side_ + kTipStep, height_);
        break;
    case Action::TipCentre:
        set_tip(0.0, 0.0);
        break;
    case Action::CueUp:
        set_elevation(elevation_ + kElevationStep);
        break;
    case Action::CueDown:
        set_elevation(elevation_ - kElevationStep);
        break;
    case Action::BallInHand:
        if (mode_ == Mode::Placing && cue_on_table())
            mode_ = Mode::Aiming;
        else
            begin_placement();
        break;
    case Action::RackEight:
        rack(game::RackKind::EightBall);
        break;
    case Action::RackNine:
        rack(game::RackKind::NineBall);
        break;
    case Action::Replay:
        replay_last_shot();
        break;
    case Action::PushOut:
        set_push_out(!push_out_);
        break;
    case Action::Undo:
        undo();
        break;
    case Action::Back:
        if (dragging_) {
            dragging_ = false;
            pull_ = 0.0;
        } else if (mode_ == Mode::Placing && cue_on_table()) {
            mode_ = Mode::Aiming;
        } else if (!k.repeat) {
            open_pause_menu(true);
        }
        break;
    case Action::Pause:
        clock_.set_paused(!clock_.paused());
        break;
    case Action::SingleStep:
        if (clock_.paused()) clock_.request_single_step();
        break;
    case Action::Slower:
        clock_.set_time_scale(std::max(clock_.time_scale() / 2.0, 1.0 / 64.0));
        break;
    case Action::Faster:
        clock_.set_time_scale(std::min(clock_.time_scale() * 2.0, 8.0));
        break;
    case Action::NormalSpeed:
        clock_.set_time_scale(1.0);
        break;
    case Action::Vectors:
        show_vectors_ = !show_vectors_;
        break;
    case Action::Geometry:
        show_geometry_ = !show_geometry_;
        break;
    case Action::Timing:
        show_timing_ = !show_timing_;
        break;
    case Action::KeyBar:
        show_keys_ = !show_keys_;
        break;
    case Action::DebugPanel:
    case Action::Screenshot:
    case Action::Quit:
    case Action::Help:
    case Action::Mute:
    case Action::Start:
        break; // handled above
    }
}

void GameApp::set_tip_from_screen(Vec2 s) {
    const Vec2 d = (s - layout_.spin_center) / layout_.spin_radius;
    set_tip(d.x, -d.y); // screen y runs down; the tip's height runs up
}

void GameApp::on_mouse_move(Vec2 s) {
    mouse_ = s;
    mouse_known_ = true;
    const Vec2 p = layout_.to_table(s);
    if (spin_drag_) {
        set_tip_from_screen(s);
        return;
    }
    if (dragging_) {
        const Vec2 dir{std::cos(heading_), std::sin(heading_)};
        pull_ = std::clamp(dot(drag_start_ - p, dir), 0.0, kMaxPull);
        return;
    }
    if (mode_ == Mode::Placing) {
        placement_ = p;
        placement_valid_ = placement_allowed(p, &placement_why_);
        return;
    }
    if (layout_.side.contains(s)) return; // over the widgets: keep the aim
    if (!at_table() || (match_ && match_->computer_to_act())) return;
    if (aim_locked_) {
        if (length(s - lock_mouse_) < kUnlockPixels) return;
        aim_locked_ = false;
    }
    if (mode_ == Mode::Aiming) aim_at(p);
}

void GameApp::on_mouse_down(const SDL_MouseButtonEvent& b) {
    const Vec2 s{static_cast<double>(b.x), static_cast<double>(b.y)};
    mouse_ = s;
    mouse_known_ = true;
    if (b.button == SDL_BUTTON_RIGHT) {
        dragging_ = false;
        pull_ = 0.0;
        return;
    }
    if (b.button != SDL_BUTTON_LEFT || !at_table()) return; // (help open: not at the table)
    if (match_ && match_->computer_to_act()) return;
    if (length(s - layout_.spin_center) <= layout_.spin_radius * 1.1) {
        spin_drag_ = true;
        set_tip_from_screen(s);
        return;
    }
    const render::Rect& bar = layout_.power;
    if (bar.contains(s)) {
        key_power_ = std::clamp(1.0 - (s.y - bar.y) / bar.h, kPowerStep, 1.0);
        return;
    }
    const Vec2 p = layout_.to_table(s);
    if (mode_ == Mode::Placing) {
        place_cue_ball(p);
        return;
    }
    if (match_ && mode_ == Mode::Aiming && cue_on_table() && match_->view().ball_in_hand) {
        const physics::Ball& cue = world().ball(cue_index());
        if (length(p - cue.position) < cue.radius * 1.6) { // picks the cue ball up
            begin_placement();
            return;
        }
    }
    if (match_ && mode_ == Mode::Aiming && match_->view().must_call_pocket) {
        const int pocket = pocket_at(p);
        if (pocket >= 0) {
            call_pocket(pocket);
            return;
        }
    }
    if (mode_ == Mode::Aiming && cue_on_table() && world().at_rest()) {
        dragging_ = true;
        drag_start_ = p;
        pull_ = 0.0;
    }
}

void GameApp::on_mouse_up(const SDL_MouseButtonEvent& b) {
    if (b.button != SDL_BUTTON_LEFT) return;
    spin_drag_ = false;
    if (!dragging_) return;
    const double power = pull_ / kMaxPull;
    dragging_ = false;
    pull_ = 0.0;
    if (power >= 0.02) shoot(power); // a click without a pull is not a shot
}

} // namespace billiards::app

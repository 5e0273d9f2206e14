// Keys and mouse mapped onto GameApp actions. The loop has already hidden from us whatever
// Dear ImGui wanted (io.WantCaptureMouse / WantCaptureKeyboard).
//
// Mouse: move to aim (the cue follows around the cue ball); press, pull back and release to
// shoot (the pull sets the power); right button or Esc cancels; click or drag in the spin
// selector to set the tip; click the power meter to set the keyboard power.
// Keys: Left/Right fine aim (Shift x10, Ctrl /10), Up/Down keyboard power, Space or Enter
// shoots with it; W/A/S/D move the tip, C centres it; P pause, . single step, [ and ] time
// scale, = normal speed; V vectors, G collision geometry, T frame time, H help; F1 debug
// panel; F12 screenshot; Esc pause menu; Ctrl+Q quit. Sandbox: B ball in hand, R 8-ball
// rack, N 9-ball rack. Match: click a pocket to call the 8, O push-out, R replay the last
// shot, Ctrl+Z undo (practice). Main menu: Enter starts.
#include <algorithm>
#include <cmath>

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
    const SDL_Keycode key = k.keysym.sym;
    // Keys that work on every screen.
    if (key == SDLK_F1) {
        panel_open_ = !panel_open_;
        return;
    }
    if (key == SDLK_F12) {
        screenshot_requested_ = true;
        return;
    }
    if (key == SDLK_q && ctrl) {
        quit_ = true;
        return;
    }
    if (screen_ == Screen::Menu) {
        if ((key == SDLK_RETURN || key == SDLK_KP_ENTER) && !k.repeat) start_from_choices();
        return;
    }
    if (pause_menu_) {
        if (key == SDLK_ESCAPE && !k.repeat) open_pause_menu(false);
        return;
    }
    if (replay_) {
        if (key == SDLK_ESCAPE) {
            replay_.reset();
            sync_interpolation();
        }
        return;
    }
    if (match_) {
        switch (key) {
        case SDLK_r:
            replay_last_shot();
            return;
        case SDLK_o:
            set_push_out(!push_out_);
            return;
        case SDLK_z:
            if (ctrl) undo();
            return;
        case SDLK_n:
            return; // a sandbox key
        default:
            break;
        }
        if (match_->computer_to_act() && key != SDLK_ESCAPE && key != SDLK_p &&
            key != SDLK_PERIOD && key != SDLK_v && key != SDLK_g && key != SDLK_t &&
            key != SDLK_h && key != SDLK_LEFTBRACKET && key != SDLK_RIGHTBRACKET &&
            key != SDLK_EQUALS)
            return; // the computer's turn: only the view and the clock
    }
    switch (key) {
    case SDLK_LEFT:
    case SDLK_RIGHT:
        turn_aim(k.keysym.sym == SDLK_LEFT ? aim_step : -aim_step);
        aim_locked_ = true;
        lock_mouse_ = mouse_;
        break;
    case SDLK_UP:
        key_power_ = std::min(1.0, key_power_ + kPowerStep);
        break;
    case SDLK_DOWN:
        key_power_ = std::max(kPowerStep, key_power_ - kPowerStep);
        break;
    case SDLK_SPACE:
    case SDLK_RETURN:
    case SDLK_KP_ENTER:
        if (!k.repeat) shoot(key_power_);
        break;
    case SDLK_w:
        set_tip(side_, height_ + kTipStep);
        break;
    case SDLK_s:
        set_tip(side_, height_ - kTipStep);
        break;
    case SDLK_a:
        set_tip(side_ - kTipStep, height_);
        break;
    case SDLK_d:
        set_tip(side_ + kTipStep, height_);
        break;
    case SDLK_c:
        set_tip(0.0, 0.0);
        break;
    case SDLK_b:
        if (mode_ == Mode::Placing && cue_on_table())
            mode_ = Mode::Aiming;
        else
            begin_placement();
        break;
    case SDLK_r:
        rack(game::RackKind::EightBall);
        break;
    case SDLK_n:
        rack(game::RackKind::NineBall);
        break;
    case SDLK_ESCAPE:
        if (dragging_) {
            dragging_ = false;
            pull_ = 0.0;
        } else if (mode_ == Mode::Placing && cue_on_table()) {
            mode_ = Mode::Aiming;
        } else if (!k.repeat) {
            open_pause_menu(true);
        }
        break;
    case SDLK_p:
        clock_.set_paused(!clock_.paused());
        break;
    case SDLK_PERIOD:
        if (clock_.paused()) clock_.request_single_step();
        break;
    case SDLK_LEFTBRACKET:
        clock_.set_time_scale(std::max(clock_.time_scale() / 2.0, 1.0 / 64.0));
        break;
    case SDLK_RIGHTBRACKET:
        clock_.set_time_scale(std::min(clock_.time_scale() * 2.0, 8.0));
        break;
    case SDLK_EQUALS:
        clock_.set_time_scale(1.0);
        break;
    case SDLK_v:
        show_vectors_ = !show_vectors_;
        break;
    case SDLK_g:
        show_geometry_ = !show_geometry_;
        break;
    case SDLK_t:
        show_timing_ = !show_timing_;
        break;
    case SDLK_h:
        show_help_ = !show_help_;
        break;
    default:
        break;
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
    if (b.button != SDL_BUTTON_LEFT || !at_table()) return;
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

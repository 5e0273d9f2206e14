#include "app/table_mode.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <stdexcept>

#include "app/game_aim.hpp"
#include "game/match_aim.hpp"
#include "game/rack.hpp"
#include "io/replay_file.hpp"
#include "io/share_code.hpp"

namespace billiards::app {

namespace {

// cue speed = kLowCueSpeed x + kCurve (x - knee)^2 above the knee, kMaxCueSpeed at x = 1.
constexpr double kCurve = (kMaxCueSpeed - kLowCueSpeed) / ((1.0 - kPowerKnee) * (1.0 - kPowerKnee));
constexpr double kTipStep = 0.05;
constexpr double kPowerStep = 0.05;
constexpr double kUnlockPixels = 6.0; // mouse travel that ends a keyboard fine-aim lock
constexpr double kKeyZoom = 1.25;     // per press of Page Up / Page Down

} // namespace

double cue_speed_for_power(double power) {
    const double x = std::clamp(power, 0.0, 1.0);
    if (x <= kPowerKnee) return kLowCueSpeed * x;
    const double u = x - kPowerKnee;
    return kLowCueSpeed * x + kCurve * u * u;
}

double power_for_cue_speed(double cue_speed) {
    if (!(cue_speed > 0.0)) return 0.0;
    const double knee_speed = kLowCueSpeed * kPowerKnee;
    if (cue_speed <= knee_speed) return cue_speed / kLowCueSpeed;
    // kCurve u^2 + kLowCueSpeed u - (speed - knee_speed) = 0, the positive root.
    const double c = cue_speed - knee_speed;
    const double u =
        2.0 * c / (kLowCueSpeed + std::sqrt(kLowCueSpeed * kLowCueSpeed + 4.0 * kCurve * c));
    return std::min(1.0, kPowerKnee + u);
}

void describe_controls(render::SceneView& v, const Hand& hand, const physics::World& w,
                       const game::CueParams& cue) {
    v.controls.visible = true;
    v.controls.dragging = hand.dragging;
    v.controls.power = hand.dragging ? std::clamp(hand.pull / kMaxPull, 0.0, 1.0) : hand.key_power;
    // What the player sets: the speed a centre hit at this power gives the cue ball (an
    // off-centre tip gives a little less, which the meter does not follow).
    const int ci = w.index_of(game::kCueBall);
    const double mass = ci >= 0 ? w.ball(ci).mass : physics::kBallMass;
    const double radius = ci >= 0 ? w.ball(ci).radius : physics::kBallRadius;
    const game::CueShot probe{0.0, cue_speed_for_power(v.controls.power), 0.0, 0.0, 0.0};
    v.controls.ball_speed = length(game::strike(probe, mass, radius, cue).velocity);
    v.controls.side = hand.side;
    v.controls.height = hand.height;
    v.controls.elevation_deg = hand.elevation * 180.0 / std::numbers::pi;
    v.controls.spin_limit = cue.miscue_limit;
}

// ---- actions -----------------------------------------------------------------------------

bool TableMode::apply(const Action& action) {
    Hand& h = ctx_.hand;
    return std::visit(
        Overloaded{
            [&](const act::Key& k) { return on_key(k); },
            [&](const act::PointerMove& m) {
                on_pointer_move(m.screen);
                return true;
            },
            [&](const act::PointerPress& p) {
                on_pointer_press(p.screen);
                return true;
            },
            [&](const act::PointerRelease&) {
                on_pointer_release();
                return true;
            },
            [&](const act::Zoom& z) {
                ctx_.hand.mouse = z.screen;
                zoom(z.screen, z.factor);
                return true;
            },
            [&](const act::Pan& pan) {
                const Vec2 from = h.mouse_known ? h.mouse : pan.screen;
                h.mouse = pan.screen;
                h.mouse_known = true;
                set_camera(render::pan_by(table(), ctx_.layout, ctx_.camera, pan.screen - from));
                return true;
            },
            [&](const act::PointerCancel& c) {
                h.mouse = c.screen;
                h.mouse_known = true;
                h.drop_pull();
                return true;
            },
            [&](const act::AimAt& a) {
                aim_at(a.point);
                return true;
            },
            [&](const act::TurnAim& t) {
                h.heading = std::remainder(h.heading + t.radians, 2.0 * kPi);
                return true;
            },
            [&](const act::Shoot& s) { return shoot(s.power); },
            [&](const act::Stroke& s) { return stroke(s.pull); },
            [&](const act::SetTip& t) {
                set_tip(t.side, t.height);
                return true;
            },
            [&](const act::SetElevation& e) {
                h.elevation =
                    std::clamp(std::round(e.radians / kElevationStep), 0.0, 18.0) * kElevationStep;
                return true;
            },
            [&](const act::BeginPlacement&) { return begin_placement(); },
            [&](const act::PlaceCueBall& p) { return place_cue_ball(p.point); },
            [](const auto&) { return false; }, // not this mode's
        },
        action);
}

void zoom_camera(ModeContext& ctx, const game::Table& table, Vec2 s, double factor) {
    ctx.camera = render::zoom_about(table, ctx.layout, ctx.camera, s, factor);
    ctx.relayout(table);
}

void pan_camera(ModeContext& ctx, const game::Table& table, Vec2 ds) {
    ctx.camera = render::pan_by(table, ctx.layout, ctx.camera, ds);
    ctx.relayout(table);
}

bool camera_command(ModeContext& ctx, const game::Table& table, Command c) {
    const render::Layout& l = ctx.layout;
    const Vec2 mid{l.table.x + l.table.w / 2, l.table.y + l.table.h / 2};
    const double step = std::min(l.table.w, l.table.h) * 0.15; // pixels per key press
    switch (c) {
    case Command::ZoomIn:
        zoom_camera(ctx, table, mid, kKeyZoom);
        return true;
    case Command::ZoomOut:
        zoom_camera(ctx, table, mid, 1.0 / kKeyZoom);
        return true;
    case Command::FitTable:
        ctx.camera = {};
        ctx.relayout(table);
        return true;
    case Command::PanLeft: // the view moves left: the table moves right under it
        pan_camera(ctx, table, {step, 0.0});
        return true;
    case Command::PanRight:
        pan_camera(ctx, table, {-step, 0.0});
        return true;
    case Command::PanUp:
        pan_camera(ctx, table, {0.0, step});
        return true;
    case Command::PanDown:
        pan_camera(ctx, table, {0.0, -step});
        return true;
    default:
        return false;
    }
}

void TableMode::set_camera(const render::Camera& c) {
    ctx_.camera = c;
    ctx_.relayout(table());
}

void TableMode::zoom(Vec2 s, double factor) {
    zoom_camera(ctx_, table(), s, factor);
}

bool TableMode::camera_key(Command c) {
    return camera_command(ctx_, table(), c);
}

bool TableMode::on_key(const act::Key& k) {
    Hand& h = ctx_.hand;
    if (camera_key(k.command)) return true; // also while the computer plays
    // The computer's turn: the player only watches (the match's own keys came first).
    if (computer_turn() && k.command != Command::Back) return false;
    switch (k.command) {
    case Command::AimLeft:
    case Command::AimRight:
        apply(act::TurnAim{k.command == Command::AimLeft ? k.aim_step : -k.aim_step});
        h.aim_locked = true;
        h.lock_mouse = h.mouse;
        return true;
    case Command::PowerUp:
        h.key_power = std::min(1.0, h.key_power + kPowerStep);
        return true;
    case Command::PowerDown:
        h.key_power = std::max(kPowerStep, h.key_power - kPowerStep);
        return true;
    case Command::Shoot:
        return !k.repeat && shoot(h.key_power);
    case Command::TipUp:
        set_tip(h.side, h.height + kTipStep);
        return true;
    case Command::TipDown:
        set_tip(h.side, h.height - kTipStep);
        return true;
    case Command::TipLeft:
        set_tip(h.side - kTipStep, h.height);
        return true;
    case Command::TipRight:
        set_tip(h.side + kTipStep, h.height);
        return true;
    case Command::TipCentre:
        set_tip(0.0, 0.0);
        return true;
    case Command::CueUp:
        return apply(act::SetElevation{h.elevation + kElevationStep});
    case Command::CueDown:
        return apply(act::SetElevation{h.elevation - kElevationStep});
    case Command::BallInHand:
        if (state_ == Mode::Placing && cue_on_table()) {
            state_ = Mode::Aiming;
            return true;
        }
        if (begin_placement()) return true;
        // A key that does nothing says why.
        ctx_.post(state_ == Mode::Rolling ? "Ball in hand: wait until the balls stop"
                                          : no_ball_in_hand());
        return false;
    case Command::Back: // false: nothing to cancel (the shell opens the pause menu)
        if (h.dragging) {
            h.drop_pull();
            return true;
        }
        if (state_ == Mode::Placing && cue_on_table()) {
            state_ = Mode::Aiming;
            return true;
        }
        return false;
    default:
        return false;
    }
}

void TableMode::set_tip_from_screen(Vec2 s) {
    const Vec2 d = (s - ctx_.layout.spin_center) / ctx_.layout.spin_radius;
    set_tip(d.x, -d.y); // screen y runs down; the tip's height runs up
}

void TableMode::on_pointer_move(Vec2 s) {
    Hand& h = ctx_.hand;
    h.mouse = s;
    h.mouse_known = true;
    const Vec2 p = ctx_.layout.to_table(s);
    if (h.spin_drag) {
        set_tip_from_screen(s);
        return;
    }
    if (h.dragging) {
        if (h.pad_stroke) return;
        const Vec2 dir{std::cos(h.heading), std::sin(h.heading)};
        h.pull = std::clamp(dot(h.drag_start - p, dir), 0.0, kMaxPull);
        return;
    }
    if (state_ == Mode::Placing) {
        placement_ = p;
        placement_valid_ = placement_allowed(p, &placement_why_);
        return;
    }
    if (ctx_.layout.side.contains(s)) return; // over the widgets: keep the aim
    if (!ctx_.at_table() || computer_turn()) return;
    if (h.aim_locked) {
        if (length(s - h.lock_mouse) < kUnlockPixels) return;
        h.aim_locked = false;
    }
    if (state_ == Mode::Aiming) aim_at(p);
}

void TableMode::on_pointer_press(Vec2 s) {
    Hand& h = ctx_.hand;
    h.mouse = s;
    h.mouse_known = true;
    if (!ctx_.at_table() || computer_turn()) return; // (help open: not at the table)
    const render::Layout& layout = ctx_.layout;
    if (length(s - layout.spin_center) <= layout.spin_radius * 1.1) {
        h.spin_drag = true;
        set_tip_from_screen(s);
        return;
    }
    const render::Rect& bar = layout.power;
    if (bar.contains(s)) {
        h.key_power = std::clamp(1.0 - (s.y - bar.y) / bar.h, kPowerStep, 1.0);
        return;
    }
    const Vec2 p = layout.to_table(s);
    if (state_ == Mode::Placing) {
        place_cue_ball(p);
        return;
    }
    if (state_ == Mode::Aiming && table_click(p)) return;
    if (state_ == Mode::Aiming && cue_on_table() && world().at_rest()) {
        h.dragging = true;
        h.drag_start = p;
        h.pull = 0.0;
    }
}

bool TableMode::stroke(double pull) {
    Hand& h = ctx_.hand;
    if (!(pull > 0.0)) { // also NaN
        h.drop_pull();
        return true;
    }
    if (!ctx_.at_table() || computer_turn() || state_ != Mode::Aiming || !cue_on_table() ||
        !world().at_rest())
        return false;
    h.dragging = true;
    h.pad_stroke = true;
    h.drag_start = world().ball(cue_index()).position;
    h.pull = std::min(pull, 1.0) * kMaxPull;
    return true;
}

void TableMode::on_pointer_release() {
    Hand& h = ctx_.hand;
    h.spin_drag = false;
    if (!h.dragging || h.pad_stroke) return;
    const double power = h.pull / kMaxPull;
    h.drop_pull();
    if (power >= 0.02) shoot(power); // a click without a pull is not a shot
}

// ---- the shot ----------------------------------------------------------------------------

void TableMode::shot_started() {
    events_logged_ = 0;
    ++shots_;
    ctx_.hand.drop_pull();
    state_ = Mode::Rolling;
    ctx_.sync(world());
}

bool TableMode::placed(bool ok, const std::string& why) {
    if (!ok) ctx_.post("The cue ball cannot go there: " + why);
    return ok;
}

void TableMode::line_up(const game::CueShot& shot) {
    Hand& h = ctx_.hand;
    h.heading = shot.heading;
    h.side = shot.side;
    h.height = shot.height;
    h.elevation = shot.elevation;
    h.key_power = power_for_cue_speed(shot.speed);
}

void TableMode::save_replay(const std::string& path, double max_shot_seconds) const {
    const game::LastShot* last = last_shot();
    if (!last) throw std::runtime_error("no shot to save: " + path);
    io::save_replay_file(io::replay_of(*last, table_name(), cue(), max_shot_seconds), path);
}

std::string TableMode::replay_code(double max_shot_seconds) const {
    const game::LastShot* last = last_shot();
    if (!last) return {};
    return io::code_of_file(
        io::replay_to_json(io::replay_of(*last, table_name(), cue(), max_shot_seconds)), "shot");
}

void TableMode::autosave() {
    const std::optional<game::GameKind> game = saved_game();
    if (!game) return;
    const std::string& path = ctx_.storage.autosave_of(*game);
    if (path.empty()) return;
    try {
        save(path);
    } catch (const std::exception& e) {
        ctx_.post(std::string("Autosave failed: ") + e.what());
    }
}

bool TableMode::cue_on_table() const {
    const int i = cue_index();
    return i >= 0 && world().ball(i).state != physics::MotionState::Pocketed;
}

bool TableMode::shoot(double power) {
    if (!ctx_.at_table() || state_ != Mode::Aiming || !cue_on_table() || !world().at_rest())
        return false;
    power = std::clamp(power, 0.0, 1.0);
    if (power <= 0.0) return false;
    const Hand& h = ctx_.hand;
    const game::CueShot shot{h.heading, cue_speed_for_power(power), h.side, h.height, h.elevation};
    if (!game::tip_within_limit(shot, cue())) {
        ctx_.post("Miscue: the tip is too far from the centre");
        return false;
    }
    return strike(shot);
}

void TableMode::aim_at(Vec2 p) {
    if (!cue_on_table()) return;
    const physics::Ball& cue = world().ball(cue_index());
    const Vec2 d = p - cue.position;
    if (length(d) < cue.radius) return; // too close to tell a direction
    ctx_.hand.heading = std::atan2(d.y, d.x);
}

void TableMode::aim_at_mouse() {
    ctx_.hand.aim_locked = false;
    if (ctx_.hand.mouse_known && !ctx_.layout.side.contains(ctx_.hand.mouse))
        aim_at(ctx_.layout.to_table(ctx_.hand.mouse));
}

void TableMode::set_tip(double side, double height) {
    const double limit = cue().miscue_limit;
    const double r = std::hypot(side, height);
    if (r > limit) {
        side *= limit / r;
        height *= limit / r;
        // The scaled tip can land an ulp outside the limit, which the shot's miscue test
        // (game::tip_within_limit) would refuse: step it in until that test passes.
        while (side * side + height * height > limit * limit) {
            side = std::nextafter(side, 0.0);
            height = std::nextafter(height, 0.0);
        }
    }
    ctx_.hand.side = side;
    ctx_.hand.height = height;
}

bool TableMode::begin_placement() {
    if (state_ == Mode::Rolling || !may_take_ball_in_hand()) return false;
    state_ = Mode::Placing;
    ctx_.hand.dragging = false;
    placement_ =
        cue_on_table() ? world().ball(cue_index()).position : game::head_spot(table().spec);
    placement_valid_ = placement_allowed(placement_, &placement_why_);
    return true;
}

bool TableMode::place_cue_ball(Vec2 p) {
    if (state_ != Mode::Placing) return false;
    std::string why;
    if (!placement_allowed(p, &why)) {
        ctx_.post("The cue ball cannot go there: " + why);
        return false;
    }
    if (!put_cue_ball(p)) return false;
    ctx_.sync(world());
    state_ = Mode::Aiming;
    return true;
}

// ---- aim aid -----------------------------------------------------------------------------

void TableMode::clear_paths() {
    paths_.clear();
    paths_key_[0] = 1e300;
}

void TableMode::update_paths() {
    const Hand& h = ctx_.hand;
    if (!ctx_.choices.predicted_path || !paths_allowed() || state_ != Mode::Aiming ||
        !cue_on_table() || computer_turn()) {
        paths_.clear();
        return;
    }
    const double power = h.dragging ? std::clamp(h.pull / kMaxPull, 0.0, 1.0) : h.key_power;
    const double key[5] = {h.heading, power, h.side, h.height, h.elevation};
    if (std::equal(key, key + 5, paths_key_)) return;
    std::copy(key, key + 5, paths_key_);
    const game::CueShot shot{h.heading, cue_speed_for_power(std::max(power, 0.02)), h.side,
                             h.height, h.elevation};
    paths_.clear();
    // Bounded: a few seconds of the real physics, every 4th step.
    for (const game::BallPath& bp : game::predict_paths(world(), shot, cue(), 8.0, 4))
        paths_.push_back({bp.id, bp.points, bp.pocketed});
}

// ---- view --------------------------------------------------------------------------------

void TableMode::describe(render::SceneView& v) const {
    const physics::World& w = world();
    const Hand& h = ctx_.hand;
    v.table = &table();
    v.chrome = true;
    ctx_.describe_balls(v, w, state_ == Mode::Placing);
    const bool aiming = state_ == Mode::Aiming && cue_on_table() && w.at_rest() && shot_phase();
    const bool computer = computer_turn();
    if (aiming && (!computer || computer_aim_shown())) {
        const physics::Ball& cue_ball = w.ball(cue_index());
        v.cue = {true,
                 cue_ball.position,
                 cue_ball.radius,
                 h.heading,
                 h.dragging ? h.pull * 0.8 : 0.0,
                 h.elevation};
        // The ball leaves along the launch heading: the cue's line turned by the squirt.
        const game::CueShot now{h.heading, 0.0, h.side, h.height, h.elevation};
        const AimHit hit =
            cast_aim(w, cue_index(), game::launch_heading(now, cue_ball.mass, cue()));
        if (hit.kind != AimHit::Kind::None && ctx_.choices.aim_aid && !computer) {
            v.aim.visible = true;
            v.aim.from = cue_ball.position;
            v.aim.ghost = hit.ghost;
            v.aim.radius = cue_ball.radius;
            v.aim.hits_ball = hit.kind == AimHit::Kind::Ball;
            if (v.aim.hits_ball) {
                v.aim.object = w.ball(hit.ball).position;
                v.aim.object_dir = hit.object_dir;
                // Its line ends where it meets a cushion or a ball, never through the rail.
                const AimHit next =
                    cast_aim(w, hit.ball, std::atan2(hit.object_dir.y, hit.object_dir.x),
                             v.aim.object_reach);
                if (next.kind != AimHit::Kind::None) v.aim.object_reach = next.distance;
                v.aim.cue_dir = hit.cue_dir;
            } else {
                v.aim.hits_cushion = true;
                v.aim.bounce_dir = hit.bounce_dir;
            }
        }
    }
    if (state_ == Mode::Placing) {
        const int ci = cue_index();
        v.placement = {true, placement_, ci >= 0 ? w.ball(ci).radius : physics::kBallRadius,
                       placement_valid_};
    }
    if (aiming && !computer) v.paths = paths_;
    describe_controls(v, h, w, cue());
    v.camera = ctx_.camera;
    v.hud.status = status();
    describe_hud(v);
}

} // namespace billiards::app

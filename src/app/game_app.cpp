#include "app/game_app.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "app/game_aim.hpp"
#include "game/match.hpp"

namespace billiards::app {

namespace {

constexpr double kMessageSeconds = 8.0;
constexpr std::size_t kMaxMessages = 4;

std::string ball_list(const std::vector<int>& ids) {
    std::string s;
    for (std::size_t i = 0; i < ids.size(); ++i) {
        if (i) s += i + 1 == ids.size() ? " and " : ", ";
        s += std::to_string(ids[i]);
    }
    return s;
}

} // namespace

const char* to_string(Mode m) {
    switch (m) {
    case Mode::Aiming:
        return "aiming";
    case Mode::Placing:
        return "placing";
    case Mode::Rolling:
        return "rolling";
    }
    return "?";
}

namespace {

// cue speed = kLowCueSpeed x + kCurve (x - knee)^2 above the knee, kMaxCueSpeed at x = 1.
constexpr double kCurve = (kMaxCueSpeed - kLowCueSpeed) / ((1.0 - kPowerKnee) * (1.0 - kPowerKnee));

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

GameApp::GameApp(game::Table table, std::string table_name, std::uint64_t seed)
    : table_(std::move(table)), table_name_(std::move(table_name)),
      world_(game::racked_world(game::GameKind::EightBall, table_, game::play_params(), seed)),
      clock_(world_.params().timestep), seed_(seed) {
    world_.set_record_events(true);
    layout_ = render::make_layout(table_, output_w_, output_h_, true);
    sync_interpolation();
    post("Sandbox: break the rack. Drag back from the cue ball and release to shoot.");
}

// ---- frame -------------------------------------------------------------------------------

void GameApp::update(double real_seconds) {
    real_time_ += std::max(real_seconds, 0.0);
    if (match_) poll_computer();
    const int steps = clock_.advance(real_seconds);
    const bool sound = sound_wanted();
    const double frame_start = world().time();
    audio::StepStart before;
    for (int k = 0; k < steps; ++k) {
        if (k + 1 == steps) { // interpolation runs between the last two states
            const physics::World& w = world();
            previous_.resize(static_cast<std::size_t>(w.ball_count()));
            for (int i = 0; i < w.ball_count(); ++i)
                previous_[static_cast<std::size_t>(i)] = w.ball(i).position;
        }
        if (sound) before = audio::step_start(world());
        if (replay_) {
            if (!replay_->at_rest()) replay_->step(); // a step at rest still counts in the hash
            if (sound) step_sounds(before, *replay_, replay_->events(), frame_start);
            replay_->clear_events();
            continue;
        }
        if (match_) {
            const std::size_t seen = events_logged_;
            match_update_step();
            if (sound) {
                const std::span<const physics::Event> all(match_->world().events());
                step_sounds(before, match_->world(), all.subspan(std::min(seen, all.size())),
                            frame_start);
            }
            continue;
        }
        world_.step();
        if (sound) step_sounds(before, world_, world_.events(), frame_start);
        // Events use world indices: turn them into ids now, before any edit moves them.
        for (const physics::Event& e : world_.events()) {
            const int id = world_.ball(e.ball).id;
            if (e.kind == physics::EventKind::Pocketed) {
                if (id == game::kCueBall)
                    cue_scratched_ = true;
                else
                    potted_.push_back(id);
            } else if (e.kind == physics::EventKind::BallBall && first_hit_ < 0) {
                const int other = world_.ball(e.other).id;
                if (id == game::kCueBall)
                    first_hit_ = other;
                else if (other == game::kCueBall)
                    first_hit_ = id;
            }
        }
        events_.collect(world_);
        world_.clear_events();
    }
    steps_last_frame_ = steps;
    panel_.sample(world());
    if (replay_ && replay_->at_rest()) {
        replay_hash_ = replay_->state_hash();
        replay_.reset();
        sync_interpolation();
        const game::LastShot* last = match_ ? match_->last_shot() : nullptr; // has end_hash
        if (last && last->end_hash != replay_hash_)
            post("Replay finished, but it differs from the shot (please report this)");
        else
            post("Replay finished");
    }
    if (match_) {
        if (!replay_ && mode_ == Mode::Rolling && match_->phase() == game::Phase::Rolling &&
            match_->shot_at_rest())
            match_shot_done();
    } else {
        if (mode_ == Mode::Rolling && world_.at_rest()) finish_shot();
        if (mode_ == Mode::Aiming && !world_.at_rest()) mode_ = Mode::Rolling; // an edit, a load
    }
    if (mode_ == Mode::Aiming && !replay_) update_paths();
    while (!messages_.empty() && messages_.front().expires < real_time_)
        messages_.pop_front();
}

void GameApp::set_output_size(int width, int height) {
    output_w_ = std::max(width, 1);
    output_h_ = std::max(height, 1);
    layout_ = render::make_layout(table_, output_w_, output_h_, true);
}

void GameApp::set_frame_stats(double frame_seconds) {
    frame_average_ += (frame_seconds - frame_average_) * 0.05;
}

void GameApp::sync_interpolation() {
    const physics::World& w = world();
    previous_.resize(static_cast<std::size_t>(w.ball_count()));
    for (int i = 0; i < w.ball_count(); ++i)
        previous_[static_cast<std::size_t>(i)] = w.ball(i).position;
}

// ---- shot flow ---------------------------------------------------------------------------

const physics::World& GameApp::world() const {
    if (replay_) return *replay_;
    if (match_) return match_->world();
    return world_;
}

int GameApp::cue_index() const {
    return world().index_of(game::kCueBall);
}

bool GameApp::cue_on_table() const {
    const int i = cue_index();
    return i >= 0 && world().ball(i).state != physics::MotionState::Pocketed;
}

bool GameApp::at_table() const {
    return screen_ == Screen::Play && !pause_menu_ && !replay_ && !help_open_;
}

bool GameApp::shoot(double power) {
    if (!at_table() || mode_ != Mode::Aiming || !cue_on_table() || !world().at_rest()) return false;
    power = std::clamp(power, 0.0, 1.0);
    if (power <= 0.0) return false;
    game::CueShot shot;
    shot.heading = heading_;
    shot.speed = cue_speed_for_power(power);
    shot.side = side_;
    shot.height = height_;
    shot.elevation = elevation_;
    if (!game::tip_within_limit(shot, cue_params_)) {
        post("Miscue: the tip is too far from the centre");
        return false;
    }
    if (match_) return match_shoot(shot);
    sandbox_last_.emplace();
    sandbox_last_->before = world_;
    sandbox_last_->shot = shot;
    game::apply_strike(world_, shot, cue_params_);
    cue_sound(shot.speed, world_.ball(cue_index()).position.x);
    sync_interpolation();
    ++shots_;
    potted_.clear();
    cue_scratched_ = false;
    first_hit_ = -1;
    dragging_ = false;
    pull_ = 0.0;
    mode_ = Mode::Rolling;
    return true;
}

void GameApp::finish_shot() {
    mode_ = Mode::Aiming;
    // Aim where the mouse is now, not where the last shot went.
    aim_locked_ = false;
    if (mouse_known_ && !layout_.side.contains(mouse_)) aim_at(layout_.to_table(mouse_));
    if (shots_ == 0) return; // something an edit set rolling came to rest
    std::string summary = fmt::format("Shot {}: ", shots_);
    if (first_hit_ < 0)
        summary += "no ball hit";
    else if (potted_.empty())
        summary += fmt::format("first contact {}, nothing potted", first_hit_);
    else
        summary += fmt::format("potted {}", ball_list(potted_));
    post(summary);
    tray_.insert(tray_.end(), potted_.begin(), potted_.end());
    potted_.clear();
    if (cue_scratched_) {
        post("Cue ball pocketed: ball in hand");
        begin_placement();
    } else if (game::balls_on_table(world_).empty() && !tray_.empty()) {
        post(fmt::format("Table cleared in {} shots. R or N to re-rack.", shots_));
    }
}

void GameApp::rack(game::RackKind kind) {
    if (match_) return;
    seed_ += 1;
    const game::GameKind g =
        kind == game::RackKind::EightBall ? game::GameKind::EightBall : game::GameKind::NineBall;
    world_ = game::racked_world(g, table_, world_.params(), seed_);
    world_replaced();
    heading_ = 0.0;
    post(kind == game::RackKind::EightBall ? "Racked for 8-ball: break!"
                                           : "Racked for 9-ball: break!");
}

void GameApp::cue_ball_only() {
    if (match_) return;
    physics::World w(world_.params(), table_.cushions, table_.pockets);
    physics::BallDef cue;
    cue.id = game::kCueBall;
    cue.position = game::head_spot(table_.spec);
    w.add_ball(cue);
    world_ = std::move(w);
    world_replaced();
    post("Table cleared: only the cue ball is left");
}

void GameApp::world_replaced() {
    shots_ = 0;
    sandbox_last_.reset(); // a shot played on the table before is not this table's
    tray_.clear();
    world_.set_record_events(true);
    world_.clear_events();
    clock_.set_dt(world_.params().timestep);
    sync_interpolation();
    potted_.clear();
    cue_scratched_ = false;
    first_hit_ = -1;
    dragging_ = false;
    pull_ = 0.0;
    mode_ = world_.at_rest() ? Mode::Aiming : Mode::Rolling;
}

void GameApp::begin_placement() {
    if (mode_ == Mode::Rolling) return;
    if (match_ && !match_->view().ball_in_hand) return;
    mode_ = Mode::Placing;
    dragging_ = false;
    placement_ = cue_on_table() ? world().ball(cue_index()).position : game::head_spot(table_.spec);
    placement_valid_ = placement_allowed(placement_, &placement_why_);
}

bool GameApp::placement_allowed(Vec2 p, std::string* why) const {
    if (match_) return match_->placement_ok(p, why);
    return game::cue_placement_ok(world_, table_, p, false, why);
}

bool GameApp::place_cue_ball(Vec2 p) {
    if (mode_ != Mode::Placing) return false;
    std::string why;
    if (!placement_allowed(p, &why)) {
        post("The cue ball cannot go there: " + why);
        return false;
    }
    if (match_) return match_place(p);
    const int i = cue_index();
    if (i < 0) {
        physics::BallDef cue;
        cue.id = game::kCueBall;
        cue.position = p;
        world_.add_ball(cue);
    } else {
        world_.restore_ball(i, p); // at rest, on the table (pocketed or not)
    }
    sync_interpolation();
    mode_ = Mode::Aiming;
    return true;
}

// ---- aim and spin ------------------------------------------------------------------------

void GameApp::aim_at(Vec2 p) {
    if (!cue_on_table()) return;
    const Vec2 d = p - world().ball(cue_index()).position;
    if (length(d) < world().ball(cue_index()).radius) return; // too close to tell a direction
    heading_ = std::atan2(d.y, d.x);
}

void GameApp::turn_aim(double radians) {
    heading_ = std::remainder(heading_ + radians, 2.0 * kPi);
}

void GameApp::set_tip(double side, double height) {
    const double limit = cue_params_.miscue_limit;
    const double r = std::hypot(side, height);
    if (r > limit) {
        side *= limit / r;
        height *= limit / r;
    }
    side_ = side;
    height_ = height;
}

void GameApp::set_elevation(double radians) {
    elevation_ = std::clamp(std::round(radians / kElevationStep), 0.0, 18.0) * kElevationStep;
}

void GameApp::post(std::string message) {
    messages_.push_back({std::move(message), real_time_ + kMessageSeconds});
    while (messages_.size() > kMaxMessages)
        messages_.pop_front();
}

const std::deque<std::string>& GameApp::messages() const {
    message_texts_.clear();
    for (const Message& m : messages_)
        message_texts_.push_back(m.text);
    return message_texts_;
}

// ---- panel and screenshots ---------------------------------------------------------------

ui::PanelContext GameApp::panel_context() {
    if (match_ || replay_) {
        // The match's world itself, read-only: it changes only through its rules (and its
        // save file).
        return {world(),
                nullptr,
                table_,
                table_name_,
                clock_,
                events_,
                show_vectors_,
                show_geometry_,
                show_timing_,
                "Read-only during a match: edits would break the rules and the saved match. "
                "Edit a copy of this table in the sandbox instead (the match stays in its "
                "autosave: Continue on the main menu)."};
    }
    return {world_,       &world_,        table_,       table_name_, clock_,
            events_,      show_vectors_,  show_geometry_, show_timing_, {},
            &cue_params_};
}

void GameApp::after_panel(const ui::PanelResult& r) {
    if (match_ || replay_) {
        if (r.edit_copy) sandbox_from_match();
        return;
    }
    if (r.rack) rack(*r.rack);
    if (r.cue_ball_only) cue_ball_only();
    if (r.world_replaced) {
        world_replaced();
        set_output_size(output_w_, output_h_); // the table may have changed
    }
    if (r.world_edited) {
        sync_interpolation();
        if (mode_ == Mode::Placing && cue_on_table()) mode_ = Mode::Aiming;
    }
}

bool GameApp::take_screenshot_request() {
    const bool r = screenshot_requested_;
    screenshot_requested_ = false;
    return r;
}

void GameApp::screenshot_done(const std::string& path, const std::string& error) {
    post(error.empty() ? "Screenshot saved: " + path : "Screenshot failed: " + error);
}

// ---- view --------------------------------------------------------------------------------

std::string GameApp::status_line() const {
    if (replay_) return "Replay of the last shot (Esc to skip)";
    if (match_) return match_status();
    switch (mode_) {
    case Mode::Aiming:
        if (!cue_on_table()) return "No cue ball: press B to place one, or R to re-rack";
        if (dragging_) return "Release to shoot, right-click or Esc to cancel";
        return "Aim with the mouse, drag back and release to shoot (or Up/Down and Space)";
    case Mode::Placing:
        return placement_valid_ ? "Ball in hand: click to place the cue ball"
                                : "Ball in hand: " + placement_why_;
    case Mode::Rolling:
        return "Balls rolling...";
    }
    return {};
}

render::SceneView GameApp::view() const {
    render::SceneView v;
    v.table = &table_;
    v.chrome = true;
    const double alpha = std::clamp(clock_.alpha(), 0.0, 1.0);
    const physics::World& w = world(); // the match's or the replay's when there is one
    const bool have_previous = previous_.size() == static_cast<std::size_t>(w.ball_count());
    for (int i = 0; i < w.ball_count(); ++i) {
        const physics::Ball& b = w.ball(i);
        render::BallView bv;
        bv.id = b.id;
        bv.radius = b.radius;
        bv.velocity = b.velocity;
        bv.spin = b.spin;
        bv.pocketed = b.state == physics::MotionState::Pocketed;
        const Vec2 prev = have_previous ? previous_[static_cast<std::size_t>(i)] : b.position;
        bv.position = prev + (b.position - prev) * alpha;
        if (mode_ == Mode::Placing && b.id == game::kCueBall) continue; // drawn as the marker
        v.balls.push_back(bv);
    }
    const bool aiming = mode_ == Mode::Aiming && cue_on_table() && w.at_rest() && !replay_ &&
                        (!match_ || match_->phase() == game::Phase::Aiming);
    const bool computer = match_ && match_->computer_to_act();
    if (aiming && (!computer || ai_move_)) {
        const physics::Ball& cue = w.ball(cue_index());
        v.cue = {true,      cue.position, cue.radius, heading_, dragging_ ? pull_ * 0.8 : 0.0,
                 elevation_};
        // The ball leaves along the launch heading: the cue's line turned by the squirt.
        const game::CueShot now{heading_, 0.0, side_, height_, elevation_};
        const AimHit hit =
            cast_aim(w, cue_index(), game::launch_heading(now, cue.mass, cue_params_));
        if (hit.kind != AimHit::Kind::None && choices_.aim_aid && !computer) {
            v.aim.visible = true;
            v.aim.from = cue.position;
            v.aim.ghost = hit.ghost;
            v.aim.radius = cue.radius;
            v.aim.hits_ball = hit.kind == AimHit::Kind::Ball;
            if (v.aim.hits_ball) {
                v.aim.object = w.ball(hit.ball).position;
                v.aim.object_dir = hit.object_dir;
                v.aim.cue_dir = hit.cue_dir;
            } else {
                v.aim.hits_cushion = true;
                v.aim.bounce_dir = hit.bounce_dir;
            }
        }
    }
    if (mode_ == Mode::Placing) {
        const int ci = cue_index();
        v.placement = {true, placement_, ci >= 0 ? w.ball(ci).radius : physics::kBallRadius,
                       placement_valid_};
    }
    if (aiming && !computer) v.paths = paths_;
    v.controls.visible = true;
    v.controls.dragging = dragging_;
    v.controls.power = dragging_ ? std::clamp(pull_ / kMaxPull, 0.0, 1.0) : key_power_;
    {
        // The speed the cue ball leaves at with this power and tip (less off centre).
        const int ci = cue_index();
        const double mass = ci >= 0 ? w.ball(ci).mass : physics::kBallMass;
        const double radius = ci >= 0 ? w.ball(ci).radius : physics::kBallRadius;
        const game::CueShot probe{0.0, cue_speed_for_power(v.controls.power), side_, height_,
                                  elevation_};
        v.controls.ball_speed =
            game::tip_within_limit(probe, cue_params_)
                ? length(game::strike(probe, mass, radius, cue_params_).velocity)
                : 0.0;
    }
    v.controls.side = side_;
    v.controls.height = height_;
    v.controls.elevation_deg = elevation_ * 180.0 / std::numbers::pi;
    v.controls.spin_limit = cue_params_.miscue_limit;

    v.hud.title = shots_ == 0 ? "Sandbox \xe2\x80\x94 break"
                              : fmt::format("Sandbox \xe2\x80\x94 shot {}", shots_);
    if (clock_.paused()) v.hud.title += "  (paused)";
    v.hud.status = status_line();
    for (const Message& m : messages_)
        v.hud.messages.push_back(m.text);
    v.hud.pocketed = tray_;
    if (show_keys_)
        v.hud.help = "Mouse: aim   Drag back + release: shoot   Left/Right: fine aim   "
                     "W A S D: spin   B: ball in hand   R / N: re-rack   P: pause   "
                     "F1: debug   M: mute   H: help   K: hide keys";
    if (show_timing_)
        v.hud.timing = fmt::format(
            "{:.1f} ms ({:.0f} fps)   {} steps   dt {:.2f} ms   {:.2f}x{}", frame_average_ * 1000.0,
            frame_average_ > 0.0 ? 1.0 / frame_average_ : 0.0, steps_last_frame_,
            clock_.dt() * 1000.0, clock_.time_scale(), clock_.paused() ? "   paused" : "");
    v.debug.velocities = show_vectors_;
    v.debug.geometry = show_geometry_;
    if (replay_) v.banner = "Replay";
    if (match_) match_view(v);
    v.dim = screen_ == Screen::Menu || pause_menu_;
    return v;
}

} // namespace billiards::app

#include "app/drill_mode.hpp"

#include <fmt/format.h>

#include <cmath>
#include <numbers>
#include <numeric>

#include "game/strike.hpp"

namespace billiards::app {

namespace gd = game::drills;

DrillMode::DrillMode(ModeContext& ctx, const gd::Drill& drill, game::Table table,
                     std::function<void(double)> done)
    : TableMode(ctx), drill_(drill), table_(std::move(table)), table_name_(drill.table),
      cue_(gd::cue_for()), world_(gd::set_up(drill_, table_)), done_(std::move(done)) {
    ctx_.hand.take(CueSettings{});
    set_up();
}

double DrillMode::total() const {
    return std::accumulate(scores_.begin(), scores_.end(), 0.0);
}

void DrillMode::set_up() {
    world_ = gd::set_up(drill_, table_);
    run_points_ = 0.0;
    target_ = drill_.goal == gd::Goal::LineUp ? gd::line_up_target(world_) : drill_.ball;
    ctx_.clock.set_dt(world_.params().timestep);
    ctx_.sync(world_);
    ctx_.hand.drop_pull();
    // Aimed at the drill's ball to start with (the kick's is behind a blocker: any way).
    const int cue = world_.index_of(game::kCueBall), ob = world_.index_of(target_);
    if (cue >= 0 && ob >= 0) {
        const Vec2 d = world_.ball(ob).position - world_.ball(cue).position;
        ctx_.hand.heading = std::atan2(d.y, d.x);
    }
    state_ = Mode::Aiming;
}

bool DrillMode::restart() {
    scores_.clear();
    shots_ = 0;
    last_.reset();
    set_up();
    ctx_.post(fmt::format("{}: attempt 1 of {}", drill_.title, drill_.attempts));
    return true;
}

void DrillMode::advance(double real_seconds) {
    ctx_.run_frame(
        real_seconds, world_,
        [&] {
            world_.step();
            return std::span<const physics::Event>(world_.events());
        },
        [&] { ctx_.events.collect(world_); });
    if (state_ == Mode::Rolling && world_.at_rest()) shot_over();
    if (state_ == Mode::Aiming) update_paths();
}

bool DrillMode::apply(const Action& action) {
    return TableMode::apply(action);
}

bool DrillMode::strike(const game::CueShot& shot) {
    if (finished()) {
        ctx_.post("The drill is over: Restart from the pause menu to play it again");
        return false;
    }
    last_.emplace();
    last_->before = world_;
    last_->shot = shot;
    world_.set_record_events(true);
    world_.clear_events();
    game::apply_strike(world_, shot, cue_);
    ctx_.cue_sound(world_, shot.speed, world_.ball(cue_index()).position.x);
    ctx_.sync(world_);
    ++shots_;
    ctx_.hand.drop_pull();
    state_ = Mode::Rolling;
    return true;
}

void DrillMode::shot_over() {
    state_ = Mode::Aiming;
    const gd::ShotResult r = gd::read_shot(world_);
    if (drill_.goal != gd::Goal::LineUp) {
        attempt_over(gd::score_shot(drill_, r));
        return;
    }
    const gd::LineUpShot l = gd::score_line_up_shot(drill_, target_, r);
    run_points_ += l.points;
    target_ = gd::line_up_target(world_);
    if (l.goes_on && target_ >= 0) {
        ctx_.post(fmt::format("Potted: {:g} so far. Next: the {}", run_points_, target_));
        aim_at_mouse();
        return;
    }
    attempt_over(run_points_);
}

void DrillMode::attempt_over(double score) {
    scores_.push_back(score);
    ctx_.post(fmt::format("Attempt {}: {:.1f} of {:g}", scores_.size(), score,
                          gd::max_attempt_score(drill_)));
    if (finished()) {
        ctx_.post(fmt::format("{} done: {:.1f} of {:g}", drill_.title, total(),
                              gd::max_attempt_score(drill_) * drill_.attempts));
        if (done_) done_(total());
        return;
    }
    set_up();
}

bool DrillMode::placement_allowed(Vec2, std::string* why) const {
    if (why) *why = "the drill places the cue ball";
    return false;
}

bool DrillMode::put_cue_ball(Vec2) {
    return false;
}

std::string DrillMode::status() const {
    if (finished()) return "Drill over: Esc for the menu (Restart plays it again)";
    if (state_ == Mode::Rolling) return "Balls rolling...";
    if (ctx_.hand.dragging) return "Release to shoot, right-click or Esc to cancel";
    return "Aim with the mouse, drag back and release to shoot (or Up/Down and Space)";
}

void DrillMode::describe(render::SceneView& v) const {
    TableMode::describe(v);
    const bool target = drill_.goal == gd::Goal::PotPosition || drill_.goal == gd::Goal::Position;
    if (!target) return;
    // The target: a ring of full points and a fainter one where the points run out (closed
    // circles: a ball's path would end in its end mark).
    v.rings.push_back({drill_.target, drill_.zone, false});
    v.rings.push_back({drill_.target, 3.0 * drill_.zone, true});
    // Named below its outer ring, clear of the balls the drill sets near it.
    v.labels.push_back({drill_.target - Vec2{0.0, 3.0 * drill_.zone + 0.035}, "target"});
}

void DrillMode::describe_hud(render::SceneView& v) const {
    v.hud.title = finished()
                      ? fmt::format("Drill: {} \xe2\x80\x94 {:.1f} of {:g}", drill_.title, total(),
                                    gd::max_attempt_score(drill_) * drill_.attempts)
                      : fmt::format("Drill: {} \xe2\x80\x94 attempt {} of {}{}", drill_.title,
                                    attempt(), drill_.attempts,
                                    scores_.empty() ? std::string()
                                                    : fmt::format(", {:.1f} so far", total()));
    if (ctx_.clock.paused()) v.hud.title += "  (paused)";
    if (ctx_.display.keys)
        v.hud.help = "Mouse: aim   Drag back + release: shoot   Left/Right: fine aim   "
                     "W A S D: spin   Esc: menu   H: help   K: hide keys";
}

} // namespace billiards::app

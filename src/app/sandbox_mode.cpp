#include "app/sandbox_mode.hpp"

#include <fmt/format.h>

#include "game/cue_placement.hpp"
#include "game/rack.hpp"
#include "game/strike.hpp"

namespace billiards::app {

namespace {

std::string ball_list(const std::vector<int>& ids) {
    std::string s;
    for (std::size_t i = 0; i < ids.size(); ++i) {
        if (i) s += i + 1 == ids.size() ? " and " : ", ";
        s += std::to_string(ids[i]);
    }
    return s;
}

} // namespace

SandboxMode::SandboxMode(ModeContext& ctx, game::Table table, std::string table_name,
                         physics::World world, game::CueParams cue)
    : TableMode(ctx), world_(std::move(world)), table_(std::move(table)),
      table_name_(std::move(table_name)), cue_(cue) {
    ctx_.hand.take(CueSettings{}); // a game's spin and power do not carry into the sandbox
    world_replaced();
}

void SandboxMode::advance(double real_seconds) {
    ctx_.run_frame(
        real_seconds, world_,
        [&] {
            world_.step();
            return std::span<const physics::Event>(world_.events());
        },
        [&] {
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
            ctx_.events.collect(world_);
            world_.clear_events();
        });
    if (state_ == Mode::Rolling && world_.at_rest()) finish_shot();
    if (state_ == Mode::Aiming && !world_.at_rest()) state_ = Mode::Rolling; // an edit, a load
    if (state_ == Mode::Aiming) update_paths();
}

bool SandboxMode::apply(const Action& action) {
    const bool own = std::visit(Overloaded{
                                    [&](const act::Rack& r) {
                                        rack(r.kind);
                                        return true;
                                    },
                                    [&](const act::CueBallOnly&) {
                                        cue_ball_only();
                                        return true;
                                    },
                                    [&](const act::Key& k) {
                                        if (k.command == Command::RackEight)
                                            rack(game::RackKind::EightBall);
                                        else if (k.command == Command::RackNine)
                                            rack(game::RackKind::NineBall);
                                        else
                                            return false;
                                        return true;
                                    },
                                    [](const auto&) { return false; },
                                },
                                action);
    return own || TableMode::apply(action);
}

bool SandboxMode::strike(const game::CueShot& shot) {
    last_.emplace();
    last_->before = world_;
    last_->shot = shot;
    game::apply_strike(world_, shot, cue_);
    ctx_.cue_sound(world_, shot.speed, world_.ball(cue_index()).position.x);
    ctx_.sync(world_);
    ++shots_;
    potted_.clear();
    cue_scratched_ = false;
    first_hit_ = -1;
    ctx_.hand.drop_pull();
    state_ = Mode::Rolling;
    return true;
}

void SandboxMode::finish_shot() {
    state_ = Mode::Aiming;
    aim_at_mouse();          // not where the last shot went
    if (shots_ == 0) return; // something an edit set rolling came to rest
    std::string summary = fmt::format("Shot {}: ", shots_);
    if (first_hit_ < 0)
        summary += "no ball hit";
    else if (potted_.empty())
        summary += fmt::format("first contact {}, nothing potted", first_hit_);
    else
        summary += fmt::format("potted {}", ball_list(potted_));
    ctx_.post(summary);
    tray_.insert(tray_.end(), potted_.begin(), potted_.end());
    potted_.clear();
    if (cue_scratched_) {
        ctx_.post("Cue ball pocketed: ball in hand");
        begin_placement();
    } else if (game::balls_on_table(world_).empty() && !tray_.empty()) {
        ctx_.post(fmt::format("Table cleared in {} shots. R or N to re-rack.", shots_));
    }
}

void SandboxMode::rack(game::RackKind kind) {
    ctx_.rack_seed += 1;
    const game::GameKind g =
        kind == game::RackKind::EightBall ? game::GameKind::EightBall : game::GameKind::NineBall;
    world_ = game::racked_world(g, table_, world_.params(), ctx_.rack_seed);
    world_replaced();
    ctx_.hand.heading = 0.0;
    ctx_.post(kind == game::RackKind::EightBall ? "Racked for 8-ball: break!"
                                                : "Racked for 9-ball: break!");
}

void SandboxMode::cue_ball_only() {
    physics::World w(world_.params(), table_.cushions, table_.pockets);
    physics::BallDef cue_ball;
    cue_ball.id = game::kCueBall;
    cue_ball.position = game::head_spot(table_.spec);
    w.add_ball(cue_ball);
    world_ = std::move(w);
    world_replaced();
    ctx_.post("Table cleared: only the cue ball is left");
}

void SandboxMode::world_replaced() {
    shots_ = 0;
    last_.reset(); // a shot played on the table before is not this table's
    tray_.clear();
    world_.set_record_events(true);
    world_.clear_events();
    ctx_.clock.set_dt(world_.params().timestep);
    ctx_.sync(world_);
    potted_.clear();
    cue_scratched_ = false;
    first_hit_ = -1;
    ctx_.hand.drop_pull();
    state_ = world_.at_rest() ? Mode::Aiming : Mode::Rolling;
}

void SandboxMode::fill_tray_from_table() {
    for (const physics::Ball& b : world_.balls())
        if (b.state == physics::MotionState::Pocketed) tray_.push_back(b.id);
}

void SandboxMode::after_panel(const ui::PanelResult& r) {
    if (r.rack) rack(*r.rack);
    if (r.cue_ball_only) cue_ball_only();
    if (r.world_replaced) world_replaced();
    if (r.world_edited) {
        ctx_.sync(world_);
        if (state_ == Mode::Placing && cue_on_table()) state_ = Mode::Aiming;
    }
}

bool SandboxMode::placement_allowed(Vec2 p, std::string* why) const {
    return game::cue_placement_ok(world_, table_, p, false, why);
}

bool SandboxMode::put_cue_ball(Vec2 p) {
    const int i = cue_index();
    if (i < 0) {
        physics::BallDef cue_ball;
        cue_ball.id = game::kCueBall;
        cue_ball.position = p;
        world_.add_ball(cue_ball);
    } else {
        world_.restore_ball(i, p); // at rest, on the table (pocketed or not)
    }
    return true;
}

std::string SandboxMode::status() const {
    switch (state_) {
    case Mode::Aiming:
        if (!cue_on_table()) return "No cue ball: press B to place one, or R to re-rack";
        if (ctx_.hand.pad_stroke) return "Push the right stick forward to shoot, B to cancel";
        if (ctx_.hand.dragging) return "Release to shoot, right-click or Esc to cancel";
        return "Aim with the mouse, drag back and release to shoot (or Up/Down and Space)";
    case Mode::Placing:
        return placement_valid() ? "Ball in hand: click to place the cue ball"
                                 : "Ball in hand. Not here: " + placement_why();
    case Mode::Rolling:
        return "Balls rolling...";
    }
    return {};
}

void SandboxMode::describe_hud(render::SceneView& v) const {
    v.hud.title = shots_ == 0 ? "Sandbox \xe2\x80\x94 break"
                              : fmt::format("Sandbox \xe2\x80\x94 shot {}", shots_);
    if (ctx_.clock.paused()) v.hud.title += "  (paused)";
    v.hud.pocketed = tray_;
    if (ctx_.display.keys)
        v.hud.help = "Mouse: aim   Drag back + release: shoot   Left/Right: fine aim   "
                     "W A S D: spin   B: ball in hand   R / N: re-rack   P: pause   "
                     "F1: debug   M: mute   H: help   K: hide keys";
}

} // namespace billiards::app

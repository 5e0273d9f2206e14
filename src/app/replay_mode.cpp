#include "app/replay_mode.hpp"

#include "game/pool/match.hpp"

#include "app/table_mode.hpp"

namespace billiards::app {

ReplayMode::ReplayMode(ModeContext& ctx, const GameMode& under, const game::LastShot& last,
                       bool check_hash)
    : ctx_(ctx), under_(under), world_(game::Match::replay_start(last, under.cue())),
      table_(under.table()), table_name_(under.table_name()), expected_hash_(last.end_hash),
      check_hash_(check_hash) {
    // Its events make the replay's sounds (recording them changes nothing in the physics).
    world_.clear_events();
    world_.set_record_events(true);
    const int cue_ball = world_.index_of(game::kCueBall);
    ctx_.cue_sound(world_, last.shot.speed, cue_ball >= 0 ? world_.ball(cue_ball).position.x : 0.0);
    ctx_.sync(world_);
}

void ReplayMode::advance(double real_seconds) {
    ctx_.run_frame(
        real_seconds, world_,
        [&] {
            if (!world_.at_rest()) world_.step(); // a step at rest still counts in the hash
            return std::span<const physics::Event>(world_.events());
        },
        [&] { world_.clear_events(); });
    if (world_.at_rest()) over_ = true;
}

bool ReplayMode::apply(const Action& action) {
    // The camera works as at the table: the wheel, a drag, Page Up / Down, Home, Alt+arrows.
    if (const auto* z = std::get_if<act::Zoom>(&action)) {
        ctx_.hand.mouse = z->screen;
        zoom_camera(ctx_, table(), z->screen, z->factor);
        return true;
    }
    if (const auto* pan = std::get_if<act::Pan>(&action)) {
        Hand& h = ctx_.hand;
        const Vec2 from = h.mouse_known ? h.mouse : pan->screen;
        h.mouse = pan->screen;
        h.mouse_known = true;
        pan_camera(ctx_, table(), pan->screen - from);
        return true;
    }
    const auto* key = std::get_if<act::Key>(&action);
    if (!key) return false;
    if (camera_command(ctx_, table(), key->command)) return true;
    if (key->command != Command::Back) return false;
    over_ = skipped_ = true;
    return true;
}

std::string ReplayMode::end_message() const {
    if (check_hash_ && expected_hash_ != end_hash())
        return "Replay finished, but it differs from the shot (please report this)";
    return "Replay finished";
}

void ReplayMode::describe(render::SceneView& v) const {
    v.table = &table();
    v.chrome = true;
    ctx_.describe_balls(v, world_, false);
    describe_controls(v, ctx_.hand, world_, cue());
    v.camera = ctx_.camera;
    v.hud.status = "Replay of the last shot (Esc to skip)";
    describe_hud(v);
    v.banner = "Replay";
}

void ReplayMode::describe_hud(render::SceneView& v) const {
    under_.describe_hud(v);
}

} // namespace billiards::app

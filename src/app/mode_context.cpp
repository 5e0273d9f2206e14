#include "app/mode_context.hpp"

#include <algorithm>
#include <cmath>

#include "game/pool/rules.hpp"

namespace billiards::app {

namespace {

constexpr double kMessageSeconds = 8.0;
constexpr std::size_t kMaxMessages = 4;
constexpr std::size_t kMaxPending = 64; // sounds nobody took (no loop draining them)
constexpr double kMaxDelay = 0.25;      // s

void table_ends(const physics::World& w, double& x_min, double& x_max) {
    x_min = 1e300;
    x_max = -1e300;
    for (const physics::Cushion& c : w.cushions()) {
        x_min = std::min({x_min, c.a.x, c.b.x});
        x_max = std::max({x_max, c.a.x, c.b.x});
    }
    if (x_min > x_max) x_min = x_max = 0.0;
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

void ModeContext::post(std::string message) {
    messages_.push_back({std::move(message), real_time + kMessageSeconds});
    while (messages_.size() > kMaxMessages)
        messages_.pop_front();
}

void ModeContext::expire_messages() {
    while (!messages_.empty() && messages_.front().expires < real_time)
        messages_.pop_front();
}

std::vector<std::string> ModeContext::message_texts() const {
    std::vector<std::string> out;
    for (const Message& m : messages_)
        out.push_back(m.text);
    return out;
}

void ModeContext::sync(const physics::World& w) {
    previous_.resize(static_cast<std::size_t>(w.ball_count()));
    for (int i = 0; i < w.ball_count(); ++i)
        previous_[static_cast<std::size_t>(i)] = w.ball(i).position;
}

void ModeContext::describe_balls(render::SceneView& v, const physics::World& w,
                                 bool hide_cue) const {
    const double alpha = std::clamp(clock.alpha(), 0.0, 1.0);
    const bool have_previous = previous_.size() == static_cast<std::size_t>(w.ball_count());
    for (int i = 0; i < w.ball_count(); ++i) {
        const physics::Ball& b = w.ball(i);
        if (hide_cue && b.id == game::kCueBall) continue; // drawn as the placement marker
        render::BallView bv = render::ball_view(b, orientations);
        const Vec2 prev = have_previous ? previous_[static_cast<std::size_t>(i)] : b.position;
        bv.position = prev + (b.position - prev) * alpha;
        v.balls.push_back(bv);
    }
}

bool ModeContext::sound_wanted() const {
    return sound_on && !choices.muted && choices.volume > 0.0;
}

void ModeContext::step_sounds(const audio::StepStart& before, const physics::World& w,
                              std::span<const physics::Event> step_events, double frame_start) {
    if (step_events.empty()) return;
    double x_min = 0.0, x_max = 0.0;
    table_ends(w, x_min, x_max);
    const double scale = std::max(clock.time_scale(), 1e-6);
    for (const audio::Impact& im : audio::impacts(before, w, step_events)) {
        if (sounds.size() >= kMaxPending) break;
        const double delay = std::clamp((im.time - frame_start) / scale, 0.0, kMaxDelay);
        sounds.push_back(audio::play_for(im, x_min, x_max, delay));
    }
}

void ModeContext::cue_sound(const physics::World& w, double cue_speed, double x) {
    if (!sound_wanted() || sounds.size() >= kMaxPending) return;
    double x_min = 0.0, x_max = 0.0;
    table_ends(w, x_min, x_max);
    sounds.push_back(audio::play_for(audio::cue_strike(cue_speed, w.time(), x), x_min, x_max, 0.0));
}

std::size_t ModeContext::log_events(const physics::World& w, std::size_t from) {
    const std::vector<physics::Event>& all = w.events();
    for (std::size_t k = from; k < all.size(); ++k) {
        ui::LoggedEvent le;
        if (ui::logged_event(w, all[k], le)) events.push(le);
    }
    return all.size();
}

} // namespace billiards::app

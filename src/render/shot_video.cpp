#include "render/shot_video.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

#include "game/match_aim.hpp"
#include "render/offscreen.hpp"
#include "render/orientation.hpp"
#include "render/scene.hpp"
#include "render/text.hpp"

namespace billiards::render {

namespace {

constexpr double kMaxVideoSeconds = 600.0;
constexpr double kHoldSeconds = 0.5;

} // namespace

SceneView shot_scene(const game::Scenario& scenario, const physics::World& world,
                     const Orientations& turns, bool debug, bool labels,
                     const std::vector<PathView>& paths) {
    SceneView view;
    view.table = &scenario.table;
    view.chrome = false;
    view.debug.velocities = debug;
    view.debug.geometry = debug;
    view.ball_labels = labels;
    view.paths = paths;
    for (const physics::Ball& b : world.balls())
        view.balls.push_back(ball_view(b, turns));
    return view;
}

std::vector<PathView> shot_paths(const physics::World& world, double duration) {
    std::vector<PathView> paths;
    for (game::BallPath& p : game::trace_paths(world, duration, 1))
        paths.push_back({p.id, std::move(p.points), p.pocketed});
    return paths;
}

struct ShotVideo::State {
    game::Scenario scenario;
    ShotVideoOptions o;
    physics::World world;
    Orientations turns;
    std::vector<PathView> paths;
    OffscreenTarget target;
    std::unique_ptr<Text> text;
    std::optional<SceneRenderer> painter;
    std::optional<VideoWriter> writer;
    double end = 0.0;
    int hold = 0;  // frames the last position is held
    int total = 0; // frames in all
    int k = 0;     // moving frames drawn
    bool moving = true;
    int held = 0;
    Image last;

    State(const game::Scenario& s, const ShotVideoOptions& options, std::string* error)
        : scenario(s), o(options), world(game::make_world(s)), target(o.width, o.height, error) {}

    Image draw() {
        painter->draw(shot_scene(scenario, world, turns, o.debug, o.labels, paths), o.width,
                      o.height);
        return target.read();
    }
};

ShotVideo::ShotVideo(const game::Scenario& scenario, const ShotVideoOptions& o, std::string* error)
    : s_(std::make_unique<State>(scenario, o, error)) {
    State& s = *s_;
    if (o.fps < 1 || o.width % 2 || o.height % 2) {
        *error = "a video needs at least 1 frame per second and even sides";
        s_.reset();
        return;
    }
    if (!s.target.renderer()) {
        s_.reset();
        return;
    }
    s.text = Text::load(s.target.renderer(), o.regular_font, o.bold_font, error);
    if (!s.text) {
        s_.reset();
        return;
    }
    s.painter.emplace(s.target.renderer(), s.text.get());
    s.writer.emplace(o.file_name, o.width, o.height, o.fps, error);
    if (!s.writer->ok()) {
        s_.reset();
        return;
    }
    if (o.at > 0.0) run_to(s.world, s.turns, std::min(o.at, scenario.duration));
    if (o.paths) s.paths = shot_paths(s.world, scenario.duration);
    s.end = std::min(scenario.duration, kMaxVideoSeconds);
    s.hold = static_cast<int>(std::lround(kHoldSeconds * o.fps));
    // The run's own length, found without drawing.
    int moving = 0;
    physics::World probe = s.world;
    Orientations unused;
    while (!probe.at_rest() && probe.time() < s.end)
        run_to(probe, unused, std::min(s.end, (moving++ + 1) / static_cast<double>(o.fps) + o.at));
    s.total = moving + 1 + s.hold;
}

ShotVideo::~ShotVideo() = default;

bool ShotVideo::ok() const {
    return s_ != nullptr;
}

bool ShotVideo::step(std::string* error) {
    State& s = *s_;
    if (done()) return true;
    if (s.moving) {
        s.last = s.draw();
        if (!s.writer->add(s.last, error)) return false;
        ++s.k;
        if (s.world.at_rest() || s.world.time() >= s.end)
            s.moving = false;
        else
            run_to(s.world, s.turns, std::min(s.end, s.k / static_cast<double>(s.o.fps) + s.o.at));
        return true;
    }
    if (!s.writer->add(s.last, error)) return false;
    ++s.held;
    return true;
}

bool ShotVideo::done() const {
    return !s_->moving && s_->held >= s_->hold;
}

int ShotVideo::frames() const {
    return s_->writer->frames();
}

int ShotVideo::total() const {
    return std::max(s_->total, frames());
}

bool ShotVideo::finish(std::string& bytes, std::string* error) {
    return s_->writer->finish(bytes, error);
}

} // namespace billiards::render

// billiards render SCENARIO --out FILE.png [--size WxH] [--debug]: the scenario's table and
// balls drawn with no window (software renderer on a surface) by the game's own renderer.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cstdio>
#include <memory>
#include <regex>
#include <stdexcept>

#include "app/game_assets.hpp"
#include "cli/cli_output.hpp"
#include "cli/commands.hpp"
#include "game/match_aim.hpp"
#include "game/simulation.hpp"
#include "io/scenario.hpp"
#include "render/offscreen.hpp"
#include "render/orientation.hpp"
#include "render/scene.hpp"

namespace billiards::cli {

namespace {

struct RenderArgs {
    std::string scenario;
    std::string out;
    std::string size = "1280x720";
    bool debug = false;
    bool paths = false;
    bool labels = false; // the colour-blind labels
    double at = 0.0;     // seconds into the scenario
};

// The work one render may ask for: an image of at most kMaxPixels (4096 x 4096; a larger
// one took minutes and a gigabyte), and at most kMaxBalls balls drawn (each is a few
// hundred triangles and its number's text).
constexpr long long kMaxPixels = 4096LL * 4096LL;
constexpr std::size_t kMaxBalls = 100'000;

bool parse_size(const std::string& s, int& w, int& h) {
    static const std::regex re(R"(^\s*(\d{1,5})\s*[xX]\s*(\d{1,5})\s*$)");
    std::smatch m;
    if (!std::regex_match(s, m, re)) return false;
    w = std::stoi(m[1].str());
    h = std::stoi(m[2].str());
    return w >= 16 && h >= 16 && w <= 16384 && h <= 16384 &&
           static_cast<long long>(w) * h <= kMaxPixels;
}

int render_scenario(const RenderArgs& a) {
    int width = 0, height = 0;
    if (!parse_size(a.size, width, height)) {
        return fail("render",
                    fmt::format("--size: expected WxH with each side 16..16384 and at most {} "
                                "pixels in all (e.g. 4096x4096), got '{}'",
                                kMaxPixels, one_line(io::excerpt(a.size, 40))),
                    2);
    }
    if (!(a.at >= 0.0 && a.at <= 1e6))
        return fail("render", fmt::format("--at: expected seconds from 0 to 1e6, got {}", a.at), 2);
    const game::Scenario s = io::load_scenario(a.scenario);
    if (s.balls.size() > kMaxBalls)
        throw io::InputError(
            a.scenario, "balls",
            fmt::format("{} balls: render draws at most {}", s.balls.size(), kMaxBalls));
    physics::World world = game::make_world(s);
    // --at: the balls where the scenario has them after that long, each turned by its spin
    // step by step on the way (as the game turns them).
    render::Orientations turns;
    if (a.at > 0.0) {
        const double until = std::min(a.at, s.duration);
        while (world.time() < until && !world.at_rest()) {
            const double t0 = world.time(), left = until - t0;
            if (left < world.params().timestep)
                world.step_partial(left);
            else
                world.step();
            turns.advance(world, world.time() - t0);
        }
    }
    // Nothing is written over --out before the picture is ready; a refused target (a FIFO,
    // a device) is bad input found before the drawing starts.
    (void)io::output_target(a.out);
    const app::AssetSearch assets = app::find_assets();
    if (assets.dir.empty()) throw std::runtime_error(app::missing_assets_message(assets));
    std::string error;
    render::OffscreenTarget target(width, height, &error);
    if (!target.renderer()) throw std::runtime_error(error);
    std::unique_ptr<render::Text> text =
        render::Text::load(target.renderer(), app::font_path(assets.dir, false),
                           app::font_path(assets.dir, true), &error);
    if (!text) throw std::runtime_error(error);
    render::SceneView view;
    view.table = &s.table;
    view.chrome = false;
    view.debug.velocities = a.debug;
    view.debug.geometry = a.debug;
    view.ball_labels = a.labels;
    for (const physics::Ball& b : world.balls()) {
        render::BallView v;
        v.id = b.id;
        v.position = b.position;
        v.radius = b.radius;
        v.velocity = b.velocity;
        v.spin = b.spin;
        v.orientation = turns.of(b.id);
        v.pocketed = b.state == physics::MotionState::Pocketed;
        view.balls.push_back(v);
    }
    if (a.paths) {
        for (game::BallPath& p : game::trace_paths(world, s.duration, 1))
            view.paths.push_back({p.id, std::move(p.points), p.pocketed});
    }
    render::SceneRenderer(target.renderer(), text.get()).draw(view, width, height);
    std::string png;
    if (!render::encode_png(target.read(), png, &error)) throw std::runtime_error(error);
    // The same atomic writer as every other output: a failed write is an error, and leaves
    // neither a truncated PNG nor a temporary file.
    io::write_file_atomic(a.out, png);
    return 0;
}

} // namespace

void add_render_command(CLI::App& cli, int& status) {
    auto args = std::make_shared<RenderArgs>();
    CLI::App* cmd = cli.add_subcommand(
        "render", "Draw a scenario's table and balls into a PNG, with no window");
    cmd->add_option("scenario", args->scenario, "Scenario file (billiards-scenario/1)")->required();
    add_out_option(*cmd, args->out, "PNG file to write")->required();
    cmd->add_option("--size", args->size, "Image size WxH in pixels")->capture_default_str();
    cmd->add_flag("--debug", args->debug,
                  "Draw velocity and spin vectors, cushion segments and pocket circles");
    cmd->add_flag("--paths", args->paths,
                  "Run the scenario (to rest or its duration) and draw the path of every ball "
                  "that moves; the balls are drawn where they start");
    cmd->add_flag("--labels", args->labels,
                  "Label every ball upright for colour-blind players: pool numbers, snooker "
                  "values (1 a red ... 7 the black), carom W, Y and R");
    cmd->add_option("--at", args->at,
                    "Draw the balls SECONDS into the scenario's run (up to its duration), "
                    "each turned as its spin turned it");
    cmd->callback([args, &status] {
        status = run_guarded("render", [&] { return render_scenario(*args); });
    });
}

} // namespace billiards::cli

// billiards render SCENARIO --out FILE.png [--size WxH] [--debug]: the scenario's table and
// balls drawn with no window (software renderer on a surface) by the game's own renderer.
#include <CLI/CLI.hpp>

#include <cstdio>
#include <exception>
#include <memory>
#include <regex>

#include "app/commands.hpp"
#include "app/game_assets.hpp"
#include "io/scenario.hpp"
#include "render/offscreen.hpp"
#include "render/scene.hpp"

namespace billiards::app {

namespace {

struct RenderArgs {
    std::string scenario;
    std::string out;
    std::string size = "1280x720";
    bool debug = false;
};

bool parse_size(const std::string& s, int& w, int& h) {
    static const std::regex re(R"(^\s*(\d{1,5})\s*[xX]\s*(\d{1,5})\s*$)");
    std::smatch m;
    if (!std::regex_match(s, m, re)) return false;
    w = std::stoi(m[1].str());
    h = std::stoi(m[2].str());
    return w >= 16 && h >= 16 && w <= 16384 && h <= 16384;
}

int render_scenario(const RenderArgs& a) {
    int width = 0, height = 0;
    if (!parse_size(a.size, width, height)) {
        std::fprintf(stderr,
                     "billiards render: --size: expected WxH with each side 16..16384, got '%s'\n",
                     a.size.c_str());
        return 2;
    }
    io::Scenario s;
    physics::World world;
    try {
        s = io::load_scenario(a.scenario);
        world = io::make_world(s);
    } catch (const io::InputError& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 2;
    }
    const AssetSearch assets = find_assets();
    if (assets.dir.empty()) {
        std::fprintf(stderr, "billiards render: %s\n", missing_assets_message(assets).c_str());
        return 1;
    }
    std::string error;
    render::OffscreenTarget target(width, height, &error);
    if (!target.renderer()) {
        std::fprintf(stderr, "billiards render: %s\n", error.c_str());
        return 1;
    }
    std::unique_ptr<render::Text> text = render::Text::load(
        target.renderer(), font_path(assets.dir, false), font_path(assets.dir, true), &error);
    if (!text) {
        std::fprintf(stderr, "billiards render: %s\n", error.c_str());
        return 1;
    }
    render::SceneView view;
    view.table = &s.table;
    view.chrome = false;
    view.debug.velocities = a.debug;
    view.debug.geometry = a.debug;
    for (const physics::Ball& b : world.balls()) {
        render::BallView v;
        v.id = b.id;
        v.position = b.position;
        v.radius = b.radius;
        v.velocity = b.velocity;
        v.spin = b.spin;
        v.pocketed = b.state == physics::MotionState::Pocketed;
        view.balls.push_back(v);
    }
    render::SceneRenderer(target.renderer(), text.get()).draw(view, width, height);
    if (!render::write_png(target.read(), a.out, &error)) {
        std::fprintf(stderr, "billiards render: %s\n", error.c_str());
        return 1;
    }
    return 0;
}

} // namespace

void add_render_command(CLI::App& cli, int& status) {
    auto args = std::make_shared<RenderArgs>();
    CLI::App* cmd = cli.add_subcommand(
        "render", "Draw a scenario's table and balls into a PNG, with no window");
    cmd->add_option("scenario", args->scenario, "Scenario file (billiards-scenario/1)")->required();
    cmd->add_option("--out", args->out, "PNG file to write")->required();
    cmd->add_option("--size", args->size, "Image size WxH in pixels")->capture_default_str();
    cmd->add_flag("--debug", args->debug,
                  "Draw velocity and spin vectors, cushion segments and pocket circles");
    cmd->callback([args, &status] {
        try {
            status = render_scenario(*args);
        } catch (const std::exception& e) {
            std::fprintf(stderr, "billiards render: %s\n", e.what());
            status = 1;
        }
    });
}

} // namespace billiards::app

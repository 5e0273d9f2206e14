// billiards render SCENARIO|REPLAY (--out FILE.png | --video FILE.mp4 [--fps N]) [--size WxH]
// [--debug]: the table and balls drawn with no window (software renderer on a surface) by
// the game's own renderer; a picture, or a video of the shot running to rest.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <regex>
#include <stdexcept>

#include "app/game_assets.hpp"
#include "cli/cli_output.hpp"
#include "cli/commands.hpp"
#include "game/match_aim.hpp"
#include "game/simulation.hpp"
#include "io/json_reader.hpp"
#include "io/replay_file.hpp"
#include "io/scenario.hpp"
#include "render/offscreen.hpp"
#include "render/orientation.hpp"
#include "render/scene.hpp"
#include "render/shot_video.hpp"

namespace billiards::cli {

namespace {

struct RenderArgs {
    std::string scenario;
    std::string out;
    std::string video; // instead of out: a video of the run
    int fps = 30;
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

// A scenario file, or a replay file's shot as a scenario (the position before it, the shot
// struck at time 0).
game::Scenario load_picture_input(const std::string& path) {
    const std::string text = io::read_text_file(path);
    if (text.find(io::formats::kReplay) != std::string::npos) {
        try {
            return io::scenario_of_replay(io::parse_replay(text, path));
        } catch (const io::InputError& e) {
            if (e.path() != "format") throw;
        }
    }
    return io::parse_scenario(text, path);
}

// "\rrender: [#####     ] 40/80 frames" on a terminal; nothing otherwise.
void progress(int done, int total) {
    if (!isatty(2)) return;
    constexpr int kWidth = 30;
    const int filled = total > 0 ? std::min(kWidth, done * kWidth / total) : 0;
    std::fprintf(stderr, "\rrender: [%s%s] %d/%d frames", std::string(filled, '#').c_str(),
                 std::string(kWidth - filled, ' ').c_str(), done, total);
    if (done == total) std::fputc('\n', stderr);
    std::fflush(stderr);
}

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
    const bool video = !a.video.empty();
    if (!video && a.out.empty())
        return fail("render", "give --out FILE.png, or --video FILE for a video", 2);
    if (video && !render::VideoWriter::known_extension(a.video))
        return fail("render", "--video: the file name must end in .mp4, .mkv, .mov or .webm", 2);
    if (video && (width % 2 || height % 2))
        return fail("render",
                    fmt::format("--size: a video's sides must be even, got {}x{}", width, height),
                    2);
    const game::Scenario s = load_picture_input(a.scenario);
    if (s.balls.size() > kMaxBalls)
        throw io::InputError(
            a.scenario, "balls",
            fmt::format("{} balls: render draws at most {}", s.balls.size(), kMaxBalls));
    // Nothing is written over --out before the picture is ready; a refused target (a FIFO,
    // a device) is bad input found before the drawing starts.
    const std::string& target_file = video ? a.video : a.out;
    (void)io::output_target(target_file);
    const app::AssetSearch assets = app::find_assets();
    if (assets.dir.empty()) throw std::runtime_error(app::missing_assets_message(assets));
    std::string error;
    if (video) { // render/shot_video.hpp: frame by frame, with a progress bar
        render::ShotVideoOptions vo;
        vo.file_name = a.video;
        vo.width = width;
        vo.height = height;
        vo.fps = a.fps;
        vo.at = a.at;
        vo.debug = a.debug;
        vo.paths = a.paths;
        vo.labels = a.labels;
        vo.regular_font = app::font_path(assets.dir, false);
        vo.bold_font = app::font_path(assets.dir, true);
        render::ShotVideo writer(s, vo, &error);
        if (!writer.ok()) throw std::runtime_error(error);
        while (!writer.done()) {
            if (!writer.step(&error)) throw std::runtime_error(error);
            progress(writer.frames(), writer.total());
        }
        std::string bytes;
        if (!writer.finish(bytes, &error)) throw std::runtime_error(error);
        io::write_file_atomic(a.video, bytes);
        std::fprintf(stderr, "render: %s: %d frames at %d per second\n", a.video.c_str(),
                     writer.frames(), a.fps);
        return 0;
    }
    physics::World world = game::make_world(s);
    // --at: the balls where the scenario has them after that long, each turned by its spin
    // step by step on the way (as the game turns them).
    render::Orientations turns;
    if (a.at > 0.0) render::run_to(world, turns, std::min(a.at, s.duration));
    render::OffscreenTarget target(width, height, &error);
    if (!target.renderer()) throw std::runtime_error(error);
    std::unique_ptr<render::Text> text =
        render::Text::load(target.renderer(), app::font_path(assets.dir, false),
                           app::font_path(assets.dir, true), &error);
    if (!text) throw std::runtime_error(error);
    render::SceneRenderer painter(target.renderer(), text.get());
    std::vector<render::PathView> paths;
    if (a.paths) paths = render::shot_paths(world, s.duration);
    auto draw = [&] {
        painter.draw(render::shot_scene(s, world, turns, a.debug, a.labels, paths), width, height);
        return target.read();
    };
    std::string png;
    if (!render::encode_png(draw(), png, &error)) throw std::runtime_error(error);
    // The same atomic writer as every other output: a failed write is an error, and
    // leaves neither a truncated PNG nor a temporary file.
    io::write_file_atomic(a.out, png);
    return 0;
}

} // namespace

void add_render_command(CLI::App& cli, int& status) {
    auto args = std::make_shared<RenderArgs>();
    CLI::App* cmd = cli.add_subcommand(
        "render", "Draw a scenario's or a replayed shot's table into a PNG or a video, with no "
                  "window");
    cmd->add_option("scenario", args->scenario,
                    "Scenario (billiards-scenario/1) or replay (billiards-replay/1) file")
        ->required();
    auto* out = add_out_option(*cmd, args->out, "PNG file to write");
    auto* video =
        add_out_option(*cmd, args->video,
                       "Instead of a PNG: a video of the run to rest (.mp4, .mkv or .mov: "
                       "H.264; .webm: VP9), with a progress bar on a terminal",
                       "--video");
    out->excludes(video);
    video->excludes(out);
    add_int_option(*cmd, "--fps", args->fps, 1, 120, "Frames per second of a video (default 30)");
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

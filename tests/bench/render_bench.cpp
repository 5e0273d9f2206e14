// The cost of drawing a frame of the game: the 22 balls of a snooker rack, each turned (its
// markings painted in its own frame), the table, no HUD, at 1280x720 with the software
// renderer SDL's offscreen driver gives (the renderer `billiards render` uses). The pool
// rack likewise, with its numbers.
#include <benchmark/benchmark.h>

#include <string>

#include "game/rack.hpp"
#include "game/snooker/snooker_table.hpp"
#include "game/table.hpp"
#include "render/offscreen.hpp"
#include "render/orientation.hpp"
#include "render/scene.hpp"

using namespace billiards;

namespace {

void draw_frames(benchmark::State& state, const game::Table& table,
                 const std::vector<physics::BallDef>& balls, bool with_balls = true) {
    std::string error;
    render::OffscreenTarget target(1280, 720, &error);
    if (!target.renderer()) {
        state.SkipWithError(error.c_str());
        return;
    }
    const std::string fonts = BILLIARDS_BENCH_FONT_DIR;
    auto text = render::Text::load(target.renderer(), fonts + "/DejaVuSans.ttf",
                                   fonts + "/DejaVuSans-Bold.ttf", &error);
    render::SceneRenderer scene(target.renderer(), text.get());
    render::SceneView view;
    view.table = &table;
    view.chrome = true;
    for (const physics::BallDef& d : balls) {
        if (!with_balls) break;
        render::BallView b;
        b.id = d.id;
        b.position = d.position;
        b.radius = d.radius;
        // Every ball turned some other way, so no marking sits where an upright one would.
        b.orientation = render::turned({}, {1.0 + d.id % 3, 2.0 - d.id % 5, 0.5 * d.id}, 0.3);
        view.balls.push_back(b);
    }
    for (auto _ : state) {
        scene.draw(view, 1280, 720);
        benchmark::DoNotOptimize(target.renderer());
    }
    state.SetItemsProcessed(state.iterations());
}

void BM_DrawSnookerFrame(benchmark::State& state) {
    const game::TableSpec spec = game::snooker::full_size_spec();
    const game::Table table = game::build_table(spec);
    draw_frames(state, table, game::snooker::rack(spec));
}
BENCHMARK(BM_DrawSnookerFrame)->Unit(benchmark::kMillisecond);

void BM_DrawPoolFrame(benchmark::State& state) {
    const game::Table table = game::build_table(game::TableSpec{});
    draw_frames(state, table, game::rack(game::RackKind::EightBall, table.spec, {}));
}
BENCHMARK(BM_DrawPoolFrame)->Unit(benchmark::kMillisecond);

// The same frame with no balls: what the table, the widgets and the copy cost alone.
void BM_DrawSnookerTableOnly(benchmark::State& state) {
    const game::TableSpec spec = game::snooker::full_size_spec();
    const game::Table table = game::build_table(spec);
    draw_frames(state, table, game::snooker::rack(spec), false);
}
BENCHMARK(BM_DrawSnookerTableOnly)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();

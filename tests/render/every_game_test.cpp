// The five ways to play (8-ball, 9-ball, snooker, three-cushion, the sandbox) in a large
// window, labelled for colour-blind players and zoomed, drawn through the real loop: the
// table keeps its proportions at any window size, the labels are drawn on the balls, and
// zoomed about the cue ball every ball is comfortably large, on the 12-ft table too.
// Pictures under $BILLIARDS_SHOTS_DIR as finish-<game>-*.png.
#include <gtest/gtest.h>

#include <string>

#include "app/game_driver.hpp"
#include "app/loop.hpp"
#include "app/loop_script.hpp"
#include "app_helpers.hpp"
#include "frame_probe.hpp"
#include "game/game_kind.hpp"

namespace billiards {
namespace {

using GameApp = app::DrivenGame;

constexpr int kWidth = 1920, kHeight = 1080;

class EveryGame : public ::testing::Test {
  protected:
    void SetUp() override {
        app::PlatformOptions o;
        o.assets = BILLIARDS_TEST_ASSET_DIR;
        o.vsync = false;
        o.width = kWidth;
        o.height = kHeight;
        std::string error;
        platform = app::Platform::create(o, &error);
        ASSERT_TRUE(platform) << error;
    }
    std::unique_ptr<app::Platform> platform;
};

SDL_Event wheel(int notches) {
    SDL_Event e{};
    e.type = SDL_MOUSEWHEEL;
    e.wheel.y = notches;
    return e;
}

// One frame of `g` through the real loop, as drawn (saved as `name` under
// $BILLIARDS_SHOTS_DIR when that is set): no card needs a frame to size itself here.
test::FrameShot one_frame(app::Platform& platform, GameApp& g, const std::string& name) {
    app::LoopOptions lo;
    lo.max_frames = 1;
    lo.fake_frame_seconds = 1.0 / 60.0;
    test::FrameShot shot;
    lo.after_draw = [&](long, SDL_Renderer* r) {
        shot = test::grab_frame(r, g);
        test::maybe_save(r, name);
    };
    EXPECT_EQ(app::run_loop(platform, g, lo), 0) << name;
    return shot;
}

// Pixels of the labels' dark pill (hud_draw.cpp) within a radius of each ball's centre.
int label_pixels(const test::FrameShot& s, const render::SceneView& v) {
    int n = 0;
    for (const render::BallView& b : v.balls) {
        if (b.pocketed) continue;
        const Vec2 c = s.layout.to_screen(b.position);
        const double r = s.layout.table_pixels(b.radius);
        n += test::pixels_of(s.image, {c.x - r, c.y - r, 2 * r, 2 * r}, {12, 14, 16, 255}, 2);
    }
    return n;
}

void check_game(app::Platform& platform, GameApp& g, const std::string& name) {
    SCOPED_TRACE(name);
    g.set_output_size(kWidth, kHeight);
    const test::FrameShot big = one_frame(platform, g, "finish-" + name + "-1920x1080");
    const render::Layout& l = big.layout;
    // The table keeps its proportions and the whole of it shows, at 1.5 times its size in
    // a 1280x720 window.
    const render::Box outer = render::table_bounds(g.table()).outer;
    EXPECT_NEAR(l.table.w / l.table.h, (outer.max.x - outer.min.x) / (outer.max.y - outer.min.y),
                1e-9);
    EXPECT_GE(l.table.x, 0.0);
    EXPECT_LE(l.table.x + l.table.w, kWidth);
    EXPECT_LE(l.table.y + l.table.h, kHeight);
    const render::Layout small = render::make_layout(g.table(), 1280, 720, true);
    EXPECT_NEAR(l.table_scale / small.table_scale, 1.5, 1e-9);
    EXPECT_TRUE(big.windows.empty()) << big.windows.front();

    // Labelled for colour-blind players: a label on every ball.
    const int unlabelled = label_pixels(big, g.view());
    g.choices().ball_labels = true;
    ASSERT_TRUE(g.view().ball_labels);
    const test::FrameShot labelled = one_frame(platform, g, "finish-" + name + "-labels");
    const render::SceneView v = g.view();
    int balls = 0;
    for (const render::BallView& b : v.balls)
        balls += !b.pocketed;
    EXPECT_GT(label_pixels(labelled, v), unlabelled + 20 * balls);

    // Zoomed about the cue ball (the wheel): the balls comfortably large.
    const render::CueView cue = g.view().cue;
    ASSERT_TRUE(cue.visible);
    const double fitted = labelled.layout.table_pixels(cue.ball_radius);
    g.handle_event(test::mouse_to(labelled.layout.to_screen(cue.ball)));
    g.handle_event(wheel(5)); // 1.25^5 = 3.05x
    const test::FrameShot zoomed = one_frame(platform, g, "finish-" + name + "-zoomed");
    EXPECT_GT(zoomed.layout.table_pixels(cue.ball_radius), 3.0 * fitted);
    EXPECT_GT(zoomed.layout.table_pixels(cue.ball_radius), 25.0);
    // The point under the pointer stayed: the cue ball where it was.
    const Vec2 was = labelled.layout.to_screen(cue.ball);
    const Vec2 now = zoomed.layout.to_screen(cue.ball);
    EXPECT_NEAR(now.x, was.x, 1.0);
    EXPECT_NEAR(now.y, was.y, 1.0);
    g.choices().ball_labels = false;
    g.handle_event(test::key(SDLK_HOME));
}

TEST_F(EveryGame, LargeLabelledAndZoomed) {
    GameApp g(game::build_table(game::TableSpec{}), "pool-9ft");
    for (const game::GameKind kind : game::kGameKinds) {
#if defined(BILLIARDS_SANITIZED) // several times slower: one pool game and the 12-ft table
        if (kind != game::GameKind::EightBall && kind != game::GameKind::Snooker) continue;
#endif
        io::Settings& c = g.choices();
        c.game = kind;
        c.seats = {game::SeatKind::Human, game::SeatKind::Human};
        c.names = {"Ann", "Bob"};
        ASSERT_TRUE(g.start_from_choices()) << game::to_string(kind);
        check_game(*platform, g, game::to_string(kind));
    }
    g.start_sandbox("pool-9ft");
    check_game(*platform, g, "sandbox");
}

} // namespace
} // namespace billiards

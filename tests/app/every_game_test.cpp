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

class EveryGame : public test::LoopTest {
  protected:
    void size_window(app::PlatformOptions& o) const override {
        o.width = kWidth;
        o.height = kHeight;
    }
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

// The cue stick stops at the table area's edge: with the cue ball by the foot rail, aimed
// back up the table, its butt would reach across the column of the spin disc and the power
// meter (it was drawn over them).
TEST_F(EveryGame, TheCueIsNotDrawnOverTheWidgets) {
    GameApp g(game::build_table(game::TableSpec{}), "pool-9ft");
    g.set_output_size(kWidth, kHeight);
    g.start_sandbox("pool-9ft");
    g.handle_event(test::key(SDLK_b));
    const Vec2 at{g.table().spec.length / 2 - 0.08, -0.3};
    ASSERT_TRUE(g.place_cue_ball(at));
    g.aim_at({-1.0, -0.3});
    ASSERT_TRUE(g.view().cue.visible);
    const test::FrameShot s = one_frame(*platform, g, "finish-cue-clipped");
    const render::Layout& l = s.layout;
    // Along the stick's line right of the table's area, only the column's own dark
    // background (the meter's bar aside): no wood.
    const int y = static_cast<int>(l.to_screen(at).y);
    // The stick's light maple (not the rail's dark brown).
    auto is_wood = [](render::Image::Pixel p) { return p.r > 180 && p.g > 140 && p.b + 30 < p.g; };
    // The stick is there up to the edge (on the rail, right of the cue ball).
    int on_table = 0;
    for (int x = static_cast<int>(l.to_screen(at).x + l.table_pixels(0.05));
         x < static_cast<int>(l.table.x + l.table.w); ++x)
        on_table += is_wood(s.image.at(x, y));
    EXPECT_GT(on_table, 5);
    int wood = 0;
    for (int x = static_cast<int>(l.table.x + l.table.w) + 1; x < kWidth; ++x) {
        if (x >= l.power.x - 2 && x <= l.power.x + l.power.w + 2) continue;
        wood += is_wood(s.image.at(x, y));
    }
    EXPECT_EQ(wood, 0);
}

} // namespace
} // namespace billiards

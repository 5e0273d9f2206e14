// The Drills and Statistics screens and the game's record, through the real loop (SDL's
// offscreen driver): the Drills screen draws and starts a drill whose attempts are scored
// from the physics and whose best run lands in stats.sqlite3; a game played at the table is
// recorded shot by shot; the Statistics screen draws a player's record.
#include <gtest/gtest.h>

#include <imgui.h>
#include <imgui_internal.h>

#include <filesystem>
#include <memory>
#include <string>

#include "../common/scratch_dir.hpp"
#include "app/drill_mode.hpp"
#include "app/game_driver.hpp"
#include "app/game_platform.hpp"
#include "app/loop_script.hpp"
#include "game/drills/drill.hpp"
#include "io/scenario.hpp"
#include "io/stats_db.hpp"
#include "io/stats_recorder.hpp"

namespace billiards {
namespace {

using GameApp = app::DrivenGame;

// Whether the ImGui window `name` was drawn in the frame just rendered.
bool drawn(const char* name) {
    const ImGuiWindow* w = ImGui::FindWindowByName(name);
    return w && w->Active;
}

class RecordApp : public ::testing::Test {
  protected:
    void SetUp() override {
        app::PlatformOptions o;
        o.assets = BILLIARDS_TEST_ASSET_DIR;
        o.vsync = false;
        o.width = 960; // small frames: the software renderer's cost
        o.height = 540;
        std::string error;
        platform = app::Platform::create(o, &error);
        ASSERT_TRUE(platform) << error;
    }
    app::GameStorage storage() const {
        app::GameStorage s;
        s.saved = (home.path() / "saved.json").string(); // its folder is the data folder
        return s;
    }
    std::string db_path() const { return (home.path() / "stats.sqlite3").string(); }
    // Runs the loop for at most `frames` frames of `seconds` each, `step` before each frame
    // (true: stop after this frame), `check` after each frame is drawn.
    void run(GameApp& g, long frames, double seconds, const std::function<bool(long)>& step,
             const std::function<void(long)>& check = {}) {
        app::LoopOptions lo;
        lo.max_frames = frames;
        lo.fake_frame_seconds = seconds;
        lo.replayable = true;
        bool stop = false;
        lo.before_frame = [&](long f) {
            if (stop) {
                SDL_Event e{};
                e.type = SDL_QUIT;
                SDL_PushEvent(&e);
                return;
            }
            stop = step(f);
        };
        lo.after_draw = [&](long f, SDL_Renderer*) {
            if (check) check(f);
        };
        EXPECT_EQ(app::run_loop(*platform, g, lo), 0);
    }
    std::unique_ptr<app::Platform> platform;
    test::ScratchDir home{"home"};
};

TEST_F(RecordApp, ADrillFromItsScreenIsScoredAndItsBestKept) {
    GameApp g(io::load_standard_table("pool-9ft"), "pool-9ft");
    g.set_storage(storage());
    g.open_menu_page(GameApp::MenuPage::Drills);
    bool menu_drawn = false;
    const app::DrillMode* drill = nullptr;
    run(
        g, 400, 0.25,
        [&](long f) {
            if (f == 2) {
                EXPECT_TRUE(menu_drawn);
                EXPECT_TRUE(g.start_drill("stop-shot"));
                drill = dynamic_cast<const app::DrillMode*>(&g.game_mode());
            }
            if (!drill || f < 3) return false;
            if (drill->finished()) return true;
            if (g.mode() == app::Mode::Aiming && g.world().at_rest()) {
                // Full on the 1 with a little draw: the stop shot.
                g.aim_at(g.world().ball(g.world().index_of(1)).position);
                g.set_tip(0.0, -0.3);
                EXPECT_TRUE(g.shoot(0.3));
            }
            return false;
        },
        [&](long f) {
            if (f == 1) menu_drawn = drawn("##drills_menu");
        });
    ASSERT_NE(drill, nullptr);
    ASSERT_TRUE(drill->finished());
    ASSERT_EQ(drill->scores().size(), 5u);
    EXPECT_GT(drill->total(), 0.0); // a straight pot at a third of the power drops
    std::string notice;
    const auto db = io::StatsDb::open(db_path(), &notice);
    const std::vector<io::DrillScore> best = db->best_drill_scores(g.drill_player());
    ASSERT_EQ(best.size(), 1u);
    EXPECT_EQ(best[0].drill, "stop-shot");
    EXPECT_EQ(best[0].score, drill->total());
    EXPECT_EQ(best[0].best_possible, 50.0);
}

// A drill's target is two closed rings (full points, and where the points run out), not two
// ball paths, whose end marks showed where each circle closed.
TEST_F(RecordApp, ADrillsTargetIsTwoClosedRingsAndNoPath) {
    GameApp g(io::load_standard_table("pool-9ft"), "pool-9ft");
    g.set_storage(storage());
    ASSERT_TRUE(g.start_drill("position-zone"));
    const game::drills::Drill& d = *game::drills::find("position-zone");
    const render::SceneView v = g.view();
    EXPECT_TRUE(v.paths.empty());
    ASSERT_EQ(v.rings.size(), 2u);
    EXPECT_EQ(v.rings[0].center, d.target);
    EXPECT_EQ(v.rings[0].radius, d.zone);
    EXPECT_FALSE(v.rings[0].faint);
    EXPECT_EQ(v.rings[1].radius, 3.0 * d.zone);
    EXPECT_TRUE(v.rings[1].faint);
}

TEST_F(RecordApp, AGamePlayedAtTheTableIsRecordedShotByShot) {
    GameApp g(io::load_standard_table("pool-9ft"), "pool-9ft");
    g.set_storage(storage());
    g.choices().game = game::GameKind::NineBall;
    g.choices().names = {"Ann", "Bob"};
    g.choices().seats = {game::SeatKind::Human, game::SeatKind::Human};
    ASSERT_TRUE(g.start_from_choices());
    int played = 0;
    run(g, 300, 0.25, [&](long) {
        if (played >= 3) return g.mode() == app::Mode::Aiming;
        if (g.mode() != app::Mode::Aiming || !g.world().at_rest()) return false;
        const game::Game* game = g.game();
        if (!game->next().may_shoot) return true; // a decision: enough shots
        const std::vector<int> on = game::balls_on_table(g.world());
        g.aim_at(g.world().ball(g.world().index_of(on.front())).position);
        if (g.shoot(0.5)) ++played;
        return false;
    });
    ASSERT_GE(played, 1);
    std::string notice;
    const auto db = io::StatsDb::open(db_path(), &notice);
    EXPECT_EQ(db->shots_of(1), played); // the first game's id is 1
    EXPECT_EQ(g.game()->shots(), played);
    EXPECT_EQ(db->player_names(), (std::vector<std::string>{"Ann", "Bob"}));
}

TEST_F(RecordApp, TheStatisticsScreenDrawsAPlayersRecord) {
    {
        std::string notice;
        const auto db = io::StatsDb::open(db_path(), &notice);
        io::GameRecorder rec(*db);
        game::MatchStats stats;
        for (int game = 0; game < 3; ++game) {
            stats.begin_game(0);
            rec.begin("9-ball", {"Ann", "Bob"}, stats, 0, 1700000000 + game);
            for (int s = 0; s < 4; ++s) {
                const game::ShotFacts f{0, true, false, s % 2 == 0, false, s % 2 == 0 ? 1 : 0};
                stats.add(f);
                rec.shot(f);
            }
            rec.end(stats, 0, stats.end_game(0));
        }
    }
    GameApp g(io::load_standard_table("pool-9ft"), "pool-9ft");
    g.set_storage(storage());
    g.open_menu_page(GameApp::MenuPage::Statistics);
    bool screen = false, still = false;
    run(
        g, 20, 1.0 / 60.0,
        [&](long f) {
            if (f == 3) g.stats_pick() = 1; // Bob, as the player list's pick
            return f >= 5;
        },
        [&](long f) {
            if (f == 2) screen = drawn("##stats_screen");
            if (f == 5) still = drawn("##stats_screen") && !drawn("##main_menu");
        });
    EXPECT_TRUE(screen);
    EXPECT_TRUE(still);
    EXPECT_EQ(g.menu_page(), GameApp::MenuPage::Statistics);
    EXPECT_EQ(g.stats_pick(), 1);
}

} // namespace
} // namespace billiards

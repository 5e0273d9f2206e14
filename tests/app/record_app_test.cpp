// The Drills and Statistics screens and the game's record, through the real loop (SDL's
// offscreen driver): the Drills screen draws and starts a drill whose attempts are scored
// from the physics and whose best run lands in stats.sqlite3; a game played at the table is
// recorded shot by shot; the Statistics screen draws a player's record.
#include <gtest/gtest.h>

#include <imgui.h>
#include <imgui_internal.h>

#include <array>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "../common/scratch_dir.hpp"
#include "app/drill_mode.hpp"
#include "app/game_driver.hpp"
#include "app/game_platform.hpp"
#include "app/loop_script.hpp"
#include "game/drills/drill.hpp"
#include "game/shot_events.hpp"
#include "io/game_file.hpp"
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

// A 9-ball game between Ann and Bob, both at the table, declared after `max_shots` shots.
std::unique_ptr<game::Game> short_game(int max_shots) {
    game::GameOptions o;
    o.seats[0] = {game::SeatKind::Human, game::AiLevel::Medium, "Ann", std::nullopt};
    o.seats[1] = {game::SeatKind::Human, game::AiLevel::Medium, "Bob", std::nullopt};
    o.seed = 3;
    o.max_shots = max_shots;
    o.table = io::load_standard_table("pool-9ft").spec;
    return game::make_game(game::GameKind::NineBall, o);
}

// Plays at the table until the game has `shots` shots (or is over): a decision's first
// choice, else at the nearest ball at half power; the game runs at 8x.
void play_to(GameApp& g, int shots) {
    g.clock().set_time_scale(8.0);
    for (int frame = 0; frame < 20000; ++frame) {
        const game::Game& game = *g.game();
        if (game.over() || (game.shots() >= shots && g.mode() != app::Mode::Rolling)) return;
        if (g.mode() == app::Mode::Aiming && g.world().at_rest()) {
            const game::Turn t = game.next();
            if (!t.decisions.empty()) {
                ASSERT_TRUE(g.decide(t.decisions.front()));
                continue;
            }
            const physics::World& w = g.world();
            const Vec2 cue = w.ball(w.index_of(t.cue_ball)).position;
            std::optional<Vec2> target;
            for (const int id : game::balls_on_table(w)) {
                const Vec2 p = w.ball(w.index_of(id)).position;
                if (id != t.cue_ball && (!target || length_sq(p - cue) < length_sq(*target - cue)))
                    target = p;
            }
            ASSERT_TRUE(target);
            g.aim_at(*target);
            ASSERT_TRUE(g.shoot(0.5)) << game.status();
        }
        g.update(0.1);
    }
    FAIL() << "the game did not get there";
}

// The record of game `id` in the database at `path`.
io::GameInfo game_in(const std::string& path, std::int64_t id) {
    std::string notice;
    const auto db = io::StatsDb::open(path, &notice);
    const std::optional<io::GameInfo> info = db->game_info(id);
    return info ? *info : io::GameInfo{};
}

// Saved mid-game, the game closed, loaded in a new run and finished: one game in the record,
// every shot of it there once, finished once.
TEST_F(RecordApp, AGameSavedAndLoadedGoesOnInItsOwnRecord) {
    const std::string save = (home.path() / "mid.json").string();
    {
        GameApp g(io::load_standard_table("pool-9ft"), "pool-9ft");
        g.set_storage(storage());
        g.start_game(short_game(7), "pool-9ft");
        play_to(g, 3);
        ASSERT_EQ(g.game()->shots(), 3);
        ASSERT_TRUE(g.save_match(save));
    }
    const io::LoadedGame saved = io::read_game(io::read_text_file(save), save);
    ASSERT_TRUE(saved.record);
    EXPECT_EQ(saved.record->game, 1);
    EXPECT_EQ(saved.record->shots.size(), 3u);
    EXPECT_EQ(game_in(db_path(), 1).shots, 3);

    GameApp g(io::load_standard_table("pool-9ft"), "pool-9ft");
    g.set_storage(storage());
    ASSERT_TRUE(g.load_match(save, false));
    EXPECT_EQ(g.recorded_game(), 1);
    play_to(g, 100);
    ASSERT_TRUE(g.game()->over());
    const int shots = g.game()->shots();
    EXPECT_GT(shots, 3);
    std::string notice;
    const auto db = io::StatsDb::open(db_path(), &notice);
    EXPECT_EQ(db->game_ids(), std::vector<std::int64_t>{1});
    const io::GameInfo info = *db->game_info(1);
    EXPECT_TRUE(info.finished);
    EXPECT_EQ(info.shots, shots);
    const std::vector<io::PlayerRecord> ann = db->players("Ann");
    ASSERT_EQ(ann.size(), 1u);
    EXPECT_EQ(ann[0].games, 1);
    const std::vector<io::GameRow> a = db->recent_games("Ann", 10), b = db->recent_games("Bob", 10);
    ASSERT_EQ(a.size(), 1u);
    ASSERT_EQ(b.size(), 1u);
    EXPECT_EQ(a[0].shots + b[0].shots, shots); // every shot counted once
}

// The save taken to another machine (a data folder whose record lacks the game): the game is
// recorded there from its first shot, the save's, with the save's start time.
TEST_F(RecordApp, ASaveFromAnotherMachineIsRecordedWithEveryShot) {
    const std::string save = (home.path() / "mid.json").string();
    {
        GameApp g(io::load_standard_table("pool-9ft"), "pool-9ft");
        g.set_storage(storage());
        g.start_game(short_game(7), "pool-9ft");
        play_to(g, 3);
        ASSERT_TRUE(g.save_match(save));
    }
    const io::SavedRecord record = *io::read_game(io::read_text_file(save), save).record;
    test::ScratchDir other{"other"};
    app::GameStorage s;
    s.saved = (other.path() / "saved.json").string();
    GameApp g(io::load_standard_table("pool-9ft"), "pool-9ft");
    g.set_storage(s);
    ASSERT_TRUE(g.load_match(save, false));
    const std::string there = (other.path() / "stats.sqlite3").string();
    EXPECT_EQ(game_in(there, 1).shots, 3); // written when loaded
    play_to(g, 100);
    ASSERT_TRUE(g.game()->over());
    const io::GameInfo info = game_in(there, 1);
    EXPECT_TRUE(info.finished);
    EXPECT_EQ(info.shots, g.game()->shots());
    EXPECT_EQ(info.started, record.started);
    EXPECT_EQ(info.players, (std::array<std::string, 2>{"Ann", "Bob"}));
    EXPECT_FALSE(game_in(db_path(), 1).finished); // the first machine's stays unfinished
}

// Played on from an earlier save after the game went further: a new game in the record with
// the save's shots and the new ones; the game that went further stays unfinished.
TEST_F(RecordApp, AGamePlayedOnFromAnEarlierSaveIsANewRecord) {
    const std::string save = (home.path() / "early.json").string();
    GameApp g(io::load_standard_table("pool-9ft"), "pool-9ft");
    g.set_storage(storage());
    g.start_game(short_game(7), "pool-9ft");
    play_to(g, 2);
    ASSERT_TRUE(g.save_match(save));
    play_to(g, 4);
    ASSERT_TRUE(g.load_match(save, false));
    EXPECT_EQ(g.recorded_game(), 2);
    play_to(g, 100);
    ASSERT_TRUE(g.game()->over());
    std::string notice;
    const auto db = io::StatsDb::open(db_path(), &notice);
    EXPECT_EQ(db->game_ids(), (std::vector<std::int64_t>{1, 2}));
    EXPECT_FALSE(db->game_info(1)->finished);
    EXPECT_EQ(db->game_info(1)->shots, 4);
    EXPECT_TRUE(db->game_info(2)->finished);
    EXPECT_EQ(db->game_info(2)->shots, g.game()->shots());
    EXPECT_EQ(db->players("Ann")[0].games, 1);
}

// A save from before the record's key loads as before; the rest of its game is not recorded
// (its first shots are unknown here).
TEST_F(RecordApp, AnOldSaveWithoutItsRecordLoadsAndIsNotRecorded) {
    const std::string save = (home.path() / "old.json").string();
    {
        GameApp g(io::load_standard_table("pool-9ft"), "pool-9ft");
        g.start_game(short_game(7), "pool-9ft"); // no data folder: nothing recorded
        play_to(g, 3);
        ASSERT_TRUE(g.save_match(save));
    }
    EXPECT_EQ(io::read_text_file(save).find("\"record\""), std::string::npos);
    GameApp g(io::load_standard_table("pool-9ft"), "pool-9ft");
    g.set_storage(storage());
    ASSERT_TRUE(g.load_match(save, false));
    EXPECT_EQ(g.game()->shots(), 3);
    EXPECT_EQ(g.recorded_game(), 0);
    play_to(g, 100);
    ASSERT_TRUE(g.game()->over());
    std::string notice;
    const auto db = io::StatsDb::open(db_path(), &notice);
    EXPECT_TRUE(db->game_ids().empty());
    EXPECT_TRUE(db->players().empty());
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

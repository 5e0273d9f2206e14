// Each kind of match played a few moves through the real loop as a player plays it (the
// menu, start, aim, a shot, a decision card, the pause menu), the same moves twice from the
// same seed: the frames must match pixel for pixel. With $BILLIARDS_SHOTS_DIR set it also
// draws the rolling balls and the computer's turn, and saves every frame there as a PNG, for
// comparing two builds of the game byte for byte:
//   BILLIARDS_SHOTS_DIR=A old/render_tests --gtest_filter=Screens.*   (likewise B, new)
//   for f in A/*.png; do cmp "$f" "B/${f#A/}"; done
#include <gtest/gtest.h>

#include <SDL.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "app/game_app.hpp"
#include "app/game_driver.hpp"
#include "app/loop_script.hpp"
#include "app_helpers.hpp"
#include "frame_probe.hpp"
#include "game/rack.hpp"

namespace billiards {
namespace {

using GameApp = app::DrivenGame;
using app::Mode;

constexpr double kFrame = 1.0 / 60.0;

// The menu's game; the only line that names the menu's type of game.
void choose(GameApp& g, const std::string& kind) {
    io::Settings& c = g.choices();
    c.game = kind == "9ball"     ? game::GameKind::NineBall
             : kind == "snooker" ? game::GameKind::Snooker
             : kind == "carom"   ? game::GameKind::ThreeCushion
                                 : game::GameKind::EightBall;
}

struct Frame {
    std::string name;
    test::FrameShot shot;
};

class Film {
  public:
    Film(app::Platform& platform, std::string prefix)
        : platform_(platform), prefix_(std::move(prefix)) {}

    // `count` frames of the loop (replayable: the computer's thinking lands on a fixed
    // frame), the last one kept as `name`.
    void run(GameApp& g, const std::string& name, long count = 3) {
        app::LoopOptions lo;
        lo.max_frames = count;
        lo.fake_frame_seconds = kFrame;
        lo.replayable = true;
        const std::string full = prefix_ + "-" + name;
        lo.after_draw = [&](long frame, SDL_Renderer* r) {
            if (frame != count - 1) return;
            frames.push_back({full, test::grab_frame(r, g)});
            test::maybe_save(r, full);
        };
        EXPECT_EQ(app::run_loop(platform_, g, lo), 0) << full;
    }
    std::vector<Frame> frames;
    const bool gallery = std::getenv("BILLIARDS_SHOTS_DIR") != nullptr; // every frame

  private:
    app::Platform& platform_;
    std::string prefix_;
};

GameApp make_app() {
    return GameApp(game::build_table(game::TableSpec{}), "pool-9ft");
}

// A person (Ann) against the computer (Bob), from the menu with a fixed seed.
void start(GameApp& g, const std::string& kind, bool two_people = false) {
    choose(g, kind);
    io::Settings& c = g.choices();
    c.names = {"Ann", "Bob"};
    c.seats = {game::SeatKind::Human,
               two_people ? game::SeatKind::Human : game::SeatKind::Computer};
    c.levels = {game::AiLevel::Easy, game::AiLevel::Easy};
    c.carom_target = 5;
    c.carom_breaker = 0;
    c.snooker_best_of = 1;
    g.set_game_seeds(7);
    ASSERT_TRUE(g.start_from_choices()) << g.ui_message();
}

void aim_at_ball(GameApp& g, int id) {
    const physics::World& w = g.world();
    g.aim_at(w.ball(w.index_of(id)).position);
}

// Start, aim, shoot, the balls rolling and at rest, the computer's turn, the pause menu.
void play_against_computer(Film& s, const std::string& kind) {
    GameApp g = make_app();
    g.show_menu();
    choose(g, kind);
    s.run(g, "menu");
    start(g, kind);
    s.run(g, "start");
    aim_at_ball(g, kind == "carom" ? 2 : 1); // the red; a red; the 1
    s.run(g, "aim");
    // The shot, the rolling balls and the computer's turn only for the pictures: under the
    // sanitizers they would cost minutes.
    if (s.gallery) {
        ASSERT_TRUE(g.shoot(0.8));
        s.run(g, "rolling", 20);
        for (int i = 0; i < 60 * 60 && g.mode() == Mode::Rolling; ++i)
            g.update(kFrame);
        s.run(g, "at-rest");
        // Whoever is to play now (the computer after a miss): a second of its turn, then more.
        s.run(g, "turn-1s", 60);
        s.run(g, "turn-3s", 120);
    }
    g.open_pause_menu(true);
    s.run(g, "pause");
}

// Two people: the card the player to act must answer.
void decision_card(Film& s, const std::string& kind) {
    GameApp g = make_app();
    start(g, kind, true);
    if (kind == "9ball") { // Ann breaks; Bob (at the table after it) pushes out; Ann decides
        aim_at_ball(g, 1);
        ASSERT_TRUE(g.shoot(1.0));
        for (int i = 0; i < 60 * 60 && g.mode() == Mode::Rolling; ++i)
            g.update(kFrame);
        g.set_push_out(true);
        g.aim_at({0.0, 0.3});
        ASSERT_TRUE(g.shoot(0.2));
    } else { // a break (or a stroke) too soft to be legal: the other player's choice
        aim_at_ball(g, 1);
        ASSERT_TRUE(g.shoot(kind == "snooker" ? 0.02 : 0.05));
    }
    for (int i = 0; i < 60 * 60 && g.mode() == Mode::Rolling; ++i)
        g.update(kFrame);
    s.run(g, "card");
}

class Screens : public test::LoopTest {};

TEST_F(Screens, EachGameDrawsTheSameFramesFromTheSameMoves) {
    for (const std::string kind : {"8ball", "9ball", "snooker", "carom"}) {
        Film first(*platform, kind), second(*platform, "again-" + kind);
        play_against_computer(first, kind);
        const bool card = kind != "carom"; // three-cushion's only card needs frozen balls
        if (card) decision_card(first, kind);
        play_against_computer(second, kind);
        if (card) decision_card(second, kind);
        ASSERT_EQ(first.frames.size(), second.frames.size()) << kind;
        for (std::size_t i = 0; i < first.frames.size(); ++i) {
            const render::Image& a = first.frames[i].shot.image;
            const render::Image& b = second.frames[i].shot.image;
            ASSERT_GT(a.width, 0) << first.frames[i].name;
            EXPECT_TRUE(a.width == b.width && a.height == b.height && a.rgba == b.rgba)
                << first.frames[i].name << " differs the second time";
        }
        // The moves did what they say: the menu, the cards, the pause menu on screen.
        auto find = [&](const std::string& suffix) -> const test::FrameShot& {
            for (const Frame& f : first.frames)
                if (f.name == kind + "-" + suffix) return f.shot;
            ADD_FAILURE() << "no frame " << suffix;
            return first.frames.front().shot;
        };
        EXPECT_TRUE(find("menu").has_window("##main_menu")) << kind;
        EXPECT_TRUE(find("pause").has_window("##pause_menu")) << kind;
        if (kind == "snooker") {
            EXPECT_TRUE(find("card").has_window("##snooker_reply"));
        } else if (card) {
            EXPECT_TRUE(find("card").has_window("##decision")) << kind;
        }
    }
}

} // namespace
} // namespace billiards

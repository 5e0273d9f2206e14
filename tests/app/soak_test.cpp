// The real loop under random input: mouse moves, clicks and drags anywhere, every
// game key, Escape and Enter on the menus, F1 and F12, window resizes, minimise and restore,
// focus loss, over the menu, the sandbox and matches with computer seats. After every frame
// the ball world must be finite, on the table and free of overlap; the game must never crash
// and must keep answering. Also: a missing or unreadable font gets a message naming it.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <vector>

#include "../common/scratch_dir.hpp"
#include "app/game_app.hpp"
#include "app/game_driver.hpp"
#include "app/game_platform.hpp"
#include "app/loop_script.hpp"
#include "app_games.hpp"
#include "core/random.hpp"
#include "game/pool/match.hpp"

namespace billiards {
namespace {

// The project's generator (core/random.hpp: the same events on every run), drawing ints.
struct EventRandom {
    Random r;
    int below(int n) { return static_cast<int>(r.below(static_cast<std::uint64_t>(n))); }
};

const SDL_Keycode kKeys[] = {
    SDLK_LEFT,   SDLK_RIGHT,       SDLK_UP,
    SDLK_DOWN,   SDLK_SPACE,       SDLK_RETURN,
    SDLK_w,      SDLK_a,           SDLK_s,
    SDLK_d,      SDLK_c,           SDLK_b,
    SDLK_r,      SDLK_n,           SDLK_o,
    SDLK_z,      SDLK_ESCAPE,      SDLK_p,
    SDLK_PERIOD, SDLK_LEFTBRACKET, SDLK_RIGHTBRACKET,
    SDLK_EQUALS, SDLK_v,           SDLK_g,
    SDLK_t,      SDLK_h,           SDLK_F1,
    SDLK_F12,    SDLK_x,
};

void push_random_event(EventRandom& rng, SDL_Window* window, int w, int h) {
    SDL_Event e{};
    const Uint32 id = SDL_GetWindowID(window);
    const int x = rng.below(std::max(w, 1)), y = rng.below(std::max(h, 1));
    switch (rng.below(12)) {
    case 0:
    case 1:
    case 2:
        e.type = SDL_MOUSEMOTION;
        e.motion.windowID = id;
        e.motion.x = x;
        e.motion.y = y;
        break;
    case 3:
    case 4:
        e.type = rng.below(2) ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP;
        e.button.windowID = id;
        e.button.button = rng.below(4) == 0 ? SDL_BUTTON_RIGHT : SDL_BUTTON_LEFT;
        e.button.state = e.type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED;
        e.button.clicks = 1;
        e.button.x = x;
        e.button.y = y;
        break;
    case 5:
        e.type = SDL_MOUSEWHEEL;
        e.wheel.windowID = id;
        e.wheel.y = rng.below(3) - 1;
        break;
    case 6:
    case 7:
    case 8: {
        e.type = SDL_KEYDOWN;
        e.key.windowID = id;
        e.key.state = SDL_PRESSED;
        e.key.keysym.sym = kKeys[rng.below(static_cast<int>(std::size(kKeys)))];
        const int m = rng.below(6);
        e.key.keysym.mod = m == 0 ? KMOD_LSHIFT : m == 1 ? KMOD_LCTRL : KMOD_NONE;
        SDL_PushEvent(&e);
        e.type = SDL_KEYUP;
        e.key.state = SDL_RELEASED;
        break;
    }
    case 9:
        SDL_SetWindowSize(window, 320 + rng.below(480), 200 + rng.below(300));
        return;
    case 10: // minimise and come back (the loop sleeps in SDL_WaitEvent meanwhile)
        e.type = SDL_WINDOWEVENT;
        e.window.windowID = id;
        e.window.event = SDL_WINDOWEVENT_MINIMIZED;
        SDL_PushEvent(&e);
        e.window.event = SDL_WINDOWEVENT_RESTORED;
        break;
    default:
        e.type = SDL_WINDOWEVENT;
        e.window.windowID = id;
        e.window.event = rng.below(2) ? SDL_WINDOWEVENT_FOCUS_LOST : SDL_WINDOWEVENT_FOCUS_GAINED;
        break;
    }
    SDL_PushEvent(&e);
}

// Finite, on the table's frame, no overlap beyond the physics' own tolerance.
::testing::AssertionResult world_sane(const physics::World& w, const game::Table& t) {
    const double hx = t.spec.length / 2 + t.spec.rail_width + 0.3;
    const double hy = t.spec.width / 2 + t.spec.rail_width + 0.3;
    for (int i = 0; i < w.ball_count(); ++i) {
        const physics::Ball& b = w.ball(i);
        const bool finite = std::isfinite(b.position.x) && std::isfinite(b.position.y) &&
                            std::isfinite(b.velocity.x) && std::isfinite(b.velocity.y) &&
                            std::isfinite(b.spin.x) && std::isfinite(b.spin.y) &&
                            std::isfinite(b.spin.z);
        if (!finite) return ::testing::AssertionFailure() << "ball " << b.id << " not finite";
        if (b.state == physics::MotionState::Pocketed) continue;
        if (std::abs(b.position.x) > hx || std::abs(b.position.y) > hy)
            return ::testing::AssertionFailure() << "ball " << b.id << " off the table";
        for (int j = i + 1; j < w.ball_count(); ++j) {
            const physics::Ball& o = w.ball(j);
            if (o.state == physics::MotionState::Pocketed) continue;
            const double gap = length(b.position - o.position) - b.radius - o.radius;
            if (gap < -1e-9)
                return ::testing::AssertionFailure()
                       << "balls " << b.id << " and " << o.id << " overlap by " << -gap;
        }
    }
    return ::testing::AssertionSuccess();
}

game::MatchConfig computer_match(game::GameKind kind, std::uint64_t seed) {
    game::MatchConfig c;
    c.kind = kind;
    c.seed = seed;
    for (std::size_t k = 0; k < 2; ++k) { // the computer breaks: its turn comes at once
        game::AiConfig ai = game::ai_config(game::AiLevel::Easy);
        ai.budget = 40'000;
        c.seats[k].name = k == 0 ? "Computer" : "Human";
        if (k == 0) {
            c.seats[k].kind = game::SeatKind::Computer;
            c.seats[k].ai = ai;
        }
    }
    return c;
}

// Where a frame leaves the game: the balls' exact state, the screen, mode and menus, the
// shots, the computer's thinking and the menu's choices. Equal traces: the same frames.
std::uint64_t frame_state(app::DrivenGame& g) {
    std::uint64_t h = g.world().state_hash();
    const io::Settings& c = g.choices();
    for (const std::uint64_t v :
         {std::uint64_t(g.screen()), std::uint64_t(g.mode()), std::uint64_t(g.pause_menu_open()),
          std::uint64_t(g.panel_open()), std::uint64_t(g.help_open()), std::uint64_t(g.replaying()),
          std::uint64_t(g.shots()), std::uint64_t(g.computer_thinking()),
          std::uint64_t(c.game ? int(*c.game) : -1), std::uint64_t(c.seats[0]),
          std::uint64_t(c.seats[1]), std::uint64_t(c.practice), std::uint64_t(g.quit_requested())})
        h = mix(h, v);
    return h;
}

struct SoakRun {
    std::vector<std::uint64_t> trace; // frame_state() after every frame drawn
    int games = 0;
    int computer_shots = 0; // shots the computer's seat (the first) played
};

class SoakTest : public ::testing::Test {
  protected:
    void SetUp() override { ASSERT_NO_FATAL_FAILURE(open_platform()); }
    // A new window, renderer and ImGui context, as at the program's start.
    void open_platform() {
        platform.reset();
        app::PlatformOptions o;
        o.assets = BILLIARDS_TEST_ASSET_DIR;
        o.vsync = false;
        o.width = 640;
        o.height = 360;
        std::string error;
        platform = app::Platform::create(o, &error);
        ASSERT_TRUE(platform) << error;
    }

    // Runs `frames` frames of random input; a quit (a menu's Quit, Ctrl+Q) starts a new game.
    // A replayable run (loop.hpp): the fake clock for the game and ImGui, the computer's
    // decisions waited for, games from the menu seeded from `seed`: the same seed gives the
    // same trace. BILLIARDS_SOAK_SCALE=N runs N times as many frames (a long soak on demand).
    SoakRun soak(std::uint64_t seed, long frames,
                 const std::function<void(app::DrivenGame&)>& setup) {
        if (const char* scale = std::getenv("BILLIARDS_SOAK_SCALE"))
            frames *= std::max(1L, std::atol(scale));
        EventRandom rng{Random(seed)};
        SoakRun run;
        long done = 0;
        while (done < frames) {
            app::DrivenGame g(game::build_table(game::TableSpec{}), "pool-9ft", seed + 1);
            g.set_game_seeds(mix(seed, static_cast<std::uint64_t>(run.games)) | 1u);
            setup(g);
            ++run.games;
            app::LoopOptions lo;
            lo.max_frames = frames - done;
            lo.fake_frame_seconds = 1.0 / 30.0;
            lo.replayable = true;
            lo.screenshot_dir = shots.str();
            long ran = 0;
            bool sane = true;
            lo.before_frame = [&](long) {
                int w = 0, h = 0;
                SDL_GetWindowSize(platform->window(), &w, &h);
                const int n = rng.below(4);
                for (int k = 0; k < n; ++k)
                    push_random_event(rng, platform->window(), w, h);
            };
            lo.after_draw = [&](long, SDL_Renderer*) {
                ++ran;
                run.trace.push_back(frame_state(g));
                if (sane) {
                    const ::testing::AssertionResult r = world_sane(g.world(), g.table());
                    if (!r) {
                        ADD_FAILURE() << "frame " << done + ran << ": " << r.message();
                        sane = false;
                    }
                }
            };
            EXPECT_EQ(app::run_loop(*platform, g, lo), 0);
            EXPECT_TRUE(sane);
            if (!sane) return run;
            done += std::max(ran, 1L);
            if (g.computer_thinking()) g.wait_for_computer();
            if (const game::Match* m = test::pool(g))
                for (const game::ShotRecord& r : m->history())
                    run.computer_shots += r.shooter == 0 ? 1 : 0;
        }
        EXPECT_GE(run.games, 1);
        return run;
    }

    std::unique_ptr<app::Platform> platform;
    test::ScratchDir shots{"shots"}; // F12's pictures
};

TEST_F(SoakTest, RandomInputOverTheMenu) {
    soak(11, 300, [](app::DrivenGame& g) { g.show_menu(); });
}

TEST_F(SoakTest, RandomInputInTheSandbox) {
    soak(12, 400, [](app::DrivenGame&) {});
}

TEST_F(SoakTest, RandomInputAgainstTheComputerAtEightBall) {
    const SoakRun run = soak(13, 600, [](app::DrivenGame& g) {
        test::start_match(g, computer_match(game::GameKind::EightBall, 5), "pool-9ft");
    });
    EXPECT_GT(run.computer_shots, 0); // the soak reached the computer's turn
}

// The same seed twice, each from a fresh window and ImGui context: the same frame by frame,
// the computer's shots included (its decisions come from a worker thread).
TEST_F(SoakTest, RandomInputAgainstTheComputerAtNineBallReplaysFrameByFrame) {
    const auto setup = [](app::DrivenGame& g) {
        test::start_match(g, computer_match(game::GameKind::NineBall, 6), "pool-9ft");
    };
    const SoakRun first = soak(14, 600, setup);
    ASSERT_NO_FATAL_FAILURE(open_platform());
    const SoakRun second = soak(14, 600, setup);
    EXPECT_GT(first.computer_shots, 0);
    ASSERT_EQ(first.trace.size(), second.trace.size());
    for (std::size_t i = 0; i < first.trace.size(); ++i)
        ASSERT_EQ(first.trace[i], second.trace[i]) << "frame " << i;
    EXPECT_EQ(first.games, second.games);
    EXPECT_EQ(first.computer_shots, second.computer_shots);
}

// Over the menu: games started from it take the seeded seeds, not the clock's.
TEST_F(SoakTest, ASeededSoakOverTheMenuReplaysFrameByFrame) {
    const auto setup = [](app::DrivenGame& g) { g.show_menu(); };
    const SoakRun first = soak(11, 150, setup);
    ASSERT_NO_FATAL_FAILURE(open_platform());
    const SoakRun second = soak(11, 150, setup);
    EXPECT_EQ(first.trace, second.trace);
}

TEST(Assets, AMissingOrUnreadableFontIsNamed) {
    const test::ScratchDir assets;
    const std::filesystem::path& dir = assets.path();
    std::filesystem::create_directories(dir / "fonts");
    app::PlatformOptions o;
    o.assets = dir.string();
    o.vsync = false;
    std::string error;
    EXPECT_EQ(app::Platform::create(o, &error), nullptr);
    EXPECT_NE(error.find("DejaVuSans.ttf"), std::string::npos) << error;
    // Present but not a font: still a message, never a crash.
    for (const char* f : {"DejaVuSans.ttf", "DejaVuSans-Bold.ttf"})
        std::ofstream(dir / "fonts" / f) << "not a font";
    error.clear();
    EXPECT_EQ(app::Platform::create(o, &error), nullptr);
    EXPECT_NE(error.find("DejaVuSans"), std::string::npos) << error;
}

} // namespace
} // namespace billiards

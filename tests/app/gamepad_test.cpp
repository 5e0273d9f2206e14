// The gamepad through the input layer: PadTranslator's actions from synthetic states (no
// device), and the real loop with one of SDL's virtual game controllers, plugged in, aiming,
// pulling the stroke and shooting, and reaching the pause menu's buttons.
#include <gtest/gtest.h>

#include <SDL.h>
#include <imgui.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "app/game_driver.hpp"
#include "app/loop_script.hpp"
#include "app/pad_input.hpp"
#include "app_helpers.hpp"
#include "game/table.hpp"
#include "ui/menus.hpp"

namespace billiards {
namespace {

using app::Action;
using app::Command;
using app::PadButton;
using app::PadScreen;
using app::PadState;
using app::PadTranslator;

constexpr double kDt = 1.0 / 60.0;

PadState pad() {
    PadState s;
    s.connected = true;
    return s;
}

std::vector<Command> keys(const std::vector<Action>& actions) {
    std::vector<Command> out;
    for (const Action& a : actions)
        if (const auto* k = std::get_if<app::act::Key>(&a)) out.push_back(k->command);
    return out;
}

double turned(const std::vector<Action>& actions) {
    double sum = 0.0;
    for (const Action& a : actions)
        if (const auto* t = std::get_if<app::act::TurnAim>(&a)) sum += t->radians;
    return sum;
}

TEST(PadInput, TheLeftStickAimsAtItsRateAndNotInsideTheDeadZone) {
    PadTranslator t;
    PadState s = pad();
    s.left_x = 1.0; // full right: clockwise, as the Right key
    double sum = 0.0;
    for (int f = 0; f < 60; ++f)
        sum += turned(t.frame(s, kDt, PadScreen::Table));
    EXPECT_NEAR(sum, -app::kPadAimRate * 60 * kDt, 1e-12);
    s.left_x = 0.5 * app::kPadDeadZone;
    EXPECT_TRUE(t.frame(s, kDt, PadScreen::Table).empty());
    // Halfway past the dead zone: a quarter of the rate (the response is squared).
    s.left_x = -(app::kPadDeadZone + 1.0) / 2.0;
    EXPECT_NEAR(turned(t.frame(s, 1.0, PadScreen::Table)), app::kPadAimRate * 0.25, 1e-12);
    // The triggers turn it finely: left trigger left.
    s.left_x = 0.0;
    s.left_trigger = 1.0;
    EXPECT_NEAR(turned(t.frame(s, 1.0, PadScreen::Table)), app::kPadFineAimRate, 1e-12);
}

TEST(PadInput, PullingBackAndPushingForwardShootsWithTheDeepestPull) {
    PadTranslator t;
    PadState s = pad();
    std::vector<double> strokes;
    std::vector<double> shots;
    const auto run = [&](double y) {
        s.right_y = y;
        for (const Action& a : t.frame(s, kDt, PadScreen::Table)) {
            if (const auto* k = std::get_if<app::act::Stroke>(&a)) strokes.push_back(k->pull);
            if (const auto* k = std::get_if<app::act::Shoot>(&a)) shots.push_back(k->power);
        }
    };
    run(0.6);
    run(1.0);
    run(0.7); // easing off on the way forward keeps the deepest pull
    run(0.0);
    EXPECT_TRUE(shots.empty());
    ASSERT_EQ(strokes.size(), 2u);
    EXPECT_DOUBLE_EQ(strokes[0], app::stick_response(0.6));
    EXPECT_DOUBLE_EQ(strokes[1], 1.0);
    EXPECT_DOUBLE_EQ(t.pull(), 1.0);
    run(-0.8);
    ASSERT_EQ(shots.size(), 1u);
    EXPECT_DOUBLE_EQ(shots[0], 1.0);
    EXPECT_DOUBLE_EQ(strokes.back(), 0.0); // the pull shown is dropped
    EXPECT_DOUBLE_EQ(t.pull(), 0.0);
    // Forward again without a pull: nothing.
    run(0.0);
    run(-1.0);
    EXPECT_EQ(shots.size(), 1u);
}

TEST(PadInput, AStrokeLeftAtRestIsDropped) {
    PadTranslator t;
    PadState s = pad();
    s.right_y = 0.9;
    t.frame(s, kDt, PadScreen::Table);
    s.right_y = 0.0;
    bool dropped = false, shot = false;
    for (int f = 0; f < 40; ++f) // 0.67 s at rest
        for (const Action& a : t.frame(s, kDt, PadScreen::Table)) {
            if (const auto* k = std::get_if<app::act::Stroke>(&a)) dropped = k->pull == 0.0;
            shot = shot || std::holds_alternative<app::act::Shoot>(a);
        }
    EXPECT_TRUE(dropped);
    EXPECT_FALSE(shot);
    s.right_y = -1.0;
    EXPECT_TRUE(t.frame(s, kDt, PadScreen::Table).empty());
}

TEST(PadInput, ButtonsActOncePerPressAndTheDpadRepeats) {
    PadTranslator t;
    PadState s = pad();
    s.set(PadButton::A, true);
    EXPECT_EQ(keys(t.frame(s, kDt, PadScreen::Table)), std::vector<Command>{Command::Shoot});
    EXPECT_TRUE(keys(t.frame(s, kDt, PadScreen::Table)).empty()); // still held
    s = pad();
    s.set(PadButton::DpadUp, true);
    int ups = 0;
    for (int f = 0; f < 60; ++f) // one second held: the press, then from 0.35 s every 0.1 s
        for (const Command c : keys(t.frame(s, kDt, PadScreen::Table)))
            ups += c == Command::TipUp ? 1 : 0;
    EXPECT_EQ(ups, 1 + 7);
    s = pad();
    s.set(PadButton::LeftShoulder, true);
    s.set(PadButton::DpadDown, true);
    EXPECT_EQ(keys(t.frame(s, kDt, PadScreen::Table)), std::vector<Command>{Command::CueDown});
    s = pad();
    s.set(PadButton::Start, true);
    s.set(PadButton::X, true);
    s.set(PadButton::Y, true);
    s.set(PadButton::Back, true);
    EXPECT_EQ(keys(t.frame(s, kDt, PadScreen::Table)),
              (std::vector<Command>{Command::Help, Command::Back, Command::BallInHand,
                                    Command::TipCentre}));
}

TEST(PadInput, MenusLeaveTheTableAlone) {
    PadTranslator t;
    PadState s = pad();
    s.left_x = 1.0;
    s.right_y = 1.0;
    s.set(PadButton::A, true); // ImGui's to take (nav_inputs), not a shot
    s.set(PadButton::Start, true);
    EXPECT_EQ(keys(t.frame(s, kDt, PadScreen::Menu)), std::vector<Command>{Command::Start});
    EXPECT_EQ(turned(t.frame(s, kDt, PadScreen::Menu)), 0.0);
    s = pad();
    s.set(PadButton::B, true);
    EXPECT_EQ(keys(t.frame(s, kDt, PadScreen::Overlay)), std::vector<Command>{Command::Back});
    s = pad();
    s.set(PadButton::A, true);
    s.set(PadButton::DpadDown, true);
    const std::array<float, app::kNavInputs> n = app::nav_inputs(s);
    EXPECT_EQ(n[ImGuiNavInput_Activate], 1.0f);
    EXPECT_EQ(n[ImGuiNavInput_DpadDown], 1.0f);
    EXPECT_EQ(n[ImGuiNavInput_Cancel], 0.0f);
    s.left_x = -1.0;
    EXPECT_EQ(app::nav_inputs(s)[ImGuiNavInput_LStickLeft], 1.0f);
}

// The main menu's gamepad hint names what the buttons do there.
TEST(PadInput, TheMainMenusHintSaysWhatTheButtonsDoThere) {
    const std::string hint = ui::main_menu_pad_hint();
    const std::pair<PadButton, const char*> said[] = {{PadButton::Start, "Start: start"},
                                                      {PadButton::B, "B: back"},
                                                      {PadButton::Back, "Back: help"}};
    const Command does[] = {Command::Start, Command::Back, Command::Help};
    for (std::size_t i = 0; i < std::size(said); ++i) {
        EXPECT_NE(hint.find(said[i].second), std::string::npos) << hint;
        PadTranslator t;
        PadState s = pad();
        t.frame(s, kDt, PadScreen::Menu);
        s.set(said[i].first, true);
        EXPECT_EQ(keys(t.frame(s, kDt, PadScreen::Menu)), std::vector<Command>{does[i]})
            << said[i].second;
    }
    EXPECT_NE(hint.find("A: pick"), std::string::npos);
}

TEST(PadInput, UnpluggedOrGarbageStatesDoNothingHarmful) {
    PadTranslator t;
    PadState s = pad();
    s.right_y = 1.0;
    t.frame(s, kDt, PadScreen::Table);
    s.connected = false; // unplugged mid-stroke: the pull goes
    const std::vector<Action> gone = t.frame(s, kDt, PadScreen::Table);
    ASSERT_EQ(gone.size(), 1u);
    EXPECT_EQ(std::get<app::act::Stroke>(gone[0]).pull, 0.0);
    s = pad();
    s.left_x = std::nan("");
    s.right_y = std::nan("");
    s.left_trigger = std::numeric_limits<double>::infinity();
    EXPECT_TRUE(t.frame(s, std::nan(""), PadScreen::Table).empty());
}

// The help screen lists the gamepad, from the same table the translator follows.
TEST(PadInput, TheHelpScreenShowsTheGamepad) {
    app::DrivenGame game(game::build_table(game::TableSpec{}), "pool-9ft");
    const std::string help = ui::help_text(game.help_info());
    EXPECT_NE(help.find("Gamepad"), std::string::npos) << help;
    EXPECT_NE(help.find("Right stick back, then forward"), std::string::npos) << help;
}

// The stroke's pull is the gamepad's: a mouse moved or released meanwhile leaves it alone.
TEST(PadInput, TheMouseLeavesTheGamepadsStrokeAlone) {
    app::DrivenGame game(game::build_table(game::TableSpec{}), "pool-9ft");
    ASSERT_TRUE(game.apply(app::act::Stroke{0.5}));
    EXPECT_TRUE(game.dragging());
    EXPECT_DOUBLE_EQ(game.drag_power(), 0.5);
    game.apply(app::act::PointerMove{{100.0, 100.0}});
    game.apply(app::act::PointerRelease{});
    EXPECT_DOUBLE_EQ(game.drag_power(), 0.5);
    EXPECT_EQ(game.shots(), 0);
    EXPECT_TRUE(game.apply(app::act::Stroke{0.0}));
    EXPECT_FALSE(game.dragging());
}

// SDL's virtual game controller, plugged in after the window opens.
class PadLoopTest : public test::LoopTest {
  protected:
    void SetUp() override {
        test::LoopTest::SetUp();
        if (!platform) return;
        ASSERT_EQ(SDL_WasInit(SDL_INIT_GAMECONTROLLER), Uint32{SDL_INIT_GAMECONTROLLER});
        // The offscreen window never has the keyboard focus, without which SDL drops a
        // controller's moves (a game in the background).
        SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1");
        SDL_VirtualJoystickDesc d;
        SDL_zero(d);
        d.version = SDL_VIRTUAL_JOYSTICK_DESC_VERSION;
        d.type = SDL_JOYSTICK_TYPE_GAMECONTROLLER;
        d.naxes = SDL_CONTROLLER_AXIS_MAX;
        d.nbuttons = SDL_CONTROLLER_BUTTON_MAX;
        d.name = "Test pad";
        device = SDL_JoystickAttachVirtualEx(&d);
        ASSERT_GE(device, 0) << SDL_GetError();
        joystick = SDL_JoystickOpen(device); // ours, to set its axes and buttons
        ASSERT_NE(joystick, nullptr) << SDL_GetError();
    }
    void TearDown() override {
        if (joystick) SDL_JoystickClose(joystick);
        if (device >= 0) SDL_JoystickDetachVirtual(device);
    }
    void axis(SDL_GameControllerAxis a, double v) {
        SDL_JoystickSetVirtualAxis(joystick, a, static_cast<Sint16>(std::lround(v * 32767)));
    }
    void button(SDL_GameControllerButton b, bool down) {
        SDL_JoystickSetVirtualButton(joystick, b, down ? 1 : 0);
    }
    int device = -1;
    SDL_Joystick* joystick = nullptr;
};

bool has_message(const app::GameApp& g, const std::string& part) {
    for (const std::string& m : g.messages())
        if (m.find(part) != std::string::npos) return true;
    return false;
}

TEST_F(PadLoopTest, AimPullAndPushShootsInTheRealLoop) {
    app::DrivenGame game(game::build_table(game::TableSpec{}), "pool-9ft");
    const double heading0 = game.heading();
    double heading_aimed = 0.0, pull_shown = 0.0;
    bool connected = false;
    app::LoopOptions o;
    o.max_frames = 60;
    o.fake_frame_seconds = kDt;
    o.before_frame = [&](long f) {
        if (f == 2) connected = has_message(game, "Gamepad connected: Test pad");
        if (f == 3) axis(SDL_CONTROLLER_AXIS_LEFTX, 1.0); // 10 frames of full right
        if (f == 13) axis(SDL_CONTROLLER_AXIS_LEFTX, 0.0);
        if (f == 15) heading_aimed = game.heading();
        if (f == 16) axis(SDL_CONTROLLER_AXIS_RIGHTY, 1.0); // pulled all the way back
        if (f == 20) pull_shown = game.drag_power();
        if (f == 21) axis(SDL_CONTROLLER_AXIS_RIGHTY, -1.0); // and pushed forward
        if (f == 23) axis(SDL_CONTROLLER_AXIS_RIGHTY, 0.0);
    };
    o.after_draw = [&](long f, SDL_Renderer* r) {
        if (f == 19) test::maybe_save(r, "gamepad_pull");
    };
    EXPECT_EQ(app::run_loop(*platform, game, o), 0);
    EXPECT_TRUE(connected);
    // 10 frames of 1/60 s at full stick, clockwise.
    EXPECT_NEAR(heading_aimed, std::remainder(heading0 - app::kPadAimRate * 10 * kDt, 2 * kPi),
                1e-9);
    EXPECT_DOUBLE_EQ(pull_shown, 1.0);
    EXPECT_EQ(game.shots(), 1);
    EXPECT_FALSE(game.dragging());
}

TEST_F(PadLoopTest, StartOpensThePauseMenuAndTheDpadAndAReachItsButtons) {
    app::DrivenGame game(game::build_table(game::TableSpec{}), "pool-9ft");
    bool paused = false, help = false;
    app::LoopOptions o;
    o.max_frames = 40;
    o.fake_frame_seconds = kDt;
    o.before_frame = [&](long f) {
        button(SDL_CONTROLLER_BUTTON_BACK, f == 2); // the help screen, and B closes it
        if (f == 4) help = game.help_open();
        button(SDL_CONTROLLER_BUTTON_B, f == 5);
        button(SDL_CONTROLLER_BUTTON_START, f == 8);
        if (f == 12) paused = game.pause_menu_open();
        // Resume, Re-rack, Main menu: two steps down, then A.
        button(SDL_CONTROLLER_BUTTON_DPAD_DOWN, f == 14 || f == 18);
        button(SDL_CONTROLLER_BUTTON_A, f == 24);
    };
    o.after_draw = [&](long f, SDL_Renderer* r) {
        if (f == 3) test::maybe_save(r, "gamepad_help");
        if (f == 22) test::maybe_save(r, "gamepad_pause_nav");
    };
    EXPECT_EQ(app::run_loop(*platform, game, o), 0);
    EXPECT_TRUE(help);
    EXPECT_TRUE(paused);
    EXPECT_FALSE(game.help_open());
    EXPECT_EQ(game.screen(), app::Screen::Menu);
}

TEST_F(PadLoopTest, UnpluggingSaysSo) {
    app::DrivenGame game(game::build_table(game::TableSpec{}), "pool-9ft");
    app::LoopOptions o;
    o.max_frames = 6;
    o.fake_frame_seconds = kDt;
    o.before_frame = [&](long f) {
        if (f == 2) {
            SDL_JoystickClose(joystick);
            joystick = nullptr;
            SDL_JoystickDetachVirtual(device);
            device = -1;
        }
    };
    EXPECT_EQ(app::run_loop(*platform, game, o), 0);
    EXPECT_TRUE(has_message(game, "Gamepad disconnected"));
}

} // namespace
} // namespace billiards

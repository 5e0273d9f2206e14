// In the game: the table of controls that input.cpp and the help screen share, the
// help screen and the first start's tip (drawn through the real loop and looked at), the
// mute key and the sounds a shot, a replay and the computer make.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "app/controls.hpp"
#include "app/game_app.hpp"
#include "app/game_driver.hpp"
#include "app/game_help.hpp"
#include "app/game_platform.hpp"
#include "app/game_screenshot.hpp"
#include "app/loop_script.hpp"
#include "app_games.hpp"
#include "app_helpers.hpp"
#include "game/rack.hpp"
#include "render/offscreen.hpp"

namespace billiards {
namespace {

using app::Command;
using GameApp = app::DrivenGame;

game::Table table9() {
    return game::build_table(game::TableSpec{});
}

using test::key;

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

TEST(Controls, EveryCommandHasAKeyAndEveryKeyItsCommand) {
    std::set<Command> bound;
    for (const app::KeyBinding& b : app::key_bindings())
        bound.insert(b.command);
    EXPECT_EQ(static_cast<int>(bound.size()), app::kCommandCount);
    // Each binding is what a press of its key does where it applies (none is shadowed).
    for (const app::KeyBinding& b : app::key_bindings()) {
        for (const bool menu : {false, true}) {
            for (const bool match : {false, true}) {
                const bool applies = b.scope == app::KeyScope::Everywhere ||
                                     (b.scope == app::KeyScope::Menu && menu) ||
                                     (b.scope == app::KeyScope::Table && !menu) ||
                                     (b.scope == app::KeyScope::Sandbox && !menu && !match) ||
                                     (b.scope == app::KeyScope::Match && !menu && match);
                if (!applies) continue;
                const auto a = app::command_for(b.key, b.ctrl, b.alt, menu, match);
                ASSERT_TRUE(a.has_value()) << b.what;
                EXPECT_EQ(*a, b.command) << SDL_GetKeyName(b.key) << " " << menu << match;
            }
        }
        if (b.ctrl) {
            EXPECT_FALSE(app::command_for(b.key, false, false, false, true).has_value());
        }
    }
    // Keys the game does not use.
    EXPECT_FALSE(app::command_for(SDLK_x, false, false, false, false).has_value());
    EXPECT_FALSE(app::command_for(SDLK_n, false, false, false, true).has_value()); // sandbox
    EXPECT_FALSE(app::command_for(SDLK_SPACE, false, false, true, false).has_value());
    // Enter shoots at the table and starts from the menu; with Alt it is fullscreen, both
    // places. Alt with a key that has no Alt binding is that key.
    EXPECT_EQ(app::command_for(SDLK_RETURN, false, false, false, true), app::Command::Shoot);
    EXPECT_EQ(app::command_for(SDLK_RETURN, false, false, true, false), app::Command::Start);
    for (const bool menu : {false, true}) {
        EXPECT_EQ(app::command_for(SDLK_RETURN, false, true, menu, false),
                  app::Command::Fullscreen);
        EXPECT_EQ(app::command_for(SDLK_KP_ENTER, false, true, menu, true),
                  app::Command::Fullscreen);
    }
    EXPECT_EQ(app::command_for(SDLK_SPACE, false, true, false, true), app::Command::Shoot);
}

TEST(Controls, TheHelpScreenListsEveryControl) {
    using Choice = std::optional<game::GameKind>; // none: the sandbox
    for (const Choice mode : {Choice{game::GameKind::EightBall}, Choice{game::GameKind::NineBall},
                              Choice{}, Choice{game::GameKind::Snooker}}) {
        const std::string text = ui::help_text(app::make_help(mode));
        // A binding without a label is the second key of the one above ("Left / Right",
        // "Space / Enter"): its key's name must be in that label.
        std::string above;
        for (const app::KeyBinding& b : app::key_bindings()) {
            if (b.keys[0] == '\0') {
                std::string name = SDL_GetKeyName(b.key);
                if (b.key == SDLK_RETURN || b.key == SDLK_KP_ENTER) name = "Enter";
                EXPECT_TRUE(contains(above, name)) << name << " under " << above;
                continue;
            }
            above = b.keys;
            EXPECT_TRUE(contains(text, std::string(b.keys) + "  " + b.what)) << b.keys;
        }
        for (const app::MouseControl& m : app::mouse_controls())
            EXPECT_TRUE(contains(text, std::string(m.what_to_do) + "  " + m.what));
        EXPECT_TRUE(contains(text, "Rules: "));
    }
    EXPECT_TRUE(contains(ui::help_text(app::make_help(game::GameKind::NineBall)), "push-out"));
    EXPECT_TRUE(contains(ui::help_text(app::make_help(game::GameKind::EightBall)),
                         "call a pocket for the 8"));
    EXPECT_TRUE(contains(ui::help_text(app::make_help(std::nullopt)), "No rules"));
    EXPECT_TRUE(contains(ui::help_text(app::make_help(game::GameKind::ThreeCushion)),
                         "at least three times before it hits the second ball"));
    EXPECT_TRUE(contains(ui::help_text(app::make_help(game::GameKind::Snooker)), "nominate"));
}

// input.cpp reads keys only through the table, so the help screen cannot miss one.
TEST(Controls, InputCodeHandlesNoKeyOutsideTheTable) {
    const std::string path = std::string(BILLIARDS_TEST_ASSET_DIR) + "/../src/app/input.cpp";
    std::ifstream f(path);
    ASSERT_TRUE(f) << path;
    std::stringstream ss;
    ss << f.rdbuf();
    const std::string src = ss.str();
    EXPECT_FALSE(contains(src, "SDLK_")) << "a key handled outside controls.cpp";
    EXPECT_TRUE(contains(src, "command_for("));
}

TEST(Help, HOpensEscOrHClosesAndThePhysicsWaits) {
    GameApp game(table9(), "pool-9ft");
    game.start_sandbox("pool-9ft");
    ASSERT_TRUE(game.shoot(0.8));
    game.update(0.05);
    const double t = game.world().time();
    game.handle_event(key(SDLK_h));
    EXPECT_TRUE(game.help_open());
    EXPECT_TRUE(game.clock().paused());
    game.update(0.5);
    EXPECT_EQ(game.world().time(), t); // nothing moved while the help was up
    EXPECT_FALSE(game.shoot(0.5));
    game.handle_event(key(SDLK_SPACE)); // table keys wait too
    game.handle_event(key(SDLK_ESCAPE));
    EXPECT_FALSE(game.help_open());
    EXPECT_FALSE(game.clock().paused());
    EXPECT_FALSE(game.pause_menu_open()); // Esc closed the help only
    game.handle_event(key(SDLK_h));
    game.handle_event(key(SDLK_h));
    EXPECT_FALSE(game.help_open());
    // A pause the player set stays after the help.
    game.handle_event(key(SDLK_p));
    game.handle_event(key(SDLK_h));
    game.handle_event(key(SDLK_h));
    EXPECT_TRUE(game.clock().paused());
    // The help on the menu is the menu's game.
    game.show_menu();
    game.choices().game = game::GameKind::NineBall;
    game.handle_event(key(SDLK_h));
    EXPECT_TRUE(game.help_open());
    EXPECT_EQ(game.help_info().rules_title, "Rules: 9-ball");
}

TEST(Help, KeyBarSaysHAndKHidesIt) {
    GameApp game(table9(), "pool-9ft");
    game.start_sandbox("pool-9ft");
    EXPECT_TRUE(contains(game.view().hud.help, "H: help"));
    EXPECT_TRUE(contains(game.view().hud.help, "M: mute"));
    game.handle_event(key(SDLK_k));
    EXPECT_TRUE(game.view().hud.help.empty());
    game.handle_event(key(SDLK_k));
    EXPECT_FALSE(game.view().hud.help.empty());
}

TEST(Tip, GoesAwayAfterAWhileOrOnAnyInputAndIsRemembered) {
    GameApp game(table9(), "pool-9ft");
    EXPECT_FALSE(game.tip_visible());
    EXPECT_FALSE(game.settings().tip_shown);
    game.show_first_tip(3.0);
    EXPECT_TRUE(game.tip_visible());
    EXPECT_TRUE(game.settings().tip_shown);
    game.update(2.0);
    EXPECT_TRUE(game.tip_visible());
    game.update(1.5);
    EXPECT_FALSE(game.tip_visible());
    game.show_first_tip(3.0);
    SDL_Event click{};
    click.type = SDL_MOUSEBUTTONDOWN;
    click.button.button = SDL_BUTTON_RIGHT;
    game.handle_event(click);
    EXPECT_FALSE(game.tip_visible());
    // A settings file that says it was shown: no tip (the game's start checks this flag).
    io::Settings s;
    s.tip_shown = true;
    GameApp again(table9(), "pool-9ft");
    again.apply_settings(s);
    EXPECT_TRUE(again.settings().tip_shown);
}

TEST(Sound, MuteKeyAndVolumeGoToTheSettings) {
    GameApp game(table9(), "pool-9ft");
    io::Settings s;
    s.volume = 0.3;
    game.apply_settings(s);
    EXPECT_DOUBLE_EQ(game.volume(), 0.3);
    EXPECT_FALSE(game.muted());
    game.handle_event(key(SDLK_m));
    EXPECT_TRUE(game.muted());
    EXPECT_TRUE(game.settings().muted);
    EXPECT_DOUBLE_EQ(game.settings().volume, 0.3);
    game.show_menu(); // M works on the menu too
    game.handle_event(key(SDLK_m));
    EXPECT_FALSE(game.muted());
}

std::multiset<audio::SoundKind> kinds(const std::vector<audio::Play>& plays) {
    std::multiset<audio::SoundKind> k;
    for (const audio::Play& p : plays)
        k.insert(p.kind);
    return k;
}

std::vector<audio::Play> run(GameApp& game, double seconds) {
    std::vector<audio::Play> all;
    for (double t = 0.0; t < seconds; t += 1.0 / 60.0) {
        game.update(1.0 / 60.0);
        for (const audio::Play& p : game.take_sounds())
            all.push_back(p);
    }
    return all;
}

TEST(Sound, ABreakClicksThudsAndDrops) {
    GameApp game(table9(), "pool-9ft");
    game.set_sound_output(true);
    game.start_sandbox("pool-9ft");
    game.aim_at(game::foot_spot(game.table().spec));
    ASSERT_TRUE(game.shoot(1.0));
    const std::vector<audio::Play> first = game.take_sounds();
    ASSERT_EQ(first.size(), 1u);
    EXPECT_EQ(first[0].kind, audio::SoundKind::Cue);
    EXPECT_GT(first[0].gain, 0.9); // full power
    const std::vector<audio::Play> all = run(game, 12.0);
    const auto k = kinds(all);
    EXPECT_GT(k.count(audio::SoundKind::Click), 5u);
    EXPECT_GT(k.count(audio::SoundKind::Cushion), 5u);
    EXPECT_EQ(k.count(audio::SoundKind::Pocket), game.world().counts().pocketed);
    for (const audio::Play& p : all) {
        EXPECT_GT(p.gain, 0.0);
        EXPECT_LE(p.gain, 1.0);
        EXPECT_GE(p.delay, 0.0);
        EXPECT_LE(p.delay, 1.0 / 60.0 + 1e-9); // within the frame that simulated it
        EXPECT_LE(std::abs(p.pan), 0.6 + 1e-12);
    }
    // A soft shot is quieter: its knock and its clicks.
    game.aim_at(game::foot_spot(game.table().spec));
    game.rack(game::RackKind::NineBall);
    game.aim_at(game::foot_spot(game.table().spec));
    ASSERT_TRUE(game.shoot(0.15));
    const std::vector<audio::Play> soft = game.take_sounds();
    ASSERT_EQ(soft.size(), 1u);
    EXPECT_LT(soft[0].gain, first[0].gain);
    EXPECT_LT(soft[0].pitch, first[0].pitch);
}

TEST(Sound, ReplaysMakeSoundMutedAndHeadlessMakeNone) {
    GameApp game(table9(), "pool-9ft");
    game.start_sandbox("pool-9ft");
    game.aim_at(game::foot_spot(game.table().spec));
    ASSERT_TRUE(game.shoot(0.7));
    EXPECT_TRUE(run(game, 12.0).empty()); // no device: nothing is even computed
    game.set_sound_output(true);
    ASSERT_TRUE(game.replay_last_shot());
    const std::vector<audio::Play> replay = run(game, 12.0);
    const auto k = kinds(replay);
    EXPECT_EQ(k.count(audio::SoundKind::Cue), 1u);
    EXPECT_GT(k.count(audio::SoundKind::Click), 3u);
    EXPECT_FALSE(game.replaying());
    game.handle_event(key(SDLK_m));
    ASSERT_TRUE(game.replay_last_shot());
    EXPECT_TRUE(run(game, 12.0).empty());
}

TEST(Sound, TheComputersShotsMakeSound) {
    GameApp game(table9(), "pool-9ft");
    game.set_sound_output(true);
    game::MatchConfig c;
    c.seats[0].kind = game::SeatKind::Computer;
    c.seats[1].kind = game::SeatKind::Computer;
    c.seats[0].level = c.seats[1].level = game::AiLevel::Easy;
    test::start_match(game, c, "pool-9ft");
    std::vector<audio::Play> all;
    for (int f = 0; f < 60 * 20 && kinds(all).count(audio::SoundKind::Cue) == 0; ++f) {
        game.wait_for_computer();
        game.update(1.0 / 60.0);
        for (const audio::Play& p : game.take_sounds())
            all.push_back(p);
    }
    for (const audio::Play& p : run(game, 3.0))
        all.push_back(p);
    EXPECT_EQ(kinds(all).count(audio::SoundKind::Cue), 1u);
    EXPECT_GT(kinds(all).count(audio::SoundKind::Click), 0u);
}

using HelpLoopTest = test::LoopTest;

// Pixels that differ between two frames.
long differing(const render::Image& a, const render::Image& b) {
    long n = 0;
    if (a.rgba.size() != b.rgba.size()) return -1;
    for (std::size_t i = 0; i + 3 < a.rgba.size(); i += 4)
        n += a.rgba[i] != b.rgba[i] || a.rgba[i + 1] != b.rgba[i + 1] ||
                     a.rgba[i + 2] != b.rgba[i + 2]
                 ? 1
                 : 0;
    return n;
}

render::Image grab(SDL_Renderer* r, const std::string& name) {
    int w = 0, h = 0;
    SDL_GetRendererOutputSize(r, &w, &h);
    render::Image img;
    img.width = w;
    img.height = h;
    img.rgba.resize(static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4);
    SDL_RenderReadPixels(r, nullptr, SDL_PIXELFORMAT_ABGR8888, img.rgba.data(), w * 4);
    test::maybe_save(r, name);
    return img;
}

// The help screen and the tip through the real loop (offscreen window, ImGui): drawn, and
// saved as PNGs under BILLIARDS_SHOTS_DIR for looking at them.
TEST_F(HelpLoopTest, HelpScreenAndTipAreDrawn) {
    GameApp game(table9(), "pool-9ft");
    game.show_menu();
    game.show_first_tip(2.0);
    EXPECT_TRUE(platform->audio() != nullptr); // the dummy driver: a device, silent
    app::LoopOptions o;
    o.max_frames = 200;
    o.fake_frame_seconds = 1.0 / 60.0;
    render::Image menu_tip, menu, help_menu, help_match, match_frame;
    o.before_frame = [&](long f) {
        SDL_Event e{};
        if (f == 130) game.start_sandbox("pool-9ft");
        if (f == 150) {
            game::MatchConfig c;
            test::start_match(game, c, "pool-9ft");
        }
        if (f == 170 || f == 100) {
            e = key(SDLK_h);
            SDL_PushEvent(&e);
        }
        if (f == 120 || f == 192 || f == 194) { // closes the help, then opens the pause menu
            e = key(SDLK_ESCAPE);
            SDL_PushEvent(&e);
        }
    };
    o.after_draw = [&](long f, SDL_Renderer* r) {
        if (f == 10) menu_tip = grab(r, "game_first_tip");
        if (f == 90) menu = grab(r, "game_menu_sound");
        if (f == 110) help_menu = grab(r, "game_help_menu");
        if (f == 165) match_frame = grab(r, "game_match_keys");
        if (f == 190) help_match = grab(r, "game_help_8ball");
        if (f == 198) grab(r, "game_pause_sound");
    };
    EXPECT_EQ(app::run_loop(*platform, game, o), 0);
    EXPECT_GT(differing(menu_tip, menu), 1000); // the tip, then gone (2 s)
    EXPECT_GT(differing(menu, help_menu), 50000);
    EXPECT_GT(differing(match_frame, help_match), 50000);
    EXPECT_FALSE(game.help_open());
    EXPECT_TRUE(game.pause_menu_open());
    EXPECT_FALSE(game.tip_visible());
}

// E raises the butt of the cue in 5 degree steps (F flattens it): the stick is drawn
// foreshortened, the HUD shows the elevation, and the shot is struck with it.
TEST_F(HelpLoopTest, RaisedCueIsDrawnAndStruck) {
    GameApp game(table9(), "pool-9ft");
    game.start_sandbox("pool-9ft");
    app::LoopOptions o;
    o.max_frames = 60;
    o.fake_frame_seconds = 1.0 / 60.0;
    render::Image level, raised;
    o.before_frame = [&](long f) {
        SDL_Event e{};
        if (f >= 20 && f < 32) { // 12 presses: 60 degrees
            e = key(SDLK_e);
            SDL_PushEvent(&e);
        }
        if (f == 40) { // one press of F back down
            e = key(SDLK_f);
            SDL_PushEvent(&e);
        }
    };
    o.after_draw = [&](long f, SDL_Renderer* r) {
        if (f == 10) level = grab(r, "game_cue_level");
        if (f == 36) raised = grab(r, "game_cue_raised");
    };
    EXPECT_EQ(app::run_loop(*platform, game, o), 0);
    EXPECT_GT(differing(level, raised), 2000);
    EXPECT_NEAR(game.cue_elevation() * 180.0 / 3.14159265358979323846, 55.0, 1e-9);
    for (int k = 0; k < 30; ++k)
        game.set_elevation(game.cue_elevation() + 0.1); // never past vertical
    EXPECT_NEAR(game.cue_elevation() * 180.0 / 3.14159265358979323846, 90.0, 1e-9);
    game.set_elevation(-1.0);
    EXPECT_EQ(game.cue_elevation(), 0.0);
}

} // namespace
} // namespace billiards

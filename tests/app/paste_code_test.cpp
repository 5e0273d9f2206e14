// The main menu's "Paste a code": the clipboard's code (SDL's clipboard, which the offscreen
// driver keeps in memory) clicked in through the real loop sets up the sandbox; text that is
// not a code leaves the menu with an error drawn in red.
#include <gtest/gtest.h>

#include <SDL.h>

#include <string>

#include "../render/imgui_probe.hpp"
#include "app/game_driver.hpp"
#include "app/loop_script.hpp"
#include "app_helpers.hpp"
#include "game/table.hpp"
#include "io/share_code.hpp"

namespace billiards {
namespace {

using GameApp = app::DrivenGame;

class PasteCode : public test::LoopTest {
  protected:
    // Clicks "Paste a code" on the main menu with `clipboard` on the clipboard; the error
    // lines drawn in red on the menu's card after it.
    std::vector<std::string> paste(GameApp& g, const std::string& clipboard) {
        EXPECT_EQ(SDL_SetClipboardText(clipboard.c_str()), 0) << SDL_GetError();
        g.show_menu();
        test::Clicker clicker(platform->window());
        clicker.click({"##main_menu", "Paste a code"});
        app::LoopOptions o;
        o.max_frames = 60;
        o.fake_frame_seconds = 1.0 / 60.0;
        clicker.hook(o);
        long finished = -1;
        std::vector<std::string> red;
        o.after_draw = [&](long f, SDL_Renderer*) {
            clicker.after_draw(f);
            if (clicker.done() && finished < 0) finished = f;
            if (finished >= 0 && f == finished + 1) {
                auto lines = test::drawn_lines(test::is_red);
                for (const test::DrawnLine& l : lines["##main_menu"])
                    red.push_back(l.text);
            }
        };
        const auto before = o.before_frame;
        o.before_frame = [&, before](long f) {
            if (finished >= 0 && f > finished + 2) {
                SDL_Event e{};
                e.type = SDL_QUIT;
                SDL_PushEvent(&e);
            }
            before(f);
        };
        EXPECT_EQ(app::run_loop(*platform, g, o), 0);
        EXPECT_EQ(clicker.error(), "");
        EXPECT_TRUE(clicker.done());
        return red;
    }
};

TEST_F(PasteCode, ARackCodeSetsUpTheSandbox) {
    GameApp g(game::build_table(game::TableSpec{}), "pool-9ft");
    const std::string code =
        io::encode_code(io::rack_document({game::GameKind::NineBall, 7, "pool-8ft"}));
    const std::vector<std::string> red = paste(g, code);
    EXPECT_TRUE(red.empty());
    EXPECT_EQ(g.screen(), app::Screen::Play) << g.ui_message();
    EXPECT_EQ(g.game(), nullptr); // the sandbox
    EXPECT_EQ(g.world().balls().size(), 10u);
    EXPECT_EQ(g.game_mode().table_name(), "pool-8ft");
}

TEST_F(PasteCode, TextThatIsNotACodeShowsAnErrorOnTheMenu) {
    GameApp g(game::build_table(game::TableSpec{}), "pool-9ft");
    const std::size_t balls = g.world().balls().size();
    for (const std::string& text :
         {std::string("hello, this is not a code"), std::string("BIL1.AAAA"), std::string("   ")}) {
        SCOPED_TRACE(text);
        const std::vector<std::string> red = paste(g, text);
        EXPECT_EQ(g.screen(), app::Screen::Menu);
        EXPECT_FALSE(g.ui_message().empty());
        ASSERT_FALSE(red.empty());
        EXPECT_EQ(g.world().balls().size(), balls); // the table as it was
        EXPECT_EQ(g.game_mode().table_name(), "pool-9ft");
    }
}

} // namespace
} // namespace billiards

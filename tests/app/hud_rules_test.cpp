// The help screen's rules: written as prose in each HUD file, read as paragraphs.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/game_hud.hpp"
#include "app/hud_card.hpp"
#include "game/game_kind.hpp"

namespace billiards::app {
namespace {

TEST(HudRules, ParagraphsJoinLinesAndSplitAtBlankLines) {
    const std::vector<std::string> p = hud::paragraphs("\n  One line\nand the next.  \n\n\n"
                                                       "Second.\n   \nThird\n");
    ASSERT_EQ(p.size(), 3u);
    EXPECT_EQ(p[0], "One line and the next.");
    EXPECT_EQ(p[1], "Second.");
    EXPECT_EQ(p[2], "Third");
    EXPECT_TRUE(hud::paragraphs("").empty());
    EXPECT_TRUE(hud::paragraphs("\n \n").empty());
    EXPECT_EQ(hud::paragraphs("no newline at all"), std::vector<std::string>{"no newline at all"});
}

// Every kind's rules: several paragraphs, each one line of sentences (the screen wraps it).
TEST(HudRules, EveryKindHasParagraphsOfOneLine) {
    for (const game::KindInfo& k : game::kKindInfos) {
        const std::vector<std::string> rules = make_hud(k.kind)->rules(k.kind);
        EXPECT_GE(rules.size(), 4u) << k.label;
        for (const std::string& p : rules) {
            EXPECT_EQ(p.find('\n'), std::string::npos) << k.label << ": " << p;
            EXPECT_EQ(p.find("  "), std::string::npos) << k.label << ": " << p;
            EXPECT_NE(p.front(), ' ') << k.label;
            EXPECT_EQ(p.back(), '.') << k.label << ": " << p;
        }
    }
    EXPECT_NE(make_hud(game::GameKind::NineBall)->rules(game::GameKind::NineBall),
              make_hud(game::GameKind::EightBall)->rules(game::GameKind::EightBall));
}

} // namespace
} // namespace billiards::app

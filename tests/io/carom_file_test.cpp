// billiards-carom/1: a three-cushion game saved and restored plays on bit for bit.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "game/carom_game.hpp"
#include "io/carom_file.hpp"
#include "io/scenario.hpp"

namespace billiards::io {
namespace {

game::CaromGameConfig config() {
    game::CaromGameConfig c;
    c.table = load_standard_table("carom-10ft").spec;
    c.params = game::carom_params();
    c.cue = game::play_cue(game::Shaft::LowSquirt);
    c.rules.target = 15;
    c.rules.innings_limit = 25;
    c.levels = {game::AiLevel::Easy, game::AiLevel::Hard};
    c.seed = 99; // breaker by the lag
    c.practice = true;
    return c;
}

TEST(CaromFile, SavedGameReplaysBitIdentically) {
    game::CaromGame g(config());
    for (int k = 0; k < 4; ++k)
        ASSERT_TRUE(g.play_computer_turn());
    const CaromFile f = carom_file_of(g, "carom-10ft", {"Ann", "Bob"},
                                      {game::SeatKind::Human, game::SeatKind::Computer});
    const std::string text = carom_to_json(f);
    const CaromFile back = parse_carom(text, "game.json");
    EXPECT_EQ(carom_to_json(back), text);
    EXPECT_EQ(back.names[1], "Bob");
    EXPECT_EQ(back.seats[1], game::SeatKind::Computer);
    EXPECT_EQ(back.config.breaker, g.state().breaker);
    EXPECT_EQ(back.config.rules.innings_limit, 25);
    const auto again = restore_carom(back, "game.json");
    EXPECT_EQ(again->world().state_hash(), g.world().state_hash());
    EXPECT_EQ(again->state().score, g.state().score);
    EXPECT_EQ(again->state().shooter, g.state().shooter);
    EXPECT_EQ(again->history().size(), 4u);
    // It plays on the same.
    ASSERT_TRUE(g.play_computer_turn());
    game::CaromGame& a = *again;
    ASSERT_TRUE(a.play_computer_turn());
    EXPECT_EQ(a.world().state_hash(), g.world().state_hash());
}

TEST(CaromFile, BadFilesAreRefusedWithThePlace) {
    game::CaromGame g(config());
    const std::string good = carom_to_json(carom_file_of(g, "carom-10ft", {"A", "B"}, {}));
    auto error = [](const std::string& text) {
        try {
            parse_carom(text, "c.json");
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    nlohmann::json j = nlohmann::json::parse(good);
    j["shots"] = nlohmann::json::parse(R"([{"heading_rad": 0.1, "speed": 55}])");
    EXPECT_NE(error(j.dump()).find("shots[0].speed"), std::string::npos) << error(j.dump());
    j = nlohmann::json::parse(good);
    j["breakr"] = 1;
    EXPECT_NE(error(j.dump()).find("breakr"), std::string::npos) << error(j.dump());
    EXPECT_NE(error(R"({"format": "billiards-match/1"})").find("format"), std::string::npos);
}

} // namespace
} // namespace billiards::io

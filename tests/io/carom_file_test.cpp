// billiards-carom/1: a three-cushion game saved and restored plays on bit for bit.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "game/carom/carom_game.hpp"
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

TEST(CaromFile, ThrowModelIsSavedAndOlderSavesStayHorizontal) {
    // The game's carom physics throws with the fitted law and says so in its saves; a save
    // without the key (written before) keeps the horizontal throw it was played with.
    game::CaromGameConfig c = config();
    c.params.throw_model = physics::ThrowModel::Alciatore;
    game::CaromGame g(c);
    const std::string text = carom_to_json(carom_file_of(g, "carom-10ft", {"A", "B"}, {}));
    EXPECT_EQ(parse_carom(text, "c.json").config.params.throw_model,
              physics::ThrowModel::Alciatore);
    nlohmann::json j = nlohmann::json::parse(text);
    j["physics"].erase("throw_model");
    EXPECT_EQ(parse_carom(j.dump(), "c.json").config.params.throw_model,
              physics::ThrowModel::Horizontal);
    j.erase("physics");
    EXPECT_EQ(parse_carom(j.dump(), "c.json").config.params.throw_model,
              physics::ThrowModel::Horizontal);
}

// White frozen to the red, the yellow apart (a position set up: the file's "balls").
game::CaromGameConfig frozen_config() {
    game::CaromGameConfig c = config();
    c.breaker = 0;
    c.practice = false;
    const double r = c.table.ball_radius;
    c.opening =
        game::carom_balls(c.table, {Vec2{-0.3, 0.1}, Vec2{0.6, -0.4}, Vec2{-0.3 + 2 * r, 0.1}});
    return c;
}

CaromFile frozen_save(game::FrozenChoice choice) {
    game::CaromGame g(frozen_config());
    EXPECT_TRUE(g.choose_frozen(choice));
    game::CueShot s;
    s.heading = 2.5;
    s.speed = 2.0;
    EXPECT_TRUE(g.shoot(s));
    return carom_file_of(g, "carom-10ft", {"Ann", "Bob"}, {});
}

TEST(CaromFile, AFrozenBallsChoiceIsSavedAndReplayed) {
    for (game::FrozenChoice choice : {game::FrozenChoice::Spot, game::FrozenChoice::PlayAway}) {
        const CaromFile f = frozen_save(choice);
        const std::string text = carom_to_json(f);
        const nlohmann::json j = nlohmann::json::parse(text);
        EXPECT_EQ(j["shots"][0]["frozen"], game::frozen_choice_name(choice));
        EXPECT_EQ(j["balls"].size(), 3u);
        const CaromFile back = parse_carom(text, "frozen.json");
        EXPECT_EQ(carom_to_json(back), text);
        const auto again = restore_carom(back, "frozen.json");
        EXPECT_EQ(again->history().back().frozen, choice);
        game::CaromGame g(frozen_config());
        g.choose_frozen(choice);
        g.shoot(f.shots[0]);
        EXPECT_EQ(again->world().state_hash(), g.world().state_hash());
    }
    // Files without the field (older ones) load: a shot from contact plays away.
    nlohmann::json old =
        nlohmann::json::parse(carom_to_json(frozen_save(game::FrozenChoice::PlayAway)));
    old["shots"][0].erase("frozen");
    const auto played = restore_carom(parse_carom(old.dump(), "old.json"), "old.json");
    EXPECT_EQ(played->history().back().frozen, game::FrozenChoice::PlayAway);
    // Without balls the game starts from the opening: no "balls" key is written.
    EXPECT_FALSE(nlohmann::json::parse(
                     carom_to_json(carom_file_of(game::CaromGame(config()), "carom-10ft", {}, {})))
                     .contains("balls"));
}

// A choice made and not yet played is kept: the game resumes with the balls as they were left.
TEST(CaromFile, AChoiceNotYetPlayedIsKept) {
    for (game::FrozenChoice choice : {game::FrozenChoice::Spot, game::FrozenChoice::PlayAway}) {
        game::CaromGame g(frozen_config());
        ASSERT_TRUE(g.choose_frozen(choice));
        const std::string text = carom_to_json(carom_file_of(g, "carom-10ft", {"Ann", "Bob"}, {}));
        EXPECT_EQ(nlohmann::json::parse(text)["next_frozen"], game::frozen_choice_name(choice));
        const auto back = restore_carom(parse_carom(text, "next.json"), "next.json");
        EXPECT_EQ(back->frozen_choice(), choice);
        EXPECT_EQ(back->world().state_hash(), g.world().state_hash());
    }
    // Nothing pending: no key written.
    game::CaromGame plain(frozen_config());
    EXPECT_FALSE(nlohmann::json::parse(carom_to_json(carom_file_of(plain, "carom-10ft", {}, {})))
                     .contains("next_frozen"));
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
    // A frozen choice where nothing was frozen, an unknown choice, balls that overlap.
    j = nlohmann::json::parse(good);
    j["shots"] = nlohmann::json::parse(R"([{"heading_rad": 0.1, "speed": 3, "frozen": "spot"}])");
    try {
        restore_carom(parse_carom(j.dump(), "c.json"), "c.json");
        ADD_FAILURE() << "a spot with nothing frozen was accepted";
    } catch (const InputError& e) {
        EXPECT_EQ(std::string(e.what()),
                  "c.json: shots[0].frozen: the cue ball is not frozen to a ball before this shot");
    }
    j["shots"][0]["frozen"] = "respot";
    EXPECT_NE(error(j.dump()).find("shots[0].frozen: must be one of"), std::string::npos)
        << error(j.dump());
    j = nlohmann::json::parse(good);
    j["balls"] = nlohmann::json::parse(
        R"([{"id": 0, "position": [0, 0]}, {"id": 1, "position": [0.03, 0]},
            {"id": 2, "position": [0.5, 0]}])");
    EXPECT_NE(error(j.dump()).find("balls[1].position: overlaps balls[0]"), std::string::npos)
        << error(j.dump());
    j["balls"][1]["id"] = 0;
    EXPECT_NE(error(j.dump()).find("balls[1].id: is given twice"), std::string::npos)
        << error(j.dump()); // A pending choice with nothing frozen, an unknown one.
    j = nlohmann::json::parse(good);
    j["next_frozen"] = "spot";
    try {
        restore_carom(parse_carom(j.dump(), "c.json"), "c.json");
        ADD_FAILURE() << "a pending spot with nothing frozen was accepted";
    } catch (const InputError& e) {
        EXPECT_EQ(std::string(e.what()),
                  "c.json: next_frozen: the cue ball is not frozen to a ball now");
    }
    j["next_frozen"] = "later";
    EXPECT_NE(error(j.dump()).find("next_frozen: must be one of"), std::string::npos)
        << error(j.dump());
}

} // namespace
} // namespace billiards::io

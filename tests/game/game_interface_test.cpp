// game::Game, the one interface of every kind of game: each kind played to the end by the
// computer through the interface only, with the same end as the discipline's own API for
// the same seed; the stepped shot, placement, decisions and undo through the interface.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>

#include "core/random.hpp"
#include "game/carom/carom_game.hpp"
#include "game/carom/three_cushion_game.hpp"
#include "game/game.hpp"
#include "game/physics_presets.hpp"
#include "game/pool/match.hpp"
#include "game/pool/pool_game.hpp"
#include "game/snooker/snooker_game.hpp"
#include "game/snooker/snooker_match.hpp"

namespace billiards::game {
namespace {

constexpr GameKind kKinds[] = {GameKind::EightBall, GameKind::NineBall, GameKind::Snooker,
                               GameKind::ThreeCushion};

// Two easy computers on a small budget and a low shot cap: a whole game in moments.
GameOptions computers(std::uint64_t seed) {
    GameOptions o;
    for (Seat& s : o.seats) {
        s.kind = SeatKind::Computer;
        s.level = AiLevel::Easy;
        AiConfig c = ai_config(AiLevel::Easy);
        c.budget = 100'000;
        s.ai = c;
    }
    o.seed = seed;
    o.max_shots = 12;
    o.target = 1;
    o.innings_limit = 2;
    return o;
}

// The computer plays the game's current game to its end, through the interface only.
int play_to_the_end(Game& g) {
    int turns = 0;
    while (!g.over()) {
        EXPECT_TRUE(g.computer_to_act()) << g.status();
        if (!g.computer_to_act() || ++turns > 200) return turns;
        EXPECT_TRUE(g.play_computer_turn()) << g.status();
    }
    return turns;
}

TEST(GameInterface, EveryKindPlaysAComputerGameToTheEnd) {
    for (const GameKind kind : kKinds) {
        SCOPED_TRACE(to_string(kind));
        const std::unique_ptr<Game> g = make_game(kind, computers(3));
        ASSERT_NE(g, nullptr);
        EXPECT_EQ(g->kind(), kind);
        EXPECT_TRUE(g->next().may_shoot);
        EXPECT_TRUE(g->next().computer);
        play_to_the_end(*g);
        ASSERT_TRUE(g->over());
        EXPECT_FALSE(g->computer_to_act());
        EXPECT_FALSE(g->next().may_shoot);
        EXPECT_GT(g->shots(), 0);
        EXPECT_LE(g->shots(), 12);
        ASSERT_NE(g->last_shot(), nullptr);
        // The last shot replays to the table the game ended on.
        EXPECT_EQ(replay(*g->last_shot(), g->cue()).state_hash(), g->last_shot()->end_hash);
        const Score s = g->score();
        EXPECT_EQ(s.game_number, 1);
        EXPECT_TRUE(s.winner >= 0 || s.capped || kind == GameKind::ThreeCushion) << g->status();
        if (s.winner >= 0) {
            EXPECT_EQ(s.games[static_cast<std::size_t>(s.winner)], 1);
        }
        EXPECT_EQ(s.games[0] + s.games[1], s.winner >= 0 ? 1 : 0);
        EXPECT_FALSE(g->status().empty());
        // A single frame of snooker is the whole match; the other kinds go on.
        EXPECT_EQ(g->match_over(), kind == GameKind::Snooker);
        EXPECT_EQ(g->rematch(), kind != GameKind::Snooker);
        if (kind != GameKind::Snooker) {
            EXPECT_EQ(g->score().game_number, 2);
            EXPECT_FALSE(g->over());
            EXPECT_EQ(g->shots(), 0);
        }
    }
}

// The same game through each discipline's own type, as the command line plays it.
struct Own {
    std::uint64_t hash = 0;
    std::array<int, 2> points{};
    int winner = -1;
    int shots = 0;
};

Own own_game(GameKind kind, const GameOptions& o) {
    Own r;
    if (kind == GameKind::Snooker) {
        snooker::MatchConfig c;
        c.seats = o.seats;
        c.seed = o.seed;
        c.max_shots = o.max_shots;
        c.params = snooker::play_params_for(c.table);
        c.cue = play_cue();
        snooker::Match m(c);
        while (!m.frame().frame_over && m.play_computer_turn()) {
        }
        r = {m.world().state_hash(), m.frame().scores, m.frame().winner,
             static_cast<int>(m.history().size())};
    } else if (kind == GameKind::ThreeCushion) {
        CaromGameConfig c;
        c.table = carom_table_spec();
        c.params = carom_params();
        c.cue = play_cue();
        c.rules.target = o.target;
        c.rules.innings_limit = o.innings_limit;
        c.levels = {o.seats[0].level, o.seats[1].level};
        c.seed = mix(o.seed, 0);
        c.max_shots = o.max_shots;
        CaromGame g(c);
        while (!g.state().game_over && g.play_computer_turn()) {
        }
        r = {g.world().state_hash(), g.state().score, g.state().winner,
             static_cast<int>(g.history().size())};
    } else {
        MatchConfig c;
        c.kind = kind;
        c.seats = o.seats;
        c.seed = o.seed;
        c.max_shots = o.max_shots;
        c.params = play_params();
        c.cue = play_cue();
        Match m(c);
        while (!m.rules().game_over) {
            const AiMove mv = m.think();
            if (!m.apply(mv)) break;
        }
        r = {m.world().state_hash(), {}, m.rules().winner, static_cast<int>(m.history().size())};
    }
    return r;
}

TEST(GameInterface, EndsAsEachDisciplinesOwnApiForTheSameSeed) {
    for (const GameKind kind : kKinds) {
        SCOPED_TRACE(to_string(kind));
        const GameOptions o = computers(5);
        const std::unique_ptr<Game> g = make_game(kind, o);
        play_to_the_end(*g);
        const Own own = own_game(kind, o);
        EXPECT_EQ(g->world().state_hash(), own.hash);
        EXPECT_EQ(g->score().points, own.points);
        EXPECT_EQ(g->score().winner, own.winner);
        EXPECT_EQ(g->shots(), own.shots);
    }
}

TEST(GameInterface, SteppedShotEndsAsShoot) {
    for (const GameKind kind : kKinds) {
        SCOPED_TRACE(to_string(kind));
        GameOptions o;
        o.practice = true;
        const std::unique_ptr<Game> a = make_game(kind, o), b = make_game(kind, o);
        const std::uint64_t start = a->world().state_hash();
        const int shooter = a->next().shooter; // three-cushion: the lag's winner
        EXPECT_EQ(b->next().shooter, shooter);
        const Stroke stroke{{0.05, 3.0, 0.1, 0.2, 0.0}, {}, false, -1};
        const std::optional<ShotOutcome> shot = a->shoot(stroke);
        ASSERT_TRUE(shot.has_value());
        EXPECT_EQ(shot->number, 1);
        EXPECT_EQ(shot->shooter, shooter);
        ASSERT_TRUE(b->begin_shot(stroke));
        EXPECT_TRUE(b->rolling());
        std::string why;
        EXPECT_FALSE(b->begin_shot(stroke, &why)) << "a second shot while one rolls";
        int steps = 0;
        while (!b->shot_at_rest()) {
            b->step_shot();
            ++steps;
        }
        EXPECT_GT(steps, 10);
        const ShotOutcome out = b->finish_shot();
        EXPECT_FALSE(b->rolling());
        EXPECT_EQ(out.messages, shot->messages);
        EXPECT_EQ(out.foul, shot->foul);
        EXPECT_EQ(a->world().state_hash(), b->world().state_hash());
        EXPECT_NE(a->world().state_hash(), start);
        EXPECT_EQ(b->shots(), 1);
        // Practice: undo puts the table back as it was before the shot.
        ASSERT_TRUE(b->can_undo());
        ASSERT_TRUE(b->undo());
        EXPECT_EQ(b->world().state_hash(), start);
        EXPECT_EQ(b->shots(), 0);
    }
}

TEST(GameInterface, CueBallInHandAtTheStartOfPoolAndSnookerOnly) {
    for (const GameKind kind : kKinds) {
        SCOPED_TRACE(to_string(kind));
        const std::unique_ptr<Game> g = make_game(kind, {});
        const Turn t = g->next();
        EXPECT_FALSE(t.computer);
        EXPECT_TRUE(t.decisions.empty());
        EXPECT_EQ(t.place_cue, kind != GameKind::ThreeCushion);
        std::string why;
        // The middle of the table: beyond the head string, outside the D.
        EXPECT_FALSE(g->placement_ok({0.0, 0.0}, &why));
        EXPECT_FALSE(why.empty());
        const Vec2 behind{-0.3 * g->table().spec.length, 0.1 * g->table().spec.width};
        EXPECT_EQ(g->placement_ok(behind), kind != GameKind::ThreeCushion);
        EXPECT_EQ(g->place_cue_ball(behind), kind != GameKind::ThreeCushion);
        // No decision is pending at the start.
        EXPECT_FALSE(g->decide(Decision::AcceptTable));
        EXPECT_FALSE(g->decide(Decision::PlayOn));
        EXPECT_FALSE(g->decide(Decision::Spot));
    }
}

TEST(GameInterface, ParsesTheCommandLineNamesOfTheKinds) {
    GameKind k = GameKind::EightBall;
    ASSERT_TRUE(parse_game_kind("three-cushion", k));
    EXPECT_EQ(k, GameKind::ThreeCushion);
    ASSERT_TRUE(parse_game_kind("snooker", k));
    EXPECT_EQ(k, GameKind::Snooker);
    ASSERT_TRUE(parse_game_kind("9ball", k));
    EXPECT_EQ(k, GameKind::NineBall);
    EXPECT_FALSE(parse_game_kind("carambole", k));
    EXPECT_EQ(k, GameKind::NineBall);
}

// The computer's turn in steps (thinking apart from the game, what comes before the shot,
// the shot begun and stepped to rest) plays the same game, to the bit, as
// play_computer_turn() on a twin: a screen that shows the turn plays what a batch run plays.
TEST(GameInterface, TheComputersTurnInStepsPlaysAsPlayComputerTurn) {
    for (const GameKind kind : kKinds) {
        SCOPED_TRACE(to_string(kind));
        const std::unique_ptr<Game> stepped = make_game(kind, computers(5));
        const std::unique_ptr<Game> whole = make_game(kind, computers(5));
        for (int turn = 0; turn < 6 && !stepped->over(); ++turn) {
            ASSERT_TRUE(stepped->computer_to_act());
            const ComputerMove move = stepped->computer_thinking()();
            ASSERT_TRUE(stepped->computer_prepares(move));
            if (move.is_shot()) {
                std::string why;
                ASSERT_TRUE(stepped->begin_computer_shot(move, &why)) << why;
                while (!stepped->shot_at_rest())
                    stepped->step_shot();
                stepped->finish_shot();
            }
            ASSERT_TRUE(whole->play_computer_turn());
            EXPECT_EQ(stepped->world().state_hash(), whole->world().state_hash()) << turn;
            EXPECT_EQ(stepped->status(), whole->status()) << turn;
            EXPECT_EQ(stepped->shots(), whole->shots()) << turn;
        }
    }
}

// A game made from a discipline's own match in progress goes on from where it stands, and
// the discipline's match is reachable from the Game for what only it shows.
TEST(GameInterface, AGameAdoptsAMatchInProgress) {
    GameOptions o = computers(9);
    const std::unique_ptr<Game> made = make_game(GameKind::NineBall, o);
    ASSERT_TRUE(made->play_computer_turn());
    MatchConfig c;
    c.kind = GameKind::NineBall;
    c.seats = o.seats;
    c.seed = 9;
    c.max_shots = 12;
    c.params = play_params();
    c.cue = play_cue();
    auto own = std::make_unique<Match>(c);
    ASSERT_TRUE(own->play_computer_turn());
    const Match* raw = own.get();
    const std::unique_ptr<Game> adopted = make_pool_game(std::move(own));
    EXPECT_EQ(pool_match(*adopted), raw);
    EXPECT_EQ(snooker::snooker_match(*adopted), nullptr);
    EXPECT_EQ(carom_game(*adopted), nullptr);
    EXPECT_EQ(adopted->world().state_hash(), made->world().state_hash());
    EXPECT_EQ(adopted->shots(), 1);
    EXPECT_EQ(adopted->seats()[0].kind, SeatKind::Computer);
    EXPECT_FALSE(adopted->practice());
}

} // namespace
} // namespace billiards::game

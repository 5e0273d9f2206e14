// The computer opponent: determinism, placement, calls, decisions, and hard beats easy.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>

#include "core/random.hpp"
#include "game/cue_placement.hpp"
#include "game/physics_presets.hpp"
#include "game/pool/ai.hpp"
#include "game/pool/ai_planner.hpp"
#include "game/pool/match.hpp"
#include "game/rack.hpp"
#include "game/shot_events.hpp"
#include "game/strike.hpp"
#include "potting_window.hpp"

using namespace billiards;
using namespace billiards::game;

namespace {

physics::World table_world(const Table& t, const std::vector<std::pair<int, Vec2>>& balls,
                           const physics::Params& params = {}) {
    physics::World w(params, t.cushions, t.pockets);
    for (const auto& [id, p] : balls) {
        physics::BallDef b;
        b.id = id;
        b.position = p;
        w.add_ball(b);
    }
    return w;
}

RulesState in_play(GameKind kind) {
    RulesState s = new_game(kind, 0);
    s.break_shot = false;
    s.ball_in_hand = false;
    s.kitchen = false;
    return s;
}

AiRequest request(const physics::World& w, const Table& t, const RulesState& s, AiLevel level,
                  std::uint64_t seed = 1) {
    AiRequest r;
    r.world = w;
    r.table = t;
    r.rules = s;
    r.config = ai_config(level);
    r.seed = seed;
    return r;
}

bool same(const CueShot& a, const CueShot& b) {
    return a.heading == b.heading && a.speed == b.speed && a.side == b.side && a.height == b.height;
}

// A lone object ball lined up with the top-right corner pocket.
std::vector<std::pair<int, Vec2>> straight_in(int id) {
    const Vec2 o{0.85, 0.30};
    const Vec2 d = normalized(Vec2{1.229, 0.594} - o);
    return {{id, o}, {0, o - d * 0.5}};
}

} // namespace

TEST(Ai, LevelsParseAndDiffer) {
    AiLevel l = AiLevel::Easy;
    EXPECT_TRUE(parse_ai_level("hard", l));
    EXPECT_EQ(l, AiLevel::Hard);
    EXPECT_FALSE(parse_ai_level("expert", l));
    EXPECT_STREQ(to_string(AiLevel::Medium), "medium");
    const AiConfig e = ai_config(AiLevel::Easy), m = ai_config(AiLevel::Medium),
                   h = ai_config(AiLevel::Hard);
    EXPECT_GT(e.heading_noise, m.heading_noise);
    EXPECT_GT(m.heading_noise, h.heading_noise);
    EXPECT_LT(e.budget, m.budget);
    EXPECT_LT(m.budget, h.budget);
    EXPECT_LT(e.trials, h.trials);
    EXPECT_TRUE(parse_ai_level("pro", l));
    EXPECT_EQ(l, AiLevel::Pro);
    EXPECT_STREQ(to_string(AiLevel::Pro), "pro");
    const AiConfig p = ai_config(AiLevel::Pro);
    EXPECT_LT(h.budget, p.budget);
    EXPECT_LT(h.trials, p.trials);
    EXPECT_LT(p.heading_noise, h.heading_noise); // a steadier cue
    EXPECT_EQ(h.runout_weight, 0.0);             // hard and below: as before
    EXPECT_EQ(h.break_trials, 0);
    EXPECT_GT(p.runout_weight, 0.0);
    EXPECT_GT(p.break_trials, 0);
    EXPECT_EQ(h.batch, 0); // hard and below search one candidate after another, as before
    EXPECT_GT(p.batch, 0);
    EXPECT_EQ(h.screen_speeds, 0); // hard and below: the fixed grid of strokes
    EXPECT_FALSE(h.centre_aim);    // and the ghost-ball aim
    EXPECT_TRUE(p.centre_aim);
    EXPECT_EQ(h.leave_weight, 0.6);
    EXPECT_GT(p.screen_speeds, 0);
}

// Pro's batched search gives the same move whatever the number of threads: a position in
// play and one with ball in hand, with a budget small enough to end inside the screening of
// the strokes or the candidates' trials (so the budget checks between batches decide where
// the search stops: it does less work than with the whole budget).
TEST(Ai, ProMoveDoesNotDependOnTheThreads) {
    const Table t = build_table(TableSpec{});
    const auto w = table_world(t, {{0, {-0.6, 0.1}},
                                   {1, {0.3, 0.2}},
                                   {2, {0.5, -0.3}},
                                   {3, {-0.2, -0.35}},
                                   {5, {0.9, 0.4}},
                                   {9, {0.1, 0.0}}});
    RulesState hand = in_play(GameKind::NineBall);
    hand.ball_in_hand = true;
    for (const RulesState& s : {in_play(GameKind::NineBall), hand}) {
        AiRequest r = request(w, t, s, AiLevel::Pro, 5);
        const AiMove whole = ai_decide(r);
        r.config.budget = 400'000;
        std::vector<AiMove> moves;
        for (int threads : {1, 2, 3}) {
            r.config.threads = threads;
            moves.push_back(ai_decide(r));
        }
        for (const AiMove& m : moves) {
            EXPECT_TRUE(same(m.intended, moves[0].intended)) << m.plan;
            EXPECT_TRUE(same(m.shot, moves[0].shot));
            EXPECT_EQ(m.cue_position, moves[0].cue_position);
            EXPECT_EQ(m.plan, moves[0].plan);
            EXPECT_EQ(m.work, moves[0].work);
            EXPECT_EQ(m.simulations, moves[0].simulations);
            EXPECT_EQ(m.score, moves[0].score);
        }
        EXPECT_LT(moves[0].work, whole.work); // the budget stopped the search
        EXPECT_EQ(moves[0].place_cue, s.ball_in_hand);
    }
}

TEST(Ai, PerturbationIsSeededAndKeepsTheTipLegal) {
    const AiConfig c = ai_config(AiLevel::Easy);
    const CueShot s{1.0, 2.0, 0.45, 0.2};
    EXPECT_TRUE(same(perturb_shot(s, c, {}, 5), perturb_shot(s, c, {}, 5)));
    EXPECT_FALSE(same(perturb_shot(s, c, {}, 5), perturb_shot(s, c, {}, 6)));
    for (std::uint64_t k = 0; k < 200; ++k)
        EXPECT_TRUE(tip_within_limit(perturb_shot(s, c, {}, k)));
}

TEST(Ai, PotsAStraightInShot) {
    const Table t = build_table(TableSpec{});
    const auto w = table_world(t, straight_in(1));
    const AiMove m = ai_decide(request(w, t, in_play(GameKind::NineBall), AiLevel::Medium));
    EXPECT_FALSE(m.is_decision);
    EXPECT_FALSE(m.place_cue);
    EXPECT_EQ(m.plan, "pot the 1 in the top-right corner");
    EXPECT_GT(m.pot_chance, 0.7);
    EXPECT_GT(m.simulations, 0);
    EXPECT_GT(m.work, 0u);
    // The intended shot pots the ball in the real world.
    physics::World run = w;
    run.set_record_events(true);
    apply_strike(run, m.intended);
    run.run_until_rest(60.0);
    EXPECT_EQ(run.ball(run.index_of(1)).state, physics::MotionState::Pocketed);
}

TEST(Ai, SameRequestSameMove) {
    const Table t = build_table(TableSpec{});
    const auto balls = rack(RackKind::NineBall, t.spec, {});
    physics::World w({}, t.cushions, t.pockets);
    for (const auto& b : balls)
        w.add_ball(b);
    const RulesState s = new_game(GameKind::NineBall, 0);
    const AiMove a = ai_decide(request(w, t, s, AiLevel::Medium, 9));
    const AiMove b = ai_decide(request(w, t, s, AiLevel::Medium, 9));
    EXPECT_TRUE(same(a.intended, b.intended));
    EXPECT_TRUE(same(a.shot, b.shot));
    EXPECT_EQ(a.cue_position, b.cue_position);
    EXPECT_EQ(a.plan, "break");
    EXPECT_EQ(a.work, b.work);
    EXPECT_TRUE(a.place_cue);
    EXPECT_TRUE(cue_placement_ok(w, t, a.cue_position, true));
}

// The computer breaks hard: the cue ball leaves at 10 to 11 m/s (a centre hit's speed for
// its cue speed), at every level and in both games.
TEST(Ai, BreaksHard) {
    const Table t = build_table(TableSpec{});
    for (GameKind g : {GameKind::EightBall, GameKind::NineBall}) {
        const auto balls =
            rack(g == GameKind::EightBall ? RackKind::EightBall : RackKind::NineBall, t.spec, {});
        physics::World w({}, t.cushions, t.pockets);
        for (const auto& b : balls)
            w.add_ball(b);
        for (AiLevel level : {AiLevel::Easy, AiLevel::Medium}) {
            const AiMove m = ai_decide(request(w, t, new_game(g, 0), level));
            ASSERT_EQ(m.plan, "break");
            const double v = ball_speed_for(m.intended.speed, physics::kBallMass);
            EXPECT_GE(v, 10.0 - 1e-9) << to_string(g);
            EXPECT_LE(v, 11.0 + 1e-9) << to_string(g);
        }
    }
}

// Pro's break rests on firm numbers: its trials' pot chance for the chosen break is close to
// what that break does on the same rack. Each of eight seeded racks is broken by pro's chosen
// stroke 64 times more under the standard noise with the game's cue (draws of their own);
// the trials' estimate may exceed the replays' share by at most 0.06 on average. Choosing
// among many strokes on a few noisy trials each picks the luckiest estimate (the winner's
// curse: 0.09-0.11 above the breaks' share over 400 racks before the change).
TEST(Ai, ProBreakEstimateHoldsUp) {
#if defined(BILLIARDS_SANITIZED)
    GTEST_SKIP() << "hundreds of break simulations a rack: too slow under the sanitizers";
#endif
    const Table t = build_table(TableSpec{});
    for (GameKind g : {GameKind::EightBall, GameKind::NineBall}) {
        double estimate = 0.0, replayed = 0.0;
        constexpr int kRacks = 8, kReplays = 64;
        for (int k = 1; k <= kRacks; ++k) {
            const physics::World w =
                racked_world(g, t, play_params(), mix(static_cast<std::uint64_t>(k), 0x627265ull));
            AiRequest r =
                request(w, t, new_game(g, 0), AiLevel::Pro, static_cast<std::uint64_t>(k));
            set_noise(r.config, Noise::Standard, physics::kBallRadius);
            r.cue = play_cue();
            const AiMove m = ai_decide(r);
            ASSERT_EQ(m.plan, "break");
            estimate += m.pot_chance;
            physics::World placed = w;
            placed.restore_ball(placed.index_of(kCueBall), m.cue_position);
            const std::vector<int> on = balls_on_table(placed);
            int good = 0;
            for (int j = 0; j < kReplays; ++j) {
                physics::World run = placed;
                run.set_record_events(true);
                apply_strike(run,
                             perturb_shot(m.intended, r.config, r.cue,
                                          mix(static_cast<std::uint64_t>(k), 0x7270ull + j)),
                             r.cue);
                run.run_until_rest(120.0);
                ShotInput in;
                in.on_table = on;
                in.events = shot_events(run, run.events());
                const ShotVerdict v = judge(r.rules, in);
                good += v.foul == Foul::None &&
                        (v.scored || (v.after.game_over && v.after.winner == 0));
            }
            replayed += static_cast<double>(good) / kReplays;
        }
        EXPECT_LE(estimate / kRacks - replayed / kRacks, 0.06) << to_string(g);
    }
}

// Pro breaks from the measured spots (ai_plan.cpp): the cue ball placed on the head string
// well to one side, a centre hit at 11-14 m/s, the same whatever the number of threads.
TEST(Ai, ProBreaksFromBesideTheHeadSpot) {
    const Table t = build_table(TableSpec{});
    const Vec2 hs = head_spot(t.spec);
    for (GameKind g : {GameKind::EightBall, GameKind::NineBall}) {
        const auto balls =
            rack(g == GameKind::EightBall ? RackKind::EightBall : RackKind::NineBall, t.spec, {});
        physics::World w(play_params(), t.cushions, t.pockets);
        for (const auto& b : balls)
            w.add_ball(b);
        AiRequest r = request(w, t, new_game(g, 0), AiLevel::Pro);
#if defined(BILLIARDS_SANITIZED)
        r.config.break_trials = 2;
#endif
        std::vector<AiMove> moves;
        for (int threads : {1, 2}) {
            r.config.threads = threads;
            moves.push_back(ai_decide(r));
        }
        const AiMove& m = moves[0];
        ASSERT_EQ(m.plan, "break");
        EXPECT_TRUE(m.place_cue);
        EXPECT_DOUBLE_EQ(m.cue_position.x, hs.x);
        EXPECT_GE(std::abs(m.cue_position.y), 0.4 * (t.spec.width / 2 - 0.05) - 1e-9);
        EXPECT_EQ(m.intended.side, 0.0);
        EXPECT_EQ(m.intended.height, 0.0);
        const double v = ball_speed_for(m.intended.speed, physics::kBallMass);
        EXPECT_GE(v, 11.0 - 1e-9) << to_string(g);
        EXPECT_LE(v, 14.0 + 1e-9) << to_string(g);
        EXPECT_TRUE(same(moves[1].intended, m.intended));
        EXPECT_EQ(moves[1].cue_position, m.cue_position);
        EXPECT_EQ(moves[1].score, m.score);
        EXPECT_EQ(moves[1].work, m.work);
    }
}

// The run-out estimate's parts against hand-worked cases. A ball 0.1 m from the top-right
// corner's aim point, on the pocket's axis: from 0.35 m behind its ghost ball the heading
// noise cannot miss (the window is wide at that range, the erf is 1 in double precision),
// so the geometric model's chance is its distance factor alone, 1 - 0.04 (0.35 + 0.1), and
// the fitted model's (AiConfig::fitted_pot_chance, which has no such factor) is 1.
TEST(Ai, BallChanceIsTheDistanceFactorBesideAPocket) {
    const Table t = build_table(TableSpec{});
    const double hx = t.spec.length / 2, hy = t.spec.width / 2;
    const double cp = t.spec.corner_mouth / std::sqrt(2.0);
    const Vec2 in = normalized(Vec2{1.0, 1.0});
    const Vec2 aim = Vec2{hx - cp / 2, hy - cp / 2} + in * (0.5 * physics::kBallRadius);
    const Vec2 o = aim - in * 0.1;
    const auto w = table_world(t, {{0, {-0.8, -0.2}}, {3, o}});
    AiRequest r = request(w, t, in_play(GameKind::NineBall), AiLevel::Pro);
    set_noise(r.config, Noise::Standard, physics::kBallRadius);
    r.config.fitted_pot_chance = true;
    EXPECT_EQ(ai::Planner(r).ball_chance(w, 3, r.config.heading_noise), 1.0);
    r.config.fitted_pot_chance = false;
    const ai::Planner p(r);
    EXPECT_NEAR(p.ball_chance(w, 3, r.config.heading_noise), 1.0 - 0.04 * (0.35 + 0.1), 1e-12);
    // A ball that is not on the table is no obstacle to a run-out.
    EXPECT_EQ(p.ball_chance(w, 4, r.config.heading_noise), 1.0);
}

// The fitted pot chance (AiConfig::fitted_pot_chance, fitted to tests/game/pool_pots.cpp) against
// fresh simulations: four pots from the fitting grid (the top-right corner on its axis cut
// 30 degrees, 15 degrees off it cut 45, 30 off it cut 60; the top middle pocket 15 degrees
// off its axis cut 60), the planner's own stroke played 400 times with the standard noise
// on seeds the fit did not see. The chance must fall within three binomial standard errors
// plus 0.04 (the fit's own rms error) of the rate. The geometric model (hard's) is more
// than that below the rate at each: these are the mid-range pots it undervalues.
TEST(Ai, FittedPotChanceAgreesWithSimulatedPots) {
    const Table t = build_table(TableSpec{});
    const double r = physics::kBallRadius;
    struct Case {
        int pocket;
        double entry, cut, d1, d2; // degrees, metres
    };
    const Case cases[] = {
        {3, 0.0, -30.0, 0.8, 1.0},
        {3, 15.0, -45.0, 0.8, 1.0},
        {3, 30.0, -60.0, 1.5, 0.6},
        {5, 15.0, -60.0, 0.8, 0.6},
    };
    auto rotate = [](Vec2 v, double deg) {
        const double a = deg_to_rad(deg);
        return Vec2{v.x * std::cos(a) - v.y * std::sin(a), v.x * std::sin(a) + v.y * std::cos(a)};
    };
    constexpr int kTrials = 400;
    for (const Case& k : cases) {
        AiRequest probe = request(table_world(t, {{0, {-0.5, 0.0}}, {1, {0.5, 0.0}}}), t,
                                  in_play(GameKind::NineBall), AiLevel::Pro);
        const ai::Planner layout(probe);
        const Vec2 u = rotate(layout.pocket_inward(k.pocket), k.entry);
        const Vec2 o = layout.pocket_aim(k.pocket) - u * k.d2;
        const Vec2 c = o - u * (2.0 * r) - rotate(u, k.cut) * k.d1;
        AiRequest q = request(table_world(t, {{0, c}, {1, o}}, play_params()), t,
                              in_play(GameKind::NineBall), AiLevel::Pro);
        set_noise(q.config, Noise::Standard, r);
        q.config.fitted_pot_chance = true;
        ai::Planner planner(q);
        const double model = planner.line_chance(q.world, 1, k.pocket);
        const CueShot s = planner.pot_stroke(q.world, 1, k.pocket, 2.0, 0.0);
        int potted = 0;
        for (int i = 0; i < kTrials; ++i) {
            physics::World w = q.world;
            w.set_record_events(true);
            apply_strike(
                w, perturb_shot(s, q.config, q.cue, mix(11, static_cast<std::uint64_t>(i))), q.cue);
            w.run_until_rest(60.0);
            for (const physics::Event& e : w.events())
                potted += e.kind == physics::EventKind::Pocketed && e.ball == w.index_of(1) &&
                          e.other == k.pocket;
        }
        const double rate = static_cast<double>(potted) / kTrials;
        const double tol = 3.0 * std::sqrt(model * (1.0 - model) / kTrials) + 0.04;
        EXPECT_NEAR(model, rate, tol) << k.pocket << " " << k.entry << " " << k.cut;
        q.config.fitted_pot_chance = false;
        EXPECT_LT(ai::Planner(q).line_chance(q.world, 1, k.pocket), rate - tol)
            << k.pocket << " " << k.entry << " " << k.cut;
    }
}

// No level plays with the fitted pot chance (it ran out no more racks): every level keeps
// the geometric model, whose chance for a straight pot is erf(w / (sqrt 2 s)) (1 - 0.04
// (d1 + d2)) with the corner's window w = 24 mm on its axis and s = sigma (1 + d1 / 2R) +
// 0.002 (ai_evaluate.cpp).
TEST(Ai, LevelsKeepTheGeometricPotChance) {
    for (AiLevel l : {AiLevel::Easy, AiLevel::Medium, AiLevel::Hard, AiLevel::Pro})
        EXPECT_FALSE(ai_config(l).fitted_pot_chance) << to_string(l);
    const Table t = build_table(TableSpec{});
    const double r = physics::kBallRadius;
    AiRequest probe = request(table_world(t, {{0, {-0.5, 0.0}}, {1, {0.5, 0.0}}}), t,
                              in_play(GameKind::NineBall), AiLevel::Hard);
    const ai::Planner layout(probe);
    const Vec2 in = layout.pocket_inward(3);
    const double d1 = 0.8, d2 = 0.6;
    const Vec2 o = layout.pocket_aim(3) - in * d2;
    const AiRequest q = request(table_world(t, {{0, o - in * (2.0 * r + d1)}, {1, o}}), t,
                                in_play(GameKind::NineBall), AiLevel::Hard);
    const double sigma = q.config.heading_noise;
    const double s = sigma * (1.0 + d1 / (2.0 * r)) + 0.002;
    EXPECT_NEAR(ai::Planner(q).line_chance(q.world, 1, 3),
                std::erf(0.024 / d2 / (s * std::sqrt(2.0))) * (1.0 - 0.04 * (d1 + d2)), 1e-12);
}

// A ball ringed by eight others, 45 degrees apart and nearly touching it: every pocket's
// path passes within a ball's width of one of them, so the ball is stuck.
TEST(Ai, BallChanceOfARingedBallIsStuck) {
    const Table t = build_table(TableSpec{});
    std::vector<std::pair<int, Vec2>> balls = {{0, {-0.9, 0.0}}, {9, {0.2, 0.0}}};
    for (int k = 0; k < 8; ++k)
        balls.push_back(
            {k + 1, Vec2{0.2, 0.0} + Vec2{std::cos(k * kPi / 4), std::sin(k * kPi / 4)} *
                                         (2.05 * physics::kBallRadius)});
    const auto w = table_world(t, balls);
    const AiRequest r = request(w, t, in_play(GameKind::NineBall), AiLevel::Pro);
    const ai::Planner p(r);
    EXPECT_EQ(p.ball_chance(w, 9, r.config.heading_noise), ai::Planner::kStuckBall);
}

// The run-out chance multiplies the chances of the balls the shooter still has to pot:
// 8-ball, its group and the 8 (the better group while the table is open); 9-ball, all.
// Under the standard noise (with pro's own, steadier cue each of these balls is a near
// certainty from a good place).
TEST(Ai, RunOutChanceMultipliesTheBallsStillToPot) {
    const Table t = build_table(TableSpec{});
    const auto w =
        table_world(t, {{0, {-0.6, 0.1}}, {1, {0.9, 0.45}}, {8, {-0.9, -0.4}}, {10, {0.1, 0.05}}});
    AiRequest r = request(w, t, in_play(GameKind::EightBall), AiLevel::Pro);
    set_noise(r.config, Noise::Standard, physics::kBallRadius);
    const ai::Planner p(r);
    const double sigma = r.config.heading_noise;
    const double c1 = p.ball_chance(w, 1, sigma), c8 = p.ball_chance(w, 8, sigma),
                 c10 = p.ball_chance(w, 10, sigma);
    ASSERT_GT(c1, c10); // the 1 near a corner, the 10 mid-table
    RulesState s = in_play(GameKind::EightBall);
    EXPECT_DOUBLE_EQ(p.runout_chance(w, s, sigma), c1 * c8); // open: the solids are better
    s.groups = {Group::Stripes, Group::Solids};
    EXPECT_DOUBLE_EQ(p.runout_chance(w, s, sigma), c10 * c8);
    s.shooter = 1;
    EXPECT_DOUBLE_EQ(p.runout_chance(w, s, sigma), c1 * c8);
    s.game_over = true;
    EXPECT_EQ(p.runout_chance(w, s, sigma), 1.0);
    RulesState nine = in_play(GameKind::NineBall);
    EXPECT_DOUBLE_EQ(p.runout_chance(w, nine, sigma), c1 * c8 * c10);
}

TEST(Ai, PlacesTheCueBallWithBallInHand) {
    const Table t = build_table(TableSpec{});
    const auto w =
        table_world(t, {{3, {0.4, 0.2}}, {5, {-0.3, -0.3}}, {9, {0.9, -0.4}}, {0, {0.0, 0.0}}});
    RulesState s = in_play(GameKind::NineBall);
    s.ball_in_hand = true;
    const AiMove m = ai_decide(request(w, t, s, AiLevel::Medium));
    ASSERT_TRUE(m.place_cue);
    EXPECT_TRUE(cue_placement_ok(w, t, m.cue_position, false));
    EXPECT_GT(m.pot_chance, 0.5) << m.plan;
    // Behind the head string when the rules say so.
    s.kitchen = true;
    const AiMove k = ai_decide(request(w, t, s, AiLevel::Easy));
    ASSERT_TRUE(k.place_cue);
    EXPECT_TRUE(cue_placement_ok(w, t, k.cue_position, true));
    EXPECT_LE(k.cue_position.x, head_spot(t.spec).x);
}

TEST(Ai, CallsThePocketOnTheEight) {
    const Table t = build_table(TableSpec{});
    auto balls = straight_in(8);
    balls.push_back({12, {-0.8, -0.4}});
    const auto w = table_world(t, balls);
    RulesState s = in_play(GameKind::EightBall);
    s.groups = {Group::Solids, Group::Stripes};
    const AiMove m = ai_decide(request(w, t, s, AiLevel::Easy));
    EXPECT_EQ(m.call.ball, 8);
    EXPECT_EQ(m.call.pocket, 3);
    // Even a safety or a kick names a pocket for the 8.
    const auto hidden = table_world(t, {{8, {0.0, 0.0}}, {12, {-0.2, 0.0}}, {0, {-0.6, 0.0}}});
    const AiMove h = ai_decide(request(hidden, t, s, AiLevel::Medium));
    EXPECT_EQ(h.call.ball, 8);
    EXPECT_GE(h.call.pocket, 0);
    EXPECT_LT(h.call.pocket, 6);
}

TEST(Ai, AnswersPendingDecisions) {
    const Table t = build_table(TableSpec{});
    const auto w = table_world(t, straight_in(1));
    RulesState s = in_play(GameKind::EightBall);
    s.pending = Pending::IllegalBreak;
    const AiMove a = ai_decide(request(w, t, s, AiLevel::Hard));
    EXPECT_TRUE(a.is_decision);
    EXPECT_EQ(a.choice, Choice::Rerack);
    RulesState p = in_play(GameKind::NineBall);
    p.pending = Pending::PushOutReply;
    const AiMove b = ai_decide(request(w, t, p, AiLevel::Hard));
    EXPECT_TRUE(b.is_decision);
    EXPECT_EQ(b.choice, Choice::ShootAfterPushOut) << "an easy pot is on";
}

TEST(Ai, HardBeatsEasy) {
    // Expensive: a bounded sample with a reduced budget for the hard player (the full budget
    // is measured with `billiards match` in a Release build).
#if defined(BILLIARDS_SANITIZED)
    constexpr int kGames = 6;
#else
    constexpr int kGames = 10;
#endif
    MatchConfig c;
    c.kind = GameKind::NineBall;
    c.seed = 2024;
    c.seats[0].kind = c.seats[1].kind = SeatKind::Computer;
    c.seats[0].level = AiLevel::Hard;
    c.seats[1].level = AiLevel::Easy;
    AiConfig hard = ai_config(AiLevel::Hard);
    hard.budget = 1'500'000;
    hard.final_trials = 12;
    hard.hand_positions = 2;
    c.seats[0].ai = hard;
    Match m(c);
    for (int g = 0; g < kGames; ++g) {
        if (g > 0) m.rematch();
        for (int i = 0; i < 2000 && !m.rules().game_over; ++i)
            ASSERT_TRUE(m.play_computer_turn());
        ASSERT_TRUE(m.rules().game_over);
    }
    const int hard_wins = m.games_won()[0];
    std::printf("hard won %d of %d games\n", hard_wins, kGames);
    EXPECT_GE(10 * hard_wins, 7 * kGames) << "hard won " << hard_wins << " of " << kGames;
}

namespace {

// The game's physics and cue (Mathavan cushions, squirt) for the curved-shot tests.
AiRequest play_request(const std::vector<std::pair<int, Vec2>>& balls, AiConfig config) {
    const Table t = build_table(TableSpec{});
    AiRequest r;
    r.world = table_world(t, balls, play_params());
    r.table = t;
    r.rules = in_play(GameKind::NineBall);
    r.config = config;
    r.cue = play_cue();
    r.seed = 3;
    return r;
}

// The intended shot played in the request's world: the first ball the cue ball touches and
// whether `id` was pocketed.
std::pair<int, bool> play_out(const AiRequest& r, const CueShot& shot, int id) {
    physics::World w = r.world;
    w.set_record_events(true);
    apply_strike(w, shot, r.cue);
    w.run_until_rest(60.0);
    const int cue = w.index_of(kCueBall);
    int first = -1;
    for (const physics::Event& e : w.events()) {
        if (e.kind != physics::EventKind::BallBall) continue;
        if (e.ball != cue && e.other != cue) continue;
        first = w.ball(e.ball == cue ? e.other : e.ball).id; // events name balls by index
        break;
    }
    return {first, w.ball(w.index_of(id)).state == physics::MotionState::Pocketed};
}

} // namespace

// The 2 sits a ball's radius off the line from the cue ball to the 1's ghost ball: the
// straight pot is blocked, so the computer raises the cue and curves the cue ball around the 2 (a
// swerve), aimed by simulation, and the shot it means to play pots the 1.
TEST(Ai, SwervesAroundABlocker) {
    const Vec2 o{0.85, 0.30};
    const Vec2 d = normalized(Vec2{1.229, 0.594} - o);
    const std::vector<std::pair<int, Vec2>> balls = {
        {1, o}, {2, o - d * 0.55 + perp(d) * 0.04}, {0, o - d * 1.2}};
    const AiRequest r = play_request(balls, ai_config(AiLevel::Hard));
    const AiMove m = ai_decide(r);
    EXPECT_EQ(m.plan, "swerve to pot the 1 in the top-right corner");
    EXPECT_GT(m.intended.elevation, 0.0);
    EXPECT_NE(m.intended.side, 0.0);
    const auto [first, potted] = play_out(r, m.intended, 1);
    EXPECT_EQ(first, 1);
    EXPECT_TRUE(potted);
    // Without curved shots the same position has no pot at all.
    AiConfig level = ai_config(AiLevel::Hard);
    level.swerves = false;
    const AiMove flat = ai_decide(play_request(balls, level));
    EXPECT_EQ(flat.intended.elevation, 0.0);
    EXPECT_EQ(flat.plan.rfind("pot", 0), std::string::npos) << flat.plan;
}

// Snookered: the 1 hides behind the 2, a ball's width from the cue ball. With safeties and
// kicks left out (so that nothing else answers), the computer escapes with a masse: the cue
// raised steeply, english, started wide of the 2, and its shot hits the 1 first.
TEST(Ai, MasseEscapesASnooker) {
    AiConfig level = ai_config(AiLevel::Medium);
    level.safeties = false;
    level.kicks = false;
    const std::vector<std::pair<int, Vec2>> balls = {
        {1, {0.1, -0.3}}, {2, {-0.4, -0.3}}, {0, {-0.6, -0.3}}};
    const AiRequest r = play_request(balls, level);
    const AiMove m = ai_decide(r);
    EXPECT_EQ(m.plan, "masse onto the 1");
    EXPECT_GT(m.intended.elevation, deg_to_rad(50.0));
    EXPECT_EQ(play_out(r, m.intended, 1).first, 1);
}

// Pro's two-stage position search (AiConfig::screen_speeds): a cut of the 1 into the
// top-right corner with the 2 close to the top side pocket and the 9 hanging in the
// bottom-left corner. The side pocket's mouth takes the 2 from nearly straight below it
// only. Pro pots the 1 and leaves the cue ball under 15 degrees off the 2's line into the
// side pocket (the intended stroke run without noise), with one thread or two alike; the
// screen's best stroke by the trials (without pro's final deep trials) leaves it within half
// a metre of the 2 as well; the same search on pro's old fixed grid of strokes (four
// speeds, three tip heights and two side strokes, screen_speeds = 0) leaves a cut of more
// than 30 degrees.
TEST(Ai, ProPlaysPositionForTheNextBall) {
    const Table t = build_table(TableSpec{});
    const Vec2 two{0.0, 0.5};
    const auto w = table_world(
        t, {{0, {-0.2, -0.1}}, {1, {0.6, 0.25}}, {2, two}, {9, {-1.15, -0.52}}}, play_params());
    // The cut of the 2 into the top side pocket from the cue ball's place, in degrees.
    auto cut_on_two = [&](const physics::World& after) {
        const Vec2 c = after.ball(after.index_of(kCueBall)).position;
        const Vec2 u = normalized(Vec2{0.0, t.spec.width / 2 + 0.05} - two);
        const Vec2 g = two - u * (2.0 * physics::kBallRadius);
        return rad_to_deg(std::acos(std::clamp(dot(normalized(g - c), u), -1.0, 1.0)));
    };
    auto leave = [&](const AiMove& m) {
        physics::World run = w;
        apply_strike(run, m.intended);
        run.run_until_rest(60.0);
        EXPECT_EQ(run.ball(run.index_of(1)).state, physics::MotionState::Pocketed);
        EXPECT_NE(run.ball(run.index_of(kCueBall)).state, physics::MotionState::Pocketed);
        return run;
    };
    AiRequest r = request(w, t, in_play(GameKind::NineBall), AiLevel::Pro, 3);
    set_noise(r.config, Noise::Standard, physics::kBallRadius);
    ASSERT_GT(r.config.screen_speeds, 0);
    std::vector<AiMove> moves;
    for (int threads : {1, 2}) {
        r.config.threads = threads;
        moves.push_back(ai_decide(r));
    }
    EXPECT_EQ(moves[0].plan, "pot the 1 in the top-right corner");
    EXPECT_TRUE(same(moves[1].intended, moves[0].intended));
    EXPECT_EQ(moves[1].work, moves[0].work);
    EXPECT_EQ(moves[1].score, moves[0].score);
    EXPECT_LT(cut_on_two(leave(moves[0])), 15.0);

    // The screen's own choice, without the final deep trials (AiConfig::deep_top).
    r.config.deep_top = 0;
    const physics::World after = leave(ai_decide(r));
    EXPECT_LT(cut_on_two(after), 15.0);
    EXPECT_LT(length(after.ball(after.index_of(kCueBall)).position - two), 0.5);

    r.config.screen_speeds = 0;
    const AiMove grid = ai_decide(r);
    EXPECT_EQ(grid.plan, "pot the 1 in the top-right corner");
    EXPECT_GT(cut_on_two(leave(grid)), 30.0);
}

// The noise-aware screen (AiConfig::screen_runs, off at every level): each screened stroke
// run three times, at its speed and a speed error either side, so the screen does more
// runs (two more for each of the 108 strokes of a pot line); the move is still the same on
// any number of threads, and pots the 1.
TEST(Ai, ProScreenRunsAreDeterministic) {
    const Table t = build_table(TableSpec{});
    const auto w =
        table_world(t, {{0, {-0.2, -0.1}}, {1, {0.6, 0.25}}, {2, {0.0, 0.5}}, {9, {-1.15, -0.52}}},
                    play_params());
    AiRequest r = request(w, t, in_play(GameKind::NineBall), AiLevel::Pro, 3);
    set_noise(r.config, Noise::Standard, physics::kBallRadius);
    ASSERT_EQ(r.config.screen_runs, 1);
    const AiMove once = ai_decide(r);
    r.config.screen_runs = 3;
    std::vector<AiMove> moves;
    for (int threads : {1, 2}) {
        r.config.threads = threads;
        moves.push_back(ai_decide(r));
    }
    EXPECT_TRUE(same(moves[1].intended, moves[0].intended));
    EXPECT_EQ(moves[1].work, moves[0].work);
    EXPECT_EQ(moves[1].simulations, moves[0].simulations);
    EXPECT_EQ(moves[1].score, moves[0].score);
    EXPECT_GE(moves[0].simulations, once.simulations + 2 * 100);
    physics::World run = w;
    apply_strike(run, moves[0].intended);
    run.run_until_rest(60.0);
    EXPECT_EQ(run.ball(run.index_of(1)).state, physics::MotionState::Pocketed);
    EXPECT_NE(run.ball(run.index_of(kCueBall)).state, physics::MotionState::Pocketed);
}

// Pro aims a pot at the middle of the window of headings that pot it (AiConfig::centre_aim),
// not at the ghost ball of a fixed aim point in the pocket: the 9 comes into the top middle
// pocket 45 degrees off its axis from 1 m away, where the near jaw closes one side of the
// window far sooner than the far jaw the other. The window is found here by stepping the
// heading through noise-free strokes on each side of the move's.
TEST(Ai, ProAimsAtTheMiddleOfThePottingHeadings) {
    const Table t = build_table(TableSpec{});
    const double r = physics::kBallRadius, hy = t.spec.width / 2;
    const Vec2 u = normalized(Vec2{-1.0, 1.0});          // the 9's way to the pocket
    const Vec2 nine = Vec2{0.0, hy + 0.5 * r} - u * 1.0; // 1 m from the pocket's aim point
    const double c15 = std::cos(deg_to_rad(15.0)), s15 = std::sin(deg_to_rad(15.0));
    const Vec2 in{u.x * c15 + u.y * s15, -u.x * s15 + u.y * c15}; // a 15-degree cut
    const Vec2 cue = nine - u * (2.0 * r) - in * 0.15;
    const auto w = table_world(t, {{0, cue}, {9, nine}}, play_params());
    AiRequest rq = request(w, t, in_play(GameKind::NineBall), AiLevel::Pro, 5);
    set_noise(rq.config, Noise::Standard, r);
    ASSERT_TRUE(rq.config.centre_aim);
    std::vector<AiMove> moves;
    for (int threads : {1, 2}) {
        rq.config.threads = threads;
        moves.push_back(ai_decide(rq));
    }
    EXPECT_TRUE(same(moves[1].intended, moves[0].intended));
    const CueShot aimed = moves[0].intended;
    // The pocket the stroke pots the 9 in without noise (-1: none).
    auto pocket_of = [&](double heading) {
        physics::World run = w;
        run.set_record_events(true);
        CueShot s = aimed;
        s.heading = heading;
        apply_strike(run, s);
        run.run_until_rest(60.0);
        for (const physics::Event& e : run.events())
            if (e.kind == physics::EventKind::Pocketed && e.ball == run.index_of(9)) return e.other;
        return -1;
    };
    const int p = pocket_of(aimed.heading);
    ASSERT_GE(p, 0) << moves[0].plan;
    const auto [lo, hi] = test::potting_window(pocket_of, aimed.heading, p);
    const double width = hi - lo;
    ASSERT_GT(width, 10 * test::kWindowStep);
    EXPECT_LT(std::abs(0.5 * (lo + hi)), 0.1 * width + test::kWindowStep)
        << moves[0].plan << ": window " << lo << " to " << hi << " rad about the move";
}

// Pro's final choice values a leave by playing the next pot (AiConfig::deep_top,
// Planner::played_follow_up): the 1 goes straight into the top-left corner, its only pocket,
// and the 2 sits in the middle of the table, a metre off. The leave is the 1's pot chance
// times one half plus one half the best chance on the 2 from where twelve strokes of the 1
// (four speeds by stun, follow and draw) really leave the cue ball; here the test plays those
// strokes itself. The guessed stops (follow_up_quality) lie within 0.7 m of the 1's ghost
// ball and value the leave well below what the strokes reach: a hard draw brings the cue
// ball back down the table near the 2.
TEST(Ai, ProValuesALeaveByPlayingTheNextPot) {
    const Table t = build_table(TableSpec{});
    const Vec2 o{-0.85, 0.30};
    const Vec2 d = normalized(Vec2{-1.229, 0.594} - o);
    const auto w = table_world(t, {{0, o - d * 0.4}, {1, o}, {2, {0.1, -0.25}}}, play_params());
    AiRequest r = request(w, t, in_play(GameKind::NineBall), AiLevel::Pro, 3);
    set_noise(r.config, Noise::Standard, physics::kBallRadius);
    ASSERT_GT(r.config.deep_top, 0);
    ai::Planner planner(r);
    int pocket = -1;
    double q1 = 0.0;
    for (int p = 0; p < static_cast<int>(t.pockets.size()); ++p) {
        const double q = planner.line_chance(w, 1, p);
        if (q > 0.0) {
            EXPECT_EQ(pocket, -1) << "one pocket only";
            pocket = p;
            q1 = q;
        }
    }
    ASSERT_GE(pocket, 0);
    double best = 0.0;
    int made = 0;
    for (double f : {1.3, 2.2, 3.8, 6.0}) {
        for (double height : {0.0, 0.4, -0.4}) {
            physics::World run = w;
            apply_strike(run, planner.pot_stroke(w, 1, pocket, f, height));
            run.run_until_rest(60.0);
            // A stroke that leaves the 1 on the table, or scratches, leaves nothing.
            if (run.ball(run.index_of(1)).state != physics::MotionState::Pocketed) continue;
            if (run.ball(run.index_of(kCueBall)).state == physics::MotionState::Pocketed) continue;
            ++made;
            best = std::max(best, planner.next_pot_chance(run, r.rules));
        }
    }
    EXPECT_GE(made, 6);
    const double played = planner.played_leave(w, r.rules);
    EXPECT_NEAR(played, q1 * (0.5 + 0.5 * best), 1e-12);
    EXPECT_GT(played, planner.guessed_leave(w, r.rules) + 0.15);
}

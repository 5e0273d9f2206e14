// The snooker computer: its estimate of a pot's chance, a sure pot taken and made, and a
// long thin cut left alone at hard for a safety (easy goes for it); the pro level's pocket
// mouths, balls on after a pot, positions valued two pots deep, and its parallel search
// giving the same move on one thread or two.
#include <gtest/gtest.h>

#include <cmath>

#include "game/snooker/snooker_ai_pots.hpp"
#include "game/snooker/snooker_match.hpp"
#include "game/strike.hpp"
#include "potting_window.hpp"

namespace {

using namespace billiards;
using namespace billiards::game::snooker;

TEST(SnookerAi, PotChanceFallsWithDistanceCutAndNoise) {
    const double r = 0.02625, hard = deg_to_rad(0.07), easy = deg_to_rad(0.5);
    const double near = ai::pot_chance(0.4, 0.4, 1.0, 1.0, r, hard);
    EXPECT_GT(near, 0.95);
    EXPECT_LE(near, 1.0);
    EXPECT_LT(ai::pot_chance(2.5, 1.0, 1.0, 1.0, r, hard), near);
    EXPECT_LT(ai::pot_chance(0.4, 0.4, 0.4, 1.0, r, hard), near);
    EXPECT_LT(ai::pot_chance(0.4, 0.4, 1.0, 0.5, r, hard), near); // across the pocket
    EXPECT_LT(ai::pot_chance(1.5, 0.8, 0.8, 1.0, r, easy),
              ai::pot_chance(1.5, 0.8, 0.8, 1.0, r, hard));
    EXPECT_GT(ai::pot_chance(3.0, 1.5, 0.3, 0.6, r, easy), 0.0);
}

// A frame with the cue ball and red 1 where given, the colours on their spots, seat 0 (the
// computer at `level`) to play.
Match with_red(Vec2 cue, Vec2 red, game::AiLevel level) {
    MatchConfig c;
    c.params = play_params_for(c.table);
    c.cue = game::play_cue();
    c.seats[0].kind = game::SeatKind::Computer;
    c.seats[0].level = level;
    Match m(c);
    physics::World w(c.params, m.table().cushions, m.table().pockets);
    for (physics::BallDef b : rack(c.table)) {
        if (is_red(b.id) && b.id != kFirstRed) continue;
        if (b.id == kCue) b.position = cue;
        if (b.id == kFirstRed) b.position = red;
        w.add_ball(b);
    }
    FrameState f = new_frame(0);
    f.in_hand = false;
    m.set_position(w, f);
    return m;
}

TEST(SnookerAi, HardTakesOnAndMakesAShortStraightPot) {
    Match m = with_red({1.22, 0.31}, {1.5, 0.6}, game::AiLevel::Hard);
    const AiMove mv = decide(m.ai_request());
    ASSERT_EQ(mv.kind, AiMove::Kind::Shot);
    EXPECT_EQ(mv.pot_target, kFirstRed);
    EXPECT_GE(mv.pot_chance, 0.9);
    EXPECT_EQ(mv.plan.rfind("pots a red in the ", 0), 0u) << mv.plan;
    ASSERT_TRUE(m.apply(mv));
    const ShotVerdict& v = m.history().back().verdict;
    EXPECT_EQ(v.foul, Foul::None);
    EXPECT_EQ(v.pocketed, std::vector<int>{kFirstRed});
    EXPECT_EQ(m.frame().shooter, 0); // still at the table, on a colour
}

TEST(SnookerAi, HardPlaysSafeRatherThanALongThinCut) {
    Match m = with_red({-1.3, -0.85}, {1.3, -0.7}, game::AiLevel::Hard);
    const AiMove mv = decide(m.ai_request());
    ASSERT_EQ(mv.kind, AiMove::Kind::Shot);
    EXPECT_EQ(mv.pot_target, -1);
    EXPECT_EQ(mv.plan.rfind("plays safe", 0), 0u) << mv.plan;
    // Easy has no such caution: it goes for it.
    Match e = with_red({-1.3, -0.85}, {1.3, -0.7}, game::AiLevel::Easy);
    const AiMove easy = decide(e.ai_request());
    EXPECT_EQ(easy.pot_target, kFirstRed) << easy.plan;
    EXPECT_LT(easy.pot_chance, 0.55);
}

// The full-size table's geometry, for the pure functions.
const game::Table& full_table() {
    static const game::Table t = [] {
        MatchConfig c;
        c.params = play_params_for(c.table);
        return Match(c).table();
    }();
    return t;
}

TEST(SnookerAi, ProMovesTheSameOnOneThreadAsOnTwo) {
    Match m = with_red({-0.4, 0.2}, {0.9, 0.5}, game::AiLevel::Pro);
    AiRequest one = m.ai_request();
    one.config.threads = 1;
    AiRequest two = m.ai_request();
    two.config.threads = 2;
    const AiMove a = decide(one), b = decide(two);
    EXPECT_EQ(a.plan, b.plan);
    EXPECT_EQ(a.pot_target, b.pot_target);
    EXPECT_EQ(a.shot.heading, b.shot.heading);
    EXPECT_EQ(a.shot.speed, b.shot.speed);
    EXPECT_EQ(a.shot.side, b.shot.side);
    EXPECT_EQ(a.shot.height, b.shot.height);
    EXPECT_EQ(a.score, b.score);
    EXPECT_EQ(a.simulations, b.simulations);
}

TEST(SnookerAi, MouthPointIsMidwayBetweenTheJaws) {
    const game::Table& t = full_table();
    const double hx = t.spec.length / 2, hy = t.spec.width / 2;
    const double m = t.spec.corner_mouth / std::sqrt(2.0); // each jaw from the corner
    ASSERT_EQ(t.pockets.size(), 6u);
    for (int k = 0; k < 6; ++k) {
        const Vec2 c = t.pockets[static_cast<std::size_t>(k)].center;
        const double sx = c.x > 0 ? 1.0 : -1.0, sy = c.y > 0 ? 1.0 : -1.0;
        const Vec2 p = ai::mouth_point(t, k);
        if (k < 4) {
            // The jaws at (hx, hy - m) and (hx - m, hy), signs as the pocket's.
            EXPECT_NEAR(p.x, sx * (hx - m / 2), 1e-12) << k;
            EXPECT_NEAR(p.y, sy * (hy - m / 2), 1e-12) << k;
        } else {
            EXPECT_NEAR(p.x, 0.0, 1e-12) << k;
            EXPECT_NEAR(p.y, sy * hy, 1e-12) << k; // on the cushion line, between the jaws
        }
    }
}

TEST(SnookerAi, MouthChanceFallsWithDistanceAndAlongTheRail) {
    const double r = 0.02625, sigma = deg_to_rad(0.125);
    const double near = ai::mouth_chance(0.4, 0.5, 1.0, 1.0, false, r, sigma);
    EXPECT_GT(near, 0.97); // simulated: 100 %
    const double far = ai::mouth_chance(1.0, 1.0, 1.0, 1.0, false, r, sigma);
    EXPECT_GT(far, 0.3); // simulated: 39 %
    EXPECT_LT(far, 0.5);
    EXPECT_LT(ai::mouth_chance(0.4, 0.5, 1.0, 0.866, false, r, sigma), near); // along the rail
    EXPECT_GT(ai::mouth_chance(1.0, 0.5, 1.0, 1.0, true, r, sigma),           // a middle pocket
              ai::mouth_chance(1.0, 0.5, 1.0, 1.0, false, r, sigma));
    EXPECT_LT(ai::mouth_chance(0.4, 0.5, 0.5, 1.0, false, r, sigma), near); // a cut
}

std::vector<Placed> balls_at(std::initializer_list<Placed> list) {
    return std::vector<Placed>(list);
}

TEST(SnookerAi, HeadingBoundInvertsTheNormalsShare) {
    EXPECT_NEAR(ai::heading_bound(std::erf(1.0 / std::sqrt(2.0))), 1.0, 1e-9); // 68.3 %
    EXPECT_NEAR(ai::heading_bound(std::erf(2.0 / std::sqrt(2.0))), 2.0, 1e-9); // 95.4 %
    EXPECT_EQ(ai::heading_bound(0.0), 0.0);
    EXPECT_GT(ai::heading_bound(0.9999), 3.8);
}

TEST(SnookerAi, SplitMeanTakesOutTheLuckOfTheDraw) {
    // Every trial within the bound scores 1, every other 0: whatever the counts drawn, the
    // stratified mean is the chance itself, where the plain mean is the share drawn within.
    for (const auto& [within, beyond] : {std::pair{20, 4}, std::pair{15, 9}, std::pair{1, 23}}) {
        ai::Split s;
        for (int k = 0; k < within; ++k)
            s.add(true, 1.0);
        for (int k = 0; k < beyond; ++k)
            s.add(false, 0.0);
        EXPECT_DOUBLE_EQ(s.mean(0.8), 0.8);
        EXPECT_DOUBLE_EQ(s.mean(), static_cast<double>(within) / (within + beyond));
    }
    ai::Split one_part; // nothing beyond: the plain mean
    one_part.add(true, 2.0);
    one_part.add(true, 4.0);
    EXPECT_DOUBLE_EQ(one_part.mean(0.8), 3.0);
}

TEST(SnookerAi, NearlyFullPotLandsOnlyAlongItsLine) {
    // A pot 3 degrees off straight: the cue ball follows through or screws back along the
    // line; it cannot stun off to the side.
    const game::Table table = full_table();
    const double r = table.spec.ball_radius;
    const Vec2 cue{-0.3, 0.0}, object{0.3, 0.0};
    ai::PotLine l;
    l.target = kFirstRed;
    const double cut = deg_to_rad(3.0);
    const Vec2 ghost = object - Vec2{std::cos(cut), std::sin(cut)} * (2.0 * r);
    l.heading = std::atan2(ghost.y - cue.y, ghost.x - cue.x);
    l.d1 = length(ghost - cue);
    const std::vector<Vec2> way = ai::landings(table.spec, cue, object, l);
    ASSERT_EQ(way.size(), 8U); // two ways, four distances
    const Vec2 dir{std::cos(l.heading), std::sin(l.heading)};
    int ahead = 0;
    for (const Vec2& q : way) {
        const Vec2 d = q - ghost;
        EXPECT_NEAR(d.x * dir.y - d.y * dir.x, 0.0, 1e-9); // on the line
        ahead += dot(d, dir) > 0.0 ? 1 : 0;
    }
    EXPECT_EQ(ahead, 4);
}

TEST(SnookerAi, BallsOnAfterAPot) {
    const auto all = balls_at({{kCue, {0, 0}},
                               {kFirstRed, {1, 0}},
                               {kFirstRed + 1, {1, 0.2}},
                               {kBlack, {1.4, 0}},
                               {kYellow, {-1, 0.3}},
                               {kPink, {0.9, 0}}});
    EXPECT_EQ(ai::targets_after(all, kFirstRed), (std::vector<int>{kYellow, kPink, kBlack}));
    EXPECT_EQ(ai::targets_after(all, kBlack), (std::vector<int>{kFirstRed, kFirstRed + 1}));
    const auto colours =
        balls_at({{kCue, {0, 0}}, {kBlack, {1.4, 0}}, {kYellow, {-1, 0.3}}, {kPink, {0.9, 0}}});
    EXPECT_EQ(ai::targets_after(colours, kYellow), std::vector<int>{kPink});
    EXPECT_EQ(ai::targets_after(colours, kPink), std::vector<int>{kYellow});
    EXPECT_TRUE(ai::targets_after(balls_at({{kCue, {0, 0}}, {kBlack, {1, 0}}}), kBlack).empty());
}

TEST(SnookerAi, PositionPrefersTheBlackToAnEquallyEasyYellow) {
    // Mirror images about the table's long axis: the same pot and the same reds after it.
    const auto balls = balls_at({{kCue, {0.9, 0.0}},
                                 {kBlack, {1.3, 0.45}},
                                 {kYellow, {1.3, -0.45}},
                                 {kFirstRed, {0.2, 0.0}}});
    const double sigma = deg_to_rad(0.125);
    const ai::Position p = ai::position_value(full_table(), balls, {kYellow, kBlack}, sigma);
    EXPECT_EQ(p.target, kBlack);
    const ai::Position y = ai::position_value(full_table(), balls, {kYellow}, sigma);
    EXPECT_EQ(y.target, kYellow);
    EXPECT_NEAR(y.next, p.next, 1e-12); // as easy
    EXPECT_NEAR(y.after, p.after, 1e-12);
    EXPECT_GT(p.value, y.value);
}

TEST(SnookerAi, PositionLooksAtThePotAfterTheNext) {
    // Two reds as easy as each other (mirror images), each nearly straight into a top or
    // bottom corner; the only colour, the black, lies beyond the first red near its corner,
    // so following through after potting it leaves the cue ball near the black.
    const Vec2 black{1.4, 0.65};
    const auto balls = balls_at({{kCue, {0.9, 0.0}},
                                 {kFirstRed, {1.3, 0.45}},
                                 {kFirstRed + 1, {1.3, -0.45}},
                                 {kBlack, black}});
    const double sigma = deg_to_rad(0.125);
    const ai::Position a = ai::position_value(full_table(), balls, {kFirstRed}, sigma);
    const ai::Position b = ai::position_value(full_table(), balls, {kFirstRed + 1}, sigma);
    EXPECT_NEAR(a.next, b.next, 1e-12);
    EXPECT_GT(a.after, b.after);
    const ai::Position both =
        ai::position_value(full_table(), balls, {kFirstRed, kFirstRed + 1}, sigma);
    EXPECT_EQ(both.target, kFirstRed);
    EXPECT_GT(both.value, b.value);
}

// Only the pink and the black left, the cue ball behind the pink on its spot in line with a
// top corner: pro pots the pink and stops where the black is a likely pot.
TEST(SnookerAi, ProPotsThePinkWithPositionOnTheBlack) {
    MatchConfig c;
    c.params = play_params_for(c.table);
    c.cue = game::play_cue();
    c.seats[0].kind = game::SeatKind::Computer;
    c.seats[0].level = game::AiLevel::Pro;
    c.seats[0].noise = game::Noise::Standard;
    Match m(c);
    const Markings mk = markings(m.table().spec);
    const Vec2 pink = spot_of(mk, kPink);
    physics::World w(c.params, m.table().cushions, m.table().pockets);
    for (physics::BallDef b : rack(c.table)) {
        if (b.id != kCue && b.id != kPink && b.id != kBlack) continue;
        if (b.id == kCue) b.position = pink + Vec2{-0.3, -0.3};
        w.add_ball(b);
    }
    FrameState f = new_frame(0);
    f.in_hand = false;
    f.scores = {40, 20};
    m.set_position(w, f);
    const AiMove mv = decide(m.ai_request());
    ASSERT_EQ(mv.kind, AiMove::Kind::Shot);
    EXPECT_EQ(mv.pot_target, kPink) << mv.plan;
    EXPECT_GE(mv.pot_chance, 0.8);
    ASSERT_TRUE(m.apply(mv));
    const ShotVerdict& v = m.history().back().verdict;
    EXPECT_EQ(v.pocketed, std::vector<int>{kPink});
    ASSERT_EQ(m.frame().shooter, 0);
    const double black = ai::best_chance(m.table(), placed(m.world()), {kBlack},
                                         m.ai_request().config.heading_noise, true);
    EXPECT_GE(black, 0.6);
}

// Pro aims each pot line at the middle of the window of headings that pot its stroke
// (SnookerLevel::centre): a red coming into the top middle pocket 30 degrees off its axis
// from 0.8 m, where the near jaw closes one side of the window sooner than the far jaw the
// other. The window is found here by stepping the heading through noise-free strokes on
// each side of the move's.
TEST(SnookerAi, ProAimsAtTheMiddleOfThePottingHeadings) {
    const double hy = full_table().spec.width / 2;
    const double a = deg_to_rad(30.0);
    const Vec2 u{-std::sin(a), std::cos(a)};  // the red's way to the pocket
    const Vec2 red = Vec2{0.0, hy} - u * 0.8; // 0.8 m short of the pocket
    const Vec2 cue = red - u * 0.0525 - Vec2{u.y, -u.x} * 0.05 - u * 0.25;
    Match m = with_red(cue, red, game::AiLevel::Pro);
    AiRequest rq = m.ai_request();
    rq.config.threads = 1;
    const AiMove mv = decide(rq);
    ASSERT_EQ(mv.pot_target, kFirstRed) << mv.plan;
    const game::CueShot aimed = mv.intended;
    // The pocket the stroke pots the red in without noise (-1: none).
    auto pocket_of = [&](double heading) {
        physics::World run = m.world();
        run.set_record_events(true);
        game::CueShot s = aimed;
        s.heading = heading;
        game::apply_strike(run, s, rq.cue);
        run.run_until_rest(60.0);
        for (const physics::Event& e : run.events())
            if (e.kind == physics::EventKind::Pocketed && e.ball == run.index_of(kFirstRed))
                return e.other;
        return -1;
    };
    const int p = pocket_of(aimed.heading);
    ASSERT_GE(p, 0) << mv.plan;
    const auto [lo, hi] = test::potting_window(pocket_of, aimed.heading, p);
    const double width = hi - lo;
    ASSERT_GT(width, 10 * test::kWindowStep);
    EXPECT_LT(std::abs(0.5 * (lo + hi)), 0.1 * width + test::kWindowStep)
        << mv.plan << ": window " << lo << " to " << hi << " rad about the move";
}

} // namespace

// Snooker's rules case by case from the WPBSA rulebook (rule numbers in the test names'
// comments), with hand-built event lists and ball positions: no physics.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "game/snooker/snooker_rules.hpp"
#include "rules_helpers.hpp"

namespace {

using namespace billiards;
using namespace billiards::game::snooker;
using billiards::test::hit;
using billiards::test::pot;

const game::TableSpec kSpec = full_size_spec();
const double kR = kSpec.ball_radius;
const Markings kMarks = markings(kSpec);

std::vector<int> all_balls() {
    std::vector<int> v;
    for (int id = kFirstRed; id <= kBlack; ++id)
        v.push_back(id);
    return v;
}

std::vector<int> without(std::vector<int> v, std::initializer_list<int> gone) {
    for (int g : gone)
        v.erase(std::remove(v.begin(), v.end(), g), v.end());
    return v;
}

// The opening position (cue ball in the D), keeping only `ids` and the cue ball.
std::vector<Placed> racked(const std::vector<int>& ids) {
    std::vector<Placed> out;
    for (const physics::BallDef& b : rack(kSpec))
        if (b.id == kCue || std::find(ids.begin(), ids.end(), b.id) != ids.end())
            out.push_back({b.id, b.position});
    return out;
}

void move(std::vector<Placed>& balls, int id, Vec2 p) {
    for (Placed& b : balls)
        if (b.id == id) b.position = p;
}

std::vector<Placed> gone(std::vector<Placed> balls, std::initializer_list<int> ids) {
    for (int id : ids)
        balls.erase(
            std::remove_if(balls.begin(), balls.end(), [&](const Placed& b) { return b.id == id; }),
            balls.end());
    return balls;
}

FrameState in_play(int shooter = 0) {
    FrameState s = new_frame(0);
    s.in_hand = false;
    s.shooter = shooter;
    return s;
}

// A stroke with the balls standing as in the rack before and after (minus those potted).
ShotInput stroke(const std::vector<int>& on_table, std::vector<game::ShotEvent> events,
                 int nominated = -1) {
    ShotInput in;
    in.on_table = on_table;
    in.before = racked(on_table);
    in.after = in.before;
    for (const auto& e : events)
        if (e.kind == physics::EventKind::Pocketed) in.after = gone(in.after, {e.ball});
    in.nominated = nominated;
    in.events = std::move(events);
    return in;
}

Vec2 respot_of(const ShotVerdict& v, int id) {
    for (const Respot& r : v.respot)
        if (r.id == id) return r.position;
    ADD_FAILURE() << "ball " << id << " not re-spotted";
    return {};
}

// ---- points and the ball on (3.4, 3.5) ----

TEST(SnookerRules, FullTableIsWorth147) {
    EXPECT_EQ(points_remaining(new_frame(0), all_balls()), 15 * 8 + 27);
}

TEST(SnookerRules, RedScoresOneAndAColourIsOn) {
    const auto v = judge(in_play(), kSpec, stroke(all_balls(), {hit(0.1, 0, 5), pot(0.5, 5, 3)}));
    EXPECT_EQ(v.foul, Foul::None);
    EXPECT_EQ(v.points, 1);
    EXPECT_EQ(v.after.shooter, 0);
    EXPECT_TRUE(v.after.on_colour);
    EXPECT_EQ(v.after.break_points, 1);
    EXPECT_EQ(balls_on(v.after, without(all_balls(), {5})),
              (std::vector<int>{kYellow, kGreen, kBrown, kBlue, kPink, kBlack}));
}

TEST(SnookerRules, TwoRedsInOneStrokeScoreTwo) {
    const auto v = judge(in_play(), kSpec,
                         stroke(all_balls(), {hit(0.1, 0, 1), pot(0.5, 1, 3), pot(0.6, 2, 1)}));
    EXPECT_EQ(v.foul, Foul::None);
    EXPECT_EQ(v.points, 2);
}

TEST(SnookerRules, NominatedColourAfterARedScoresAndIsRespotted) {
    FrameState s = in_play();
    s.on_colour = true;
    const auto on = without(all_balls(), {1});
    const auto v = judge(s, kSpec, stroke(on, {hit(0.1, 0, kBlack), pot(0.5, kBlack, 3)}, kBlack));
    EXPECT_EQ(v.foul, Foul::None);
    EXPECT_EQ(v.points, 7);
    EXPECT_FALSE(v.after.on_colour); // back on the reds
    ASSERT_EQ(v.respot.size(), 1u);
    EXPECT_EQ(respot_of(v, kBlack), spot_of(kMarks, kBlack));
}

TEST(SnookerRules, ObviousColourNeedNotBeNominated) {
    FrameState s = in_play();
    s.on_colour = true;
    const auto v = judge(
        s, kSpec, stroke(without(all_balls(), {1}), {hit(0.1, 0, kGreen), pot(0.5, kGreen, 0)}));
    EXPECT_EQ(v.foul, Foul::None);
    EXPECT_EQ(v.nominated, kGreen);
    EXPECT_EQ(v.points, 3);
}

TEST(SnookerRules, NoPotPassesTheTurn) {
    const auto v = judge(in_play(), kSpec, stroke(all_balls(), {hit(0.1, 0, 4)}));
    EXPECT_EQ(v.foul, Foul::None);
    EXPECT_EQ(v.after.shooter, 1);
    EXPECT_EQ(v.after.break_points, 0);
    EXPECT_FALSE(v.after.reply_pending);
}

TEST(SnookerRules, ColoursInOrderAfterTheLastRed) {
    FrameState s = in_play();
    const std::vector<int> colours{kYellow, kGreen, kBrown, kBlue, kPink, kBlack};
    EXPECT_EQ(balls_on(s, colours), (std::vector<int>{kYellow}));
    const auto v = judge(s, kSpec, stroke(colours, {hit(0.1, 0, kYellow), pot(0.4, kYellow, 0)}));
    EXPECT_EQ(v.points, 2);
    EXPECT_TRUE(v.respot.empty()); // the colours stay down now
    EXPECT_EQ(balls_on(v.after, without(colours, {kYellow})), (std::vector<int>{kGreen}));
}

TEST(SnookerRules, ColourAfterTheLastRedIsRespotted) {
    FrameState s = in_play();
    s.on_colour = true; // the last red just went in
    const std::vector<int> colours{kYellow, kGreen, kBrown, kBlue, kPink, kBlack};
    const auto v =
        judge(s, kSpec, stroke(colours, {hit(0.1, 0, kPink), pot(0.4, kPink, 5)}, kPink));
    EXPECT_EQ(v.points, 6);
    EXPECT_EQ(respot_of(v, kPink), spot_of(kMarks, kPink));
    EXPECT_EQ(balls_on(v.after, colours), (std::vector<int>{kYellow}));
}

// ---- fouls and their values (3.15): the ball on, the ball involved, at least 4 ----

struct FoulCase {
    const char* what;
    bool on_colour;
    int nominated;
    std::vector<game::ShotEvent> events;
    Foul foul;
    int penalty;
};

TEST(SnookerRules, FoulValues) {
    const FoulCase cases[] = {
        {"miss everything on a red", false, -1, {}, Foul::NoContact, 4},
        {"black first on a red", false, -1, {hit(0.1, 0, kBlack)}, Foul::WrongBallFirst, 7},
        {"green first on a red", false, -1, {hit(0.1, 0, kGreen)}, Foul::WrongBallFirst, 4},
        {"pot the pink off a red",
         false,
         -1,
         {hit(0.1, 0, 3), hit(0.3, 3, kPink), pot(0.6, kPink, 1)},
         Foul::PottedNotOn,
         6},
        {"in-off a red", false, -1, {hit(0.1, 0, 3), pot(0.6, 0, 1)}, Foul::InOff, 4},
        {"pot a red and go in-off",
         false,
         -1,
         {hit(0.1, 0, 3), pot(0.4, 3, 2), pot(0.6, 0, 1)},
         Foul::InOff,
         4},
        {"blue on, pink first", true, kBlue, {hit(0.1, 0, kPink)}, Foul::WrongBallFirst, 6},
        {"pink on, blue first", true, kPink, {hit(0.1, 0, kBlue)}, Foul::WrongBallFirst, 6},
        {"yellow on, pot it and the black",
         true,
         kYellow,
         {hit(0.1, 0, kYellow), pot(0.4, kYellow, 0), pot(0.5, kBlack, 3)},
         Foul::PottedNotOn,
         7},
        {"yellow on, in-off",
         true,
         kYellow,
         {hit(0.1, 0, kYellow), pot(0.5, 0, 2)},
         Foul::InOff,
         4},
        {"black on, in-off", true, kBlack, {hit(0.1, 0, kBlack), pot(0.5, 0, 2)}, Foul::InOff, 7},
        {"colour on, no nomination, no contact", true, -1, {}, Foul::NoContact, 7},
        {"colour on, a red first", true, kYellow, {hit(0.1, 0, 2)}, Foul::WrongBallFirst, 7},
        {"colour on, pot a red",
         true,
         kBrown,
         {hit(0.1, 0, kBrown), hit(0.2, kBrown, 4), pot(0.5, 4, 0)},
         Foul::PottedNotOn,
         4},
    };
    for (const FoulCase& c : cases) {
        SCOPED_TRACE(c.what);
        FrameState s = in_play();
        s.on_colour = c.on_colour;
        s.scores = {20, 20};
        const auto on = c.on_colour ? without(all_balls(), {1}) : all_balls();
        const auto v = judge(s, kSpec, stroke(on, c.events, c.nominated));
        EXPECT_EQ(v.foul, c.foul);
        EXPECT_EQ(v.penalty, c.penalty);
        EXPECT_EQ(v.after.scores[1], 20 + c.penalty);
        EXPECT_EQ(v.after.scores[0], 20); // a foul scores nothing for the striker
        EXPECT_EQ(v.after.shooter, 1);
        EXPECT_TRUE(v.after.reply_pending);
        EXPECT_EQ(v.after.offender, 0);
    }
}

TEST(SnookerRules, FoulInTheColoursUsesTheLowestColourAndBallsInvolved) {
    const std::vector<int> colours{kBrown, kBlue, kPink, kBlack}; // brown on (4)
    auto v = judge(in_play(), kSpec, stroke(colours, {hit(0.1, 0, kBlue)}));
    EXPECT_EQ(v.penalty, 5);
    v = judge(in_play(), kSpec, stroke({kPink, kBlack}, {}));
    EXPECT_EQ(v.penalty, 6);
    // A colour potted in a foul comes back, even in the colours.
    v = judge(in_play(), kSpec,
              stroke(colours, {hit(0.1, 0, kBrown), hit(0.3, kBrown, kBlue), pot(0.5, kBlue, 4)}));
    EXPECT_EQ(v.foul, Foul::PottedNotOn);
    EXPECT_EQ(v.penalty, 5);
    EXPECT_EQ(respot_of(v, kBlue), spot_of(kMarks, kBlue));
}

TEST(SnookerRules, InOffGivesBallInHandInTheD) {
    const auto v = judge(in_play(), kSpec, stroke(all_balls(), {hit(0.1, 0, 3), pot(0.6, 0, 1)}));
    EXPECT_TRUE(v.after.in_hand);
    EXPECT_FALSE(v.free_ball); // from hand there is no snooker
    EXPECT_TRUE(in_d(kMarks, {kMarks.baulk_x - 0.1, 0.05}));
    EXPECT_FALSE(in_d(kMarks, {kMarks.baulk_x + 0.01, 0.0}));
    EXPECT_FALSE(in_d(kMarks, {kMarks.baulk_x - 0.05, kMarks.d_radius}));
}

// ---- re-spotting (3.4) ----

TEST(SnookerRules, RespotOnOwnSpot) {
    const auto p = respot_positions(kSpec, racked(without(all_balls(), {kBlue})), {kBlue});
    EXPECT_EQ(p.front(), spot_of(kMarks, kBlue));
}

TEST(SnookerRules, RespotOnHighestFreeSpotWhenOwnIsTaken) {
    const Placed red_on_black{1, spot_of(kMarks, kBlack) + Vec2{0.01, 0.0}};
    EXPECT_EQ(respot_positions(kSpec, {red_on_black}, {kBlack}).front(), spot_of(kMarks, kPink));
    // Pink and black both to go back, both spots taken: the black, the higher, takes the
    // highest free spot (the blue's), then the pink the next one (the brown's).
    const std::vector<Placed> balls{red_on_black, {2, spot_of(kMarks, kPink) + Vec2{0.0, 0.02}}};
    const auto two = respot_positions(kSpec, balls, {kPink, kBlack});
    EXPECT_EQ(two[1], spot_of(kMarks, kBlue));
    EXPECT_EQ(two[0], spot_of(kMarks, kBrown));
}

TEST(SnookerRules, RespotOwnSpotHasPriorityOverHigherBalls) {
    // Black and yellow to go back; the black's spot is taken, the yellow's free, pink, blue
    // and green on their spots: the yellow keeps its own spot, the black takes the brown's.
    std::vector<Placed> balls{{1, spot_of(kMarks, kBlack) + Vec2{0.01, 0.0}}};
    for (int c : {kGreen, kBlue, kPink})
        balls.push_back({c, spot_of(kMarks, c)});
    const auto p = respot_positions(kSpec, balls, {kYellow, kBlack});
    EXPECT_EQ(p[0], spot_of(kMarks, kYellow));
    EXPECT_EQ(p[1], spot_of(kMarks, kBrown));
}

TEST(SnookerRules, RespotBehindOwnSpotWhenAllSpotsAreTaken) {
    std::vector<Placed> balls;
    for (int c = kYellow; c <= kBlack; ++c)
        if (c != kGreen) balls.push_back({c, spot_of(kMarks, c)});
    balls.push_back({1, spot_of(kMarks, kGreen) + Vec2{-0.01, 0.0}}); // a red on the green spot
    const Vec2 g = respot_positions(kSpec, balls, {kGreen}).front();
    EXPECT_EQ(g.y, spot_of(kMarks, kGreen).y);
    EXPECT_GT(g.x, spot_of(kMarks, kGreen).x); // towards the top cushion
    EXPECT_GE(length(g - balls.back().position), 2 * kR);
    EXPECT_LT(g.x - spot_of(kMarks, kGreen).x, 2 * kR + 0.001); // as near as possible
}

TEST(SnookerRules, PinkGoesBelowItsSpotWhenTheWayToTheTopIsBlocked) {
    std::vector<Placed> balls;
    for (int c = kYellow; c <= kBlack; ++c)
        if (c != kPink) balls.push_back({c, spot_of(kMarks, c)});
    // A wall of balls from the pink spot to the top cushion (more than 15: a test position).
    const double top = kSpec.length / 2 - kR;
    for (double x = spot_of(kMarks, kPink).x; x <= top + 2 * kR; x += 2 * kR)
        balls.push_back({1, {x, 0.0}});
    const Vec2 p = respot_positions(kSpec, balls, {kPink}).front();
    EXPECT_EQ(p.y, 0.0);
    EXPECT_LT(p.x, spot_of(kMarks, kPink).x);
    EXPECT_GT(p.x, spot_of(kMarks, kPink).x - 2 * kR - 0.001); // as near as possible
}

// ---- the opponent's choice (3.15) ----

TEST(SnookerRules, PlayOnOrPutTheOffenderIn) {
    const auto v = judge(in_play(), kSpec, stroke(all_balls(), {hit(0.1, 0, kBlack)}));
    ASSERT_TRUE(v.after.reply_pending);
    const auto on = reply(v.after, Reply::PlayOn);
    ASSERT_TRUE(on.ok);
    EXPECT_EQ(on.after.shooter, 1);
    EXPECT_FALSE(on.replace_balls);
    const auto again = reply(v.after, Reply::OffenderPlaysAgain);
    ASSERT_TRUE(again.ok);
    EXPECT_EQ(again.after.shooter, 0);
    EXPECT_FALSE(again.after.reply_pending);
    EXPECT_EQ(again.after.scores[1], 7);             // the penalty stands
    EXPECT_FALSE(reply(on.after, Reply::PlayOn).ok); // nothing pending any more
}

// ---- miss (3.14) ----

TEST(SnookerRules, MissWhenABallOnWasInView) {
    // Reds in view from the D: missing them all is a foul and a miss.
    const auto v = judge(in_play(), kSpec, stroke(all_balls(), {hit(0.1, 0, kBlue)}));
    EXPECT_TRUE(v.miss);
    EXPECT_TRUE(v.after.miss);
    const auto r = reply(v.after, Reply::ReplaceAndReplay);
    ASSERT_TRUE(r.ok);
    EXPECT_TRUE(r.replace_balls);
    EXPECT_EQ(r.after.shooter, 0);
    EXPECT_EQ(r.after.scores[1], 5);
}

TEST(SnookerRules, ReplayRestoresTheBallOnOfTheMissedStroke) {
    FrameState s = in_play();
    s.on_colour = true;
    const auto v = judge(s, kSpec, stroke(without(all_balls(), {1}), {}, kPink));
    ASSERT_TRUE(v.miss);
    const auto r = reply(v.after, Reply::ReplaceAndReplay);
    EXPECT_TRUE(r.after.on_colour);
}

TEST(SnookerRules, NoMissWhenSnookered) {
    // Only the yellow on, hidden behind the brown right in front of the cue ball.
    const std::vector<int> colours{kYellow, kBrown, kBlack};
    ShotInput in;
    in.on_table = colours;
    in.before = {{kCue, {-1.0, 0.0}},
                 {kBrown, {-0.9, 0.0}},
                 {kYellow, {-0.7, 0.0}},
                 {kBlack, spot_of(kMarks, kBlack)}};
    in.after = in.before;
    in.events = {hit(0.1, 0, kBrown)};
    const auto v = judge(in_play(), kSpec, in);
    EXPECT_EQ(v.foul, Foul::WrongBallFirst);
    EXPECT_FALSE(v.miss);
    EXPECT_FALSE(reply(v.after, Reply::ReplaceAndReplay).ok);
}

TEST(SnookerRules, NoMissWhenSnookersAreNeeded) {
    FrameState s = in_play();
    s.scores = {0, 60}; // the striker needs snookers with 27 + 8 left
    const auto v = judge(
        s, kSpec, stroke({1, kYellow, kGreen, kBrown, kBlue, kPink, kBlack}, {hit(0.1, 0, kBlue)}));
    EXPECT_EQ(v.foul, Foul::WrongBallFirst);
    EXPECT_FALSE(v.miss);
}

TEST(SnookerRules, NoMissOnTheLastBlack) {
    FrameState s = in_play();
    s.scores = {40, 30};
    const auto v = judge(s, kSpec, stroke({kBlack}, {}));
    EXPECT_FALSE(v.miss);
}

// ---- free ball (3.12) ----

// The cue ball behind the blue with the reds beyond it; the opponent just fouled.
ShotInput snookering_foul() {
    ShotInput in;
    in.on_table = {1, kBlue, kBlack};
    in.before = {{kCue, {-1.0, 0.3}},
                 {1, {1.0, 0.0}},
                 {kBlue, {0.0, 0.0}},
                 {kBlack, spot_of(kMarks, kBlack)}};
    in.after = {{kCue, {-0.2, 0.0}},
                {1, {1.0, 0.0}},
                {kBlue, {0.0, 0.0}},
                {kBlack, spot_of(kMarks, kBlack)}};
    in.events = {};
    return in;
}

TEST(SnookerRules, FreeBallAfterAFoulThatLeavesASnooker) {
    const auto v = judge(in_play(), kSpec, snookering_foul());
    EXPECT_EQ(v.foul, Foul::NoContact);
    EXPECT_TRUE(v.free_ball);
    const auto on = reply(v.after, Reply::PlayOn);
    EXPECT_TRUE(on.after.free_ball);
    // Put back in, the offender gets no free ball.
    EXPECT_FALSE(reply(v.after, Reply::OffenderPlaysAgain).after.free_ball);
}

TEST(SnookerRules, NoFreeBallWhenBothEdgesOfABallOnAreInView) {
    ShotInput in = snookering_foul();
    move(in.after, kCue, {-0.2, 0.3});
    EXPECT_FALSE(judge(in_play(), kSpec, in).free_ball);
}

TEST(SnookerRules, FreeBallPottedCountsAsARedAndIsRespotted) {
    FrameState s = in_play(1);
    s.free_ball = true;
    ShotInput in = snookering_foul();
    in.before = in.after;
    in.after = gone(in.after, {kBlue});
    in.nominated = kBlue;
    in.events = {hit(0.1, 0, kBlue), pot(0.5, kBlue, 5)};
    const auto v = judge(s, kSpec, in);
    EXPECT_EQ(v.foul, Foul::None);
    EXPECT_EQ(v.points, 1);
    EXPECT_TRUE(v.after.on_colour);
    EXPECT_EQ(respot_of(v, kBlue), spot_of(kMarks, kBlue));
}

TEST(SnookerRules, FreeBallHittingAnotherColourIsAFoul) {
    FrameState s = in_play(1);
    s.free_ball = true;
    ShotInput in = snookering_foul();
    in.before = in.after;
    in.nominated = kBlue;
    in.events = {hit(0.1, 0, kBlack)};
    const auto v = judge(s, kSpec, in);
    EXPECT_EQ(v.foul, Foul::WrongBallFirst);
    EXPECT_EQ(v.penalty, 7);
}

TEST(SnookerRules, FreeBallInTheColoursScoresTheBallOnOnce) {
    FrameState s = in_play();
    s.free_ball = true;
    const std::vector<int> colours{kGreen, kBrown, kBlue, kPink, kBlack}; // green on
    auto in = stroke(colours, {hit(0.1, 0, kPink), pot(0.3, kPink, 1), pot(0.4, kGreen, 2)}, kPink);
    const auto v = judge(s, kSpec, in);
    EXPECT_EQ(v.foul, Foul::None);
    EXPECT_EQ(v.points, 3);
    EXPECT_EQ(respot_of(v, kPink), spot_of(kMarks, kPink)); // the green stays down
    EXPECT_EQ(v.respot.size(), 1u);
}

TEST(SnookerRules, FreeBallMustNotSnookerTheOpponent) {
    FrameState s = in_play(1);
    s.free_ball = true;
    ShotInput in;
    in.on_table = {1, kBlue, kBlack};
    in.before = {{kCue, {-0.5, 0.0}},
                 {1, {1.0, 0.0}},
                 {kBlue, {0.0, 0.0}},
                 {kBlack, spot_of(kMarks, kBlack)}};
    // The cue ball ends right behind the blue, the red beyond: the opponent is snookered.
    in.after = {{kCue, {-0.1, 0.0}},
                {1, {1.0, 0.0}},
                {kBlue, {0.0, 0.0}},
                {kBlack, spot_of(kMarks, kBlack)}};
    in.nominated = kBlue;
    in.events = {hit(0.1, 0, kBlue)};
    const auto v = judge(s, kSpec, in);
    EXPECT_EQ(v.foul, Foul::SnookeredBehindFreeBall);
    EXPECT_EQ(v.penalty, 4);
}

// ---- the end of the frame (3.8) ----

TEST(SnookerRules, LastBlackEndsTheFrame) {
    FrameState s = in_play();
    s.scores = {50, 52};
    const auto v = judge(s, kSpec, stroke({kBlack}, {hit(0.1, 0, kBlack), pot(0.5, kBlack, 3)}));
    EXPECT_TRUE(v.after.frame_over);
    EXPECT_EQ(v.after.winner, 0);
    EXPECT_EQ(v.after.scores[0], 57);
}

TEST(SnookerRules, FoulOnTheLastBlackEndsTheFrame) {
    FrameState s = in_play();
    s.scores = {50, 52};
    const auto v = judge(s, kSpec, stroke({kBlack}, {hit(0.1, 0, kBlack), pot(0.5, 0, 3)}));
    EXPECT_EQ(v.penalty, 7);
    EXPECT_TRUE(v.after.frame_over);
    EXPECT_EQ(v.after.winner, 1);
}

TEST(SnookerRules, TieAfterTheLastBlackRespotsIt) {
    FrameState s = in_play();
    s.scores = {45, 52};
    auto in = stroke({kBlack}, {hit(0.1, 0, kBlack), pot(0.5, kBlack, 3)});
    in.lot = 0; // player 0 wins the draw and has player 1 play first
    const auto v = judge(s, kSpec, in);
    EXPECT_FALSE(v.after.frame_over);
    EXPECT_TRUE(v.after.respotted_black);
    EXPECT_TRUE(v.after.in_hand);
    EXPECT_EQ(v.after.shooter, 1);
    EXPECT_EQ(respot_of(v, kBlack), spot_of(kMarks, kBlack));
    // The first score or foul then ends it.
    const auto w = judge(v.after, kSpec, stroke({kBlack}, {hit(0.1, 0, kBlack)}));
    EXPECT_FALSE(w.after.frame_over); // a safety: the black stays, player 0 to play
    const auto x = judge(w.after, kSpec, stroke({kBlack}, {}));
    EXPECT_TRUE(x.after.frame_over);
    EXPECT_EQ(x.after.winner, 1); // player 0 missed: 7 away
}

TEST(SnookerRules, ConcessionAndLostFrames) {
    FrameState s = in_play();
    s.scores = {10, 25};
    EXPECT_TRUE(cannot_win(s, {kBlack}, 0));
    EXPECT_FALSE(cannot_win(s, {kPink, kBlack}, 0)); // fouls on the pink can still come
    EXPECT_TRUE(needs_snookers(s, {kPink, kBlack}, 0));
    EXPECT_FALSE(needs_snookers(s, {kBlue, kPink, kBlack}, 0));
    const FrameState c = concede(s, 0);
    EXPECT_TRUE(c.frame_over);
    EXPECT_TRUE(c.conceded);
    EXPECT_EQ(c.winner, 1);
}

TEST(SnookerRules, BestOfFramesMatch) {
    MatchScore m;
    m.best_of = 5;
    m.frames = {2, 2};
    EXPECT_FALSE(m.over());
    m.frames = {3, 1};
    EXPECT_TRUE(m.over());
    EXPECT_EQ(m.winner(), 0);
}

// ---- the snooker itself (Section 2) ----

TEST(SnookerRules, SnookerGeometry) {
    const std::vector<Placed> straight{{kCue, {0.0, 0.0}}, {kBlue, {0.2, 0.0}}, {1, {0.6, 0.0}}};
    EXPECT_TRUE(snookered(straight, kR, {1}));
    EXPECT_FALSE(any_part_visible(straight, kR, {1}));
    // Half hidden: one edge in view, the other not.
    const std::vector<Placed> half{{kCue, {0.0, 0.0}}, {kBlue, {0.2, 0.0}}, {1, {0.6, 0.12}}};
    EXPECT_TRUE(snookered(half, kR, {1}));
    EXPECT_TRUE(any_part_visible(half, kR, {1}));
    const std::vector<Placed> clear{{kCue, {0.0, 0.0}}, {kBlue, {0.2, 0.3}}, {1, {0.6, 0.0}}};
    EXPECT_FALSE(snookered(clear, kR, {1}));
    // A ball on in the way is no obstruction.
    const std::vector<Placed> red_first{{kCue, {0.0, 0.0}}, {2, {0.2, 0.0}}, {1, {0.6, 0.0}}};
    EXPECT_FALSE(snookered(red_first, kR, {1, 2}));
}

// The club table scales the markings: along the table by its length, the D by its width.
TEST(SnookerRules, SmallerTableScalesTheMarkings) {
    game::TableSpec club = kSpec;
    club.length = 2.845;
    club.width = 1.422;
    const Markings m = markings(club);
    EXPECT_NEAR(m.baulk_x, -club.length / 2 + 0.737 * 2.845 / 3.569, 1e-12);
    EXPECT_NEAR(m.d_radius, 0.292 * 1.422 / 1.778, 1e-12);
    EXPECT_NEAR(spot_of(m, kBlack).x, club.length / 2 - 0.324 * 2.845 / 3.569, 1e-12);
    EXPECT_EQ(spot_of(m, kPink).x, club.length / 4);
    const auto balls = rack(club);
    for (const auto& b : balls)
        EXPECT_LT(std::abs(b.position.x), club.length / 2 - club.ball_radius) << b.id;
}

TEST(SnookerRules, RackAndMarkings) {
    const auto balls = rack(kSpec);
    ASSERT_EQ(balls.size(), 22u);
    EXPECT_DOUBLE_EQ(kMarks.baulk_x, -kSpec.length / 2 + 0.737);
    EXPECT_DOUBLE_EQ(kMarks.d_radius, 0.292);
    EXPECT_DOUBLE_EQ(spot_of(kMarks, kBlack).x, kSpec.length / 2 - 0.324);
    EXPECT_DOUBLE_EQ(spot_of(kMarks, kPink).x, kSpec.length / 4);
    for (const auto& a : balls) {
        if (a.id == kCue) {
            EXPECT_TRUE(in_d(kMarks, a.position));
        } else if (is_colour(a.id)) {
            EXPECT_EQ(a.position, spot_of(kMarks, a.id));
        } else {
            EXPECT_GT(a.position.x, spot_of(kMarks, kPink).x + 2 * kR);
        }
        for (const auto& b : balls) {
            if (a.id < b.id) {
                EXPECT_GE(length(a.position - b.position), 2 * kR) << a.id << " " << b.id;
            }
        }
    }
}

} // namespace

// Snooker (the official rules, WPBSA) as pure logic: given the frame before a stroke, the
// balls where they stood before it and where they came to rest, the nomination and the
// stroke's events, judge() decides points, fouls and their values, re-spots (with their
// positions), free ball, miss, the incoming player's choice and the end of the frame.
// Section and rule numbers below are those of the WPBSA "Official Rules of the Games of
// Snooker and English Billiards".
//
// Choices made where the rules leave one to the referee (also in docs/DESIGN.md):
// - Foul and a miss (3.14) is called when the striker fails to hit a ball on first and some
//   part of a ball on could be hit in a straight line from where the cue ball lay, unless
//   only the black was left or either player needed snookers before or after the stroke.
//   With no part of a ball on in view, the striker is taken to have tried (no miss).
// - A colour not nominated after a red: the first colour the cue ball hits is taken as the
//   nomination (the referee's "obvious" case); a foul with no nomination costs 7 (3.15).
// - A free ball not nominated: the first ball hit is taken as the nomination.
// - Re-spotted black (3.8): the winner of the draw (ShotInput::lot) has the other play first.
// - Angled ball (a cushion jaw in the way) is not a snooker: cushions are not considered.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "game/shot_events.hpp"
#include "game/snooker/snooker_table.hpp"
#include "game/table.hpp"

namespace billiards::game::snooker {

enum class Foul : std::uint8_t {
    None,
    NoContact,               // the cue ball hit no ball
    WrongBallFirst,          // first contact not with a ball on
    PottedNotOn,             // a ball not on went in
    InOff,                   // the cue ball went in
    SnookeredBehindFreeBall, // 3.12: the free ball (not potted) snookers the opponent
};
const char* to_string(Foul f);

// The incoming player's decision after a foul (3.15: play on or have the offender play
// again; 3.14: after a miss also have the balls replaced and the offender play again).
enum class Reply : std::uint8_t { PlayOn, OffenderPlaysAgain, ReplaceAndReplay };
const char* to_string(Reply r);

struct FrameState {
    std::array<std::string, 2> names{"Player 1", "Player 2"};
    int shooter = 0;
    std::array<int, 2> scores{};
    int break_points = 0;
    bool on_colour = false;         // a red went in on this visit: a (nominated) colour is on
    bool free_ball = false;         // the shooter may nominate any ball as the ball on (3.12)
    bool in_hand = true;            // cue ball in hand in the D
    bool reply_pending = false;     // the shooter (not the offender) must reply() first
    bool miss = false;              // ... and the foul was a miss: ReplaceAndReplay allowed
    bool free_ball_offered = false; // ... and PlayOn comes with a free ball
    int offender = -1;
    // The offender's state before the missed stroke, for ReplaceAndReplay.
    bool replay_on_colour = false, replay_free_ball = false, replay_in_hand = false;
    bool respotted_black = false;
    bool frame_over = false;
    bool conceded = false;
    int winner = -1;

    int opponent() const { return 1 - shooter; }
};

FrameState new_frame(int breaker,
                     const std::array<std::string, 2>& names = {"Player 1", "Player 2"});

struct ShotInput {
    std::vector<int> on_table;  // object-ball ids on the table before the stroke
    std::vector<Placed> before; // every ball (cue ball included) before the stroke
    std::vector<Placed> after;  // every ball still on the table at rest (cue ball if not in)
    int nominated = -1;         // after a red: a colour; with a free ball: any ball
    int lot = 0;                // the winner of the draw, if a re-spotted black comes up
    std::vector<ShotEvent> events;
};

struct Respot {
    int id = 0;
    Vec2 position{};
};

struct ShotVerdict {
    FrameState after;
    Foul foul = Foul::None;
    int penalty = 0; // points to the opponent
    int points = 0;  // points to the striker
    int first_contact = -1;
    int nominated = -1; // the nomination as judged (given or taken)
    bool cue_pocketed = false;
    bool miss = false;
    bool free_ball = false;    // the incoming player is snookered: free ball on offer
    std::vector<int> pocketed; // object-ball ids in time order
    std::vector<Respot> respot;
    std::vector<std::string> messages;
};

// Precondition: !before.frame_over && !before.reply_pending.
ShotVerdict judge(const FrameState& before, const TableSpec& spec, const ShotInput& in);

struct ReplyResult {
    bool ok = false;
    FrameState after;
    bool replace_balls = false; // put every ball back where it stood before the foul
    std::vector<std::string> messages;
};
ReplyResult reply(const FrameState& before, Reply choice);

// A player gives up the frame.
FrameState concede(const FrameState& before, int player);

// The balls the shooter may hit first (with a free ball, any ball may be nominated besides).
std::vector<int> balls_on(const FrameState& s, const std::vector<int>& on_table);
// Points still on the table: 8 a red (with its colour), the colours, and 7 when a colour is
// due after a red.
int points_remaining(const FrameState& s, const std::vector<int>& on_table);
// `player` needs penalty points to win: behind by more than the points remaining.
bool needs_snookers(const FrameState& s, const std::vector<int>& on_table, int player);
// Only the black is left and `player` is more than 7 behind: the frame is lost.
bool cannot_win(const FrameState& s, const std::vector<int>& on_table, int player);

// Part of some ball in `on` can be hit in a straight line (the cue ball is not snookered
// on every part of it).
bool any_part_visible(const std::vector<Placed>& balls, double radius, const std::vector<int>& on);

std::string status_line(const FrameState& s, const std::vector<int>& on_table);

// A match of best-of `frames` frames.
struct MatchScore {
    int best_of = 1;
    std::array<int, 2> frames{};
    bool over() const { return frames[0] * 2 > best_of || frames[1] * 2 > best_of; }
    int winner() const { return frames[0] * 2 > best_of ? 0 : frames[1] * 2 > best_of ? 1 : -1; }
};

} // namespace billiards::game::snooker

// 8-ball (WPA world rules) and 9-ball as pure logic, kept apart from the physics: given the
// rules state before a shot, the balls on the table, the shooter's call and the shot's event
// list, judge() decides legal or foul (and why), who shoots next, ball in hand, groups, game
// over and winner, and which balls to re-spot. Every decision comes with plain HUD messages.
//
// Choices made where the rules leave one (documented in one place):
// - 8-ball break: legal if an object ball is pocketed or at least four distinct object balls
//   reach a cushion. An illegal break is not a foul; the incoming player must decide():
//   AcceptTable, Rerack (the incoming player breaks) or RerackOpponentBreaks.
// - 8 on the break: always re-spotted (no re-rack option); with no scratch the breaker
//   continues, after a scratch the incoming player has ball in hand behind the head string.
// - Scratch on the 8-ball break: ball in hand behind the head string (kitchen). Placement is
//   restricted; the "shoot out of the kitchen" restriction is not enforced.
// - Calls: RulesOptions::call_shots = false (default) means only the 8 needs a called pocket;
//   any ball of the shooter's group pocketed on a legal shot counts ("slop"). On an open table
//   the group is that of the called ball if it went in (with a call), else of the first object
//   ball pocketed (by event time). With call_shots = true a pot counts only for the called
//   ball in the called pocket (pocket -1: any pocket).
// - The 8 pocketed with no called pocket (ShotCall::pocket == -1) loses like a wrong pocket.
// - 9-ball push-out: available on the shot right after a break that was not a foul, whoever
//   shoots it. Only a scratch is a foul on a push-out; balls pocketed stay down, the 9 is
//   re-spotted. The other player then decide()s: ShootAfterPushOut or PassBack.
// - Rails and jaws are all "cushions": any ball-cushion event counts as reaching a rail.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "game/game_kind.hpp"
#include "game/shot_events.hpp"
#include "game/table.hpp"
#include "physics/types.hpp"

namespace billiards::game {

inline constexpr int kEightBall = 8;
inline constexpr int kNineBall = 9;

enum class Group : std::uint8_t { None, Solids, Stripes };

enum class Foul : std::uint8_t {
    None,
    Scratch,        // cue ball pocketed
    NoContact,      // the cue ball hit no ball
    WrongBallFirst, // first contact not with a legal ball
    NoRail,         // nothing pocketed and no ball reached a cushion after the first contact
    IllegalBreak,   // 9-ball: fewer than four balls to a rail and nothing pocketed
};

// A decision the shooter must take before anything else can happen.
enum class Pending : std::uint8_t {
    None,
    IllegalBreak, // 8-ball: accept the table or re-rack
    PushOutReply, // 9-ball: shoot after the opponent's push-out or pass it back
};

enum class Choice : std::uint8_t {
    AcceptTable,          // IllegalBreak: play the table as it lies
    Rerack,               // IllegalBreak: re-rack, the chooser breaks
    RerackOpponentBreaks, // IllegalBreak: re-rack, the original breaker breaks again
    ShootAfterPushOut,    // PushOutReply: take the shot
    PassBack,             // PushOutReply: the player who pushed out shoots again
};

const char* to_string(Group g); // "open", "solids", "stripes"
const char* to_string(Foul f);  // short: "scratch", "no contact", ...
const char* to_string(Pending p);
const char* to_string(Choice c);

// Which group a ball number belongs to (None for the cue ball, the 8 and 9-ball balls > 15).
Group group_of(int ball);

struct RulesOptions {
    bool call_shots = false;
};

struct RulesState {
    GameKind kind = GameKind::EightBall;
    RulesOptions options;
    std::array<std::string, 2> names{"Player 1", "Player 2"};
    int shooter = 0;
    int breaker = 0;
    bool break_shot = true;          // the next shot is the break
    std::array<Group, 2> groups{};   // None while the table is open (8-ball)
    bool ball_in_hand = false;       // the shooter may place the cue ball
    bool kitchen = false;            // ... only behind the head string
    bool push_out_available = false; // 9-ball: the next shot may be declared a push-out
    Pending pending = Pending::None; // the shooter must decide() first
    std::array<int, 2> consecutive_fouls{};
    bool rerack = false; // set by decide(): the table must be racked anew
    bool game_over = false;
    int winner = -1;

    int opponent() const { return 1 - shooter; }
    bool open_table() const { return groups[0] == Group::None; }
};

// A new rack: `breaker` breaks with ball in hand behind the head string.
RulesState new_game(GameKind kind, int breaker, const RulesOptions& options = {},
                    const std::array<std::string, 2>& names = {"Player 1", "Player 2"});

struct ShotInput {
    std::vector<int> on_table; // object-ball ids on the table before the shot (no cue ball)
    ShotCall call;
    bool push_out = false;         // 9-ball: declared push-out (ignored when not available)
    std::vector<ShotEvent> events; // any order: judged in time order
};

struct ShotVerdict {
    RulesState after; // the state for the next shot
    Foul foul = Foul::None;
    bool break_shot = false;
    bool legal_break = false; // break shots only
    bool push_out = false;    // the shot was played as a push-out
    int first_contact = -1;   // id of the ball the cue ball hit first, -1 none
    bool cue_pocketed = false;
    std::vector<int> pocketed; // object-ball ids in time order
    std::vector<int> rails;    // object-ball ids that reached a cushion (distinct)
    bool scored = false;       // a ball counted for the shooter
    bool turn_continues = false;
    bool group_assigned = false;
    std::vector<int> respot;           // ball ids to put back (foot spot, see spot rules)
    std::vector<std::string> messages; // HUD, most important first
};

// The decision on one shot. Precondition: !before.game_over and before.pending == None.
ShotVerdict judge(const RulesState& before, const ShotInput& shot);

struct DecisionResult {
    bool ok = false; // the choice fits the pending decision
    RulesState after;
    std::vector<std::string> messages;
};
DecisionResult decide(const RulesState& before, Choice choice);

// The balls the shooter may legally hit first (empty on the break and during a push-out,
// where anything goes; on the break of 9-ball it is {lowest}).
std::vector<int> legal_targets(const RulesState& s, const std::vector<int>& on_table);
// Balls that score for the shooter when pocketed (the 8 only when the shooter is on it).
bool is_scoring_ball(const RulesState& s, const std::vector<int>& on_table, int ball);
// 8-ball: the shooter is on the 8 (own group cleared) and must call a pocket for it.
bool on_eight(const RulesState& s, int player, const std::vector<int>& on_table);
bool must_call_pocket(const RulesState& s, const std::vector<int>& on_table);

// One-line turn indicator: "Player 1 to shoot (solids), ball in hand".
std::string status_line(const RulesState& s, const std::vector<int>& on_table);

} // namespace billiards::game

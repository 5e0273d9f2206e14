// Three-cushion billiards (UMB World Rules for carom billiards) as pure functions: the
// shot's events decide whether it scored, and the state before plus that verdict decide
// the next state (innings, target, equal innings). No physics is run here.
//
// The balls: ids 0 (white, player 0's cue ball), 1 (yellow, player 1's) and 2 (red).
//
// Counting from the event list (physics events with ball ids, any order, judged by time):
// - A cue-ball contact with an object ball is a BallBall event between the cue ball and that
//   ball, whichever of the two was moving: the event list does not say, and a ball driven
//   into the resting cue ball is rare enough that the rule books' "the cue ball must move
//   into it" is not modelled. BallBall events between the two object balls (kisses) are
//   never cue-ball contacts.
// - A cushion contact is a BallCushion event of the cue ball; every one counts, the same
//   rail again included (a frozen ball rolling along a rail makes no repeated events).
// - Point: the cue ball contacts both object balls, and at least three cushion contacts
//   come before its first contact with the second object ball (before the first ball,
//   between the two, or both: a cushion-first "bank" counts).
// - The break: the breaker's cue ball must contact the red first, else no point.
// - A frozen cue ball (UMB, balls in contact): see frozen_ball and FrozenChoice below.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/vec.hpp"
#include "game/shot_events.hpp"

namespace billiards::game {

inline constexpr int kCaromWhite = 0;
inline constexpr int kCaromYellow = 1;
inline constexpr int kCaromRed = 2;

// The cue ball of a player (0: white, 1: yellow).
constexpr int carom_cue_ball(int player) {
    return player == 0 ? kCaromWhite : kCaromYellow;
}

struct CaromShot {
    bool point = false;
    int first = -1;                 // id of the first object ball the cue ball contacted, -1 none
    int second = -1;                // id of the other object ball when contacted, -1 none
    int cushions_before_second = 0; // cue-ball cushion contacts before `second` (or all)
    int cushions = 0;               // all cue-ball cushion contacts of the shot
    bool break_foul = false;        // on the break: the red was not contacted first
    std::string message;            // "Point: 4 cushions before the second ball"
};

// Judges one shot of the ball with id `cue` (the other two ids are the object balls).
// `frozen`: the object ball the cue ball was frozen to when the player chose to play away
// (-1: none); a contact with it counts only once the cue ball has touched a cushion or the
// other object ball (it cannot be the first ball played from contact).
CaromShot judge_carom(int cue, const std::vector<ShotEvent>& events, bool break_shot,
                      int frozen = -1);

// UMB, balls in contact: when the shooter's cue ball touches an object ball at the start of
// a shot, the player chooses to play away from it (judge_carom's `frozen`) or to have the
// balls spotted as at the opening (the shooter's ball in the breaker's place), then plays
// an ordinary shot (either ball first).
enum class FrozenChoice : std::uint8_t { None, PlayAway, Spot };
// Centres closer than two radii plus this are touching (m): the world leaves touching balls
// a rounding error apart, a real gap shows light between the balls.
inline constexpr double kFrozenGap = 1e-4;
// The object ball id the cue ball `cue` is frozen to, -1 none (the nearer when both are);
// `at` holds the three balls' centres by id, `radius` their radius.
int frozen_ball(int cue, const std::array<Vec2, 3>& at, double radius);
const char* frozen_choice_name(FrozenChoice c); // "none", "play_away", "spot"

// The targets and innings limits (0: none) the game offers.
inline constexpr std::array<int, 7> kCaromTargets{10, 15, 20, 25, 30, 40, 50};
inline constexpr std::array<int, 3> kCaromInningsLimits{0, 25, 50};

struct CaromOptions {
    int target = 40;       // points to win
    int innings_limit = 0; // 0: none; else the game ends when both have played this many
};

// Innings: a player's turn at the table, counted for each player when it starts. UMB equal
// innings: the breaker reaching the target ends nothing yet; the other player gets one last
// inning (if it has had fewer) and draws by reaching the target too. With an innings limit
// the game ends once the second player finishes that inning: the higher score wins, equal
// scores draw.
struct CaromState {
    CaromOptions options;
    int breaker = 0;
    int shooter = 0;
    bool break_shot = true; // the next shot is the opening shot
    std::array<int, 2> score{};
    std::array<int, 2> innings{}; // innings begun by each player
    int run = 0;                  // points of the current inning (series)
    std::array<int, 2> high_run{};
    bool last_inning = false; // the second player's equalizing inning is on
    bool game_over = false;
    int winner = -1; // -1 with game_over: a draw
    bool draw() const { return game_over && winner < 0; }
};

// Precondition for every function below: 0 < target and 0 <= innings_limit.
CaromState new_carom_game(const CaromOptions& options, int breaker);
// The state after a shot by before.shooter that scored (`point`) or not. Precondition:
// !before.game_over.
CaromState carom_after_shot(const CaromState& before, bool point);
// "Yellow to shoot: 12 - 9, inning 8", "White wins 40 - 33 in 21 innings", "Draw 40 - 40"
std::string carom_status(const CaromState& s);

} // namespace billiards::game

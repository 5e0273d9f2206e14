// One game of any kind (8-ball, 9-ball, snooker, three-cushion) behind one interface, made
// by one factory: a caller that plays, shows or records a game needs no other type. Each
// discipline answers it in one file over its own match type (pool_game.cpp over Match,
// snooker_game.cpp over snooker::Match, three_cushion_game.cpp over CaromGame), whose rules
// stay pure functions.
//
// A game is a match of games between two seats: over() ends the current game (a pool rack,
// a snooker frame, a three-cushion game), rematch() starts the next one, and match_over()
// says when no next game is due (snooker's best-of; pool and three-cushion go on as long as
// asked). A shot is begin_shot, step_shot until shot_at_rest, then finish_shot (shoot() does
// all three, so both give the same table); next() says what the player to act may do.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/vec.hpp"
#include "game/cue.hpp"
#include "game/game_kind.hpp"
#include "game/last_shot.hpp"
#include "game/seats.hpp"
#include "game/shot_events.hpp"
#include "game/table.hpp"
#include "physics/types.hpp"
#include "physics/world.hpp"

namespace billiards::game {

// "8ball", "9ball", "snooker", "three-cushion" (the command line's names); false otherwise.
bool parse_game_kind(const std::string& text, GameKind& kind);

struct GameOptions {
    std::array<Seat, 2> seats{};
    std::uint64_t seed = 1;
    int max_shots = 0;     // per game, then the game is declared; 0: the kind's own default
    int best_of = 1;       // snooker: frames of the match
    int target = 40;       // three-cushion: points to win
    int innings_limit = 0; // three-cushion: innings each at most (0: none)
    bool practice = false; // undo allowed
    // The table, the physics and the cue; none: the kind's own, as the game plays (pool-9ft,
    // snooker's full-size table, a 10 ft carom table; play_params() or its carom and snooker
    // variants; an ordinary shaft).
    std::optional<TableSpec> table;
    std::optional<physics::Params> params;
    std::optional<CueParams> cue;
    double max_shot_seconds = 0.0; // simulated seconds a shot may run; 0: the kind's default
    bool call_shots = false;       // pool: every pot must be called
    int breaker = -1;              // three-cushion, the first game: -1 the lag decides, else 0, 1
    // Three-cushion: a position set up, each game's start (the balls 0 white, 1 yellow, 2 red);
    // empty: the opening position.
    std::vector<physics::BallDef> opening;
};

// A choice a player must (or, at three-cushion with a frozen cue ball, may) make instead of
// a shot.
enum class Decision : std::uint8_t {
    AcceptTable,          // 8-ball, illegal break: play the table as it lies
    Rerack,               // ... re-rack, the chooser breaks
    RerackOpponentBreaks, // ... re-rack, the original breaker breaks again
    ShootAfterPushOut,    // 9-ball: take the shot after the opponent's push-out
    PassBack,             // ... or pass it back
    PlayOn,               // snooker, after a foul: play from where the balls lie
    OffenderPlaysAgain,   // ... the offender plays again
    ReplaceAndReplay,     // ... after a miss: the balls put back, the offender plays again
    PlayAway,             // three-cushion, frozen cue ball: play away from the ball
    Spot,                 // ... or have the balls spotted
};
const char* to_string(Decision d);

// What the player to act may do next.
struct Turn {
    int shooter = 0;
    bool computer = false;           // that seat is the computer's
    bool may_shoot = false;          // a shot may begin now
    bool place_cue = false;          // the cue ball is in hand: place_cue_ball() before shooting
    int cue_ball = kCueBall;         // the ball the shooter strikes
    bool call_pocket = false;        // 8-ball: the shot must call a pocket
    bool push_out = false;           // 9-ball: the shot may be declared a push-out
    bool nominate = false;           // snooker: a colour (or a free ball) is on: nominate it
    std::vector<Decision> decisions; // when may_shoot is false: answer one of these
};

// One shot as a player plays it; the fields a kind does not use are ignored.
struct Stroke {
    CueShot shot{};
    ShotCall call{};       // pool
    bool push_out = false; // 9-ball
    int nominated = -1;    // snooker
};

// What a shot did, in every kind's terms.
struct ShotOutcome {
    int number = 0; // 1-based within the game
    int shooter = 0;
    CueShot shot{};
    bool foul = false;
    int points = 0;            // snooker: points scored; three-cushion: 1 for a point
    std::vector<int> pocketed; // ball ids, in time order (none at three-cushion)
    std::vector<std::string> messages;
};

// One thing a player did, as a save keeps it: a new game made with a game's options() and
// fed its inputs() in order is that game again, bit for bit (the computer's moves are kept
// as the placements, strokes and decisions they made).
struct GameInput {
    enum class Kind : std::uint8_t { PlaceCue, Stroke, Decide, Undo, Rematch, Concede };
    Kind kind = Kind::Stroke;
    Vec2 position{};                           // PlaceCue
    Stroke stroke{};                           // Stroke
    Decision decision = Decision::AcceptTable; // Decide
    int player = 0;                            // Concede (snooker: that seat gives up the frame)
};

// The computer's move thought out apart from the game, so that a caller may think on another
// thread and show the shot lined up before it is played.
struct ComputerMove {
    std::optional<Decision> decision; // a decision only: nothing to strike
    bool concede = false;             // snooker: the frame given up
    CueShot shot{};                   // else the shot to strike, as lined up
    std::string plan;                 // in words, for the player
    // Practice: the path each ball is meant to take (ball id, points).
    std::vector<std::pair<int, std::vector<Vec2>>> paths;
    std::shared_ptr<const void> own; // the discipline's own move, read by its game only
    bool is_shot() const { return !decision && !concede; }
};

struct Score {
    int game_number = 1;         // 1-based
    std::array<int, 2> games{};  // games (frames) won
    std::array<int, 2> points{}; // this game: snooker and three-cushion scores
    int winner = -1;             // of this game, once over (-1: none or a draw)
    bool capped = false;         // this game was ended by the shot cap
};

class Game {
  public:
    virtual ~Game() = default;

    virtual GameKind kind() const = 0;
    virtual const Table& table() const = 0;
    virtual const physics::World& world() const = 0;
    virtual const CueParams& cue() const = 0;
    virtual std::array<std::string, 2> names() const = 0;

    // The shot: begin (false and *why when refused), step until at rest, then finish.
    virtual bool begin_shot(const Stroke& stroke, std::string* why = nullptr) = 0;
    virtual void step_shot() = 0;
    virtual bool shot_at_rest() const = 0;
    virtual bool rolling() const = 0;
    virtual ShotOutcome finish_shot() = 0;
    // begin + run to rest + finish; nothing when refused.
    std::optional<ShotOutcome> shoot(const Stroke& stroke, std::string* why = nullptr);

    // The cue ball in hand.
    virtual bool placement_ok(Vec2 p, std::string* why = nullptr) const = 0;
    virtual bool place_cue_ball(Vec2 p, std::string* why = nullptr) = 0;
    // One of next().decisions; false when it does not fit.
    virtual bool decide(Decision d) = 0;

    // The computer: whether the seat to act is the computer's, and its move played (a shot
    // run to rest, a placement, a decision).
    virtual bool computer_to_act() const = 0;
    virtual bool play_computer_turn() = 0;

    // Practice: back before the last shot or decision.
    virtual bool can_undo() const = 0;
    virtual bool undo() = 0;

    // The next game (the other player breaks); false while a shot rolls or when the match
    // is over.
    virtual bool rematch() = 0;
    virtual bool over() const = 0;       // this game
    virtual bool match_over() const = 0; // no next game is due
    virtual std::string status() const = 0;
    virtual Turn next() const = 0;
    virtual Score score() const = 0;
    virtual int shots() const = 0; // shots of this game
    virtual const LastShot* last_shot() const = 0;
    // An independent copy (a what-if shot played on it leaves this game as it is).
    virtual std::unique_ptr<Game> clone() const = 0;

    // The seats as the game was made with them (names, human or computer, levels).
    virtual std::array<Seat, 2> seats() const = 0;
    virtual bool practice() const = 0; // undo allowed
    // The computer's turn in steps for a screen: a job that thinks out the move (it holds a
    // copy of what it needs and may run on any thread), what comes before its shot (the
    // decision, the cue ball placed, the balls spotted; false when that does not fit), then
    // the shot begun.
    virtual std::function<ComputerMove()> computer_thinking() const = 0;
    virtual bool computer_prepares(const ComputerMove& move) = 0;
    virtual bool begin_computer_shot(const ComputerMove& move, std::string* why = nullptr) = 0;

    // What a save keeps: the options the game was made with (the table, physics and cue
    // filled in) and every input since; feed() plays one input (a stroke run to rest), false
    // with *why when it does not fit.
    virtual GameOptions options() const = 0;
    virtual std::vector<GameInput> inputs() const = 0;
    virtual bool feed(const GameInput& input, std::string* why = nullptr) = 0;
};

// A game of any kind, by game_kind.hpp's table: each kind's line names the folder whose
// make_FOLDER_game makes it.
std::unique_ptr<Game> make_game(GameKind kind, const GameOptions& options);
#define BILLIARDS_KIND_MAKER(id, cli, name, label, noun, folder)                                   \
    std::unique_ptr<Game> make_##folder##_game(GameKind kind, const GameOptions& options);
BILLIARDS_GAME_KINDS(BILLIARDS_KIND_MAKER)
#undef BILLIARDS_KIND_MAKER

// make_game fed `inputs`: the game a save holds. When one does not fit: null, with its index
// in *failed and the reason in *why.
std::unique_ptr<Game> restore_game(GameKind kind, const GameOptions& options,
                                   const std::vector<GameInput>& inputs, std::size_t* failed,
                                   std::string* why);

} // namespace billiards::game

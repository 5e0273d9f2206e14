// Match flow over the rules and the ball world: racks, turns, ball in hand and cue-ball
// placement, the shooter's call, shot history, fouls and trays per player, computer seats,
// rematch, practice-mode undo and exact replay of the last shot. No SDL: a UI reads view()
// and world(), and feeds shots, placements and decisions.
//
// Typical UI loop:
//   Match m(config);
//   each frame:
//     if (m.phase() == Phase::Rolling) { m.step_shot(); if (m.shot_at_rest()) m.finish_shot(); }
//     else if (m.computer_to_act()) { AiMove mv = m.think(); m.apply(mv); }  // or on a thread:
//                                    // ai_decide(m.ai_request()) then m.apply(mv)
//     else human input: m.place_cue_ball(p) while view().ball_in_hand,
//                       m.decide(choice) while view().pending != Pending::None,
//                       m.begin_shot(shot, call, push_out)   (call.pocket when must_call_pocket)
//   show view().status, view().messages; at game over m.rematch().
// Headless: m.shoot(shot, call) runs the shot to rest and judges it; m.play_computer_turn().
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "game/cue.hpp"
#include "game/last_shot.hpp"
#include "game/pool/ai.hpp"
#include "game/pool/rules.hpp"
#include "game/seats.hpp"
#include "game/table.hpp"
#include "physics/world.hpp"

namespace billiards::game {

struct MatchConfig {
    GameKind kind = GameKind::EightBall;
    std::array<Seat, 2> seats{};
    TableSpec table{};
    physics::Params params{}; // ideal contact unless set (the game sets play_params())
    CueParams cue{};
    RulesOptions rules{};
    std::uint64_t seed = 1;          // racks and the computer's noise
    bool practice = false;           // undo allowed
    int max_shots = 300;             // per game: then the game is declared (see Match::declare)
    double max_shot_seconds = 120.0; // simulated time cap per shot (balls then stopped)
};

enum class Phase : std::uint8_t {
    Aiming,   // the shooter may place the cue ball (ball in hand) and shoot
    Deciding, // the shooter must decide() (illegal break, push-out reply)
    Rolling,  // a shot is in progress: step_shot() until shot_at_rest(), then finish_shot()
    GameOver,
};
const char* to_string(Phase p);

struct ShotRecord {
    int number = 0; // 1-based within the game
    int shooter = 0;
    CueShot shot{};
    ShotCall call{};
    bool push_out = false;
    ShotVerdict verdict;
};

// One input to a match, as recorded by Match::inputs(): feeding the same inputs to a new
// Match with the same config reproduces it exactly (a save file needs only these).
struct MatchInput {
    enum class Kind : std::uint8_t { PlaceCue, Shot, Decide, Undo, Rematch };
    Kind kind = Kind::Shot;
    Vec2 position{};                     // PlaceCue
    CueShot shot{};                      // Shot
    ShotCall call{};                     // Shot
    bool push_out = false;               // Shot
    Choice choice = Choice::AcceptTable; // Decide
};

// A plain copy of what a HUD shows.
struct MatchView {
    GameKind kind = GameKind::EightBall;
    std::array<std::string, 2> names;
    std::array<bool, 2> computer{};
    int game_number = 1;
    int breaker = 0;
    int shooter = 0;
    Phase phase = Phase::Aiming;
    std::array<Group, 2> groups{};
    bool open_table = true;
    std::array<std::vector<int>, 2> tray;       // object balls pocketed on each player's shots
    std::array<std::vector<int>, 2> balls_left; // 8-ball: each group's balls on the table
    std::vector<int> on_table;                  // object balls on the table
    std::vector<int> legal_targets;             // balls the shooter may hit first
    std::array<int, 2> fouls{};                 // this game
    std::array<int, 2> consecutive_fouls{};
    std::array<int, 2> games_won{};
    bool ball_in_hand = false;
    bool kitchen_only = false;
    bool must_call_pocket = false; // 8-ball: call a pocket for the 8
    bool push_out_available = false;
    Pending pending = Pending::None;
    int shots = 0;
    bool game_over = false;
    int winner = -1;
    bool capped = false;               // ended by the shot cap
    std::string status;                // "Player 1 to shoot (solids), ball in hand"
    std::vector<std::string> messages; // of the last shot or decision
    bool can_undo = false;
};

class Match {
  public:
    explicit Match(const MatchConfig& config);

    const MatchConfig& config() const { return config_; }
    const Table& table() const { return table_; }
    const physics::World& world() const { return g_.world; }
    const RulesState& rules() const { return g_.rules; }
    Phase phase() const;
    MatchView view() const;
    const std::vector<ShotRecord>& history() const { return g_.history; }
    const std::vector<std::string>& log() const { return g_.log; } // the whole game's messages
    int cue_index() const { return g_.world.index_of(kCueBall); }

    // Ball in hand: move the cue ball (it is put back on the table after a scratch).
    bool placement_ok(Vec2 p, std::string* why = nullptr) const;
    bool place_cue_ball(Vec2 p, std::string* why = nullptr);

    // Shots. begin_shot checks the phase, the tip offset and the push-out flag, applies the
    // strike and starts recording; the caller steps (animation) or shoot() runs it to rest.
    bool begin_shot(const CueShot& shot, const ShotCall& call = {}, bool push_out = false,
                    std::string* why = nullptr);
    void step_shot();          // one fixed physics step
    bool shot_at_rest() const; // at rest or past max_shot_seconds
    // Judges the shot (balls still moving past max_shot_seconds are stopped where they are).
    // Without a shot in progress it returns the last record (or an empty one).
    const ShotRecord& finish_shot();
    // Runs the shot in progress to rest (e.g. to skip the animation; the same steps, so the
    // same result) and judges it.
    const ShotRecord& complete_shot();
    // begin + run to rest + finish; nullptr (and *why) when the shot was refused.
    const ShotRecord* shoot(const CueShot& shot, const ShotCall& call = {}, bool push_out = false,
                            std::string* why = nullptr);

    // Pending decisions (illegal 8-ball break, 9-ball push-out reply).
    bool decide(Choice choice);

    // Computer seats.
    bool computer_to_act() const;
    AiRequest ai_request() const; // a self-contained copy: ai_decide() may run on a thread
    AiMove think() const { return ai_decide(ai_request()); }
    // Applies a move computed for the current position: decision, or placement + shot (run
    // to rest). Returns false when it does not fit the current phase.
    bool apply(const AiMove& move);
    // think() + apply(); the move is kept in last_ai_move().
    bool play_computer_turn();
    const AiMove& last_ai_move() const { return last_ai_; }

    // Practice mode: undo the last shot or decision (world and match state as before it).
    bool can_undo() const { return config_.practice && !undo_.empty() && !rolling_; }
    bool undo();

    // The last shot, for an exact replay; nullptr before the first shot.
    const LastShot* last_shot() const { return g_.has_last ? &g_.last : nullptr; }
    // Re-simulates a shot from its start state: the world at rest afterwards.
    // The shot's start with the strike applied: step it to watch the shot again.
    static physics::World replay_start(const LastShot& last, const CueParams& cue = {}) {
        return game::replay_start(last, cue);
    }
    static physics::World replay(const LastShot& last, const CueParams& cue = {},
                                 double max_seconds = 120.0) {
        return game::replay(last, cue, max_seconds);
    }

    // Every input so far (placements, shots, decisions, undos, rematches), computer moves
    // included as the placements, shots and decisions they made.
    const std::vector<MatchInput>& inputs() const { return inputs_; }
    // Applies one recorded input (a shot is run to rest). False when it does not fit.
    bool feed(const MatchInput& input);

    // Next game (also after a capped game): the other player breaks; games won are kept.
    void rematch();
    const std::array<int, 2>& games_won() const { return games_won_; }
    int game_number() const { return game_number_; }
    bool capped() const { return g_.capped; }

  private:
    struct Game {
        physics::World world = physics::World();
        RulesState rules;
        std::vector<ShotRecord> history;
        std::vector<std::string> log;
        std::vector<std::string> last_messages;
        std::array<std::vector<int>, 2> tray;
        std::array<int, 2> fouls{};
        int reracks = 0;
        bool capped = false;
        bool has_last = false;
        LastShot last;
    };

    void start_game(int breaker);
    void rerack();
    void after_shot(const ShotVerdict& v);
    void cue_ball_in_hand(); // puts a scratched cue ball back on a free spot
    void declare();          // the shot cap: decides the game
    void push_undo();
    void post(const std::vector<std::string>& messages);
    std::array<std::string, 2> names() const;

    MatchConfig config_;
    Table table_;
    Game g_;
    std::vector<Game> undo_;
    std::vector<MatchInput> inputs_;
    std::array<int, 2> games_won_{};
    int game_number_ = 1;
    bool rolling_ = false;
    CueShot pending_shot_{};
    ShotCall pending_call_{};
    bool pending_push_ = false;
    double shot_start_time_ = 0.0;
    physics::World shot_start_;
    AiMove last_ai_{};
};

} // namespace billiards::game

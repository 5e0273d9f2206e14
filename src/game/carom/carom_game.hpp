// A three-cushion game over the ball world: the opening position, the lag, and a game
// played shot by shot (by the computer here; a person's shots go through shoot()). The
// rules are carom_rules' pure functions; this holds the world and the history.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "game/carom/carom_ai.hpp"
#include "game/carom/carom_rules.hpp"
#include "game/cue.hpp"
#include "game/last_shot.hpp"
#include "game/physics_presets.hpp"
#include "game/table.hpp"
#include "physics/world.hpp"

namespace billiards::game {

// The three balls at these centres, by id (white, yellow, red), at rest.
std::vector<physics::BallDef> carom_balls(const TableSpec& spec, const std::array<Vec2, 3>& at);

// UMB opening position: the red on the foot spot, the other player's cue ball on the head
// spot, the breaker's on the head string 182 mm to the side (`side` +1: +y, -1: -y).
std::vector<physics::BallDef> carom_break_balls(const TableSpec& spec, int breaker, int side = -1);

// The lag (UMB): both players send their cue ball from the head string to the foot cushion
// and back; the ball that stops nearer the head cushion wins the choice and breaks. Each
// player's stroke is the speed that would stop the ball one ball-diameter off the head
// cushion, with its level's speed and heading noise from `seed`. Returns the winner (0, 1).
int carom_lag(const Table& table, const physics::Params& params, const CueParams& cue,
              const std::array<AiLevel, 2>& levels, std::uint64_t seed);

struct CaromGameConfig {
    TableSpec table{};
    physics::Params params{}; // the game plays carom_params()
    CueParams cue{};
    CaromOptions rules{};
    std::array<AiLevel, 2> levels{AiLevel::Medium, AiLevel::Medium};
    std::array<Noise, 2> noise{Noise::Level, Noise::Level}; // each computer's execution noise
    int breaker = -1;                                       // -1: decided by the lag
    std::uint64_t seed = 1;
    int max_shots = 2000; // then the game is stopped (capped), the higher score winning
    double max_shot_seconds = 60.0;
    bool practice = false; // undo allowed
    // Empty: UMB's opening position. Else a position set up: the three balls (ids 0, 1, 2,
    // apart and on the table), and the first shot is an ordinary one (no red first).
    std::vector<physics::BallDef> opening;
};

struct CaromRecord {
    int number = 0; // 1-based
    int shooter = 0;
    CueShot shot{};
    CaromShot result;
    CaromMove move;                           // the computer's plan (empty for a person's shot)
    FrozenChoice frozen = FrozenChoice::None; // the cue ball was frozen: the choice made
    int frozen_ball = -1;                     // the object ball it was frozen to
};

class CaromGame {
  public:
    explicit CaromGame(const CaromGameConfig& config);

    const CaromGameConfig& config() const { return config_; }
    const Table& table() const { return table_; }
    const physics::World& world() const { return world_; }
    const CaromState& state() const { return state_; }
    const std::vector<CaromRecord>& history() const { return history_; }
    bool capped() const { return capped_; }
    int lag_winner() const { return lag_winner_; } // -1 when the caller chose the breaker

    // UMB, balls in contact: the object ball the shooter's cue ball is frozen to (-1: none,
    // rolling, or the choice is made), and the player's choice for the next shot. Spot puts
    // the balls as at the opening, the shooter's ball in the breaker's place. Shooting
    // without a choice plays away. False when nothing is frozen or c is None.
    int frozen_ball() const;
    FrozenChoice frozen_choice() const { return next_frozen_; }
    bool choose_frozen(FrozenChoice c);
    // The request the computer decides on for the player to shoot.
    CaromAiRequest ai_request() const;
    // Plays `shot` for the player to shoot (run to rest, judged). False after the game.
    bool shoot(const CueShot& shot, const CaromMove& move = {});
    // The same shot in steps, for an animation: begin_shot applies the strike (false after
    // the game or with a bad tip or speed; a computer move's frozen choice first), step_shot runs
    // one fixed step until shot_at_rest(), finish_shot judges it. shoot() is begin, run to rest,
    // finish.
    bool begin_shot(const CueShot& shot, const CaromMove& move = {});
    void step_shot();
    bool shot_at_rest() const;
    const CaromRecord& finish_shot();
    bool rolling() const { return rolling_; }
    // Practice: back to before the last shot.
    bool can_undo() const { return config_.practice && !rolling_ && !undo_.empty(); }
    bool undo();
    // The last shot, for an exact replay (Match::replay_start); null before the first.
    const LastShot* last_shot() const { return has_last_ ? &last_ : nullptr; }
    // The computer's move for the player to shoot, then shoot() with its noisy shot.
    bool play_computer_turn();

  private:
    CaromGameConfig config_;
    Table table_;
    physics::World world_;
    CaromState state_;
    std::vector<CaromRecord> history_;
    bool capped_ = false;
    int lag_winner_ = -1;
    // The shot in progress.
    bool rolling_ = false;
    CaromRecord pending_;
    physics::World start_ = physics::World();
    double start_time_ = 0.0;
    LastShot last_;
    bool has_last_ = false;
    FrozenChoice next_frozen_ = FrozenChoice::None; // chosen for the next shot
    int next_frozen_ball_ = -1;
    struct Snapshot {
        physics::World world = physics::World();
        CaromState state;
        std::size_t shots = 0;
        bool has_last = false;
        LastShot last;
        FrozenChoice frozen = FrozenChoice::None;
        int frozen_ball = -1;
    };
    std::vector<Snapshot> undo_;
};

} // namespace billiards::game

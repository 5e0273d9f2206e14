// A snooker match of best-of-N frames over the ball world and the rules of snooker_rules:
// racks, the cue ball in hand in the D, strokes run to rest and judged, re-spots, the reply
// to a foul (with the balls put back after a miss), concession and the computer's seats.
// No SDL: a UI reads world(), frame() and the last record, and feeds moves.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "game/last_shot.hpp"
#include "game/physics_presets.hpp"
#include "game/seats.hpp"
#include "game/shot_events.hpp"
#include "game/snooker/snooker_ai.hpp"

namespace billiards::game::snooker {

struct MatchConfig {
    std::array<Seat, 2> seats{};
    TableSpec table = full_size_spec();
    physics::Params params{}; // as pool: the game sets play_params() (see for_table)
    CueParams cue{};
    std::uint64_t seed = 1;
    int best_of = 1;
    bool practice = false; // undo allowed
    int max_shots = 400;   // per frame: then the frame goes to the higher score
    double max_shot_seconds = 120.0;
};

// play_params() with the cushion nose at pool's 0.64 of the ball's diameter for this table's
// balls (the Mathavan model needs it between their centre and top).
physics::Params play_params_for(const TableSpec& table);

struct StrokeRecord {
    int number = 0; // 1-based within the frame
    int shooter = 0;
    CueShot shot{};
    int nominated = -1;
    ShotVerdict verdict;
};

// One input to a match: a new Match fed a match's inputs() is that match again (a save file).
struct MatchInput {
    enum class Kind : std::uint8_t { PlaceCue, Stroke, Reply, Undo, Concede, NextFrame };
    Kind kind = Kind::Stroke;
    Vec2 position{}; // PlaceCue
    CueShot shot{};  // Stroke
    int nominated = -1;
    Reply reply = Reply::PlayOn; // Reply
    int player = 0;              // Concede
};

class Match {
  public:
    explicit Match(const MatchConfig& config);

    const MatchConfig& config() const { return config_; }
    const Table& table() const { return table_; }
    const physics::World& world() const { return world_; }
    const FrameState& frame() const { return frame_; }
    const MatchScore& score() const { return score_; }
    int frame_number() const { return frame_number_; }
    int breaker() const { return breaker_; }
    bool over() const { return score_.over(); }
    bool capped() const { return capped_; }
    std::vector<int> on_table() const { return balls_on_table(world_); }
    const std::vector<StrokeRecord>& history() const { return history_; }
    std::string status() const { return status_line(frame_, on_table()); }

    // In hand: the cue ball anywhere in the D, on the cloth, touching no ball.
    bool placement_ok(Vec2 p, std::string* why = nullptr) const;
    bool place_cue_ball(Vec2 p, std::string* why = nullptr);
    // Runs a stroke to rest and judges it; nullptr (and *why) when refused.
    const StrokeRecord* shoot(const CueShot& shot, int nominated = -1, std::string* why = nullptr);
    // The same stroke in steps, for a screen that animates it: begin_stroke (false and *why
    // when refused), step_stroke() until stroke_at_rest(), then finish_stroke() judges it.
    // shoot() is built on these, so both give bit-identical tables.
    bool begin_stroke(const CueShot& shot, int nominated = -1, std::string* why = nullptr);
    void step_stroke(); // one fixed physics step
    bool stroke_at_rest() const;
    bool rolling() const { return rolling_; }
    const StrokeRecord& finish_stroke();
    // The last stroke from its start, for a replay (null before the first of the frame).
    const LastShot* last_shot() const { return has_last_ ? &last_ : nullptr; }
    // Practice: back before the last stroke or reply (of this frame).
    bool can_undo() const { return config_.practice && !undo_.empty() && !rolling_; }
    bool undo();
    bool reply(Reply choice);
    bool concede(int player);
    // Puts the frame at a given position (a drill, a test): the balls and the frame's state.
    void set_position(const physics::World& world, const FrameState& frame);
    // After a frame: the next one, the other player breaking. False when the match is over.
    bool next_frame();

    // Every input so far, the computer's moves included as the inputs they made (a position
    // set with set_position is not one: such a match does not replay).
    const std::vector<MatchInput>& inputs() const { return inputs_; }
    bool feed(const MatchInput& in); // false when it does not fit (a stroke is run to rest)

    bool computer_to_act() const;
    AiRequest ai_request() const;
    bool apply(const AiMove& move);
    // The computer's move for the seat to act, applied; the move in last_ai_move().
    bool play_computer_turn();
    const AiMove& last_ai_move() const { return last_ai_; }

  private:
    void start_frame();
    void frame_done();
    void put_cue_in_d(); // a pocketed cue ball back on the table for the player in hand

    MatchConfig config_;
    Table table_;
    physics::World world_ = physics::World();
    physics::World before_ = physics::World(); // the table before the last stroke (a miss)
    FrameState frame_;
    MatchScore score_;
    std::vector<StrokeRecord> history_;
    int frame_number_ = 1;
    int breaker_ = 0;
    bool capped_ = false;
    AiMove last_ai_{};
    // A stroke in progress (begin_stroke .. finish_stroke).
    bool rolling_ = false;
    int pending_nominated_ = -1;
    double stroke_start_time_ = 0.0;
    ShotInput pending_;
    LastShot last_{};
    bool has_last_ = false;
    struct Snapshot {
        physics::World world, before;
        FrameState frame;
        std::size_t history = 0;
        bool capped = false;
        bool has_last = false;
        LastShot last;
    };
    std::vector<Snapshot> undo_; // practice only
    std::vector<MatchInput> inputs_;
    void remember();
};

} // namespace billiards::game::snooker

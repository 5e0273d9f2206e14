// A snooker match: game::snooker::Match (best-of-N frames, human or computer seats) owns the
// world; this mode feeds it the player's strokes, cue ball placements in the D, nominations
// and replies to fouls, plays the computer's turns from a worker thread like MatchMode, and
// shows scores, break, points remaining and the ball on (snooker_hud.cpp). The shot flow
// itself is TableMode's.
#pragma once

#include <memory>
#include <string>

#include "app/computer_job.hpp"
#include "app/table_mode.hpp"
#include "game/snooker/snooker_match.hpp"

namespace billiards::app {

class SnookerMode final : public TableMode {
  public:
    SnookerMode(ModeContext& ctx, std::unique_ptr<game::snooker::Match> match,
                std::string table_name);
    ~SnookerMode() override; // waits for the computer's thinking, if any
    SnookerMode(const SnookerMode&) = delete;
    SnookerMode& operator=(const SnookerMode&) = delete;

    void advance(double real_seconds) override;
    bool apply(const Action& action) override;
    void describe_hud(render::SceneView& v) const override;
    Request draw_cards() override;

    const physics::World& world() const override { return match_->world(); }
    const game::Table& table() const override { return table_; }
    const std::string& table_name() const override { return table_name_; }
    const game::CueParams& cue() const override { return match_->config().cue; }
    ui::PlayMode rules() const override { return ui::PlayMode::Snooker; }
    int shots() const override { return shots_; }
    const game::LastShot* last_shot() const override { return match_->last_shot(); }
    bool is_match() const override { return true; }
    bool can_undo() const override { return match_->can_undo(); }
    bool game_over() const override { return match_->over(); }
    std::optional<SavedGame> saved_game() const override { return SavedGame::Snooker; }
    void save(const std::string& path) const override; // billiards-snooker-match/1
    std::string last_shot_file_name() const override;
    void save_last_shot(const std::string& path) const override;
    game::Table& panel_table() override { return table_; }
    std::string& panel_table_name() override { return table_name_; }

    const game::snooker::Match& snooker() const { return *match_; }
    int nominated() const { return nominated_; }
    bool computer_thinking() const override { return computer_.thinking(); }
    void wait_for_computer() override { computer_.wait(); }

  protected:
    bool strike(const game::CueShot& shot) override;
    bool placement_allowed(Vec2 p, std::string* why) const override;
    bool put_cue_ball(Vec2 p) override;
    bool may_take_ball_in_hand() const override;
    bool computer_turn() const override { return match_->computer_to_act(); }
    bool computer_aim_shown() const override { return computer_.shown(); }
    bool shot_phase() const override;
    bool paths_allowed() const override { return match_->config().practice; }
    bool table_click(Vec2 p) override;
    std::string status() const override;

  private:
    bool nominate(int ball);
    bool answer(game::snooker::Reply reply);
    bool undo();
    bool rematch();
    void after_change();
    void moved(); // a stroke or reply changed the frame: its news posted
    void poll_computer();
    void computer_decided(const game::snooker::AiMove& move);
    void computer_shoots(const game::snooker::AiMove& move);
    bool needs_nomination() const; // after a red or with a free ball

    std::unique_ptr<game::snooker::Match> match_;
    game::Table table_;
    std::string table_name_;
    int nominated_ = -1;
    ComputerJob<game::snooker::AiMove> computer_;
    std::size_t messages_seen_ = 0; // of the match's history, posted
};

} // namespace billiards::app

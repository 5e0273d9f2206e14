// A match: game::Match (8-ball or 9-ball rules, human or computer seats) owns the world; this
// mode feeds it the player's shots, placements, calls and decisions, plays the computer's
// turns from a worker thread, autosaves after every change, and turns the match into HUD
// cards, pocket marks and status lines (match_hud.cpp). The debug panel only reads its world.
#pragma once

#include <memory>
#include <string>

#include "app/computer_job.hpp"
#include "app/table_mode.hpp"
#include "game/pool/ai.hpp"

namespace billiards::app {

class MatchMode final : public TableMode {
  public:
    MatchMode(ModeContext& ctx, std::unique_ptr<game::Match> match, std::string table_name);
    ~MatchMode() override; // waits for the computer's thinking, if any, and forgets it
    MatchMode(const MatchMode&) = delete;
    MatchMode& operator=(const MatchMode&) = delete;

    void advance(double real_seconds) override;
    bool apply(const Action& action) override;
    void describe_hud(render::SceneView& v) const override;
    Request draw_cards() override;

    const physics::World& world() const override { return match_->world(); }
    const game::Table& table() const override { return table_; }
    const std::string& table_name() const override { return table_name_; }
    const game::CueParams& cue() const override { return match_->config().cue; }
    ui::PlayMode rules() const override;
    int shots() const override { return shots_; }
    const game::LastShot* last_shot() const override { return match_->last_shot(); }
    const game::Match* match() const override { return match_.get(); }
    bool is_match() const override { return true; }
    bool can_undo() const override { return match_->can_undo(); }
    bool game_over() const override { return match_->phase() == game::Phase::GameOver; }
    std::optional<SavedGame> saved_game() const override { return SavedGame::Pool; }
    void save(const std::string& path) const override;
    std::string last_shot_file_name() const override;
    void save_last_shot(const std::string& path) const override;
    game::Table& panel_table() override { return table_; }
    std::string& panel_table_name() override { return table_name_; }

    int called_pocket() const { return called_pocket_; }
    bool push_out() const { return push_out_; }
    bool computer_thinking() const override { return computer_.thinking(); }
    void wait_for_computer() override { computer_.wait(); }

  protected:
    bool strike(const game::CueShot& shot) override;
    bool placement_allowed(Vec2 p, std::string* why) const override;
    bool put_cue_ball(Vec2 p) override;
    bool may_take_ball_in_hand() const override;
    bool computer_turn() const override { return match_->computer_to_act(); }
    bool computer_aim_shown() const override { return computer_.shown(); }
    bool shot_phase() const override { return match_->phase() == game::Phase::Aiming; }
    bool paths_allowed() const override { return match_->config().practice; }
    bool table_click(Vec2 p) override;
    std::string status() const override;

  private:
    bool call_pocket(int pocket);
    void set_push_out(bool on);
    bool decide(game::Choice choice);
    bool undo();
    bool rematch();
    void after_change(); // a shot, decision, undo or load changed the match
    void moved();        // ...and its messages are news: post them, autosave
    void shot_done();
    void poll_computer();
    void computer_decided(const game::AiMove& move);
    void computer_shoots(const game::AiMove& move);
    int pocket_at(Vec2 table_point) const;

    std::unique_ptr<game::Match> match_;
    game::Table table_; // the match's, for the screen and the panel
    std::string table_name_;
    ComputerJob<game::AiMove> computer_;
    int called_pocket_ = -1;
    bool push_out_ = false;
};

} // namespace billiards::app

// A match of any kind: a game::Game (8-ball, 9-ball, snooker, three-cushion; human or computer
// seats) owns the world; this mode feeds it the player's shots, placements, calls,
// nominations and decisions, plays the computer's turns from a worker thread, autosaves after
// every change, and leaves what the kind shows and says to its GameHud (game_hud.hpp). The
// shot flow itself is TableMode's; the debug panel only reads the game's world.
#pragma once

#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/computer_job.hpp"
#include "app/game_hud.hpp"
#include "app/table_mode.hpp"
#include "game/game.hpp"

namespace billiards::app {

class MatchMode final : public TableMode {
  public:
    MatchMode(ModeContext& ctx, std::unique_ptr<game::Game> game, std::string table_name);
    ~MatchMode() override; // waits for the computer's thinking, if any, and forgets it
    MatchMode(const MatchMode&) = delete;
    MatchMode& operator=(const MatchMode&) = delete;

    void started() { hud_->started(*this); } // a new game (not a loaded one): its first news
    void advance(double real_seconds) override;
    bool apply(const Action& action) override;
    void describe(render::SceneView& v) const override;
    void describe_hud(render::SceneView& v) const override {
        hud_->describe_hud(v, *this);
        v.hud.card = card_up_;
    }
    Request draw_cards() override;

    const physics::World& world() const override { return game_->world(); }
    const game::Table& table() const override { return table_; }
    const std::string& table_name() const override { return table_name_; }
    const game::CueParams& cue() const override { return game_->cue(); }
    std::optional<game::GameKind> rules() const override { return game_->kind(); }
    int shots() const override { return shots_; }
    const game::LastShot* last_shot() const override { return game_->last_shot(); }
    const game::Game* game() const override { return game_.get(); }
    bool is_match() const override { return true; }
    bool can_undo() const override { return game_->can_undo(); }
    bool game_over() const override;
    bool restart() override { return hud_->restart(*this); }
    std::optional<game::GameKind> saved_game() const override { return game_->kind(); }
    void save(const std::string& path) const override;
    std::string last_shot_file_name() const override { return hud_->last_shot_file_name(*game_); }
    void save_last_shot(const std::string& path) const override;
    std::string last_shot_code() const override;
    std::optional<game::Scenario> last_shot_scenario() const override;
    game::Table& panel_table() override { return table_; }
    std::string& panel_table_name() override { return table_name_; }
    bool computer_thinking() const override { return computer_.thinking(); }
    void wait_for_computer() override { computer_.wait(); }

    // ---- for the kind's HUD (game_hud.hpp)
    game::Game& play() { return *game_; }
    const game::Game& play() const { return *game_; }
    ModeContext& context() const { return ctx_; }
    std::string name(int seat) const;
    using TableMode::placement_valid;
    using TableMode::placement_why;
    bool computer_turn() const override;
    bool computer_aim_shown() const override { return computer_.shown(); }
    int called_pocket() const { return stroke_.call.pocket; }
    bool push_out() const { return stroke_.push_out; }
    int nominated() const { return stroke_.nominated; }
    void set_nominated(int ball) { stroke_.nominated = ball; }
    const std::vector<render::PathView>& computer_path() const { return computer_path_; }
    int pocket_at(Vec2 table_point) const; // -1: none near
    bool decide(game::Decision d);
    // The next game in place of this one (a new match, a new lag); the hand back to its
    // start when `fresh_hand`.
    void replace_game(std::unique_ptr<game::Game> game, bool fresh_hand);
    void restart_count() { shots_ = 0; }
    void after_change(); // a shot, decision, undo or load changed the game
    using TableMode::aim_at_mouse;

    // ---- online (online_session.hpp): the seats played elsewhere wait like the computer's;
    // `moved` runs after each shot at rest and each decision, before the news (the lockstep
    // hashes the game there); the autosave goes to its own file (none: not saved).
    struct Online {
        std::array<bool, 2> remote{};
        std::function<void()> moved;
        std::string autosave;
    };
    void go_online(Online online) { online_ = std::move(online); }
    // A remote seat's input, played as the computer's are (a stroke rolls on screen); false
    // with *why when it does not fit.
    bool play_remote(const game::GameInput& input, std::string* why);
    bool next_game() { return game_over() && hud_->rematch(*this); } // online: both sides'
    void autosave() override;

  protected:
    bool strike(const game::CueShot& shot) override;
    bool placement_allowed(Vec2 p, std::string* why) const override;
    bool put_cue_ball(Vec2 p) override;
    bool may_take_ball_in_hand() const override;
    std::string no_ball_in_hand() const override;
    int cue_ball_id() const override { return game_->next().cue_ball; }
    bool shot_phase() const override { return game_->next().may_shoot; }
    bool paths_allowed() const override { return hud_->paths_allowed(*game_); }
    bool table_click(Vec2 p) override;
    std::string status() const override { return hud_->status(*this); }

  private:
    bool call_pocket(int pocket);
    void set_push_out(bool on);
    bool undo();
    bool rematch();
    void shot_done();
    void poll_computer();
    void computer_decided(game::ComputerMove move);
    void computer_shoots(const game::ComputerMove& move);
    void hand_to_shooter(); // the shooter's own cue settings on the hand

    std::unique_ptr<game::Game> game_;
    std::unique_ptr<GameHud> hud_;
    game::Table table_; // the game's, for the screen and the panel
    std::string table_name_;
    game::Stroke stroke_; // the player's call, push-out and nomination for the next shot
    ComputerJob<game::ComputerMove> computer_;
    std::vector<render::PathView> computer_path_; // practice: the computer's intended path
    // Each seat's cue settings while the other plays; the hand holds hand_seat_'s.
    std::array<CueSettings, 2> seat_cue_{};
    int hand_seat_ = -1;   // -1: the hand holds a fresh cue, the shooter's to take
    bool card_up_ = false; // this frame's cards drew a card of choices
    std::optional<Online> online_;
};

} // namespace billiards::app

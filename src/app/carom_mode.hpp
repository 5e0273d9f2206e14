// A three-cushion game: game::CaromGame (its world inside) played through TableMode's shot
// flow (aim, tip, elevation, power; no ball in hand, no pockets). The shot is stepped on
// screen; the computer's seats decide on a worker thread (as in MatchMode). The HUD (scores,
// each player's ball, target, innings, the last shot's verdict) is in carom_hud.cpp.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "app/computer_job.hpp"
#include "app/table_mode.hpp"
#include "game/carom/carom_game.hpp"

namespace billiards::app {

// Who plays: names and seats (human or computer) of player 1 (white) and 2 (yellow).
struct CaromPlayers {
    std::array<std::string, 2> names{"Player 1", "Player 2"};
    std::array<game::SeatKind, 2> seats{game::SeatKind::Human, game::SeatKind::Computer};
};

class CaromMode final : public TableMode {
  public:
    CaromMode(ModeContext& ctx, const game::CaromGameConfig& config, CaromPlayers players,
              std::string table_name);
    // A game in progress (loaded from a file).
    CaromMode(ModeContext& ctx, std::unique_ptr<game::CaromGame> game, CaromPlayers players,
              std::string table_name);
    ~CaromMode() override; // waits for the computer's thinking, if any
    CaromMode(const CaromMode&) = delete;
    CaromMode& operator=(const CaromMode&) = delete;

    void advance(double real_seconds) override;
    bool apply(const Action& action) override;
    void describe(render::SceneView& v) const override;
    void describe_hud(render::SceneView& v) const override;
    Request draw_cards() override;

    const physics::World& world() const override { return game_->world(); }
    const game::Table& table() const override { return table_; }
    const std::string& table_name() const override { return table_name_; }
    const game::CueParams& cue() const override { return game_->config().cue; }
    ui::PlayMode rules() const override { return ui::PlayMode::ThreeCushion; }
    int shots() const override { return static_cast<int>(game_->history().size()); }
    const game::LastShot* last_shot() const override { return game_->last_shot(); }
    bool is_match() const override { return true; }
    bool can_undo() const override { return game_->can_undo(); }
    bool game_over() const override { return game_->state().game_over; }
    bool restart() override;
    std::optional<SavedGame> saved_game() const override { return SavedGame::ThreeCushion; }
    void save(const std::string& path) const override; // io/carom_file.hpp
    std::string last_shot_file_name() const override;
    void save_last_shot(const std::string& path) const override;
    bool computer_thinking() const override { return computer_.thinking(); }
    void wait_for_computer() override { computer_.wait(); }
    game::Table& panel_table() override { return table_; }
    std::string& panel_table_name() override { return table_name_; }

    const game::CaromGame& game() const { return *game_; }
    const CaromPlayers& players() const { return players_; }
    // The computer's chosen shot's path (practice), while it is shown.
    const std::vector<render::PathView>& computer_path() const { return computer_path_; }

  protected:
    int cue_ball_id() const override { return game::carom_cue_ball(game_->state().shooter); }
    bool strike(const game::CueShot& shot) override;
    bool placement_allowed(Vec2, std::string* why) const override;
    bool put_cue_ball(Vec2) override { return false; }
    bool may_take_ball_in_hand() const override { return false; }
    bool computer_turn() const override;
    bool computer_aim_shown() const override { return computer_.shown(); }
    bool shot_phase() const override { return !game_over(); }
    bool paths_allowed() const override { return false; } // (the pool paths' cue ball)
    std::string status() const override;

  private:
    struct Decision {
        game::CaromMove move;
        std::vector<render::PathView> path; // practice: the intended shot's path
    };
    void new_game(const game::CaromGameConfig& config);
    void adopt(std::unique_ptr<game::CaromGame> game);
    void describe_diamonds(render::SceneView& v) const;
    bool undo();
    bool rematch();
    void after_change();
    void shot_done();
    void poll_computer();
    void start_thinking(); // the computer's decision (and practice path) on its worker
    void computer_decided(Decision d);
    void computer_shoots(const game::CaromMove& move);
    std::string name(int player) const { return players_.names[static_cast<std::size_t>(player)]; }

    std::unique_ptr<game::CaromGame> game_;
    CaromPlayers players_;
    game::Table table_; // the game's, for the screen and the panel
    std::string table_name_;
    ComputerJob<Decision> computer_; // the shown Decision's path is in computer_path_
    std::vector<render::PathView> computer_path_;
    std::string verdict_; // the last shot's, for the HUD
};

} // namespace billiards::app

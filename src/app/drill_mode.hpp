// A practice drill (game/drills/drill.hpp): the drill's set-up on its table, the player shoots,
// each shot is read from the physics and scored by the drill, the score shown after each
// attempt and at the end. An attempt is one shot, or a line-up's run until a miss; the table is
// set up again for the next. The shell keeps the best run (done()).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "app/table_mode.hpp"
#include "game/drills/drill.hpp"

namespace billiards::app {

class DrillMode final : public TableMode {
  public:
    // `done` runs once when the last attempt is over, with the run's total.
    DrillMode(ModeContext& ctx, const game::drills::Drill& drill, game::Table table,
              std::function<void(double total)> done);

    void advance(double real_seconds) override;
    bool apply(const Action& action) override;
    void describe(render::SceneView& v) const override;
    void describe_hud(render::SceneView& v) const override;
    bool restart() override; // the drill from its first attempt

    const physics::World& world() const override { return world_; }
    const game::Table& table() const override { return table_; }
    const std::string& table_name() const override { return drill_.table; }
    const game::CueParams& cue() const override { return cue_; }
    std::optional<game::GameKind> rules() const override { return std::nullopt; }
    int shots() const override { return shots_; }
    const game::LastShot* last_shot() const override { return last_ ? &*last_ : nullptr; }
    game::Table& panel_table() override { return table_; }
    std::string& panel_table_name() override { return table_name_; }

    const game::drills::Drill& drill() const { return drill_; }
    int attempt() const { return static_cast<int>(scores_.size()) + 1; } // being played
    const std::vector<double>& scores() const { return scores_; }        // finished attempts
    bool finished() const { return static_cast<int>(scores_.size()) >= drill_.attempts; }
    double total() const;

  protected:
    bool strike(const game::CueShot& shot) override;
    bool placement_allowed(Vec2 p, std::string* why) const override;
    bool put_cue_ball(Vec2 p) override;
    bool may_take_ball_in_hand() const override { return false; }
    std::string no_ball_in_hand() const override { return "No ball in hand in a drill"; }
    bool shot_phase() const override { return !finished(); }
    int cue_ball_id() const override { return game::kCueBall; }
    std::string status() const override;

  private:
    void set_up(); // the drill's position for the next attempt
    void shot_over();
    void attempt_over(double score);

    game::drills::Drill drill_;
    game::Table table_;
    std::string table_name_;
    game::CueParams cue_;
    physics::World world_;
    std::function<void(double)> done_;
    std::vector<double> scores_;
    double run_points_ = 0.0; // a line-up's attempt so far
    int target_ = -1;         // a line-up's ball to pot next
    std::optional<game::LastShot> last_;
};

} // namespace billiards::app

// The sandbox: free practice on one world, no rules and no turns. Racks, ball in hand
// anywhere, each shot's first contact and pocketed balls reported; the debug panel edits its
// world, table and cue.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/table_mode.hpp"

namespace billiards::app {

class SandboxMode final : public TableMode {
  public:
    SandboxMode(ModeContext& ctx, game::Table table, std::string table_name, physics::World world,
                game::CueParams cue);

    void advance(double real_seconds) override;
    bool apply(const Action& action) override;
    void describe_hud(render::SceneView& v) const override;

    const physics::World& world() const override { return world_; }
    const game::Table& table() const override { return table_; }
    const std::string& table_name() const override { return table_name_; }
    const game::CueParams& cue() const override { return cue_; }
    std::optional<game::GameKind> rules() const override { return std::nullopt; }
    int shots() const override { return shots_; }
    const game::LastShot* last_shot() const override { return last_ ? &*last_ : nullptr; }

    game::Table& panel_table() override { return table_; }
    std::string& panel_table_name() override { return table_name_; }
    physics::World* edit_world() override { return &world_; }
    game::CueParams* edit_cue() override { return &cue_; }
    void after_panel(const ui::PanelResult& r) override;

    void rack(game::RackKind kind);
    // The balls already pocketed go to the tray (a copy of a match's table).
    void fill_tray_from_table();

  protected:
    bool strike(const game::CueShot& shot) override;
    bool placement_allowed(Vec2 p, std::string* why) const override;
    bool put_cue_ball(Vec2 p) override;
    bool may_take_ball_in_hand() const override { return true; }
    std::string status() const override;

  private:
    void finish_shot();
    void cue_ball_only();
    // A new world: clocks, interpolation, shot count and tray start over.
    void world_replaced();

    physics::World world_;
    game::Table table_;
    std::string table_name_;
    game::CueParams cue_;
    std::vector<int> potted_; // this shot, in order
    std::vector<int> tray_;   // since the rack
    bool cue_scratched_ = false;
    int first_hit_ = -1; // id of the first ball the cue ball touched this shot
    std::optional<game::LastShot> last_;
};

} // namespace billiards::app

// A replay: the last shot re-simulated from its start state and stepped on screen, over the
// mode it came from (which waits, and shows its HUD under it). Esc skips it; at rest it is
// over, and its end state's hash is checked against the shot's when that is known.
#pragma once

#include <cstdint>
#include <string>

#include "app/game_mode.hpp"

namespace billiards::app {

class ReplayMode final : public GameMode {
  public:
    // `under`: the mode whose shot it replays, for the table, the cue and the HUD.
    ReplayMode(ModeContext& ctx, const GameMode& under, const game::LastShot& last,
               bool check_hash);

    void advance(double real_seconds) override;
    bool apply(const Action& action) override; // Esc (Back) skips; the camera zooms, pans
    void describe(render::SceneView& v) const override;
    void describe_hud(render::SceneView& v) const override;

    const physics::World& world() const override { return world_; }
    const game::Table& table() const override { return under_.table(); }
    const std::string& table_name() const override { return under_.table_name(); }
    const game::CueParams& cue() const override { return under_.cue(); }
    std::optional<game::GameKind> rules() const override { return under_.rules(); }
    game::Table& panel_table() override { return table_; }
    std::string& panel_table_name() override { return table_name_; }

    bool over() const { return over_; }
    bool skipped() const { return skipped_; }
    std::uint64_t end_hash() const { return world_.state_hash(); }
    // "Replay finished", or a plain word that it differs from the shot.
    std::string end_message() const;

  private:
    ModeContext& ctx_;
    const GameMode& under_;
    physics::World world_;
    game::Table table_; // a copy for the panel, which only reads it
    std::string table_name_;
    std::uint64_t expected_hash_ = 0;
    bool check_hash_ = false;
    bool over_ = false;
    bool skipped_ = false;
};

} // namespace billiards::app

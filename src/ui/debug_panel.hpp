// The Dear ImGui debug panel (F1): every ball editable live, drawing toggles, momentum and
// energy over time, the event log, physics parameters, clock controls, spawning, racks,
// and saving / loading the table as a scenario file. Edits go through ball_edit.hpp, so an
// invalid value is refused with a red message and never reaches the world.
#pragma once

#include <array>
#include <functional>
#include <map>
#include <optional>
#include <string>

#include "core/clock.hpp"
#include "game/cue.hpp"
#include "game/rack.hpp"
#include "game/simulation.hpp"
#include "game/table.hpp"
#include "physics/world.hpp"
#include "ui/event_log.hpp"

namespace billiards::ui {

// What the panel may read and change, owned by the game.
struct PanelContext {
    const physics::World& world; // what the panel shows
    // The same world to edit, or null: a match's (or its replay's) world, which changes only
    // through the match, is shown as it is, never copied, and refused to every edit.
    physics::World* edit;
    game::Table& table;
    std::string& table_name;
    FixedStepClock& clock;
    EventLog& events;
    bool& show_vectors;
    bool& show_geometry;
    bool& show_timing;
    // With no world to edit: why (shown above the panel's disabled controls).
    std::string read_only = {};
    // The sandbox's cue, whose end mass (squirt) the panel edits; null in a match.
    game::CueParams* cue = nullptr;
};

// What the game must do after the panel ran this frame.
struct PanelResult {
    bool world_edited = false;          // balls changed in place: resynchronise interpolation
    bool world_replaced = false;        // a scenario was loaded: world and table are new
    std::optional<game::RackKind> rack; // re-rack requested
    bool cue_ball_only = false;         // clear the table but for the cue ball
    bool edit_copy = false;             // read-only world: edit a copy of it in the sandbox
};

class DebugPanel {
  public:
    // Records momentum and energy for the plots (once per frame, while the world moves).
    void sample(const physics::World& world);
    // Builds the panel window; call between ImGui::NewFrame() and ImGui::Render().
    PanelResult draw(PanelContext& ctx, bool* open);

    // What committing a ball row does: check and apply the edit; a refused edit keeps its
    // values in the row, shown in red with the reason, until fixed or reverted. Returns the
    // error ("" when applied). The table's cells call this; tests and tools may too.
    std::string submit_ball_edit(PanelContext& ctx, int id, const physics::BallDef& def);
    // What committing the physics parameters does: check and apply them; refused, they stay
    // typed, the refused fields in red, with the reason. Returns the error ("" when applied).
    std::string submit_params(PanelContext& ctx, const physics::Params& params);
    // The "Scenario file" buttons: false on failure, with the message (shown in red) in
    // file_message(). Load replaces ctx.world and ctx.table and sets result.world_replaced.
    bool save(PanelContext& ctx, const std::string& path);
    bool load(PanelContext& ctx, const std::string& path, PanelResult& result);
    // The "Copy code" and "Paste code" buttons: the table shown as a share code (the buttons
    // put it on the clipboard; "" on failure, with the message), and a code's table set up
    // as Load does (a replayed shot's position, its shot played at once).
    std::string copy_code(const PanelContext& ctx);
    bool paste_code(PanelContext& ctx, const std::string& code, PanelResult& result);
    const std::string& file_message() const { return file_message_; }
    // Opens every section at the next draw.
    void expand_all() { expand_all_ = true; }
    std::string& scenario_path() { return path_; }
    // Whether the panel covered window point (x, y) when last drawn. ImGui's WantCaptureMouse
    // dates from the previous frame: a click that arrives together with the move onto the
    // panel would reach the table without this.
    bool covers(float x, float y) const {
        return x >= rect_[0] && y >= rect_[1] && x < rect_[0] + rect_[2] && y < rect_[1] + rect_[3];
    }

  private:
    struct Row {
        physics::BallDef def{};
        bool dirty = false; // being edited, or refused: keep the typed values
        std::string error;
    };
    void clock_section(PanelContext& ctx);
    void balls_section(PanelContext& ctx, PanelResult& result);
    void spawn_section(PanelContext& ctx, PanelResult& result);
    void plots_section(PanelContext& ctx);
    void events_section(PanelContext& ctx);
    void params_section(PanelContext& ctx, PanelResult& result);
    void file_section(PanelContext& ctx, PanelResult& result);
    // Load and Paste code: the scenario `read` gives (refused without a world to edit; its
    // exception the red message), then use_scenario.
    bool load_from(PanelContext& ctx, PanelResult& result, const std::string& what,
                   const std::function<game::Scenario()>& read);
    // Load's and Paste code's common end: the world and table of `s`, and the message.
    void use_scenario(PanelContext& ctx, const game::Scenario& s, const std::string& what,
                      PanelResult& result);

    static constexpr int kSamples = 400;
    std::array<float, kSamples> momentum_{};
    std::array<float, kSamples> energy_{};
    int sample_count_ = 0;
    int sample_next_ = 0;
    double last_sample_time_ = -1.0;

    std::map<int, Row> rows_; // by ball id
    physics::Params params_edit_{};
    bool params_dirty_ = false;
    std::string params_error_;
    std::optional<double> end_mass_typed_; // a refused cue end mass, kept as typed
    std::string end_mass_error_;
    physics::BallDef spawn_{};
    bool spawn_init_ = false;
    std::string spawn_error_;
    std::string path_ = "sandbox.json";
    std::string file_message_;
    bool expand_all_ = false;
    std::array<float, 4> rect_{}; // x, y, w, h of the window when last drawn (0: none)
    bool file_ok_ = true;
};

} // namespace billiards::ui

// The game without its window: practice/sandbox mode over the ball world. It takes SDL
// events and real frame times, runs the fixed physics steps, plays the shot flow (aim, pull
// back, shoot, roll, ball in hand) and describes each frame as a render::SceneView. The loop
// (loop.hpp) owns the window; tests drive GameApp directly or through the loop.
#pragma once

#include <SDL.h>

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "game/cue.hpp"
#include "game/rack.hpp"
#include "game/table.hpp"
#include "physics/world.hpp"
#include "render/layout.hpp"
#include "render/view.hpp"
#include "ui/debug_panel.hpp"
#include "ui/event_log.hpp"

namespace billiards::app {

enum class Mode {
    Aiming,  // balls at rest: aim, set spin and power, shoot
    Placing, // ball in hand: the cue ball follows the mouse until a click places it
    Rolling, // a shot (or an edit) set balls moving
};
const char* to_string(Mode m);

// Cue speed at full power, m/s (a hard break: the cue ball leaves at about 9.4 m/s).
inline constexpr double kMaxCueSpeed = 7.0;
// How far the mouse must be pulled back, in table metres, for full power.
inline constexpr double kMaxPull = 0.40;

class GameApp {
  public:
    GameApp(game::Table table, std::string table_name, std::uint64_t seed = 1);

    // --- driven by the loop ---------------------------------------------------------
    // Mouse positions in renderer output pixels (the loop scales window coordinates).
    void handle_event(const SDL_Event& e);
    // Real seconds since the last frame: fixed physics steps, then the shot flow.
    void update(double real_seconds);
    // The output size in pixels, for mapping the mouse onto the table.
    void set_output_size(int width, int height);
    render::SceneView view() const;

    // The debug panel works on the app's world, table and clock.
    ui::PanelContext panel_context();
    void after_panel(const ui::PanelResult& result);
    ui::DebugPanel& panel() { return panel_; }
    bool& panel_open() { return panel_open_; }

    bool quit_requested() const { return quit_; }
    bool take_screenshot_request();
    void screenshot_done(const std::string& path, const std::string& error);
    void set_frame_stats(double frame_seconds);

    // --- actions (keys and mouse map onto these; tests call them too) -----------------
    void aim_at(Vec2 table_point);
    void turn_aim(double radians);
    bool shoot(double power);                 // false when no shot can be played now
    void set_tip(double side, double height); // clamped to the miscue limit
    void rack(game::RackKind kind);
    void cue_ball_only();
    void begin_placement();
    bool place_cue_ball(Vec2 table_point);
    void post(std::string message);

    // --- state, for the panel, the HUD and tests ---------------------------------------
    Mode mode() const { return mode_; }
    const physics::World& world() const { return world_; }
    const game::Table& table() const { return table_; }
    FixedStepClock& clock() { return clock_; }
    double heading() const { return heading_; }
    double tip_side() const { return side_; }
    double tip_height() const { return height_; }
    double key_power() const { return key_power_; }
    bool dragging() const { return dragging_; }
    double drag_power() const { return pull_ / kMaxPull; }
    int shots() const { return shots_; }
    const std::deque<std::string>& messages() const;
    const render::Layout& layout() const { return layout_; }

  private:
    struct Message {
        std::string text;
        double expires = 0.0; // real seconds
    };

    void on_key(const SDL_KeyboardEvent& k);
    void on_mouse_down(const SDL_MouseButtonEvent& b);
    void on_mouse_up(const SDL_MouseButtonEvent& b);
    void on_mouse_move(Vec2 screen);
    void set_tip_from_screen(Vec2 screen);
    void finish_shot();
    void sync_interpolation();
    void world_replaced();
    int cue_index() const;
    bool cue_on_table() const;
    std::string status_line() const;

    game::Table table_;
    std::string table_name_;
    physics::World world_;
    FixedStepClock clock_;
    std::uint64_t seed_;
    std::vector<Vec2> previous_; // positions before the last step, for interpolation
    Mode mode_ = Mode::Aiming;

    // Aim and cue.
    double heading_ = 0.0;
    bool aim_locked_ = false; // fine aim with keys: the mouse takes over after a real move
    Vec2 lock_mouse_{};
    Vec2 mouse_{};             // screen pixels
    bool mouse_known_ = false; // a mouse event has arrived
    bool dragging_ = false;
    Vec2 drag_start_{}; // table metres
    double pull_ = 0.0; // m
    bool spin_drag_ = false;
    double side_ = 0.0, height_ = 0.0;
    double key_power_ = 0.5;
    game::CueParams cue_params_{};
    Vec2 placement_{};
    bool placement_valid_ = false;
    std::string placement_why_;

    // Shot flow and HUD.
    int shots_ = 0;
    std::vector<int> potted_; // this shot, in order
    std::vector<int> tray_;   // since the rack
    bool cue_scratched_ = false;
    int first_hit_ = -1; // id of the first ball the cue ball touched this shot
    std::deque<Message> messages_;
    mutable std::deque<std::string> message_texts_;
    double real_time_ = 0.0;

    // Debug and display toggles.
    ui::EventLog events_;
    ui::DebugPanel panel_;
    bool panel_open_ = false;
    bool show_vectors_ = false;
    bool show_geometry_ = false;
    bool show_timing_ = false;
    bool show_help_ = true;
    double frame_average_ = 1.0 / 60.0;
    int steps_last_frame_ = 0;
    bool screenshot_requested_ = false;
    bool quit_ = false;

    render::Layout layout_{};
    int output_w_ = 1280, output_h_ = 720;
};

} // namespace billiards::app

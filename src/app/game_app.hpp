// The game without its window. Screens: the main menu, then play: either the sandbox (free
// practice over the ball world) or a match (game::Match: 8-ball or 9-ball rules, human or
// computer seats). It takes SDL events and real frame times, runs the fixed physics steps,
// plays the shot flow (aim, pull back, shoot, roll, ball in hand, called pocket, push-out,
// decisions, computer turns on a worker thread, replay, undo, autosave) and describes each
// frame as a render::SceneView plus Dear ImGui windows (draw_ui). The loop (loop.hpp) owns
// the window; tests drive GameApp directly or through the loop.
#pragma once

#include <SDL.h>

#include <cstdint>
#include <deque>
#include <future>
#include <memory>
#include <optional>
#include <span>
#include <numbers>
#include <string>
#include <vector>

#include "audio/mixer.hpp"
#include "audio/sound_events.hpp"
#include "core/clock.hpp"
#include "game/cue.hpp"
#include "game/match.hpp"
#include "game/rack.hpp"
#include "game/table.hpp"
#include "io/settings.hpp"
#include "physics/world.hpp"
#include "render/layout.hpp"
#include "render/view.hpp"
#include "ui/debug_panel.hpp"
#include "ui/event_log.hpp"
#include "ui/menus.hpp"

namespace billiards::app {

enum class Mode {
    Aiming,  // balls at rest: aim, set spin and power, shoot
    Placing, // ball in hand: the cue ball follows the mouse until a click places it
    Rolling, // a shot (or an edit) set balls moving
};
const char* to_string(Mode m);

enum class Screen {
    Menu, // the main menu over the table
    Play, // sandbox or match
};

// Where the game keeps its files (an empty path: that file is never read or written, as in
// tests).
struct GameStorage {
    std::string settings; // menu choices and window size
    std::string autosave; // the match in progress, written after every shot
    std::string saved;    // "Save match" in the pause menu
    std::string replays;  // folder for "Save last shot" (billiards-replay/1 files)
};
// The user's folders (io/user_files.hpp): $BILLIARDS_HOME or the XDG places.
GameStorage default_storage();

struct SettingsLoad {
    io::Settings settings; // defaults when the file is missing or broken
    std::string message;   // a broken file: what was wrong and what was used instead
};
SettingsLoad load_game_settings(const std::string& path);

// The power control (0..1, pull or keys) to the cue speed. Up to kPowerKnee it is linear,
// kLowCueSpeed m/s of cue speed per unit of power (fine control of slow shots); above, a
// parabola with the same value and slope at the knee rises to kMaxCueSpeed, with which a
// centre hit sends the cue ball off at kMaxBallSpeed (a strong break; typical ones are 8-9).
inline constexpr double kMaxBallSpeed = 12.0; // m/s, cue ball at full power, centre hit
inline constexpr double kMaxCueSpeed = game::cue_speed_for(kMaxBallSpeed, physics::kBallMass);
inline constexpr double kLowCueSpeed = 7.0; // m/s per unit of power below the knee
inline constexpr double kPowerKnee = 0.6;
double cue_speed_for_power(double power);       // power clamped to [0, 1]
double power_for_cue_speed(double cue_speed);   // the inverse, clamped to [0, 1]
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

    // The debug panel works on the app's world, table and clock; a match's world it only
    // reads (PanelContext::edit is null).
    ui::PanelContext panel_context();
    void after_panel(const ui::PanelResult& result);
    ui::DebugPanel& panel() { return panel_; }
    bool& panel_open() { return panel_open_; }

    bool quit_requested() const { return quit_; }
    bool take_screenshot_request();
    void screenshot_done(const std::string& path, const std::string& error);
    void set_frame_stats(double frame_seconds);

    // The ImGui screens (menu, pause, game over, decisions, help, the first start's tip);
    // between NewFrame and Render.
    void draw_ui();

    // --- help and the first start's tip ------------------------------------------------
    bool help_open() const { return help_open_; }
    void show_help_screen(bool open); // pauses the physics while open
    ui::HelpInfo help_info() const;   // the controls and the rules of the game on screen
    // The tip ("Press H for help") for `seconds` of real time or until any key or click.
    void show_first_tip(double seconds = 8.0);
    bool tip_visible() const { return tip_until_ > real_time_; }
    void note_input(); // a key or click (the loop calls it before ImGui takes its share)

    // --- sound ---------------------------------------------------------------------------
    // On when there is a device to play them (the loop sets it): the shot's events, the
    // replay's and the computer's make sounds; take_sounds() hands them over each frame.
    void set_sound_output(bool on) { sound_on_ = on; }
    std::vector<audio::Play> take_sounds();
    double volume() const { return choices_.volume; }
    bool muted() const { return choices_.muted; }
    void toggle_mute();

    // --- screens and matches -------------------------------------------------------------
    Screen screen() const { return screen_; }
    void show_menu();
    ui::MenuChoices& choices() { return choices_; }
    // Starts what the menu's choices say: a match, or the sandbox. False (with a message
    // on the menu) when the choices do not make a game.
    bool start_from_choices();
    void start_match(const game::MatchConfig& config, const std::string& table_name);
    void start_sandbox(const std::string& table_name);
    // Leaves the match (or replay) for the sandbox with a copy of its world, to edit freely;
    // the match is autosaved first, so Continue on the main menu resumes it.
    void sandbox_from_match();
    const game::Match* match() const { return match_.get(); }
    bool pause_menu_open() const { return pause_menu_; }
    void open_pause_menu(bool open);
    bool undo();             // practice match: the last shot or decision
    bool replay_last_shot(); // re-simulates the last shot from its start state
    bool replaying() const { return replay_.has_value(); }
    std::uint64_t replay_end_hash() const { return replay_hash_; } // of the last replay
    bool call_pocket(int pocket); // 8-ball: the pocket for the 8 (-1: none)
    int called_pocket() const { return called_pocket_; }
    void set_push_out(bool on); // 9-ball: the next shot is a push-out
    bool push_out() const { return push_out_; }
    bool decide(game::Choice choice); // a pending decision of a human seat
    bool rematch();
    bool computer_thinking() const { return ai_job_.valid(); }
    // Blocks until the computer's pending decision is in (tests; the game polls).
    void wait_for_computer();
    void set_storage(GameStorage storage);
    const GameStorage& storage() const { return storage_; }
    // Files: false with the message posted (and kept for the menus) on failure.
    bool save_match(const std::string& path);
    // own_file: the game's autosave or saved match, which a broken copy is set aside from
    // (PATH.corrupt) for the backup; a file the player named is only read.
    bool load_match(const std::string& path, bool own_file = true);
    // The last shot as a replay file in storage().replays; the path, or "" (and a message).
    std::string save_last_shot();
    bool save_settings();
    void apply_settings(const io::Settings& settings); // the menu's choices from the file
    io::Settings settings() const;                     // ... and back, with the window size
    void set_window_size(int width, int height) {
        window_w_ = width;
        window_h_ = height;
    }
    const std::string& ui_message() const { return ui_message_; }
    void set_ui_message(std::string text, bool error); // shown on the menus

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
    // What is on the table: the replay, the match's world or the sandbox's.
    const physics::World& world() const;
    const game::Table& table() const { return table_; }
    FixedStepClock& clock() { return clock_; }
    double heading() const { return heading_; }
    double tip_side() const { return side_; }
    double tip_height() const { return height_; }
    double cue_elevation() const { return elevation_; }
    // Rounded to whole kElevationStep steps from 0 to 90 degrees, so a saved shot's
    // elevation is exact in degrees.
    void set_elevation(double radians);
    static constexpr double kElevationStep = std::numbers::pi / 36.0; // 5 degrees
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
    // A new world in the sandbox: clocks, interpolation, shot count and tray start over.
    void world_replaced();
    int cue_index() const;
    bool cue_on_table() const;
    std::string status_line() const;
    bool at_table() const; // playing, no menu, help or decision over the table
    // Sound: the impacts of one step of `w` (which began as `before`), delayed by their time
    // since `frame_start` so that a frame's impacts keep their spacing; the cue's knock.
    void step_sounds(const audio::StepStart& before, const physics::World& w,
                     std::span<const physics::Event> events, double frame_start);
    void cue_sound(double cue_speed, double x); // x: where the cue ball stands
    bool sound_wanted() const;

    // Match mode (game_match.cpp).
    void match_update_step();
    void match_shot_done();
    void match_after_change(); // a shot, decision, undo or load changed the match
    void match_moved();        // ...and its messages are news: post them, autosave
    void match_shot_started();
    void adopt_match(std::unique_ptr<game::Match> match, const std::string& table_name);
    void cancel_computer();                  // waits for a decision in progress and forgets it
    const game::LastShot* last_shot() const; // the match's, or the sandbox's
    void poll_computer();
    bool match_shoot(const game::CueShot& shot);
    bool match_place(Vec2 p);
    void match_view(render::SceneView& v) const;
    void ui_match_overlays();
    std::string match_status() const;
    void autosave();
    void log_new_events(const physics::World& world);
    bool placement_allowed(Vec2 p, std::string* why) const;
    int pocket_at(Vec2 table_point) const;
    void update_paths();
    void apply_table(const std::string& table_name);

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
    double elevation_ = 0.0; // radians the butt is raised (0 level .. pi/2)
    double key_power_ = 0.5;
    game::CueParams cue_params_ = game::play_cue(); // the match's cue in a match
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
    bool show_keys_ = true; // the key bar (K)
    double frame_average_ = 1.0 / 60.0;
    int steps_last_frame_ = 0;
    bool screenshot_requested_ = false;
    bool quit_ = false;

    render::Layout layout_{};
    int output_w_ = 1280, output_h_ = 720;

    // Screens and match.
    Screen screen_ = Screen::Play;
    ui::MenuChoices choices_;
    bool pause_menu_ = false;
    std::string ui_message_;
    bool ui_error_ = false;
    GameStorage storage_;
    int window_w_ = 1280, window_h_ = 720; // points, for the settings file
    std::unique_ptr<game::Match> match_;
    std::future<game::AiMove> ai_job_;
    std::optional<game::AiMove> ai_move_; // decided; shown as an aim before it is played
    double ai_shoot_at_ = 0.0;            // real time the computer's shot is played
    int called_pocket_ = -1;
    bool push_out_ = false;
    std::size_t events_logged_ = 0;        // of the match world's events this shot
    std::optional<physics::World> replay_; // the last shot re-simulated, stepped on screen
    std::uint64_t replay_hash_ = 0;
    std::optional<game::LastShot> sandbox_last_; // the match keeps its own
    std::vector<render::PathView> paths_;        // predicted paths for the current aim
    double paths_key_[5] = {1e300, 0, 0, 0, 0};

    // Help, tip and sound.
    bool help_open_ = false;
    bool paused_before_help_ = false;
    double tip_until_ = -1.0; // real seconds
    bool tip_shown_ = false;  // kept in the settings: the tip is shown once
    bool sound_on_ = false;
    std::vector<audio::Play> sounds_;
};

} // namespace billiards::app

// The shot flow that the sandbox and a match share: aiming with the mouse or keys, pulling
// back and shooting, the tip and the elevation, ball in hand, the aim aid and the predicted
// paths, the cue and controls on screen. What differs (how a shot is struck, where the cue ball
// may go, the HUD's words) the two modes fill in below.
#pragma once

#include <algorithm>
#include <numbers>
#include <span>
#include <string>
#include <vector>

#include "app/game_mode.hpp"
#include "game/cue.hpp"

namespace billiards::app {

// The power control (0..1, pull or keys) to the cue speed. Up to kPowerKnee it is linear,
// kLowCueSpeed m/s of cue speed per unit of power (fine control of slow shots); above, a
// parabola with the same value and slope at the knee rises to kMaxCueSpeed, with which a
// centre hit sends the cue ball off at kMaxBallSpeed (a strong break; typical ones are 8-9).
inline constexpr double kMaxBallSpeed = 12.0; // m/s, cue ball at full power, centre hit
inline constexpr double kMaxCueSpeed = game::cue_speed_for(kMaxBallSpeed, physics::kBallMass);
inline constexpr double kLowCueSpeed = 7.0; // m/s per unit of power below the knee
inline constexpr double kPowerKnee = 0.6;
double cue_speed_for_power(double power);     // power clamped to [0, 1]
double power_for_cue_speed(double cue_speed); // the inverse, clamped to [0, 1]
// How far the mouse must be pulled back, in table metres, for full power.
inline constexpr double kMaxPull = 0.40;
// Elevation comes in whole steps from 0 to 90 degrees, so a saved shot's is exact in degrees.
inline constexpr double kElevationStep = std::numbers::pi / 36.0; // 5 degrees

// The cue's controls on screen (power, tip, elevation, the ball speed they give), from the
// hand; a replay shows them too.
void describe_controls(render::SceneView& v, const Hand& hand, const physics::World& w,
                       const game::CueParams& cue);

// The table's camera moved by the player (zoom, pan, fit the table), at the table, during a
// replay and while the computer plays: false for any other command.
bool camera_command(ModeContext& ctx, const game::Table& table, Command c);
// The camera zoomed about the screen point `s`, and moved by `ds` screen pixels.
void zoom_camera(ModeContext& ctx, const game::Table& table, Vec2 s, double factor);
void pan_camera(ModeContext& ctx, const game::Table& table, Vec2 ds);

class TableMode : public GameMode {
  public:
    // A new mode shows its whole table.
    explicit TableMode(ModeContext& ctx) : ctx_(ctx) { ctx_.camera = {}; }

    bool apply(const Action& action) override;
    void describe(render::SceneView& v) const override;
    Mode state() const override { return state_; }
    void autosave() override; // a failure is posted, not thrown

  protected:
    // ---- what each mode decides
    // Plays the shot (false, with a message posted, when it cannot be played).
    virtual bool strike(const game::CueShot& shot) = 0;
    virtual bool placement_allowed(Vec2 p, std::string* why) const = 0;
    virtual bool put_cue_ball(Vec2 p) = 0;          // a legal spot: the ball goes there
    virtual bool may_take_ball_in_hand() const = 0; // B or a click picks the cue ball up
    // What B answers when the cue ball may not be picked up (the balls at rest).
    virtual std::string no_ball_in_hand() const { return "No ball in hand now"; }
    virtual bool computer_turn() const { return false; }
    virtual bool computer_aim_shown() const { return false; } // its chosen shot, lined up
    virtual bool shot_phase() const { return true; }          // the rules wait for a shot
    virtual bool paths_allowed() const { return true; }
    // A click on the table before it starts a pull (a match's ball in hand, called pocket).
    virtual bool table_click(Vec2) { return false; }
    virtual std::string status() const = 0;

    // ---- shared pieces
    // The ball the shooter strikes (three-cushion: white or yellow).
    virtual int cue_ball_id() const { return game::kCueBall; }
    int cue_index() const { return world().index_of(cue_ball_id()); }
    bool cue_on_table() const;
    bool shoot(double power);
    void aim_at(Vec2 p);
    void aim_at_mouse();                      // after a shot: aim where the mouse is now
    void set_tip(double side, double height); // clamped to the miscue limit
    bool begin_placement();
    bool place_cue_ball(Vec2 p);
    void update_paths(); // the predicted paths for the current aim (cached by the aim)
    void clear_paths();
    bool placement_valid() const { return placement_valid_; }
    const std::string& placement_why() const { return placement_why_; } // when not valid

    // ---- what the games with rules share
    // One frame of the rules' shot: `step()` steps it (nothing once it rests); its new
    // events go to the event log and the sounds.
    template <class Step> void run_shot_frame(double real_seconds, Step step);
    // A shot the rules begin through `begin(&why)`: the cue's sound when they do, else
    // `refusal` + why posted and false.
    template <class Begin>
    bool begin_struck(double cue_speed, const std::string& refusal, Begin begin);
    void shot_started(); // the balls roll: a new shot's events, the hand off the cue
    // The rules' answer to a cue ball placement (`why` when refused), posted when refused.
    bool placed(bool ok, const std::string& why);
    void line_up(const game::CueShot& shot); // the computer's chosen shot, on the hand
    // The last shot as a replay file (billiards-replay/1) with the rules' time limit of a
    // shot; throws without a shot or on a failed write.
    void save_replay(const std::string& path, double max_shot_seconds) const;
    std::string replay_code(double max_shot_seconds) const; // "" before the first shot

    ModeContext& ctx_;
    Mode state_ = Mode::Aiming;
    int shots_ = 0;                 // played in this mode (the HUD's count)
    std::size_t events_logged_ = 0; // of the world's events this shot

  private:
    bool on_key(const act::Key& k);
    bool camera_key(Command c); // zoom, pan, fit: false for any other command
    void set_camera(const render::Camera& c);
    void zoom(Vec2 screen, double factor);
    void on_pointer_move(Vec2 s);
    void on_pointer_press(Vec2 s);
    void on_pointer_release();
    bool stroke(double pull); // the gamepad's pull-back (0..1 of kMaxPull); 0 drops it
    void set_tip_from_screen(Vec2 s);

    Vec2 placement_{};
    bool placement_valid_ = false;
    std::string placement_why_;
    std::vector<render::PathView> paths_;
    double paths_key_[5] = {1e300, 0, 0, 0, 0};
};

template <class Step> void TableMode::run_shot_frame(double real_seconds, Step step) {
    ctx_.run_frame(
        real_seconds, world(),
        [&] {
            const std::size_t seen = events_logged_;
            step();
            events_logged_ = ctx_.log_events(world(), events_logged_);
            const std::span<const physics::Event> all(world().events());
            return all.subspan(std::min(seen, all.size()));
        },
        [] {});
}

template <class Begin>
bool TableMode::begin_struck(double cue_speed, const std::string& refusal, Begin begin) {
    const double cue_x = cue_on_table() ? world().ball(cue_index()).position.x : 0.0;
    std::string why;
    if (!begin(&why)) {
        ctx_.post(refusal + why);
        return false;
    }
    ctx_.cue_sound(world(), cue_speed, cue_x);
    return true;
}

} // namespace billiards::app

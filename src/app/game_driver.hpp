// The game driven by named actions, with the player's hand on the cue read back: for tests
// and scripts, which do what the player's keys and clicks would. Each action is GameApp's
// apply() of the Action of that name; the game itself (the loop, input.cpp) uses apply() and
// nothing here.
#pragma once

#include "app/game_app.hpp"

namespace billiards::app {

class DrivenGame : public GameApp {
  public:
    using GameApp::GameApp;

    void aim_at(Vec2 table_point) { apply(act::AimAt{table_point}); }
    void turn_aim(double radians) { apply(act::TurnAim{radians}); }
    bool shoot(double power) { return apply(act::Shoot{power}); } // false: no shot now
    void set_tip(double side, double height) { apply(act::SetTip{side, height}); }
    // Rounded to whole kElevationStep steps from 0 to 90 degrees.
    void set_elevation(double radians) { apply(act::SetElevation{radians}); }
    void rack(game::RackKind kind) { apply(act::Rack{kind}); }
    void cue_ball_only() { apply(act::CueBallOnly{}); }
    void begin_placement() { apply(act::BeginPlacement{}); }
    bool place_cue_ball(Vec2 table_point) { return apply(act::PlaceCueBall{table_point}); }
    bool call_pocket(int pocket) { return apply(act::CallPocket{pocket}); } // -1: none
    void set_push_out(bool on) { apply(act::SetPushOut{on}); }
    bool decide(game::Decision d) { return apply(act::Decide{d}); }

    double heading() const { return hand().heading; }
    double tip_side() const { return hand().side; }
    double tip_height() const { return hand().height; }
    double cue_elevation() const { return hand().elevation; }
    double key_power() const { return hand().key_power; }
    bool dragging() const { return hand().dragging; }
    double drag_power() const { return hand().pull / kMaxPull; }
};

} // namespace billiards::app

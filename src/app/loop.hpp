// The frame loop: events (ImGui first, then the game unless ImGui wants them), the fixed
// physics steps through GameApp::update, the debug panel, drawing, F12 screenshots. It knows
// no test: a FrameDriver (loop_script.hpp for scripts and tests) may take over the frame's
// time, look at each frame and end the run.
#pragma once

#include <SDL.h>

#include <optional>
#include <string>

#include "app/game_app.hpp"
#include "app/game_platform.hpp"

namespace billiards::app {

// What drives a run that is not the player's: each call at its point of the frame. The
// production game passes none.
class FrameDriver {
  public:
    virtual ~FrameDriver() = default;
    // Before the frame's events; false ends the run (status 0).
    virtual bool begin_frame(long frame) = 0;
    // The frame's time step from the measured one; and whether to sleep to the display's rate.
    virtual double frame_seconds(double measured) = 0;
    virtual bool paced() const = 0;
    // After the physics steps of the frame.
    virtual void after_update(GameApp& app) = 0;
    // When the SDL backend has set ImGui's input, before ImGui's frame begins.
    virtual void before_ui(long frame) = 0;
    // After drawing, before the frame is shown; a status ends the run with it.
    virtual std::optional<int> after_draw(long frame, SDL_Renderer* renderer, GameApp& app) = 0;
};

// Saves what the renderer has drawn to `path`, tells `app` (its message line) and standard
// output or error; "" or the error.
std::string take_screenshot(SDL_Renderer* renderer, const std::string& path, GameApp& app);

// Runs until the window closes or Ctrl+Q (or the driver ends it). F12 screenshots go to
// `screenshot_dir` (empty: the default). Returns the process exit status.
int run_loop(Platform& platform, GameApp& app, const std::string& screenshot_dir,
             FrameDriver* driver = nullptr);

} // namespace billiards::app

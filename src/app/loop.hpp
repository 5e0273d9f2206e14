// The frame loop: events (ImGui first, then the game unless ImGui wants them), the fixed
// physics steps through GameApp::update, the debug panel, drawing, screenshots. A fake
// clock and a frame limit let tests run the real loop headless with synthetic input.
#pragma once

#include <functional>
#include <string>

#include "app/game_app.hpp"
#include "app/game_platform.hpp"

namespace billiards::app {

struct LoopOptions {
    long max_frames = -1;            // stop after this many frames (-1: until quit)
    double fake_frame_seconds = 0.0; // > 0: every frame advances real time by this much
    std::string screenshot_dir;      // F12 (empty: ./screenshots)
    long screenshot_at = -1;         // save a screenshot after drawing this frame...
    std::string screenshot_path;     // ...to this file (empty: a new name in the folder)
    bool quit_after_screenshot = false;
    std::function<void(long frame)> before_frame; // tests push SDL events here
    // Called after drawing, before the frame is shown (tests read or save the pixels).
    std::function<void(long frame, SDL_Renderer* renderer)> after_draw;
};

// Runs until the window closes, Ctrl+Q, or max_frames. Returns the process exit status.
int run_loop(Platform& platform, GameApp& app, const LoopOptions& options);

} // namespace billiards::app

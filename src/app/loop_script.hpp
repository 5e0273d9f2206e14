// Runs of the real loop that no player drives: scripts (--frames, --fake-frame,
// --screenshot-after) and tests, headless with synthetic input. A LoopOptions is a
// FrameDriver (loop.hpp) of its own.
#pragma once

#include <SDL.h>

#include <functional>
#include <string>

#include "app/loop.hpp"

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
    // Called when the SDL backend has set ImGui's input for the frame, before ImGui's frame
    // begins (tests put ImGui's mouse where SDL's offscreen driver keeps none).
    std::function<void(long frame)> before_ui;
    // A replayable run (seeded tests; needs fake_frame_seconds): ImGui's clock advances by
    // the fake frame too, and a decision the computer starts in a frame is waited for at
    // that frame's end, so it comes in on the next frame however fast the worker thread
    // is. The same events then give the same frames.
    bool replayable = false;
};

// The loop driven by `options`.
int run_loop(Platform& platform, GameApp& app, const LoopOptions& options);

} // namespace billiards::app

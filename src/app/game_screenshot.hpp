// F12 screenshots: PNG files named by date and time in the screenshot folder (default
// ./screenshots, created when needed).
#pragma once

#include <SDL.h>

#include <string>

namespace billiards::app {

inline constexpr const char* kDefaultScreenshotDir = "screenshots";

// A new file name in `dir` (billiards-YYYYMMDD-HHMMSS.png, -2, -3... if taken).
std::string next_screenshot_path(const std::string& dir);
// Reads what the renderer has drawn this frame and writes it to `path`; "" or the error.
std::string save_screenshot(SDL_Renderer* renderer, const std::string& path);

} // namespace billiards::app

// F12 screenshots: PNG files named by date and time in the screenshot folder (default: the
// screenshots folder of the game's data folder, io::user_data_dir(); created when needed).
#pragma once

#include <SDL.h>

#include <string>

namespace billiards::app {

// user_data_dir()/screenshots: where the player's other game files are, whatever the
// folder the game was started from.
std::string default_screenshot_dir();
// A new file name in `dir` (billiards-YYYYMMDD-HHMMSS.png, -2, -3... if taken); an empty
// `dir` is the default folder.
std::string next_screenshot_path(const std::string& dir);
// Reads what the renderer has drawn this frame and writes it to `path`; "" or the error.
std::string save_screenshot(SDL_Renderer* renderer, const std::string& path);

} // namespace billiards::app

// SDL's GameControllers, opened as they are plugged in and closed as they go (hot-plug), read
// into a PadState each frame (pad_input.hpp turns that into actions), and fed to Dear ImGui's
// gamepad navigation so that every menu and card is reachable from the sofa.
#pragma once

#include <SDL.h>

#include <string>
#include <vector>

#include "app/pad_input.hpp"

namespace billiards::app {

class Gamepads {
  public:
    Gamepads() = default;
    ~Gamepads();
    Gamepads(const Gamepads&) = delete;
    Gamepads& operator=(const Gamepads&) = delete;

    // SDL_CONTROLLERDEVICEADDED / REMOVED: opens or closes the controller; the message to
    // show ("Gamepad connected: NAME"), "" for any other event.
    std::string handle(const SDL_Event& e);
    // The first connected controller's state (not connected: none).
    PadState state() const;
    int count() const { return static_cast<int>(open_.size()); }

  private:
    std::vector<SDL_GameController*> open_;
};

// Sets Dear ImGui's navigation inputs from `s`, between the SDL backend's NewFrame and
// ImGui::NewFrame (the backend clears them, and knows only controller 0).
void feed_imgui_nav(const PadState& s);

} // namespace billiards::app

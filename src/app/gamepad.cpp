#include "app/gamepad.hpp"

#include <imgui.h>

#include <algorithm>

namespace billiards::app {

Gamepads::~Gamepads() {
    for (SDL_GameController* c : open_)
        SDL_GameControllerClose(c);
}

std::string Gamepads::handle(const SDL_Event& e) {
    if (e.type == SDL_CONTROLLERDEVICEADDED) {
        SDL_GameController* c = SDL_GameControllerOpen(e.cdevice.which);
        if (!c)
            return std::string("A gamepad was plugged in but cannot be used: ") + SDL_GetError();
        if (std::find(open_.begin(), open_.end(), c) != open_.end()) {
            SDL_GameControllerClose(c); // already ours: SDL counts the second open
            return "";
        }
        open_.push_back(c);
        const char* name = SDL_GameControllerName(c);
        return std::string("Gamepad connected: ") + (name ? name : "unnamed");
    }
    if (e.type == SDL_CONTROLLERDEVICEREMOVED) {
        for (auto it = open_.begin(); it != open_.end(); ++it) {
            if (SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(*it)) != e.cdevice.which)
                continue;
            SDL_GameControllerClose(*it);
            open_.erase(it);
            return open_.empty() ? "Gamepad disconnected" : "A gamepad was disconnected";
        }
    }
    return "";
}

PadState Gamepads::state() const {
    PadState s;
    for (SDL_GameController* c : open_) {
        if (!SDL_GameControllerGetAttached(c)) continue;
        const auto axis = [c](SDL_GameControllerAxis a) {
            return std::clamp(SDL_GameControllerGetAxis(c, a) / 32767.0, -1.0, 1.0);
        };
        const auto button = [&](PadButton b, SDL_GameControllerButton sdl) {
            s.set(b, SDL_GameControllerGetButton(c, sdl) != 0);
        };
        s.connected = true;
        s.left_x = axis(SDL_CONTROLLER_AXIS_LEFTX);
        s.left_y = axis(SDL_CONTROLLER_AXIS_LEFTY);
        s.right_x = axis(SDL_CONTROLLER_AXIS_RIGHTX);
        s.right_y = axis(SDL_CONTROLLER_AXIS_RIGHTY);
        s.left_trigger = std::max(axis(SDL_CONTROLLER_AXIS_TRIGGERLEFT), 0.0);
        s.right_trigger = std::max(axis(SDL_CONTROLLER_AXIS_TRIGGERRIGHT), 0.0);
        button(PadButton::A, SDL_CONTROLLER_BUTTON_A);
        button(PadButton::B, SDL_CONTROLLER_BUTTON_B);
        button(PadButton::X, SDL_CONTROLLER_BUTTON_X);
        button(PadButton::Y, SDL_CONTROLLER_BUTTON_Y);
        button(PadButton::Back, SDL_CONTROLLER_BUTTON_BACK);
        button(PadButton::Start, SDL_CONTROLLER_BUTTON_START);
        button(PadButton::LeftShoulder, SDL_CONTROLLER_BUTTON_LEFTSHOULDER);
        button(PadButton::RightShoulder, SDL_CONTROLLER_BUTTON_RIGHTSHOULDER);
        button(PadButton::DpadUp, SDL_CONTROLLER_BUTTON_DPAD_UP);
        button(PadButton::DpadDown, SDL_CONTROLLER_BUTTON_DPAD_DOWN);
        button(PadButton::DpadLeft, SDL_CONTROLLER_BUTTON_DPAD_LEFT);
        button(PadButton::DpadRight, SDL_CONTROLLER_BUTTON_DPAD_RIGHT);
        break;
    }
    return s;
}

void feed_imgui_nav(const PadState& s) {
    ImGuiIO& io = ImGui::GetIO();
    if (!s.connected) return; // the backend has cleared them (and its gamepad flag)
    io.BackendFlags |= ImGuiBackendFlags_HasGamepad;
    const std::array<float, kNavInputs> n = nav_inputs(s);
    std::copy(n.begin(), n.end(), io.NavInputs);
}

} // namespace billiards::app

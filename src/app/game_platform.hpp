// The window and everything tied to it, set up and torn down in the order of Dear ImGui's
// example_sdl_sdlrenderer: SDL, window, renderer, ImGui context and backends, fonts; then
// the reverse. Every failure is reported in plain words (and the missing path, if any).
#pragma once

#include <SDL.h>

#include <memory>
#include <string>

#include "app/game_audio.hpp"
#include "app/gamepad.hpp"
#include "render/text.hpp"

namespace billiards::app {

struct PlatformOptions {
    int width = 1280;
    int height = 720;
    std::string title = "Billiards";
    std::string assets; // folder holding fonts/
    bool vsync = true;
    bool audio = true; // open a sound device (without one the game is silent, never failing)
};

class Platform {
  public:
    // nullptr and *error on failure (everything already set up is torn down again).
    static std::unique_ptr<Platform> create(const PlatformOptions& options, std::string* error);
    ~Platform();
    Platform(const Platform&) = delete;
    Platform& operator=(const Platform&) = delete;

    SDL_Window* window() const { return window_; }
    SDL_Renderer* renderer() const { return renderer_; }
    render::Text* text() const { return text_.get(); }
    bool vsync() const { return vsync_; }
    const std::string& renderer_name() const { return renderer_name_; }
    // The sound device: null when not asked for; else check ok() (no device: silent).
    AudioOutput* audio() const { return audio_.get(); }
    // The controllers plugged in (none when SDL cannot read them here).
    Gamepads& gamepads() { return *gamepads_; }

    // Renderer pixels per window point (2 on a high-DPI screen).
    void pixel_scale(double& sx, double& sy) const;
    // The window over the whole screen (the desktop's mode: no mode switch), or back.
    bool fullscreen() const;
    bool set_fullscreen(bool on, std::string* error);

  private:
    Platform() = default;

    bool sdl_ = false;
    SDL_Window* window_ = nullptr;
    SDL_Renderer* renderer_ = nullptr;
    bool imgui_ = false, imgui_sdl_ = false, imgui_renderer_ = false;
    std::unique_ptr<render::Text> text_;
    std::unique_ptr<AudioOutput> audio_;
    std::unique_ptr<Gamepads> gamepads_ = std::make_unique<Gamepads>();
    bool vsync_ = false;
    std::string renderer_name_;
};

} // namespace billiards::app

#include "app/loop.hpp"

#include <imgui.h>
#include <imgui_impl_sdl.h>
#include <imgui_impl_sdlrenderer.h>

#include <algorithm>
#include <cstdio>
#include <optional>

#include "app/game_screenshot.hpp"
#include "render/scene.hpp"

namespace billiards::app {

namespace {

bool is_mouse(Uint32 type) {
    return type == SDL_MOUSEMOTION || type == SDL_MOUSEBUTTONDOWN || type == SDL_MOUSEBUTTONUP ||
           type == SDL_MOUSEWHEEL;
}
bool is_keyboard(Uint32 type) {
    return type == SDL_KEYDOWN || type == SDL_KEYUP || type == SDL_TEXTINPUT;
}

// Window points to renderer pixels (high-DPI) for the game's mouse events.
SDL_Event scaled(SDL_Event e, double sx, double sy) {
    auto sc = [](Sint32 v, double s) { return static_cast<Sint32>(v * s); };
    if (e.type == SDL_MOUSEMOTION) {
        e.motion.x = sc(e.motion.x, sx);
        e.motion.y = sc(e.motion.y, sy);
    } else if (e.type == SDL_MOUSEBUTTONDOWN || e.type == SDL_MOUSEBUTTONUP) {
        e.button.x = sc(e.button.x, sx);
        e.button.y = sc(e.button.y, sy);
    }
    return e;
}

struct Events {
    bool quit = false;
    bool minimized = false;
    bool targets_reset = false; // cached textures lost their pixels
};

void dispatch(const SDL_Event& e, Platform& platform, GameApp& app, Events& state) {
    ImGui_ImplSDL2_ProcessEvent(&e);
    // Any key or click ends the first start's tip, whoever takes the event below.
    if (e.type == SDL_KEYDOWN || e.type == SDL_MOUSEBUTTONDOWN) app.note_input();
    if (e.type == SDL_QUIT) state.quit = true;
    if (e.type == SDL_CONTROLLERDEVICEADDED || e.type == SDL_CONTROLLERDEVICEREMOVED) {
        if (const std::string message = platform.gamepads().handle(e); !message.empty())
            app.post(message);
        return;
    }
    if (e.type == SDL_RENDER_TARGETS_RESET || e.type == SDL_RENDER_DEVICE_RESET)
        state.targets_reset = true;
    if (e.type == SDL_WINDOWEVENT && e.window.windowID == SDL_GetWindowID(platform.window())) {
        switch (e.window.event) {
        case SDL_WINDOWEVENT_CLOSE:
            state.quit = true;
            break;
        case SDL_WINDOWEVENT_MINIMIZED:
            state.minimized = true;
            break;
        case SDL_WINDOWEVENT_RESTORED:
        case SDL_WINDOWEVENT_MAXIMIZED:
        case SDL_WINDOWEVENT_SHOWN:
            state.minimized = false;
            break;
        default:
            break;
        }
    }
    // F1, F11 and F12 always reach the game: the panel must close even while it has focus.
    if (e.type == SDL_KEYDOWN && (e.key.keysym.sym == SDLK_F1 || e.key.keysym.sym == SDLK_F11 ||
                                  e.key.keysym.sym == SDLK_F12)) {
        if (!e.key.repeat) app.handle_event(e);
        return;
    }
    const ImGuiIO& io = ImGui::GetIO();
    if (is_mouse(e.type) && io.WantCaptureMouse) return;
    if (e.type == SDL_MOUSEBUTTONDOWN && app.panel_open() &&
        app.panel().covers(static_cast<float>(e.button.x), static_cast<float>(e.button.y)))
        return;
    if (is_keyboard(e.type) && io.WantCaptureKeyboard) return;
    double sx = 1.0, sy = 1.0;
    platform.pixel_scale(sx, sy);
    app.handle_event(scaled(e, sx, sy));
}

} // namespace

std::string take_screenshot(SDL_Renderer* renderer, const std::string& path, GameApp& app) {
    const std::string error = save_screenshot(renderer, path);
    app.screenshot_done(path, error);
    if (error.empty())
        std::printf("billiards: screenshot saved to %s\n", path.c_str());
    else
        std::fprintf(stderr, "billiards: screenshot failed: %s\n", error.c_str());
    std::fflush(stdout);
    return error;
}

int run_loop(Platform& platform, GameApp& app, const std::string& screenshot_dir,
             FrameDriver* driver) {
    SDL_Renderer* renderer = platform.renderer();
    render::SceneRenderer scene(renderer, platform.text());
    Events state;
    Uint64 last = SDL_GetPerformanceCounter();
    const double frequency = static_cast<double>(SDL_GetPerformanceFrequency());
    // Without vsync (software renderer, Xvfb) cap the frame rate instead of spinning.
    int refresh = 60;
    SDL_DisplayMode mode;
    if (SDL_GetCurrentDisplayMode(SDL_GetWindowDisplayIndex(platform.window()), &mode) == 0 &&
        mode.refresh_rate > 0)
        refresh = mode.refresh_rate;
    const double min_frame = platform.vsync() ? 0.0 : 1.0 / refresh;
    app.set_sound_output(platform.audio() != nullptr && platform.audio()->ok());

    for (long frame = 0;; ++frame) {
        if (driver && !driver->begin_frame(frame)) break;
        // The layout first: mouse events map onto the table through it.
        int width = 0, height = 0;
        SDL_GetRendererOutputSize(renderer, &width, &height);
        app.set_output_size(width, height);
        SDL_Event e;
        // Minimised: sleep in SDL_WaitEvent until something happens (no busy loop); the time
        // asleep is not game time.
        bool slept = false;
        while (state.minimized && !state.quit && SDL_WaitEvent(&e)) {
            dispatch(e, platform, app, state);
            slept = true;
        }
        if (slept) last = SDL_GetPerformanceCounter();
        while (SDL_PollEvent(&e))
            dispatch(e, platform, app, state);
        if (state.quit || app.quit_requested()) break;
        if (platform.fullscreen() != app.fullscreen()) {
            std::string why;
            if (!platform.set_fullscreen(app.fullscreen(), &why)) app.fullscreen_refused(why);
        }
        if (state.targets_reset) {
            scene.invalidate();
            state.targets_reset = false;
        }

        const Uint64 now = SDL_GetPerformanceCounter();
        double real = static_cast<double>(now - last) / frequency;
        last = now;
        if (driver) real = driver->frame_seconds(real);
        const PadState pad = platform.gamepads().state();
        app.pad_frame(pad, real);
        app.update(real);
        if (driver) driver->after_update(app);
        app.set_frame_stats(real);
        if (AudioOutput* audio = platform.audio()) {
            audio->set_volume(app.volume(), app.muted());
            audio->play(app.take_sounds());
        }

        SDL_GetRendererOutputSize(renderer, &width, &height); // a resize may have come
        app.set_output_size(width, height);

        ImGui_ImplSDLRenderer_NewFrame();
        ImGui_ImplSDL2_NewFrame(platform.window());
        feed_imgui_nav(pad);
        if (driver) driver->before_ui(frame);
        ImGui::NewFrame();
        if (app.panel_open()) {
            ui::PanelContext ctx = app.panel_context();
            const ui::PanelResult result = app.panel().draw(ctx, &app.panel_open());
            app.after_panel(result);
        }
        app.draw_ui();
        ImGui::Render();

        scene.draw(app.view(), width, height);
        double sx = 1.0, sy = 1.0;
        platform.pixel_scale(sx, sy);
        SDL_RenderSetScale(renderer, static_cast<float>(sx), static_cast<float>(sy));
        ImGui_ImplSDLRenderer_RenderDrawData(ImGui::GetDrawData());
        SDL_RenderSetScale(renderer, 1.0f, 1.0f);

        if (app.take_screenshot_request())
            take_screenshot(renderer, next_screenshot_path(screenshot_dir), app);
        if (driver)
            if (const std::optional<int> status = driver->after_draw(frame, renderer, app))
                return *status;
        SDL_RenderPresent(renderer);

        if (min_frame > 0.0 && (!driver || driver->paced())) {
            const double spent = static_cast<double>(SDL_GetPerformanceCounter() - now) / frequency;
            if (spent < min_frame) SDL_Delay(static_cast<Uint32>((min_frame - spent) * 1000.0));
        }
    }
    return 0;
}

} // namespace billiards::app

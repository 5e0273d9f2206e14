#include "app/game_platform.hpp"

#include <imgui.h>
#include <imgui_impl_sdl.h>
#include <imgui_impl_sdlrenderer.h>

#include <filesystem>

#include "app/game_assets.hpp"
#include "ui/menus.hpp"

namespace billiards::app {

std::unique_ptr<Platform> Platform::create(const PlatformOptions& o, std::string* error) {
    std::unique_ptr<Platform> p(new Platform());
    // Check the fonts first: a missing assets folder is the likeliest problem on a new machine.
    const std::string regular = font_path(o.assets, false), bold = font_path(o.assets, true);
    for (const std::string& f : {regular, bold}) {
        std::error_code ec;
        if (!std::filesystem::is_regular_file(f, ec)) {
            *error = "the font " + f + " is missing (set BILLIARDS_ASSETS to the assets folder)";
            return nullptr;
        }
    }
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
        *error = std::string("cannot start SDL video (is there a display? DISPLAY or "
                             "WAYLAND_DISPLAY must be set): ") +
                 SDL_GetError();
        return nullptr;
    }
    p->sdl_ = true;
    // Gamepads are a bonus: without SDL's controller support the keys and the mouse remain.
    // Plugged-in controllers arrive as SDL_CONTROLLERDEVICEADDED events, also at the start.
    if (SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER) != 0)
        SDL_Log("billiards: no gamepad support (%s)", SDL_GetError());
    SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "linear");
    const auto flags = static_cast<Uint32>(SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    p->window_ = SDL_CreateWindow(o.title.c_str(), SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                  o.width, o.height, flags);
    if (!p->window_) {
        *error = std::string("cannot open a ") + std::to_string(o.width) + "x" +
                 std::to_string(o.height) + " window: " + SDL_GetError();
        return nullptr;
    }
    SDL_SetWindowMinimumSize(p->window_, 320, 200);
    // Hardware renderer with vsync when there is one, else the software renderer.
    const Uint32 vsync = o.vsync ? static_cast<Uint32>(SDL_RENDERER_PRESENTVSYNC) : 0u;
    p->renderer_ = SDL_CreateRenderer(p->window_, -1, SDL_RENDERER_ACCELERATED | vsync);
    if (!p->renderer_) {
        SDL_Log("billiards: no accelerated renderer (%s); using the software renderer",
                SDL_GetError());
        p->renderer_ = SDL_CreateRenderer(p->window_, -1, SDL_RENDERER_SOFTWARE);
    }
    if (!p->renderer_) {
        *error = std::string("cannot create a renderer for the window: ") + SDL_GetError();
        return nullptr;
    }
    SDL_RendererInfo info;
    if (SDL_GetRendererInfo(p->renderer_, &info) == 0) {
        p->renderer_name_ = info.name;
        p->vsync_ = (info.flags & SDL_RENDERER_PRESENTVSYNC) != 0;
    }

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    p->imgui_ = true;
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;                            // no imgui.ini in the player's folder
    io.ConfigFlags |= ImGuiConfigFlags_NavEnableGamepad; // the loop feeds it (gamepad.hpp)
    ImGui::StyleColorsDark();
    ImGui::GetStyle().WindowRounding = 4.0f;
    if (!ImGui_ImplSDL2_InitForSDLRenderer(p->window_)) {
        *error = "cannot set up Dear ImGui for the SDL window";
        return nullptr;
    }
    p->imgui_sdl_ = true;
    if (!ImGui_ImplSDLRenderer_Init(p->renderer_)) {
        *error = "cannot set up Dear ImGui for the SDL renderer";
        return nullptr;
    }
    p->imgui_renderer_ = true;
    // The HUD's text first: it names a missing or unreadable font file (ImGui would assert).
    p->text_ = render::Text::load(p->renderer_, regular, bold, error);
    if (!p->text_) return nullptr;
    if (!io.Fonts->AddFontFromFileTTF(regular.c_str(), 13.0f)) io.Fonts->AddFontDefault();
    ui::load_menu_fonts(regular, bold);
    if (o.audio) p->audio_ = AudioOutput::open(); // silent (one line on stderr) without a device
    return p;
}

Platform::~Platform() {
    audio_.reset(); // the device closes before SDL quits
    gamepads_.reset();
    text_.reset(); // textures and SDL_ttf go before the renderer
    if (imgui_renderer_) ImGui_ImplSDLRenderer_Shutdown();
    if (imgui_sdl_) ImGui_ImplSDL2_Shutdown();
    if (imgui_) ImGui::DestroyContext();
    if (renderer_) SDL_DestroyRenderer(renderer_);
    if (window_) SDL_DestroyWindow(window_);
    if (sdl_) SDL_Quit();
}

void Platform::pixel_scale(double& sx, double& sy) const {
    int ww = 0, wh = 0, pw = 0, ph = 0;
    SDL_GetWindowSize(window_, &ww, &wh);
    SDL_GetRendererOutputSize(renderer_, &pw, &ph);
    sx = ww > 0 && pw > 0 ? static_cast<double>(pw) / ww : 1.0;
    sy = wh > 0 && ph > 0 ? static_cast<double>(ph) / wh : 1.0;
}

bool Platform::fullscreen() const {
    return (SDL_GetWindowFlags(window_) & SDL_WINDOW_FULLSCREEN_DESKTOP) != 0;
}

bool Platform::set_fullscreen(bool on, std::string* error) {
    const Uint32 flags = on ? static_cast<Uint32>(SDL_WINDOW_FULLSCREEN_DESKTOP) : 0u;
    if (SDL_SetWindowFullscreen(window_, flags) == 0) return true;
    *error = SDL_GetError();
    return false;
}

} // namespace billiards::app

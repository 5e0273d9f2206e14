// Draws a SceneView on an SDL_Renderer: the table from the physics geometry, the balls, the
// cue and aim line, the HUD and the widgets. The same code serves the window, the
// screenshots and `billiards render`.
#pragma once

#include <SDL.h>

#include <cstdint>

#include "render/layout.hpp"
#include "render/text.hpp"
#include "render/view.hpp"

namespace billiards::render {

class SceneRenderer {
  public:
    // text may be null: then nothing textual is drawn (ball numbers included).
    SceneRenderer(SDL_Renderer* renderer, Text* text) : renderer_(renderer), text_(text) {}
    ~SceneRenderer();
    SceneRenderer(const SceneRenderer&) = delete;
    SceneRenderer& operator=(const SceneRenderer&) = delete;

    // Clears the output and draws the whole frame for an output of width x height pixels.
    // Returns the layout used (for mapping the mouse).
    Layout draw(const SceneView& view, int width, int height);
    // Forgets the cached table picture (after SDL_RENDER_TARGETS_RESET).
    void invalidate();

  private:
    void draw_static(const SceneView& view, const Layout& l, int width, int height);
    // The balls and their shadows, painted into one streaming texture and copied out;
    // false when the renderer has no streaming textures (then they are drawn as meshes).
    bool draw_ball_sprites(const SceneView& view, const Layout& l);

    SDL_Renderer* renderer_;
    Text* text_;
    // The table does not move: drawn once per size into a texture, then copied each frame.
    SDL_Texture* table_ = nullptr;
    std::uint64_t table_key_ = 0;
    bool cache_failed_ = false;
    SDL_Texture* sprites_ = nullptr;
    int sprites_w_ = 0, sprites_h_ = 0;
    bool sprites_failed_ = false;
};

} // namespace billiards::render

// Draws a SceneView on an SDL_Renderer: the table from the physics geometry, the balls, the
// cue and aim line, the HUD and the widgets. The same code serves the window, the
// screenshots and `billiards render`.
#pragma once

#include <SDL.h>

#include "render/layout.hpp"
#include "render/text.hpp"
#include "render/view.hpp"

namespace billiards::render {

class SceneRenderer {
public:
    // text may be null: then nothing textual is drawn (ball numbers included).
    SceneRenderer(SDL_Renderer* renderer, Text* text) : renderer_(renderer), text_(text) {}

    // Clears the output and draws the whole frame for an output of width x height pixels.
    // Returns the layout used (for mapping the mouse).
    Layout draw(const SceneView& view, int width, int height);

private:
    SDL_Renderer* renderer_;
    Text* text_;
};

} // namespace billiards::render

// Anti-aliased shapes on an SDL_Renderer: triangles batched into SDL_RenderGeometry calls,
// every edge feathered over about one pixel so circles and lines look smooth on any
// renderer (the software one included). Coordinates are screen pixels.
#pragma once

#include <SDL.h>

#include <functional>
#include <optional>
#include <vector>

#include "core/vec.hpp"
#include "render/colors.hpp"

namespace billiards::render {

class Painter {
  public:
    explicit Painter(SDL_Renderer* renderer) : renderer_(renderer) {}
    Painter(const Painter&) = delete;
    Painter& operator=(const Painter&) = delete;
    ~Painter() { flush(); }

    // Draws what is batched; call before anything else touches the renderer (text).
    void flush();

    void triangle(Vec2 a, Vec2 b, Vec2 c, Color ca, Color cb, Color cc);
    // Convex polygon (either winding) with a feathered rim.
    void convex(const std::vector<Vec2>& points, Color color);
    // Convex polygon shaded per vertex, fanned from `focus` (a point inside it; default the
    // centroid).
    void convex_shaded(const std::vector<Vec2>& points, std::optional<Vec2> focus,
                       const std::function<Color(Vec2)>& shade);
    void circle(Vec2 c, double r, Color color);
    // Radial gradient from `focus` (inside the circle) to the rim.
    void circle_gradient(Vec2 c, double r, Vec2 focus, Color inner, Color rim);
    // A disc shaded per vertex on concentric rings (smooth lighting across the whole disc).
    void disc_shaded(Vec2 c, double r, const std::function<Color(Vec2)>& shade);
    // The same on rings about a pixel and a half apart: fine enough for markings painted
    // on a ball to keep sharp edges.
    void disc_fine(Vec2 c, double r, const std::function<Color(Vec2)>& shade);
    // A soft blob: `color` in the centre fading to transparent at r.
    void glow(Vec2 c, double r, Color color);
    void ring(Vec2 c, double r, double width, Color color);
    // Arc of a ring from angle a0 to a1 (radians, screen orientation).
    void arc(Vec2 c, double r, double a0, double a1, double width, Color color);
    void line(Vec2 a, Vec2 b, double width, Color color);
    void line_gradient(Vec2 a, Vec2 b, double width, Color ca, Color cb);
    void arrow(Vec2 from, Vec2 to, double width, Color color);
    void rect(double x, double y, double w, double h, Color top, Color bottom);
    void rounded_rect(double x, double y, double w, double h, double radius, Color color);

    // Points on a circle, enough for a smooth rim at this size.
    static int segments_for(double radius_px);

    // A quad from edge a-b (colours ca, cb) fading out to out_a-out_b: the soft rim.
    void feather_edge(Vec2 a, Vec2 b, Vec2 out_a, Vec2 out_b, Color ca, Color cb);

  private:
    void vertex(Vec2 p, Color c);
    void disc_on_rings(Vec2 c, double r, const std::vector<double>& radii,
                       const std::function<Color(Vec2)>& shade);

    SDL_Renderer* renderer_;
    std::vector<SDL_Vertex> vertices_;
};

} // namespace billiards::render

#include "render/scene.hpp"

#include "render/parts.hpp"

namespace billiards::render {

Layout SceneRenderer::draw(const SceneView& v, int width, int height) {
    const Layout l = make_layout(*v.table, width, height, v.chrome);
    SDL_SetRenderDrawColor(renderer_, kBackground.r, kBackground.g, kBackground.b, 255);
    SDL_RenderClear(renderer_);
    {
        Painter p(renderer_);
        draw_table(p, l, *v.table);
        if (v.debug.geometry) draw_table_geometry(p, l, *v.table);
        // Balls in three passes (bodies, numbers, gloss) so a rack costs three batches.
        for (const BallView& b : v.balls)
            if (!b.pocketed) draw_ball_shadow(p, l.to_screen(b.position), l.pixels(b.radius));
        for (const BallView& b : v.balls)
            if (!b.pocketed) draw_ball_body(p, b.id, l.to_screen(b.position), l.pixels(b.radius));
        p.flush();
        if (text_)
            for (const BallView& b : v.balls)
                if (!b.pocketed)
                    draw_ball_number(*text_, b.id, l.to_screen(b.position), l.pixels(b.radius));
        for (const BallView& b : v.balls)
            if (!b.pocketed) draw_ball_gloss(p, l.to_screen(b.position), l.pixels(b.radius));
        if (v.debug.velocities)
            for (const BallView& b : v.balls) draw_debug_vectors(p, l, b);
        draw_aim(p, l, v.aim);
        draw_placement(p, l, v.placement);
        draw_cue(p, l, v.cue);
        p.flush();
        draw_controls(p, text_, l, v.controls);
        draw_hud(p, text_, l, v.hud);
    }
    if (text_) text_->end_frame();
    return l;
}

} // namespace billiards::render

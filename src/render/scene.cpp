#include "render/scene.hpp"

#include <cstring>

#include "render/parts.hpp"

namespace billiards::render {

namespace {

// FNV-1a over everything the table picture depends on.
struct Hash {
    std::uint64_t h = 1469598103934665603ull;
    void add(const void* data, std::size_t n) {
        const auto* p = static_cast<const unsigned char*>(data);
        for (std::size_t i = 0; i < n; ++i)
            h = (h ^ p[i]) * 1099511628211ull;
    }
    void add(double v) { add(&v, sizeof v); }
    void add(int v) { add(&v, sizeof v); }
};

std::uint64_t table_key(const SceneView& v, int width, int height) {
    Hash h;
    h.add(width);
    h.add(height);
    h.add(v.chrome ? 1 : 0);
    h.add(v.debug.geometry ? 1 : 0);
    const game::Table& t = *v.table;
    for (const physics::Cushion& c : t.cushions) {
        h.add(c.a.x), h.add(c.a.y), h.add(c.b.x), h.add(c.b.y);
    }
    for (std::size_t i = 0; i < t.is_jaw.size(); ++i)
        h.add(t.is_jaw[i] ? 1 : 0);
    for (const physics::Pocket& p : t.pockets) {
        h.add(p.center.x), h.add(p.center.y), h.add(p.radius);
    }
    h.add(t.spec.rail_width), h.add(t.spec.length), h.add(t.spec.width);
    h.add(t.spec.kind == "snooker" ? 1 : 0); // the markings and the cloth
    return h.h;
}

void clear(SDL_Renderer* r) {
    SDL_SetRenderDrawColor(r, kBackground.r, kBackground.g, kBackground.b, 255);
    SDL_RenderClear(r);
}

} // namespace

SceneRenderer::~SceneRenderer() {
    invalidate();
}

void SceneRenderer::invalidate() {
    if (table_) SDL_DestroyTexture(table_);
    table_ = nullptr;
    table_key_ = 0;
}

void SceneRenderer::draw_static(const SceneView& v, const Layout& l, int width, int height) {
    const std::uint64_t key = table_key(v, width, height);
    if (!table_ || key != table_key_) {
        invalidate();
        if (!cache_failed_)
            table_ = SDL_CreateTexture(renderer_, SDL_PIXELFORMAT_ARGB8888,
                                       SDL_TEXTUREACCESS_TARGET, width, height);
        if (table_ && SDL_SetRenderTarget(renderer_, table_) == 0) {
            clear(renderer_);
            Painter p(renderer_);
            draw_table(p, l, *v.table);
            if (v.debug.geometry) draw_table_geometry(p, l, *v.table);
            p.flush();
            SDL_SetRenderTarget(renderer_, nullptr);
            table_key_ = key;
        } else {
            // No render targets on this renderer: draw the table every frame instead.
            invalidate();
            cache_failed_ = true;
        }
    }
    if (table_) {
        SDL_SetTextureBlendMode(table_, SDL_BLENDMODE_NONE);
        SDL_RenderCopy(renderer_, table_, nullptr, nullptr);
        return;
    }
    clear(renderer_);
    Painter p(renderer_);
    draw_table(p, l, *v.table);
    if (v.debug.geometry) draw_table_geometry(p, l, *v.table);
}

Layout SceneRenderer::draw(const SceneView& v, int width, int height) {
    const Layout l = make_layout(*v.table, width, height, v.chrome);
    draw_static(v, l, width, height);
    {
        Painter p(renderer_);
        const BallSet set = ball_set(*v.table);
        // Balls in three passes (bodies, numbers, gloss) so a rack costs three batches.
        for (const BallView& b : v.balls)
            if (!b.pocketed) draw_ball_shadow(p, l.to_screen(b.position), l.pixels(b.radius));
        const bool carom = game::is_carom(v.table->spec); // white, yellow, red; no numbers
        for (const BallView& b : v.balls) {
            if (b.pocketed) continue;
            if (carom)
                draw_plain_ball(p, carom_ball_style(b.id).color, l.to_screen(b.position),
                                l.pixels(b.radius));
            else
                draw_ball_body(p, b.id, l.to_screen(b.position), l.pixels(b.radius), set);
        }
        p.flush();
        if (text_ && !carom)
            for (const BallView& b : v.balls)
                if (!b.pocketed)
                    draw_ball_number(*text_, b.id, l.to_screen(b.position), l.pixels(b.radius),
                                     set);
        for (const BallView& b : v.balls)
            if (!b.pocketed) draw_ball_gloss(p, l.to_screen(b.position), l.pixels(b.radius));
        if (v.debug.velocities)
            for (const BallView& b : v.balls)
                draw_debug_vectors(p, l, b);
        draw_paths(p, l, v.paths, carom);
        draw_labels(p, text_, l, v.labels);
        draw_pocket_marks(p, l, *v.table, v.pockets);
        draw_aim(p, l, v.aim);
        draw_placement(p, l, v.placement);
        draw_cue(p, l, v.cue);
        p.flush();
        draw_controls(p, text_, l, v.controls);
        draw_hud(p, text_, l, v.hud);
        draw_banner(p, text_, l, v.banner);
        if (v.dim) {
            p.rect(0, 0, width, height, Color{0, 0, 0, 120}, Color{0, 0, 0, 150});
            p.flush();
        }
    }
    if (text_) text_->end_frame();
    return l;
}

} // namespace billiards::render

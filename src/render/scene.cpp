#include "render/scene.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "physics/world.hpp"
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
    h.add(v.camera.zoom), h.add(v.camera.center.x), h.add(v.camera.center.y);
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

// The game's table area (with chrome); the table alone is not clipped.
void clip_to_table(SDL_Renderer* r, const Layout& l) {
    if (!l.chrome) return;
    const SDL_Rect rect{
        static_cast<int>(std::floor(l.table.x)), static_cast<int>(std::floor(l.table.y)),
        static_cast<int>(std::ceil(l.table.w)) + 1, static_cast<int>(std::ceil(l.table.h)) + 1};
    SDL_RenderSetClipRect(r, &rect);
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
    if (sprites_) SDL_DestroyTexture(sprites_);
    sprites_ = nullptr;
    sprites_w_ = sprites_h_ = 0;
}

bool SceneRenderer::draw_ball_sprites(const SceneView& v, const Layout& l) {
    if (sprites_failed_) return false;
    struct Sprite {
        SpriteBox box;      // on the screen
        int ax = 0, ay = 0; // in the atlas
        const BallView* ball = nullptr;
        bool shadow = false;
    };
    std::vector<Sprite> sprites;
    for (bool shadow : {true, false})
        for (const BallView& b : v.balls)
            if (!b.pocketed && b.radius > 0.0)
                sprites.push_back({sprite_box(l.to_screen(b.position), l.table_pixels(b.radius),
                                              shadow ? 1.6 : 1.0),
                                   0, 0, &b, shadow});
    // Shelves of a 1024-pixel-wide atlas (wider if one sprite is).
    int width = 1024, x = 0, y = 0, shelf = 0;
    for (const Sprite& s : sprites)
        width = std::max(width, s.box.w);
    for (Sprite& s : sprites) {
        if (x + s.box.w > width) {
            x = 0;
            y += shelf;
            shelf = 0;
        }
        s.ax = x;
        s.ay = y;
        x += s.box.w;
        shelf = std::max(shelf, s.box.h);
    }
    const int height = std::max(1, y + shelf);
    if (width > 16384 || height > 16384) return false; // (a ball larger than any screen)
    if (!sprites_ || width > sprites_w_ || height > sprites_h_) {
        if (sprites_) SDL_DestroyTexture(sprites_);
        sprites_w_ = std::max(width, sprites_w_);
        sprites_h_ = std::max({height, sprites_h_, 64});
        sprites_ = SDL_CreateTexture(renderer_, SDL_PIXELFORMAT_ARGB8888,
                                     SDL_TEXTUREACCESS_STREAMING, sprites_w_, sprites_h_);
        if (!sprites_) {
            sprites_failed_ = true;
            return false;
        }
        SDL_SetTextureBlendMode(sprites_, SDL_BLENDMODE_BLEND);
    }
    if (sprites.empty()) return true;
    void* pixels = nullptr;
    int pitch = 0;
    const SDL_Rect used{0, 0, width, height};
    if (SDL_LockTexture(sprites_, &used, &pixels, &pitch) != 0) {
        sprites_failed_ = true;
        return false;
    }
    const BallSet set = ball_set(*v.table);
    const bool carom = game::is_carom(v.table->spec);
    const int stride = pitch / 4;
    for (const Sprite& s : sprites) {
        std::uint32_t* at = static_cast<std::uint32_t*>(pixels) + s.ay * stride + s.ax;
        const Vec2 c = l.to_screen(s.ball->position);
        const double r = l.table_pixels(s.ball->radius);
        if (s.shadow)
            paint_shadow(at, stride, s.box, c, r);
        else
            paint_ball(at, stride, s.box, c, r,
                       {s.ball->id, set, carom, s.ball->orientation, carom ? nullptr : text_});
    }
    SDL_UnlockTexture(sprites_);
    for (const Sprite& s : sprites) {
        const SDL_Rect src{s.ax, s.ay, s.box.w, s.box.h}, dst{s.box.x, s.box.y, s.box.w, s.box.h};
        SDL_RenderCopy(renderer_, sprites_, &src, &dst);
    }
    return true;
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
            clip_to_table(renderer_, l);
            Painter p(renderer_);
            draw_table(p, l, *v.table);
            if (v.debug.geometry) draw_table_geometry(p, l, *v.table);
            p.flush();
            SDL_RenderSetClipRect(renderer_, nullptr);
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
    clip_to_table(renderer_, l);
    Painter p(renderer_);
    draw_table(p, l, *v.table);
    if (v.debug.geometry) draw_table_geometry(p, l, *v.table);
    p.flush();
    SDL_RenderSetClipRect(renderer_, nullptr);
}

Layout SceneRenderer::draw(const SceneView& v, int width, int height) {
    const Layout l = make_layout(*v.table, width, height, v.chrome, v.camera);
    draw_static(v, l, width, height);
    {
        // The table, its balls and what is drawn on them stay in the table's area: the cue
        // never covers the widgets, a zoomed table never the HUD.
        clip_to_table(renderer_, l);
        Painter p(renderer_);
        if (!draw_ball_sprites(v, l)) {
            // No streaming textures: the balls as meshes, upright.
            const BallSet set = ball_set(*v.table);
            const bool carom = game::is_carom(v.table->spec); // white, yellow, red; no numbers
            for (const BallView& b : v.balls)
                if (!b.pocketed)
                    draw_ball_shadow(p, l.to_screen(b.position), l.table_pixels(b.radius));
            for (const BallView& b : v.balls) {
                if (b.pocketed) continue;
                if (carom)
                    draw_plain_ball(p, carom_ball_style(b.id).color, l.to_screen(b.position),
                                    l.table_pixels(b.radius));
                else
                    draw_ball_body(p, b.id, l.to_screen(b.position), l.table_pixels(b.radius), set);
            }
            p.flush();
            if (text_ && !carom)
                for (const BallView& b : v.balls)
                    if (!b.pocketed)
                        draw_ball_number(*text_, b.id, l.to_screen(b.position),
                                         l.table_pixels(b.radius), set);
            for (const BallView& b : v.balls)
                if (!b.pocketed)
                    draw_ball_gloss(p, l.to_screen(b.position), l.table_pixels(b.radius));
        }
        if (v.debug.velocities)
            for (const BallView& b : v.balls)
                draw_debug_vectors(p, l, b);
        draw_rings(p, l, v.rings);
        draw_paths(p, l, v.paths, game::is_carom(v.table->spec));
        draw_ball_labels(p, text_, l, v);
        draw_labels(p, text_, l, v.labels);
        draw_pocket_marks(p, l, *v.table, v.pockets);
        draw_aim(p, l, v.aim);
        draw_placement(p, l, v.placement);
        draw_cue(p, l, v.cue);
        p.flush();
        SDL_RenderSetClipRect(renderer_, nullptr);
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

BallView ball_view(const physics::Ball& b, const Orientations& turns) {
    BallView v;
    v.id = b.id;
    v.position = b.position;
    v.radius = b.radius;
    v.velocity = b.velocity;
    v.spin = b.spin;
    v.orientation = turns.of(b.id);
    v.pocketed = b.state == physics::MotionState::Pocketed;
    return v;
}

} // namespace billiards::render

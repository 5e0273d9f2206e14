// What a frame of the real loop shows, for tests of the HUD, the cards and the menus: its
// pixels, the layout it was drawn with, and the text and windows ImGui drew over it.
#pragma once

#include <gtest/gtest.h>

#include <SDL.h>

#include <algorithm>
#include <cstdlib>
#include <initializer_list>
#include <map>
#include <string>
#include <vector>

#include "app/game_app.hpp"
#include "app/loop_script.hpp"
#include "app_helpers.hpp"
#include "imgui_probe.hpp"
#include "render/colors.hpp"
#include "render/layout.hpp"
#include "render/offscreen.hpp"

namespace billiards::test {

struct FrameShot {
    render::Image image;
    render::Layout layout;
    std::vector<std::string> windows; // ImGui windows drawn ("##main_menu", ...)
    bool has_window(const std::string& name) const {
        return std::find(windows.begin(), windows.end(), name) != windows.end();
    }
    std::map<std::string, std::string> text; // by window (drawn_text)
    const std::string& text_of(const std::string& window) const {
        static const std::string none;
        const auto it = text.find(window);
        return it == text.end() ? none : it->second;
    }
    // The same with its lines joined: words a narrow card wrapped read as one sentence.
    std::string flat_text_of(const std::string& window) const {
        std::string t = text_of(window);
        std::replace(t.begin(), t.end(), '\n', ' ');
        return t;
    }
    std::map<std::string, render::Rect> rects; // where each window stood (pixels)
    std::size_t messages = 0;                  // the match's messages shown beside the table
};

// Call from a loop's after_draw.
inline FrameShot grab_frame(SDL_Renderer* r, const app::GameApp& g) {
    FrameShot s;
    s.image = render::read_pixels(r);
    s.layout = g.layout();
    s.messages = g.messages().size();
    s.windows = drawn_windows();
    for (const std::string& w : s.windows)
        if (w.find('/') == std::string::npos) {
            s.text[w] = drawn_text(w);
            if (const ImGuiWindow* win = ImGui::FindWindowByName(w.c_str()))
                s.rects[w] = {static_cast<double>(win->Pos.x), static_cast<double>(win->Pos.y),
                              static_cast<double>(win->Size.x), static_cast<double>(win->Size.y)};
        }
    return s;
}

// Pixels in the rectangle (pixels, clipped to the image) within `tol` of colour c in each of
// red, green and blue.
inline int pixels_of(const render::Image& img, const render::Rect& r, render::Color c,
                     int tol = 2) {
    int n = 0;
    const int x0 = std::max(0, static_cast<int>(r.x)), y0 = std::max(0, static_cast<int>(r.y));
    const int x1 = std::min(img.width, static_cast<int>(r.x + r.w));
    const int y1 = std::min(img.height, static_cast<int>(r.y + r.h));
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x) {
            const render::Image::Pixel p = img.at(x, y);
            n += std::abs(p.r - c.r) <= tol && std::abs(p.g - c.g) <= tol &&
                 std::abs(p.b - c.b) <= tol;
        }
    return n;
}

// The HUD band's two ends, where the players' cards are (hud_draw.cpp: each card at most
// 36 % of the band's width, from its end).
inline render::Rect hud_side(const render::Layout& l, int player) {
    const double w = (l.side.x - l.view.x) * 0.4;
    return {player == 0 ? l.view.x : l.side.x - w, l.hud.y, w, l.hud.h};
}

// The players' cards' colours (hud_draw.cpp): the fill of the player to act and of the
// other, and the strip under the card of the player to act and of the winner.
inline constexpr render::Color kActiveCard{46, 58, 66, 255};
inline constexpr render::Color kIdleCard{30, 35, 40, 255};
inline constexpr render::Color kTurnGreen{120, 220, 150, 255};
inline constexpr render::Color kWinnerGold{255, 214, 64, 255};
// The newest of a match's messages beside the table (hud_draw.cpp).
inline constexpr render::Color kNewestMessage{255, 222, 130, 255};

// Whose card is lit: 0 or 1 when that card shows the turn (its fill and the green strip)
// and the other is idle (the idle fill, no lit fill); else -1.
inline int lit_card(const FrameShot& s) {
    bool active[2], idle[2];
    for (int k = 0; k < 2; ++k) {
        const render::Rect r = hud_side(s.layout, k);
        const int lit_fill = pixels_of(s.image, r, kActiveCard);
        active[k] = lit_fill > 200 && pixels_of(s.image, r, kTurnGreen, 6) > 20;
        idle[k] = lit_fill == 0 && pixels_of(s.image, r, kIdleCard) > 200;
    }
    for (int k = 0; k < 2; ++k)
        if (active[k] && idle[1 - k]) return k;
    return -1;
}

// Three frames of `g` through the real loop at `frame_seconds` each; the third as drawn
// (saved as `name` under $BILLIARDS_SHOTS_DIR when that is set).
inline FrameShot third_frame(app::Platform& platform, app::GameApp& g, const std::string& name,
                             double frame_seconds) {
    app::LoopOptions lo;
    lo.max_frames = 3;
    lo.fake_frame_seconds = frame_seconds;
    FrameShot shot;
    lo.after_draw = [&](long frame, SDL_Renderer* r) {
        if (frame != 2) return;
        shot = grab_frame(r, g);
        maybe_save(r, name);
    };
    EXPECT_EQ(app::run_loop(platform, g, lo), 0) << name;
    return shot;
}

// Each of `words` is in the text `window` drew.
inline void expect_says(const FrameShot& s, const std::string& window,
                        std::initializer_list<const char*> words) {
    for (const char* w : words)
        EXPECT_NE(s.flat_text_of(window).find(w), std::string::npos)
            << w << " in " << window << ":\n"
            << s.text_of(window);
}

// The window stood beside the table, over none of it, nor over the spin disc or the power
// meter (with its value under it), nor over the newest messages (shown above it), and inside
// the frame.
inline void expect_beside_table(const FrameShot& s, const std::string& window) {
    const auto it = s.rects.find(window);
    ASSERT_NE(it, s.rects.end()) << window;
    const render::Rect& card = it->second;
    const render::Layout& l = s.layout;
    const render::Rect& t = l.table;
    EXPECT_GE(card.x, t.x + t.w) << window << " covers the table";
    EXPECT_GE(card.y, l.spin_center.y + l.spin_radius) << window << " covers the spin disc";
    EXPECT_GE(card.y, l.power.y + l.power.h + l.pixels(0.05)) << window << " covers the meter";
    if (s.messages == 0) return;
    const render::Rect notes = render::messages_over_card(l, s.messages);
    EXPECT_GE(notes.h, render::hud_text(l).status * 3.0) << "no room for a message";
    EXPECT_GE(notes.x, t.x + t.w) << "the messages cover the table";
    EXPECT_GE(card.y, notes.y + notes.h) << window << " covers the messages";
    // ... and the newest message is drawn there, in its colour (hud_draw.cpp).
    EXPECT_GT(pixels_of(s.image, notes, kNewestMessage, 8), 20) << "no message over " << window;
    EXPECT_LE(card.y + card.h, static_cast<double>(s.image.height)) << window << " is cut off";
}

} // namespace billiards::test

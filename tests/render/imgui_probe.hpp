// What Dear ImGui drew and where its items are, for tests of the menus, cards and panel.
// - drawn_text(): the words of the last frame's draw data, window by window, read back from
//   the glyph quads (each quad's texture corners are one glyph's in the font atlas).
// - Clicker: clicks items (found by their label's ID) through the real loop with SDL mouse
//   events: ImGui's navigation is pointed at the item for a frame to learn its rectangle
//   (ImGui records the rectangle of the item it navigates to), then the mouse is warped
//   there (ImGui's mouse: SDL's offscreen driver keeps no pointer for ImGui's backend to
//   read), pressed and released on the next two frames with SDL button events.
// Uses imgui_internal.h (Dear ImGui 1.86): tests only.
#pragma once

#include <imgui.h>
#include <imgui_internal.h>

#include <SDL.h>

#include <algorithm>
#include <cmath>
#include <deque>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace billiards::test {

// One line of text as drawn: its top-left corner and its characters (UTF-8), a space where
// the gap between two glyphs is wider than the font leaves.
struct DrawnLine {
    float x = 0.0f, y = 0.0f;
    std::string text;
};

inline void append_utf8(std::string& s, unsigned c) {
    if (c < 0x80) {
        s += static_cast<char>(c);
    } else if (c < 0x800) {
        s += static_cast<char>(0xc0 | (c >> 6));
        s += static_cast<char>(0x80 | (c & 0x3f));
    } else {
        s += static_cast<char>(0xe0 | (c >> 12));
        s += static_cast<char>(0x80 | ((c >> 6) & 0x3f));
        s += static_cast<char>(0x80 | (c & 0x3f));
    }
}

// Which glyphs to read, by their colour (ImGui's packed RGBA); none: every glyph.
using ColorFilter = std::function<bool(ImU32)>;

// Red text (a refused field, an error): red strong, green and blue weak.
inline bool is_red(ImU32 c) {
    const ImVec4 v = ImGui::ColorConvertU32ToFloat4(c);
    return v.x > 0.8f && v.y < 0.5f && v.z < 0.5f;
}

// The lines of text in the last frame's draw data, by owner window name ("##main_menu").
// Call between ImGui::Render() and the next NewFrame() (a loop's after_draw).
inline std::map<std::string, std::vector<DrawnLine>> drawn_lines(const ColorFilter& keep = {}) {
    struct Quad {
        const ImFontGlyph* g;
        float origin_x, top_y, scale;
    };
    // Every glyph of every font by its atlas corner (u0, v0).
    std::multimap<std::pair<float, float>, const ImFontGlyph*> by_uv;
    const ImFontAtlas* atlas = ImGui::GetIO().Fonts;
    for (const ImFont* font : atlas->Fonts)
        for (const ImFontGlyph& g : font->Glyphs)
            if (g.Visible) by_uv.emplace(std::make_pair(g.U0, g.V0), &g);
    std::map<std::string, std::vector<DrawnLine>> out;
    const ImDrawData* data = ImGui::GetDrawData();
    if (!data) return out;
    for (int l = 0; l < data->CmdListsCount; ++l) {
        const ImDrawList* list = data->CmdLists[l];
        const ImVector<ImDrawVert>& v = list->VtxBuffer;
        std::vector<Quad> quads;
        for (int i = 0; i + 3 < v.Size; ++i) {
            const auto range = by_uv.equal_range({v[i].uv.x, v[i].uv.y});
            for (auto it = range.first; it != range.second; ++it) {
                const ImFontGlyph* g = it->second;
                if (v[i + 1].uv.x != g->U1 || v[i + 1].uv.y != g->V0 || v[i + 2].uv.x != g->U1 ||
                    v[i + 2].uv.y != g->V1 || v[i + 3].uv.x != g->U0 || v[i + 3].uv.y != g->V1)
                    continue;
                const float w = g->X1 - g->X0;
                const float scale = w > 0.0f ? (v[i + 1].pos.x - v[i].pos.x) / w : 1.0f;
                if (!keep || keep(v[i].col))
                    quads.push_back(
                        {g, v[i].pos.x - g->X0 * scale, v[i].pos.y - g->Y0 * scale, scale});
                i += 3;
                break;
            }
        }
        // Lines: glyphs with the same top (to a pixel), left to right.
        std::vector<DrawnLine>& lines = out[list->_OwnerName ? list->_OwnerName : ""];
        std::vector<std::vector<Quad>> rows;
        for (const Quad& q : quads) {
            bool placed = false;
            for (auto& row : rows)
                if (std::fabs(row.front().top_y - q.top_y) < 1.0f &&
                    std::fabs(row.front().scale - q.scale) < 1e-3f) {
                    row.push_back(q);
                    placed = true;
                    break;
                }
            if (!placed) rows.push_back({q});
        }
        for (auto& row : rows) {
            std::sort(row.begin(), row.end(),
                      [](const Quad& a, const Quad& b) { return a.origin_x < b.origin_x; });
            DrawnLine line{row.front().origin_x, row.front().top_y, {}};
            float next = row.front().origin_x;
            for (const Quad& q : row) {
                if (!line.text.empty() && q.origin_x > next + 2.0f * q.scale) line.text += ' ';
                append_utf8(line.text, q.g->Codepoint);
                next = q.origin_x + q.g->AdvanceX * q.scale;
            }
            lines.push_back(line);
        }
    }
    return out;
}

// The text of one window and its child windows ("Window/child"): lines top to bottom,
// joined by newlines; "" when it drew none.
// With `keep`, only the glyphs of those colours.
inline std::string drawn_text(const std::string& window, const ColorFilter& keep = {}) {
    std::vector<DrawnLine> lines;
    for (const auto& [name, of_window] : drawn_lines(keep))
        if (name == window || name.rfind(window + "/", 0) == 0)
            lines.insert(lines.end(), of_window.begin(), of_window.end());
    std::stable_sort(lines.begin(), lines.end(), [](const DrawnLine& a, const DrawnLine& b) {
        return a.y < b.y - 1.0f || (std::fabs(a.y - b.y) <= 1.0f && a.x < b.x);
    });
    std::string text;
    for (const DrawnLine& l : lines)
        text += l.text + "\n";
    return text;
}

// The names of the windows ImGui drew last frame (those with anything in their draw list).
inline std::vector<std::string> drawn_windows() {
    std::vector<std::string> names;
    const ImDrawData* data = ImGui::GetDrawData();
    for (int l = 0; data && l < data->CmdListsCount; ++l)
        if (data->CmdLists[l]->_OwnerName) names.emplace_back(data->CmdLists[l]->_OwnerName);
    return names;
}

// An item's ID: its label hashed under the window's ID and the IDs pushed around it
// (`scopes`: the PushID strings, outermost first), as ImGui computes it.
inline ImGuiID item_id(const ImGuiWindow* window, const std::vector<std::string>& scopes,
                       const std::string& label) {
    ImGuiID seed = window->ID;
    for (const std::string& s : scopes)
        seed = ImHashStr(s.c_str(), 0, seed);
    return ImHashStr(label.c_str(), 0, seed);
}

struct ClickTarget {
    std::string window; // "##main_menu", "##Combo_00" (an open combo's list)
    std::string label;  // the item's label as passed to ImGui ("Start match", "##table")
    std::vector<std::string> scopes = {}; // PushID strings around it
};

// Clicks targets one after another through the loop; hook before_frame(), before_ui() and
// after_draw() into the LoopOptions (hook() does). `then` of a target runs one frame after
// its click was released (the frame of the release and one more drawn).
class Clicker {
  public:
    explicit Clicker(SDL_Window* window) : window_(window) {}

    void click(ClickTarget target, std::function<void()> then = {}) {
        steps_.push_back({std::move(target), std::move(then)});
    }
    bool done() const { return steps_.empty(); }
    const std::string& error() const { return error_; }
    int clicks() const { return clicks_; }

    template <class Options> void hook(Options& o) {
        o.before_frame = [this](long f) { before_frame(f); };
        o.before_ui = [this](long f) { before_ui(f); };
        o.after_draw = [this](long f, SDL_Renderer*) { after_draw(f); };
    }

    // The pointer stays where the last click put it.
    // Arriving from one pixel to the left: a move, which ends navigation's hold on hovering.
    void before_ui(long) {
        if (!placed_) return;
        const float dx = phase_ == Phase::Press ? -1.0f : 0.0f;
        ImGui::GetIO().MousePos = ImVec2(static_cast<float>(x_) + dx, static_cast<float>(y_));
        ImGui::GetCurrentContext()->NavDisableMouseHover = false;
    }

    void before_frame(long) {
        if (steps_.empty()) return;
        SDL_Event e{};
        switch (phase_) {
        case Phase::Move: // a motion event for the game, the pointer for ImGui
            e.type = SDL_MOUSEMOTION;
            e.motion.windowID = SDL_GetWindowID(window_);
            e.motion.x = x_;
            e.motion.y = y_;
            SDL_PushEvent(&e);
            placed_ = true;
            phase_ = Phase::Press;
            return;
        case Phase::Press:
        case Phase::Release:
            e.type = phase_ == Phase::Press ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP;
            e.button.windowID = SDL_GetWindowID(window_);
            e.button.button = SDL_BUTTON_LEFT;
            e.button.state = phase_ == Phase::Press ? SDL_PRESSED : SDL_RELEASED;
            e.button.clicks = 1;
            e.button.x = x_;
            e.button.y = y_;
            SDL_PushEvent(&e);
            phase_ = phase_ == Phase::Press ? Phase::Release : Phase::Released;
            return;
        default:
            return;
        }
    }

    void after_draw(long) {
        if (steps_.empty()) return;
        const ClickTarget& t = steps_.front().target;
        ImGuiContext& g = *ImGui::GetCurrentContext();
        switch (phase_) {
        case Phase::Locate: {
            ImGuiWindow* w = ImGui::FindWindowByName(t.window.c_str());
            if (!w || !w->WasActive) {
                if (++tries_ > 30) fail("no window " + t.window);
                return;
            }
            id_ = item_id(w, t.scopes, t.label);
            ImGui::SetFocusID(id_, w);
            phase_ = Phase::Read;
            return;
        }
        case Phase::Read: {
            ImGuiWindow* w = ImGui::FindWindowByName(t.window.c_str());
            if (w && g.NavId == id_ && g.NavIdIsAlive) {
                // NavRectRel is relative to the window's content start (Dear ImGui 1.86),
                // not to its corner.
                const ImRect r = ImGui::WindowRectRelToAbs(w, w->NavRectRel[0]);
                x_ = static_cast<int>(std::lround((r.Min.x + r.Max.x) / 2));
                y_ = static_cast<int>(std::lround((r.Min.y + r.Max.y) / 2));
                phase_ = Phase::Move;
            } else if (++tries_ > 30) {
                fail("no item " + t.label + " in " + t.window);
            } else {
                phase_ = Phase::Locate;
            }
            return;
        }
        case Phase::Released:       // one frame more: the item lets go of ImGui's focus, a
            phase_ = Phase::Settle; // new popup shows (it hides its first frame)
            return;
        case Phase::Settle: {
            std::function<void()> then = std::move(steps_.front().then);
            steps_.pop_front();
            phase_ = Phase::Locate;
            tries_ = 0;
            ++clicks_;
            if (then) then();
            return;
        }
        default:
            return;
        }
    }

  private:
    enum class Phase { Locate, Read, Move, Press, Release, Released, Settle };
    struct Step {
        ClickTarget target;
        std::function<void()> then;
    };
    void fail(const std::string& why) {
        if (error_.empty()) error_ = why;
        steps_.clear();
    }

    SDL_Window* window_;
    std::deque<Step> steps_;
    Phase phase_ = Phase::Locate;
    ImGuiID id_ = 0;
    int x_ = 0, y_ = 0, tries_ = 0, clicks_ = 0;
    bool placed_ = false;
    std::string error_;
};

} // namespace billiards::test

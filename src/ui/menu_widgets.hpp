// What the menu screens share (private to src/ui): the fonts, the colours, the card window
// and its title, message and button. The screens are one file each: main_menu.cpp (with the
// games' setup rows in game_setup.cpp), pause_menu.cpp (and the game-over card),
// decision_cards.cpp, help_screen.cpp (and the tip).
#pragma once

#include <imgui.h>

#include <cstddef>
#include <string>

#include "ui/menus.hpp"

namespace billiards::ui {

// The fonts load_menu_fonts added; null before (ImGui's default font then).
struct MenuFonts {
    ImFont* body = nullptr;
    ImFont* title = nullptr;
    ImFont* small = nullptr; // the help screen's text
};
MenuFonts menu_fonts();

inline const ImVec4 kAccent{0.47f, 0.86f, 0.59f, 1.0f};
inline const ImVec4 kError{0.95f, 0.40f, 0.35f, 1.0f};
inline const ImVec4 kDim{0.62f, 0.66f, 0.66f, 1.0f};
inline constexpr std::size_t kMaxName = 32;

// A window with no title bar, sized to its contents, centred (or its pivot at `at`, a
// fraction of the screen). end_card() after it, whatever it returned.
// A card whose height changes (a message appears, the game's rows differ) keeps its top
// still with `top`: its top edge at `at`.y instead of its middle.
// A `movable` card starts there and follows a drag of its background (off the balls).
bool begin_card(const char* id, float width, ImVec2 at = ImVec2(0.5f, 0.5f), bool top = false,
                bool movable = false);
// The same, its top left at (x, y) output pixels and `width` pixels wide, in the small font
// (a card beside the table); at most `max_height` pixels tall when that is above 0.
bool begin_docked_card(const char* id, float x, float y, float width, float max_height = 0.0f);
void end_card();
void title(const char* text);
// Wrapped, in the accent colour or, when `error`, in red; nothing when empty.
void message(const std::string& text, bool error);
// A full-width button; `primary` in the accent colour.
bool wide_button(const char* label, bool primary = false, bool enabled = true);

// The rows of the main menu that depend on the game (main_menu.cpp draws the rest).
void table_rows(io::Settings& c, const MenuInfo& info);
// The cue's shaft (ordinary or low-squirt).
void cue_row(io::Settings& c);

} // namespace billiards::ui

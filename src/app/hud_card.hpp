// What the HUDs of the three match modes (pool, snooker, three-cushion) share: the players'
// cards, the title's paused mark, the key bar, and the Dear ImGui cards over the table (the
// game-over card, a card of choices), which go through ui/menus.hpp.
#pragma once

#include <array>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "app/game_mode.hpp"
#include "app/mode_context.hpp"
#include "render/view.hpp"
#include "ui/menus.hpp"

namespace billiards::app::hud {

inline constexpr const char* kDot = "  \xc2\xb7  ";  // between the parts of a line
inline constexpr const char* kDash = "\xe2\x80\x93"; // an en dash, between two scores

// A player's card at the top of the screen.
render::PlayerView player(std::string name, std::string detail, bool active, bool winner);
// The card's tag for a computer seat: "  ·  hard AI".
std::string ai_tag(game::AiLevel level);
// "  (paused)" after the title while the clock stands still outside the pause menu.
void mark_paused(std::string& title, const ModeContext& ctx);
// "Ann 3  –  2 Bob"
std::string score_line(const std::array<std::string, 2>& names, int first, int second);
// The key bar: the mouse, fine aim and spin, then `game_keys` ("O: push-out   "), replay,
// undo when `undo`, the menu, sound, help.
std::string key_bar(const std::string& game_keys, bool undo);

// The computer's plan for its shot as the player reads it: "Bob plays safe off the 1" (the
// planners' own words are short notes: "safety on the 1", "pot the 3 in the ...").
std::string plan_words(const std::string& who, const std::string& plan);

// The help screen's rules written as prose: paragraphs apart by a blank line, each joined into
// one line (the screen wraps it).
std::vector<std::string> paragraphs(std::string_view text);

// A decision said as what its player did, naming them: "Bob has the balls re-racked and
// breaks" (the cards' buttons are in the chooser's own words: "Re-rack and break myself").
// `other` is the opponent; `ball`, for playing away from a frozen ball, the ball's name.
std::string decision_words(game::Decision d, const std::string& who, const std::string& other,
                           const std::string& ball = {});
// The name of the seat that is not `who`'s (the same name when both seats share it).
std::string other_name(const std::array<std::string, 2>& names, const std::string& who);

// The game-over card: Rematch calls `rematch` (and asks nothing of the shell), Replay and
// Main menu are requests to the shell.
GameMode::Request game_over(const ui::GameOverInfo& info, const std::function<void()>& rematch);
// The column beside the table under the power meter, where the cards of choices stand (never
// over the balls, the spin disc or the meter).
ui::CardDock dock(const ModeContext& ctx);
// A card of buttons, docked beside the table: the index of the one pressed this frame, else -1.
int choose(ui::OptionsCard card, const ModeContext& ctx);

} // namespace billiards::app::hud

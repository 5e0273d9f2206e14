#include "app/hud_card.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "app/game_hud.hpp"

namespace billiards::app::hud {

render::PlayerView player(std::string name, std::string detail, bool active, bool winner) {
    render::PlayerView p;
    p.name = std::move(name);
    p.detail = std::move(detail);
    p.active = active;
    p.winner = winner;
    return p;
}

std::string ai_tag(game::AiLevel level) {
    return fmt::format("{}{} AI", kDot, game::to_string(level));
}

void mark_paused(std::string& title, const ModeContext& ctx) {
    if (ctx.clock.paused() && !ctx.over.pause_menu) title += "  (paused)";
}

std::vector<std::string> paragraphs(std::string_view text) {
    std::vector<std::string> out;
    bool open = false; // a paragraph is being joined
    while (!text.empty()) {
        const std::size_t end = std::min(text.find('\n'), text.size());
        std::string_view line = text.substr(0, end);
        text.remove_prefix(std::min(end + 1, text.size()));
        while (!line.empty() && line.front() == ' ')
            line.remove_prefix(1);
        while (!line.empty() && line.back() == ' ')
            line.remove_suffix(1);
        if (line.empty()) {
            open = false;
        } else if (open) {
            out.back().append(" ").append(line);
        } else {
            out.emplace_back(line);
            open = true;
        }
    }
    return out;
}

std::string score_line(const std::array<std::string, 2>& names, int first, int second) {
    return fmt::format("{} {}  {}  {} {}", names[0], first, kDash, second, names[1]);
}

std::string key_bar(const std::string& game_keys, bool undo) {
    return fmt::format("Mouse: aim   Drag back + release: shoot   Left/Right: fine aim   "
                       "W A S D: spin   {}R: replay   {}Esc: menu   M: mute   H: help   "
                       "K: hide keys",
                       game_keys, undo ? "Ctrl+Z: undo   " : "");
}

std::string plan_words(const std::string& who, const std::string& plan) {
    // The pool planner's notes (imperatives) and snooker's "pots": what the player will see
    // the computer try, not what it will do.
    static const std::pair<const char*, const char*> kNotes[] = {
        {"pot the ", "goes for the "},
        {"bank the ", "banks the "},
        {"kick at the ", "kicks at the "},
        {"safety on the ", "plays safe off the "},
        {"swerve to pot the ", "swerves to pot the "},
        {"masse onto the ", "plays a mass\xc3\xa9 onto the "},
        {"pots ", "goes for "},
    };
    if (plan == "break") return who + " breaks";
    if (plan == "legal hit") return who + " plays a legal hit";
    std::string words = plan;
    for (const auto& [note, said] : kNotes)
        if (words.rfind(note, 0) == 0) {
            words = said + words.substr(std::string(note).size());
            break;
        }
    // The planner's count of its noisy tries is its own business.
    if (const std::size_t at = words.find(" (it scored in "); at != std::string::npos)
        words.erase(at, words.find(')', at) + 1 - at);
    return who + " " + words;
}

std::string decision_words(game::Decision d, const std::string& who, const std::string& other,
                           const std::string& ball) {
    switch (d) {
    case game::Decision::AcceptTable:
        return who + " plays the table as it lies";
    case game::Decision::Rerack:
        return who + " has the balls re-racked and breaks";
    case game::Decision::RerackOpponentBreaks:
        return who + " has the balls re-racked for " + other + " to break again";
    case game::Decision::ShootAfterPushOut:
        return who + " takes the shot after the push-out";
    case game::Decision::PassBack:
        return who + " passes the shot back to " + other;
    case game::Decision::PlayOn:
        return who + " plays on from where the balls lie";
    case game::Decision::OffenderPlaysAgain:
        return who + " has " + other + " play again";
    case game::Decision::ReplaceAndReplay:
        return who + " has the balls put back and " + other + " plays again";
    case game::Decision::PlayAway:
        return who + " plays away from the " + (ball.empty() ? "ball it touches" : ball);
    case game::Decision::Spot:
        return who + " has the balls spotted";
    }
    return who + " decides";
}

std::string other_name(const std::array<std::string, 2>& names, const std::string& who) {
    return names[who == names[0] ? 1 : 0];
}

GameMode::Request game_over(const ui::GameOverInfo& info, const std::function<void()>& rematch) {
    switch (ui::draw_game_over(info)) {
    case ui::GameOverAction::Rematch:
        rematch();
        return GameMode::Request::None;
    case ui::GameOverAction::Replay:
        return GameMode::Request::Replay;
    case ui::GameOverAction::MainMenu:
        return GameMode::Request::MainMenu;
    case ui::GameOverAction::None:
        break;
    }
    return GameMode::Request::None;
}

ui::CardDock dock(const ModeContext& ctx) {
    const render::Layout& l = ctx.layout;
    if (!l.chrome || l.side.w <= 0.0) return {};
    const double right = l.view.x + l.view.w;
    // Under the power meter and the newest messages, down to the window's bottom: the spin
    // disc, the meter and what just happened stay in view.
    const render::Rect notes = render::messages_over_card(l, ctx.message_texts().size());
    const double top = notes.y + notes.h + l.pixels(0.01);
    const double bottom = static_cast<double>(ctx.output_h) - l.pixels(0.01);
    return {static_cast<float>(l.side.x), static_cast<float>(top),
            static_cast<float>(right - l.side.x - l.pixels(0.01)),
            static_cast<float>(std::max(bottom - top, 1.0))};
}

int choose(ui::OptionsCard card, const ModeContext& ctx) {
    card.dock = dock(ctx);
    int picked = -1;
    return ui::draw_options(card, picked) ? picked : -1;
}

} // namespace billiards::app::hud

namespace billiards::app {

std::vector<std::string> GameHud::rules(game::GameKind kind) const {
    return hud::paragraphs(rules_text(kind));
}

} // namespace billiards::app

// The main menu: the game, the players, the game's own rows (game_setup.cpp), the options,
// the cue, the sound and the buttons.
#include <imgui.h>
#include <imgui_stdlib.h> // after imgui.h: it needs IMGUI_API

#include <string_view>

#include "ui/menu_widgets.hpp"

namespace billiards::ui {

namespace {

using Choice = std::optional<game::GameKind>; // none: the sandbox

void mode_row(io::Settings& c) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Game");
    // Every kind of game/game_kind.hpp's table in its order, the sandbox (a pool table)
    // after the pool games.
    bool first = true, sandbox = false;
    const auto button = [&](const char* label, Choice m) {
        ImGui::SameLine(first ? 90.0f : 0.0f);
        first = false;
        if (ImGui::RadioButton(label, c.game == m)) c.game = m;
    };
    for (const game::KindInfo& k : game::kKindInfos) {
        if (!sandbox && std::string_view(k.folder) != "pool") {
            button("Sandbox", std::nullopt);
            sandbox = true;
        }
        button(k.label, k.kind);
    }
    if (!sandbox) button("Sandbox", std::nullopt);
}

void seat_row(int k, io::Settings& c) {
    ImGui::PushID(k);
    ImGui::AlignTextToFramePadding();
    ImGui::Text("Player %d", k + 1);
    ImGui::SameLine(90.0f);
    ImGui::SetNextItemWidth(150.0f);
    ImGui::InputText("##name", &c.names[static_cast<std::size_t>(k)]);
    std::string& name = c.names[static_cast<std::size_t>(k)];
    if (name.size() > kMaxName) name.resize(kMaxName);
    ImGui::SameLine();
    int kind = c.seats[static_cast<std::size_t>(k)] == game::SeatKind::Computer ? 1 : 0;
    ImGui::SetNextItemWidth(120.0f);
    if (ImGui::Combo("##kind", &kind, "Human\0Computer\0"))
        c.seats[static_cast<std::size_t>(k)] =
            kind == 1 ? game::SeatKind::Computer : game::SeatKind::Human;
    if (kind == 1) {
        ImGui::SameLine();
        int level = static_cast<int>(c.levels[static_cast<std::size_t>(k)]);
        ImGui::SetNextItemWidth(110.0f);
        if (ImGui::Combo("##level", &level, "Easy\0Medium\0Hard\0Pro\0"))
            c.levels[static_cast<std::size_t>(k)] = static_cast<game::AiLevel>(level);
    }
    ImGui::PopID();
}

void options_row(io::Settings& c, bool match) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Options");
    ImGui::SameLine(90.0f);
    if (match) {
        ImGui::Checkbox("Practice (undo)", &c.practice);
        ImGui::SameLine();
    }
    ImGui::Checkbox("Aim aid", &c.aim_aid);
    ImGui::SameLine();
    if (c.game == game::GameKind::ThreeCushion) {
        ImGui::Checkbox("Diamonds", &c.diamond_aid);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("The cue ball's line to its first two rails, in diamonds");
    } else {
        ImGui::Checkbox("Predicted path", &c.predicted_path);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Every ball's path from the real physics (practice and sandbox)");
    }
    ImGui::SameLine();
    ImGui::Checkbox("Labels", &c.ball_labels);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Every ball's number, value or letter on it, upright (colour-blind aid)");
}

MenuAction menu_buttons(const MenuInfo& info, bool match) {
    MenuAction action = MenuAction::None;
    if (wide_button(match ? "Start match" : "Start sandbox", true)) action = MenuAction::Start;
    if (!info.continue_label.empty() && wide_button(info.continue_label.c_str()))
        action = MenuAction::Continue;
    if (!info.resume_label.empty() && wide_button(info.resume_label.c_str()))
        action = MenuAction::Resume;
    if (info.can_load && wide_button("Load saved match")) action = MenuAction::Load;
    if (info.slots > 0 && wide_button("Saved games...")) action = MenuAction::Saves;
    if (wide_button("Paste a code")) action = MenuAction::PasteCode;
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Open a shot or table code (BIL1...) from the clipboard in the sandbox");
    if (wide_button("Online...")) action = MenuAction::Online;
    if (wide_button("Drills...")) action = MenuAction::Drills;
    if (wide_button("Statistics...")) action = MenuAction::Statistics;
    if (wide_button("Quit")) action = MenuAction::Quit;
    return action;
}

} // namespace

MenuAction draw_main_menu(io::Settings& c, const MenuInfo& info) {
    MenuAction action = MenuAction::None;
    // Its top stays put when the game chosen brings other rows (it jumped 30-60 px).
    if (begin_card("##main_menu", 600.0f, ImVec2(0.5f, 0.1f), true)) {
        title("Billiards");
        ImGui::PushStyleColor(ImGuiCol_Text, kDim);
        ImGui::TextUnformatted("Pool on an exact ball world");
        ImGui::PopStyleColor();
        ImGui::Separator();
        mode_row(c);
        const bool match = c.game.has_value();
        if (match) {
            seat_row(0, c);
            seat_row(1, c);
        }
        table_rows(c, info);
        options_row(c, match);
        cue_row(c);
        sound_controls(c);
        ImGui::Spacing();
        action = menu_buttons(info, match);
        message(info.message, info.error);
        ImGui::PushStyleColor(ImGuiCol_Text, kDim);
        ImGui::TextUnformatted(main_menu_key_hint());
        ImGui::TextUnformatted(main_menu_pad_hint());
        ImGui::PopStyleColor();
    }
    end_card();
    return action;
}

const char* main_menu_key_hint() {
    return "Enter: start   H: help   M: mute   Esc: pause in game   F1: debug";
}

const char* main_menu_pad_hint() {
    return "Gamepad: Start: start   A: pick   B: back   Back: help   D-pad: move";
}

} // namespace billiards::ui

// The named saves: the pause menu's save dialog and the main menu's Saved games screen.
#include <imgui.h>
#include <imgui_stdlib.h> // after imgui.h: it needs IMGUI_API

#include <algorithm>

#include "ui/menu_widgets.hpp"

namespace billiards::ui {

SaveDialogAction draw_save_dialog(const SaveDialogInfo& info, std::string& name) {
    SaveDialogAction action = SaveDialogAction::None;
    if (begin_card("##save_dialog", 440.0f, ImVec2(0.5f, 0.12f), true)) {
        title("Save as");
        ImGui::Separator();
        if (info.replace.empty()) {
            ImGui::TextUnformatted("Name");
            ImGui::SetNextItemWidth(-1.0f);
            if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
            const bool enter =
                ImGui::InputText("##slot_name", &name, ImGuiInputTextFlags_EnterReturnsTrue);
            if (wide_button("Save", true) || enter) action = SaveDialogAction::Save;
        } else {
            ImGui::PushTextWrapPos(0.0f);
            ImGui::Text("A save named \"%s\" exists. Replace it?", info.replace.c_str());
            ImGui::PopTextWrapPos();
            if (wide_button("Replace it", true)) action = SaveDialogAction::Replace;
        }
        if (wide_button("Cancel")) action = SaveDialogAction::Cancel;
        message(info.message, info.error);
    }
    end_card();
    return action;
}

SavesChoice draw_saves_screen(const SavesInfo& info) {
    using Kind = SavesChoice::Kind;
    SavesChoice choice;
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowSizeConstraints(ImVec2(0.0f, 0.0f),
                                        ImVec2(vp->WorkSize.x - 16.0f, vp->WorkSize.y * 0.85f));
    if (begin_card("##saves", 900.0f, ImVec2(0.5f, 0.08f), true)) {
        title("Saved games");
        ImGui::Separator();
        if (info.rows.empty()) ImGui::TextUnformatted("No saved games yet (pause menu: Save as)");
        const ImGuiTableFlags flags =
            ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollY;
        const float row = ImGui::GetFrameHeightWithSpacing() + 4.0f;
        const float height =
            std::min(row * static_cast<float>(info.rows.size() + 1), vp->WorkSize.y * 0.55f);
        if (!info.rows.empty() && ImGui::BeginTable("##slots", 5, flags, ImVec2(0.0f, height))) {
            ImGui::TableSetupScrollFreeze(0, 1);
            ImGui::TableSetupColumn("Name");
            ImGui::TableSetupColumn("Saved");
            ImGui::TableSetupColumn("Game");
            ImGui::TableSetupColumn("Score", ImGuiTableColumnFlags_WidthStretch);
            ImGui::TableSetupColumn("");
            ImGui::TableHeadersRow();
            for (const SlotRow& r : info.rows) {
                ImGui::PushID(r.name.c_str());
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(r.name.c_str());
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(r.date.c_str());
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(r.game.c_str());
                ImGui::TableNextColumn();
                ImGui::PushStyleColor(ImGuiCol_Text, r.readable ? kDim : kError);
                ImGui::PushTextWrapPos(0.0f);
                ImGui::TextUnformatted(r.score.c_str());
                ImGui::PopTextWrapPos();
                ImGui::PopStyleColor();
                ImGui::TableNextColumn();
                if (info.delete_asked == r.name) {
                    if (ImGui::Button("Delete it")) choice = {Kind::ConfirmDelete, r.name};
                    ImGui::SameLine();
                    if (ImGui::Button("Keep")) choice = {Kind::KeepIt, r.name};
                } else {
                    if (!r.readable) ImGui::BeginDisabled();
                    if (ImGui::Button("Load")) choice = {Kind::Load, r.name};
                    if (!r.readable) ImGui::EndDisabled();
                    ImGui::SameLine();
                    if (ImGui::Button("Delete")) choice = {Kind::Delete, r.name};
                }
                ImGui::PopID();
            }
            ImGui::EndTable();
        }
        if (wide_button("Back")) choice.kind = Kind::Back;
        message(info.message, info.error);
    }
    end_card();
    return choice;
}

} // namespace billiards::ui

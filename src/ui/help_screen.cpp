// The help screen (every control and the rules, in three columns) and the first start's tip.
#include <algorithm>

#include "ui/menu_widgets.hpp"

namespace billiards::ui {

std::string help_text(const HelpInfo& info) {
    std::string out;
    for (const HelpSection& sec : info.controls) {
        out += sec.title + "\n";
        for (const HelpRow& r : sec.rows)
            out += "  " + r.keys + "  " + r.what + "\n";
    }
    out += info.rules_title + "\n";
    for (const std::string& r : info.rules)
        out += "  " + r + "\n";
    return out;
}

bool draw_help(const HelpInfo& info) {
    bool close = false;
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    // Three columns: the mouse and the keys of every screen, the keys at the table, the
    // gamepad and the rules. Content taller than a small window scrolls inside the card.
    ImGui::SetNextWindowSizeConstraints(ImVec2(0.0f, 0.0f),
                                        ImVec2(vp->WorkSize.x - 16.0f, vp->WorkSize.y - 16.0f));
    const float width = std::min(1240.0f, vp->WorkSize.x - 16.0f);
    ImGui::SetNextWindowPos(
        ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.5f),
        ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(ImVec2(width, 0.0f));
    ImGui::SetNextWindowBgAlpha(0.96f);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(20.0f, 14.0f));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 10.0f);
    ImGui::PushStyleVar(ImGuiStyleVar_FrameRounding, 5.0f);
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(10.0f, 2.0f));
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize |
                                   ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse |
                                   ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_AlwaysAutoResize;
    if (ImGui::Begin("##help", nullptr, flags)) {
        if (menu_fonts().title) ImGui::PushFont(menu_fonts().title);
        ImGui::TextUnformatted("Help");
        if (menu_fonts().title) ImGui::PopFont();
        ImGui::SameLine();
        if (menu_fonts().body) ImGui::PushFont(menu_fonts().body);
        ImGui::SetCursorPosY(ImGui::GetCursorPosY() + 10.0f);
        ImGui::PushStyleColor(ImGuiCol_Text, kDim);
        ImGui::TextUnformatted("   H or Esc (B on a gamepad) closes it");
        ImGui::PopStyleColor();
        if (menu_fonts().body) ImGui::PopFont();
        ImGui::Separator();
        if (menu_fonts().small) ImGui::PushFont(menu_fonts().small);
        const ImGuiTableFlags columns = ImGuiTableFlags_SizingStretchProp;
        if (ImGui::BeginTable("##help_columns", 3, columns)) {
            ImGui::TableSetupColumn("a", ImGuiTableColumnFlags_WidthStretch, 1.0f);
            ImGui::TableSetupColumn("b", ImGuiTableColumnFlags_WidthStretch, 1.0f);
            ImGui::TableSetupColumn("c", ImGuiTableColumnFlags_WidthStretch, 0.9f);
            for (int col = 0; col < 3; ++col) {
                ImGui::TableNextColumn();
                for (std::size_t k = 0; k < info.controls.size(); ++k) {
                    const HelpSection& sec = info.controls[k];
                    if (sec.column != col) continue;
                    ImGui::PushStyleColor(ImGuiCol_Text, kAccent);
                    ImGui::TextUnformatted(sec.title.c_str());
                    ImGui::PopStyleColor();
                    const std::string id = "##sec" + std::to_string(k);
                    if (ImGui::BeginTable(id.c_str(), 2, ImGuiTableFlags_SizingFixedFit)) {
                        ImGui::TableSetupColumn("keys", ImGuiTableColumnFlags_WidthFixed,
                                                col == 1 ? 96.0f : 128.0f);
                        ImGui::TableSetupColumn("what", ImGuiTableColumnFlags_WidthStretch);
                        for (const HelpRow& r : sec.rows) {
                            ImGui::TableNextColumn();
                            ImGui::TextWrapped("%s", r.keys.c_str());
                            ImGui::TableNextColumn();
                            ImGui::PushStyleColor(ImGuiCol_Text, kDim);
                            ImGui::TextWrapped("%s", r.what.c_str());
                            ImGui::PopStyleColor();
                        }
                        ImGui::EndTable();
                    }
                    ImGui::Spacing();
                    ImGui::Spacing();
                }
            }
            ImGui::PushStyleColor(ImGuiCol_Text, kAccent);
            ImGui::TextUnformatted(info.rules_title.c_str());
            ImGui::PopStyleColor();
            for (const std::string& r : info.rules) {
                ImGui::Bullet();
                ImGui::TextWrapped("%s", r.c_str());
                ImGui::Spacing();
            }
            ImGui::EndTable();
        }
        if (menu_fonts().small) ImGui::PopFont();
        ImGui::Spacing();
        if (menu_fonts().body) ImGui::PushFont(menu_fonts().body);
        if (wide_button("Close", true)) close = true;
        if (menu_fonts().body) ImGui::PopFont();
    }
    ImGui::End();
    ImGui::PopStyleVar(4);
    return close;
}

void draw_tip(const std::string& text, float alpha) {
    if (alpha <= 0.0f) return;
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    // Over the top of the table's cloth, clear of the HUD's lines and of the menu's card.
    ImGui::SetNextWindowPos(
        ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.15f),
        ImGuiCond_Always, ImVec2(0.5f, 0.0f));
    ImGui::SetNextWindowBgAlpha(0.92f);
    ImGui::PushStyleVar(ImGuiStyleVar_Alpha, std::clamp(alpha, 0.0f, 1.0f));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(20.0f, 12.0f));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 10.0f);
    ImGui::PushStyleColor(ImGuiCol_Border, kAccent);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 1.5f);
    if (menu_fonts().body) ImGui::PushFont(menu_fonts().body);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoInputs |
                                   ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav |
                                   ImGuiWindowFlags_AlwaysAutoResize;
    if (ImGui::Begin("##tip", nullptr, flags)) {
        ImGui::PushStyleColor(ImGuiCol_Text, kAccent);
        ImGui::TextUnformatted(text.c_str());
        ImGui::PopStyleColor();
    }
    ImGui::End();
    if (menu_fonts().body) ImGui::PopFont();
    ImGui::PopStyleVar(4);
    ImGui::PopStyleColor();
}

} // namespace billiards::ui

#include "ui/online_menu.hpp"

#include <imgui.h>
#include <imgui_stdlib.h> // after imgui.h: it needs IMGUI_API

#include <algorithm>
#include <array>

#include "ui/menu_widgets.hpp"

namespace billiards::ui {

namespace {

constexpr std::size_t kMaxServer = 100;
constexpr std::size_t kMaxCode = 16;
constexpr std::size_t kMaxChatTyped = 200;

void host_rows(OnlineMenu& m) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Game");
    bool first = true;
    for (const game::KindInfo& k : game::kKindInfos) {
        ImGui::SameLine(first ? 110.0f : 0.0f);
        first = false;
        if (ImGui::RadioButton(k.label, m.setup.game == k.kind)) m.setup.game = k.kind;
    }
    table_rows(m.setup, m.tables); // snooker's frames among them
    if (m.setup.game != game::GameKind::Snooker) {
        ImGui::SetNextItemWidth(160.0f);
        ImGui::SliderInt("Games", &m.games, 1, 9);
    }
    cue_row(m.setup);
    int timer = std::clamp(m.turn_seconds / 15, 0, 4);
    ImGui::SetNextItemWidth(160.0f);
    if (ImGui::Combo("Turn timer", &timer,
                     "None\0"
                     "15 s\0"
                     "30 s\0"
                     "45 s\0"
                     "60 s\0"))
        m.turn_seconds = 15 * timer;
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("When a turn's time runs out, the cue ball is nudged away from every "
                          "ball: a foul in pool and snooker, the inning over at three-cushion");
}

} // namespace

OnlineAction draw_online_menu(OnlineMenu& m) {
    OnlineAction action = OnlineAction::None;
    if (begin_card("##online_menu", 600.0f, ImVec2(0.5f, 0.1f), true)) {
        title("Play online");
        ImGui::PushStyleColor(ImGuiCol_Text, kDim);
        ImGui::TextWrapped("Both players need the same build of the game and a billiards "
                           "server (billiards server; a public one listens on 0.0.0.0:PORT).");
        ImGui::PopStyleColor();
        ImGui::Separator();
        ImGui::AlignTextToFramePadding();
        ImGui::TextUnformatted("Server");
        ImGui::SameLine(110.0f);
        ImGui::SetNextItemWidth(260.0f);
        ImGui::InputText("##server", &m.server);
        if (m.server.size() > kMaxServer) m.server.resize(kMaxServer);
        ImGui::AlignTextToFramePadding();
        ImGui::TextUnformatted("Your name");
        ImGui::SameLine(110.0f);
        ImGui::SetNextItemWidth(260.0f);
        ImGui::InputText("##name", &m.name);
        if (m.name.size() > kMaxName) m.name.resize(kMaxName);
        if (m.busy) {
            ImGui::Separator();
            if (!m.room_code.empty()) {
                ImGui::TextUnformatted("Room code (give it to the other player):");
                title(m.room_code.c_str());
            }
            message(m.status, false);
            if (wide_button("Cancel")) action = OnlineAction::Cancel;
        } else {
            ImGui::Separator();
            host_rows(m);
            if (wide_button("Host a game", true)) action = OnlineAction::Host;
            ImGui::Separator();
            ImGui::AlignTextToFramePadding();
            ImGui::TextUnformatted("Room code");
            ImGui::SameLine(110.0f);
            ImGui::SetNextItemWidth(160.0f);
            ImGui::InputText("##code", &m.code);
            if (m.code.size() > kMaxCode) m.code.resize(kMaxCode);
            if (wide_button("Join the game")) action = OnlineAction::Join;
            if (wide_button("Watch the game")) action = OnlineAction::Watch;
            if (!m.rejoin.empty()) {
                ImGui::Separator();
                if (wide_button(m.rejoin.c_str())) action = OnlineAction::Rejoin;
            }
            if (wide_button("Back")) action = OnlineAction::Back;
        }
        message(m.message, m.error);
    }
    end_card();
    return action;
}

bool draw_online_card(OnlineCard& card) {
    bool send = false;
    if (begin_docked_card("##online_card", card.x, card.y, card.width)) {
        if (card.problem) {
            ImGui::PushStyleColor(ImGuiCol_Text, kError);
            ImGui::TextWrapped("%s", card.status.c_str());
            ImGui::PopStyleColor();
        } else {
            ImGui::TextWrapped("%s", card.status.c_str());
        }
        ImGui::Separator();
        for (const std::string& line : card.chat) // printable ASCII only (sanitised)
            ImGui::TextWrapped("%s", line.c_str());
        ImGui::SetNextItemWidth(-1.0f);
        if (ImGui::InputTextWithHint("##chat", "Chat: type, then Enter", &card.typing,
                                     ImGuiInputTextFlags_EnterReturnsTrue))
            send = true;
        if (card.typing.size() > kMaxChatTyped) card.typing.resize(kMaxChatTyped);
    }
    end_card();
    return send;
}

} // namespace billiards::ui

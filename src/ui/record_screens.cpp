#include "ui/record_screens.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "ui/menu_widgets.hpp"

namespace billiards::ui {

float pot_percent(const io::GameRow& g) {
    return g.pot_attempts > 0
               ? 100.0f * static_cast<float>(g.pots) / static_cast<float>(g.pot_attempts)
               : 0.0f;
}

float points_per_visit(const io::GameRow& g) {
    return g.visits > 0 ? static_cast<float>(g.points) / static_cast<float>(g.visits) : 0.0f;
}

DrillsAction draw_drills_menu(const DrillsMenuInfo& info, int& picked) {
    DrillsAction action = DrillsAction::None;
    if (begin_card("##drills_menu", 760.0f, ImVec2(0.5f, 0.06f), true)) {
        title("Drills");
        ImGui::PushStyleColor(ImGuiCol_Text, kDim);
        ImGui::TextWrapped("Classic practice drills, scored from the physics of every attempt. "
                           "Best scores of %s.",
                           info.player.c_str());
        ImGui::PopStyleColor();
        ImGui::Separator();
        if (ImGui::BeginTable("##drills", 3,
                              ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH |
                                  ImGuiTableFlags_ScrollY,
                              ImVec2(0.0f, 330.0f))) {
            ImGui::TableSetupColumn("Drill", ImGuiTableColumnFlags_WidthStretch, 2.2f);
            ImGui::TableSetupColumn("Game", ImGuiTableColumnFlags_WidthStretch, 1.0f);
            ImGui::TableSetupColumn("Best", ImGuiTableColumnFlags_WidthStretch, 1.0f);
            ImGui::TableHeadersRow();
            for (std::size_t i = 0; i < info.drills.size(); ++i) {
                const DrillRow& d = info.drills[i];
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                const bool selected = picked == static_cast<int>(i);
                if (ImGui::Selectable(d.title.c_str(), selected,
                                      ImGuiSelectableFlags_SpanAllColumns |
                                          ImGuiSelectableFlags_AllowDoubleClick)) {
                    picked = static_cast<int>(i);
                    if (ImGui::IsMouseDoubleClicked(0)) action = DrillsAction::Start;
                }
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(d.game.c_str());
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(d.best.empty() ? "-" : d.best.c_str());
            }
            ImGui::EndTable();
        }
        if (picked >= 0 && picked < static_cast<int>(info.drills.size())) {
            ImGui::Spacing();
            ImGui::TextWrapped("%s",
                               info.drills[static_cast<std::size_t>(picked)].description.c_str());
        }
        ImGui::Spacing();
        const bool can_start = picked >= 0 && picked < static_cast<int>(info.drills.size());
        if (wide_button("Start drill", true, can_start)) action = DrillsAction::Start;
        if (wide_button("Back")) action = DrillsAction::Back;
        message(info.message, info.error);
    }
    end_card();
    return action;
}

namespace {

void kind_table(const io::PlayerRecord& r) {
    if (!ImGui::BeginTable("##kinds", 8, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH))
        return;
    for (const char* h :
         {"Game", "Played", "Won", "Pots", "Break & run", "Safeties", "Fouls", "High run / break"})
        ImGui::TableSetupColumn(h);
    ImGui::TableHeadersRow();
    for (const io::KindRecord& k : r.kinds) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(k.kind.c_str());
        ImGui::TableNextColumn();
        ImGui::Text("%d", k.games);
        ImGui::TableNextColumn();
        ImGui::Text("%d", k.wins);
        ImGui::TableNextColumn();
        if (k.kind == "three-cushion")
            ImGui::Text("%.2f / inning", k.visits ? static_cast<double>(k.points) / k.visits : 0.0);
        else
            ImGui::Text("%d/%d (%.0f%%)", k.pots, k.pot_attempts,
                        k.pot_attempts ? 100.0 * k.pots / k.pot_attempts : 0.0);
        ImGui::TableNextColumn();
        ImGui::Text("%d", k.break_and_runs);
        ImGui::TableNextColumn();
        ImGui::Text("%d", k.safeties);
        ImGui::TableNextColumn();
        ImGui::Text("%d", k.fouls);
        ImGui::TableNextColumn();
        ImGui::Text("%d", k.high_run);
    }
    ImGui::EndTable();
}

void plots(const std::vector<io::GameRow>& recent) {
    std::vector<float> pots, per_inning;
    for (const io::GameRow& g : recent) {
        if (g.kind == "three-cushion")
            per_inning.push_back(points_per_visit(g));
        else
            pots.push_back(pot_percent(g));
    }
    const float width = ImGui::GetContentRegionAvail().x;
    if (!pots.empty()) {
        ImGui::Text("Pot success over the last %zu %s (%%)", pots.size(),
                    pots.size() == 1 ? "game" : "games");
        const std::string last =
            "last game " + std::to_string(static_cast<int>(pots.back())) + " %  (0 to 100)";
        ImGui::PlotLines("##pots", pots.data(), static_cast<int>(pots.size()), 0, last.c_str(),
                         0.0f, 100.0f, ImVec2(width, 90.0f));
    }
    if (!per_inning.empty()) {
        const float top = std::max(1.0f, *std::max_element(per_inning.begin(), per_inning.end()));
        ImGui::Text("Three-cushion points per inning over the last %zu %s", per_inning.size(),
                    per_inning.size() == 1 ? "game" : "games");
        char last[64];
        std::snprintf(last, sizeof last, "last game %.2f  (0 to %.2f)",
                      static_cast<double>(per_inning.back()), static_cast<double>(top));
        ImGui::PlotLines("##innings", per_inning.data(), static_cast<int>(per_inning.size()), 0,
                         last, 0.0f, top, ImVec2(width, 90.0f));
    }
    if (pots.empty() && per_inning.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, kDim);
        ImGui::TextUnformatted("No finished games yet: play one from the main menu.");
        ImGui::PopStyleColor();
    }
}

} // namespace

StatsAction draw_stats_screen(const StatsScreenInfo& info, int& picked) {
    StatsAction action = StatsAction::None;
    if (begin_card("##stats_screen", 820.0f, ImVec2(0.5f, 0.04f), true)) {
        title("Statistics");
        if (info.players.empty()) {
            ImGui::PushStyleColor(ImGuiCol_Text, kDim);
            ImGui::TextUnformatted("Nothing recorded yet: every game against a friend or the "
                                   "computer, and every drill, is kept here.");
            ImGui::PopStyleColor();
        } else {
            ImGui::AlignTextToFramePadding();
            ImGui::TextUnformatted("Player");
            ImGui::SameLine(90.0f);
            ImGui::SetNextItemWidth(240.0f);
            const int before = picked;
            const char* shown = picked >= 0 && picked < static_cast<int>(info.players.size())
                                    ? info.players[static_cast<std::size_t>(picked)].c_str()
                                    : "";
            if (ImGui::BeginCombo("##player", shown)) {
                for (std::size_t i = 0; i < info.players.size(); ++i)
                    if (ImGui::Selectable(info.players[i].c_str(), picked == static_cast<int>(i)))
                        picked = static_cast<int>(i);
                ImGui::EndCombo();
            }
            if (picked != before) action = StatsAction::Pick;
            ImGui::Text("%d %s, %d won (%.0f%%)", info.record.games,
                        info.record.games == 1 ? "game" : "games", info.record.wins,
                        info.record.games ? 100.0 * info.record.wins / info.record.games : 0.0);
            ImGui::Separator();
            kind_table(info.record);
            ImGui::Spacing();
            plots(info.recent);
            if (!info.drills.empty()) {
                ImGui::Spacing();
                ImGui::TextUnformatted("Best drills");
                for (const io::DrillScore& d : info.drills)
                    ImGui::BulletText("%s: %.1f of %.0f", d.drill.c_str(), d.score,
                                      d.best_possible);
            }
        }
        ImGui::Spacing();
        if (wide_button("Back", true)) action = StatsAction::Back;
        message(info.message, info.error);
    }
    end_card();
    return action;
}

} // namespace billiards::ui

// The main menu's rows that belong to one game: the pool table, snooker's table and frames,
// three-cushion's fixed table, points and innings limit; the cue (the Online screen hosts with them
// too).
#include <string>

#include "ui/menu_widgets.hpp"

namespace billiards::ui {

namespace {

const char* table_label(const std::string& name) {
    if (name == "pool-9ft") return "9-ft (2.54 x 1.27 m)";
    if (name == "pool-8ft") return "8-ft (2.34 x 1.17 m)";
    if (name == "pool-7ft") return "7-ft (1.98 x 0.99 m)";
    if (name == "snooker-12ft") return "12-ft (3.57 x 1.78 m)";
    if (name == "snooker-10ft") return "10-ft club table";
    return name.c_str();
}

// Pool's or snooker's table list.
void table_combo(std::string& table, const std::vector<std::string>& tables) {
    ImGui::SetNextItemWidth(260.0f);
    if (ImGui::BeginCombo("##table", table_label(table))) {
        for (const std::string& t : tables)
            if (ImGui::Selectable(table_label(t), t == table)) table = t;
        ImGui::EndCombo();
    }
}

void snooker_frames(io::Settings& c) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(130.0f);
    int frames = (c.snooker_best_of - 1) / 2;
    if (ImGui::Combo("Frames", &frames,
                     "Best of 1\0Best of 3\0Best of 5\0Best of 7\0"
                     "Best of 9\0Best of 11\0"))
        c.snooker_best_of = 2 * frames + 1;
}

// Who breaks: the lag (simulated) or a player chosen here.
void carom_break_row(io::Settings& c) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Break");
    ImGui::SameLine(90.0f);
    if (ImGui::RadioButton("By the lag", c.carom_breaker < 0)) c.carom_breaker = -1;
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Both cue balls to the foot cushion and back: the one nearer the "
                          "head cushion breaks");
    for (int k = 0; k < 2; ++k) {
        ImGui::SameLine();
        const std::string label = "Player " + std::to_string(k + 1);
        if (ImGui::RadioButton(label.c_str(), c.carom_breaker == k)) c.carom_breaker = k;
    }
}

// Three-cushion's table (fixed), points to win and innings limit.
void carom_rows(io::Settings& c) {
    ImGui::TextUnformatted("Carom 10-ft (2.84 x 1.42 m), no pockets");
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Points");
    ImGui::SameLine(90.0f);
    ImGui::SetNextItemWidth(90.0f);
    if (ImGui::BeginCombo("##carom_target", std::to_string(c.carom_target).c_str())) {
        for (int t : game::kCaromTargets)
            if (ImGui::Selectable(std::to_string(t).c_str(), t == c.carom_target))
                c.carom_target = t;
        ImGui::EndCombo();
    }
    ImGui::SameLine();
    ImGui::TextUnformatted("Innings limit");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(90.0f);
    auto innings = [](int n) { return n == 0 ? std::string("none") : std::to_string(n); };
    if (ImGui::BeginCombo("##carom_innings", innings(c.carom_innings).c_str())) {
        for (int n : game::kCaromInningsLimits)
            if (ImGui::Selectable(innings(n).c_str(), n == c.carom_innings)) c.carom_innings = n;
        ImGui::EndCombo();
    }
    carom_break_row(c);
}

} // namespace

void table_rows(io::Settings& c, const MenuInfo& info) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Table");
    ImGui::SameLine(90.0f);
    if (c.game == game::GameKind::ThreeCushion) {
        carom_rows(c);                              // its own table: no pool table choice
    } else if (c.game == game::GameKind::Snooker) { // its own tables and frames
        table_combo(c.snooker_table, info.snooker_tables);
        snooker_frames(c);
    } else { // pool and the sandbox
        table_combo(c.table, info.tables);
    }
}

void cue_row(io::Settings& c) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Cue");
    ImGui::SameLine(90.0f);
    if (ImGui::RadioButton("Ordinary shaft", c.shaft == game::Shaft::Ordinary))
        c.shaft = game::Shaft::Ordinary;
    ImGui::SameLine();
    if (ImGui::RadioButton("Low-squirt shaft", c.shaft == game::Shaft::LowSquirt))
        c.shaft = game::Shaft::LowSquirt;
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("English pushes the cue ball off the cue's line less (squirt)");
}

} // namespace billiards::ui

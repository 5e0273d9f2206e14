// The cards of a choice over the table: pool's decisions (illegal break, push-out reply) and
// snooker's (its reply to a foul, its nomination).
#include <string>

#include "ui/menu_widgets.hpp"

namespace billiards::ui {

namespace {

// A button's words broken into lines that fit `width` (a narrow card beside the table).
std::string wrapped(const std::string& label, float width) {
    if (ImGui::CalcTextSize(label.c_str()).x <= width) return label;
    std::string out, line;
    std::size_t at = 0;
    while (at < label.size()) {
        std::size_t end = label.find(' ', at);
        if (end == std::string::npos) end = label.size();
        const std::string word = label.substr(at, end - at);
        const std::string wider = line.empty() ? word : line + " " + word;
        if (!line.empty() && ImGui::CalcTextSize(wider.c_str()).x > width) {
            out += line + "\n";
            line = word;
        } else {
            line = wider;
        }
        at = end + 1;
    }
    return out + line;
}

} // namespace

bool draw_options(const OptionsCard& card, int& picked) {
    bool chosen = false;
    const bool docked = card.dock.w > 0.0f;
    // Docked beside the table, the card leaves every ball in view.
    if (docked
            ? begin_docked_card(card.id.c_str(), card.dock.x, card.dock.y, card.dock.w, card.dock.h)
            : begin_card(card.id.c_str(), 460.0f)) {
        if (docked)
            ImGui::TextUnformatted(card.title.c_str());
        else
            title(card.title.c_str());
        // Docked beside the table, the messages just above it say why and the status line
        // who chooses: the card keeps to its choices, all of them in view.
        if (!docked) {
            ImGui::PushTextWrapPos(0.0f);
            ImGui::TextUnformatted(card.text.c_str());
            ImGui::PopTextWrapPos();
        }
        ImGui::Spacing();
        const float room = ImGui::GetContentRegionAvail().x - ImGui::GetStyle().FramePadding.x * 2;
        for (std::size_t k = 0; k < card.labels.size(); ++k) {
            const std::string label = docked ? wrapped(card.labels[k], room) : card.labels[k];
            ImGui::PushID(static_cast<int>(k));
            const bool lines = label.find('\n') != std::string::npos;
            if (lines ? ImGui::Button(label.c_str(), ImVec2(-1.0f, 0.0f))
                      : wide_button(label.c_str(), static_cast<int>(k) == card.highlighted)) {
                picked = static_cast<int>(k);
                chosen = true;
            }
            ImGui::PopID();
        }
    }
    end_card();
    return chosen;
}

const char* choice_label(game::Choice c) {
    switch (c) {
    case game::Choice::AcceptTable:
        return "Play the table as it lies";
    case game::Choice::Rerack:
        return "Re-rack and break myself";
    case game::Choice::RerackOpponentBreaks:
        return "Re-rack, opponent breaks again";
    case game::Choice::ShootAfterPushOut:
        return "Take the shot";
    case game::Choice::PassBack:
        return "Pass it back";
    }
    return "?";
}

DecisionInfo decision_info(game::Pending pending, const std::string& chooser) {
    DecisionInfo d;
    switch (pending) {
    case game::Pending::IllegalBreak:
        d.title = "Illegal break";
        d.text = chooser + ": the break was not legal. Play the table as it lies, or have it "
                           "re-racked.";
        d.choices = {game::Choice::AcceptTable, game::Choice::Rerack,
                     game::Choice::RerackOpponentBreaks};
        break;
    case game::Pending::PushOutReply:
        d.title = "Push-out";
        d.text = chooser + ": your opponent pushed out. Take the shot from here, or pass it "
                           "back to them.";
        d.choices = {game::Choice::ShootAfterPushOut, game::Choice::PassBack};
        break;
    case game::Pending::None:
        break;
    }
    return d;
}

bool draw_decision(const DecisionInfo& info, game::Choice& choice, const CardDock& dock) {
    OptionsCard card;
    card.dock = dock;
    card.id = "##decision";
    card.title = info.title;
    card.text = info.text;
    for (game::Choice c : info.choices)
        card.labels.emplace_back(choice_label(c));
    int picked = -1;
    if (!draw_options(card, picked)) return false;
    choice = info.choices[static_cast<std::size_t>(picked)];
    return true;
}

} // namespace billiards::ui

// The cards of a choice over the table: pool's decisions (illegal break, push-out reply) and
// snooker's (its reply to a foul, its nomination).
#include "ui/menu_widgets.hpp"

namespace billiards::ui {

bool draw_options(const OptionsCard& card, int& picked) {
    bool chosen = false;
    // A side card leaves the table in view (nominating while aiming).
    if (begin_card(card.id.c_str(), card.side ? 250.0f : 460.0f,
                   card.side ? ImVec2(0.99f, 0.5f) : ImVec2(0.5f, 0.5f))) {
        title(card.title.c_str());
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted(card.text.c_str());
        ImGui::PopTextWrapPos();
        ImGui::Spacing();
        for (std::size_t k = 0; k < card.labels.size(); ++k) {
            if (wide_button(card.labels[k].c_str(), static_cast<int>(k) == card.highlighted)) {
                picked = static_cast<int>(k);
                chosen = true;
            }
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

bool draw_decision(const DecisionInfo& info, game::Choice& choice) {
    OptionsCard card;
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

// The pause menu and the game-over card.
#include <algorithm>

#include "ui/menu_widgets.hpp"

namespace billiards::ui {

PauseAction draw_pause_menu(const PauseInfo& info, io::Settings& choices) {
    PauseAction action = PauseAction::None;
    // Its top stays put when a message ("Saved: ...") appears under the buttons.
    if (begin_card("##pause_menu", 380.0f, ImVec2(0.5f, 0.12f), true)) {
        title("Paused");
        ImGui::Separator();
        if (wide_button("Resume", true)) action = PauseAction::Resume;
        if (info.in_match) {
            if (wide_button("Undo last shot", false, info.can_undo)) action = PauseAction::Undo;
            if (!info.can_undo && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
                ImGui::SetTooltip("Undo is for practice matches (main menu: Practice)");
            if (wide_button("Replay last shot", false, info.can_replay))
                action = PauseAction::Replay;
            if (wide_button("Save match")) action = PauseAction::Save;
            if (wide_button("Save as...")) action = PauseAction::SaveAs;
            if (wide_button("Save last shot (replay file)", false, info.can_replay))
                action = PauseAction::SaveShot;
            if (wide_button("Save last shot as video", false, info.can_replay && !info.video_busy))
                action = PauseAction::SaveVideo;
            if (wide_button("Copy last shot as a code", false, info.can_replay))
                action = PauseAction::CopyShot;
            if (wide_button("Restart match")) action = PauseAction::Restart;
        } else {
            if (wide_button("Re-rack")) action = PauseAction::Restart;
        }
        if (wide_button("Main menu")) action = PauseAction::MainMenu;
        if (wide_button("Quit")) action = PauseAction::Quit;
        sound_controls(choices);
        message(info.message, info.error);
    }
    end_card();
    return action;
}

void draw_progress(const std::string& text, float fraction) {
    if (begin_card("##progress", 420.0f, ImVec2(0.5f, 0.97f), false)) {
        ImGui::TextUnformatted(text.c_str());
        ImGui::ProgressBar(std::clamp(fraction, 0.0f, 1.0f), ImVec2(-1.0f, 0.0f));
    }
    end_card();
}

GameOverAction draw_game_over(const GameOverInfo& info) {
    GameOverAction action = GameOverAction::None;
    // Over the table's middle: it moves with a drag, so the last position can be seen.
    if (begin_card("##game_over", 440.0f, ImVec2(0.5f, 0.5f), false, true)) {
        title(info.title.c_str());
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted(info.reason.c_str());
        ImGui::PopTextWrapPos();
        ImGui::Separator();
        ImGui::TextUnformatted(info.score.c_str());
        ImGui::PushStyleColor(ImGuiCol_Text, kDim);
        ImGui::TextUnformatted(info.stats.c_str());
        ImGui::PopStyleColor();
        ImGui::Spacing();
        if (wide_button("Rematch", true)) action = GameOverAction::Rematch;
        if (wide_button("Replay last shot", false, info.can_replay))
            action = GameOverAction::Replay;
        if (wide_button("Main menu")) action = GameOverAction::MainMenu;
        ImGui::PushStyleColor(ImGuiCol_Text, kDim);
        ImGui::TextUnformatted("Drag this card to see the table under it");
        ImGui::PopStyleColor();
    }
    end_card();
    return action;
}

} // namespace billiards::ui

// GameApp's Dear ImGui screens: the main menu, the pause menu, the match overlays, the help
// screen and the first start's tip.
#include <algorithm>
#include <filesystem>

#include "app/game_app.hpp"
#include "io/scenario.hpp"

namespace billiards::app {

namespace {

bool file_exists(const std::string& path) {
    std::error_code ec;
    return !path.empty() && std::filesystem::is_regular_file(path, ec);
}

} // namespace

void GameApp::draw_ui() {
    if (tip_visible() && !help_open_)
        ui::draw_tip("New here? Press H for help: every control and the rules",
                     static_cast<float>(std::min(1.0, tip_until_ - real_time_)));
    if (help_open_) { // over everything else: the menu and cards wait behind it
        if (ui::draw_help(help_info())) show_help_screen(false);
        return;
    }
    if (screen_ == Screen::Menu) {
        ui::MenuInfo info;
        info.tables = io::standard_table_names();
        if (match_ && match_->phase() != game::Phase::GameOver)
            info.continue_label = "Continue the match";
        else if (match_ == nullptr && file_exists(storage_.autosave))
            info.continue_label = "Continue the last match";
        info.can_load = file_exists(storage_.saved);
        info.message = ui_message_;
        info.error = ui_error_;
        switch (ui::draw_main_menu(choices_, info)) {
        case ui::MenuAction::Start:
            start_from_choices();
            break;
        case ui::MenuAction::Continue:
            if (match_) {
                screen_ = Screen::Play;
                sync_interpolation();
            } else if (load_match(storage_.autosave)) {
                set_ui_message("", false);
            }
            break;
        case ui::MenuAction::Load:
            if (load_match(storage_.saved)) set_ui_message("", false);
            break;
        case ui::MenuAction::Quit:
            quit_ = true;
            break;
        case ui::MenuAction::None:
            break;
        }
        return;
    }
    if (pause_menu_) {
        ui::PauseInfo info;
        info.in_match = match_ != nullptr;
        info.can_undo = match_ && match_->can_undo();
        info.can_replay = last_shot() != nullptr;
        info.message = ui_message_;
        info.error = ui_error_;
        switch (ui::draw_pause_menu(info, choices_)) {
        case ui::PauseAction::Resume:
            open_pause_menu(false);
            break;
        case ui::PauseAction::Undo:
            if (undo()) open_pause_menu(false);
            break;
        case ui::PauseAction::Replay:
            replay_last_shot();
            break;
        case ui::PauseAction::Save:
            if (save_match(storage_.saved)) set_ui_message("Saved: " + storage_.saved, false);
            break;
        case ui::PauseAction::SaveShot:
            save_last_shot();
            break;
        case ui::PauseAction::Restart:
            if (match_) {
                game::MatchConfig config = match_->config();
                start_match(config, table_name_);
            } else {
                open_pause_menu(false);
                rack(game::RackKind::EightBall);
            }
            break;
        case ui::PauseAction::MainMenu:
            open_pause_menu(false);
            show_menu();
            break;
        case ui::PauseAction::Quit:
            quit_ = true;
            break;
        case ui::PauseAction::None:
            break;
        }
        return;
    }
    if (match_ && !replay_) ui_match_overlays();
}

} // namespace billiards::app

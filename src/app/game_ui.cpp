// GameApp's Dear ImGui screens: the main menu, the pause menu, the mode's cards (a match's
// decisions and game over), the help screen and the first start's tip.
#include <algorithm>
#include <filesystem>
#include <optional>

#include "app/game_app.hpp"
#include "app/online_lobby.hpp"
#include "io/scenario.hpp"

namespace billiards::app {

namespace {

bool file_exists(const std::string& path) {
    std::error_code ec;
    return !path.empty() && std::filesystem::is_regular_file(path, ec);
}

} // namespace

bool GameApp::continue_game() {
    if (mode_->is_match() && !mode_->game_over()) {
        ctx_.over.screen = Screen::Play;
        ctx_.sync(world());
        return true;
    }
    const std::optional<game::GameKind> latest = ctx_.storage.latest_autosave();
    if (!latest) {
        set_ui_message("No game to continue", true);
        return false;
    }
    return resume_autosave(*latest);
}

bool GameApp::resume_autosave(game::GameKind kind) {
    if (!load_match(ctx_.storage.autosave_of(kind))) return false;
    set_ui_message("", false);
    return true;
}

// The main menu's lists and buttons. Continue: the game in progress, else the latest
// autosave, named by its kind; Resume: the game chosen on the menu, when it has an autosave
// that Continue would not pick up.
ui::MenuInfo GameApp::menu_info() const {
    ui::MenuInfo info;
    const GameStorage& storage = ctx_.storage;
    info.tables = io::standard_table_names();
    info.snooker_tables = io::snooker_table_names();
    info.can_load = file_exists(storage.saved);
    info.slots = count_slots(storage.saves);
    info.message = ui_message_;
    info.error = ui_error_;
    std::optional<game::GameKind> continued;
    if (mode_->is_match()) { // a finished one is left behind, autosaved
        continued = mode_->saved_game();
        if (!mode_->game_over() && continued)
            info.continue_label = "Continue the " + saved_game_name(*continued);
    } else if ((continued = storage.latest_autosave())) {
        info.continue_label = "Continue the last " + saved_game_name(*continued);
    }
    const std::optional<game::GameKind> chosen = choices_.game;
    if (chosen && chosen != continued && file_exists(storage.autosave_of(*chosen)))
        info.resume_label = "Resume the last " + saved_game_name(*chosen);
    return info;
}

void GameApp::draw_ui() {
    if (video_)
        ui::draw_progress("Saving the video: " +
                              std::filesystem::path(video_path_).filename().string(),
                          static_cast<float>(video_progress()));
    if (tip_visible() && !ctx_.over.help)
        ui::draw_tip("New here? Press H for help: every control and the rules",
                     static_cast<float>(std::min(1.0, tip_until_ - ctx_.real_time)));
    if (ctx_.over.help) { // over everything else: the menu and cards wait behind it
        if (ui::draw_help(help_info())) show_help_screen(false);
        return;
    }
    const GameStorage& storage = ctx_.storage;
    if (ctx_.over.screen == Screen::Menu) {
        if (online_ && online_->menu_open()) return online_->draw_menu(*this);
        if (menu_page_ != MenuPage::Main) return draw_menu_page();
        if (saves_screen_) return draw_saves_screen();
        switch (ui::draw_main_menu(choices_, menu_info())) {
        case ui::MenuAction::Online:
            online().open_menu(*this);
            break;
        case ui::MenuAction::Start:
            start_from_choices();
            break;
        case ui::MenuAction::Continue:
            continue_game();
            break;
        case ui::MenuAction::Resume:
            if (choices_.game) resume_autosave(*choices_.game);
            break;
        case ui::MenuAction::Load:
            if (load_match(storage.saved)) set_ui_message("", false);
            break;
        case ui::MenuAction::Drills:
            open_menu_page(MenuPage::Drills);
            break;
        case ui::MenuAction::Statistics:
            open_menu_page(MenuPage::Statistics);
            break;
        case ui::MenuAction::PasteCode:
            paste_code();
            break;
        case ui::MenuAction::Saves:
            open_saves_screen(true);
            break;
        case ui::MenuAction::Quit:
            quit_ = true;
            break;
        case ui::MenuAction::None:
            break;
        }
        return;
    }
    if (ctx_.over.pause_menu && save_dialog_) return draw_save_dialog();
    if (ctx_.over.pause_menu) {
        ui::PauseInfo info;
        info.in_match = mode_->is_match();
        info.can_undo = mode_->can_undo();
        info.can_replay = mode_->last_shot() != nullptr;
        info.video_busy = video_ != nullptr;
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
            if (save_match(storage.saved)) set_ui_message("Saved: " + storage.saved, false);
            break;
        case ui::PauseAction::SaveAs:
            open_save_dialog(true);
            break;
        case ui::PauseAction::SaveShot:
            save_last_shot();
            break;
        case ui::PauseAction::SaveVideo:
            save_last_shot_video();
            break;
        case ui::PauseAction::CopyShot:
            copy_last_shot_code();
            break;
        case ui::PauseAction::Restart:
            if (mode_->restart()) {
                open_pause_menu(false);
            } else if (const game::Game* g = game()) { // the same game again, as it began
                const std::string table_name = mode_->table_name(); // a copy: the mode goes
                start_game(game::make_game(g->kind(), g->options()), table_name);
            } else {
                open_pause_menu(false);
                apply(act::Rack{game::RackKind::EightBall});
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
    if (online_) online_->draw_card(*this);
    if (replay_) return;
    switch (mode_->draw_cards()) {
    case GameMode::Request::Replay:
        replay_last_shot();
        break;
    case GameMode::Request::MainMenu:
        show_menu();
        break;
    case GameMode::Request::None:
        break;
    }
}

} // namespace billiards::app

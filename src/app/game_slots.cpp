// GameApp's named saves: the pause menu's Save as dialog and the main menu's Saved games
// screen, over save_slots.hpp's files. A bad name or a file that will not load gets a
// message on the card, never a crash; an existing save is replaced only when the player says.
#include <ctime>
#include <exception>
#include <filesystem>

#include "app/game_app.hpp"

namespace billiards::app {

bool GameApp::save_slot(const std::string& name, bool replace) {
    if (const std::string problem = slot_name_problem(name); !problem.empty()) {
        set_ui_message(problem, true);
        return false;
    }
    const std::string& folder = ctx_.storage.saves;
    if (folder.empty()) {
        set_ui_message("Saving is off (no folder for the game's files)", true);
        return false;
    }
    if (!mode_->is_match()) {
        set_ui_message("No match to save", true);
        return false;
    }
    const std::string path = slot_path(folder, name);
    std::error_code ec;
    if (!replace && std::filesystem::exists(path, ec)) {
        replace_slot_ = name;
        set_ui_message("", false);
        return false;
    }
    std::filesystem::create_directories(folder, ec); // a failure shows in the save's message
    if (!save_match(path)) return false;
    replace_slot_.clear();
    set_ui_message("Saved as \"" + name + "\"", false);
    return true;
}

bool GameApp::load_slot(const std::string& name) {
    if (const std::string problem = slot_name_problem(name); !problem.empty()) {
        set_ui_message(problem, true);
        return false;
    }
    if (!load_match(slot_path(ctx_.storage.saves, name))) return false;
    saves_screen_ = false;
    set_ui_message("", false);
    return true;
}

bool GameApp::delete_slot(const std::string& name) {
    delete_slot_.clear();
    if (!slot_name_problem(name).empty() || ctx_.storage.saves.empty()) return false;
    const std::string path = slot_path(ctx_.storage.saves, name);
    std::error_code ec;
    if (!std::filesystem::remove(path, ec)) {
        set_ui_message("\"" + name + "\" was not deleted" + (ec ? ": " + ec.message() : ""), true);
        return false;
    }
    std::filesystem::remove(path + ".bak", ec); // its backup goes with it
    slots_shown_ = save_slots();
    set_ui_message("Deleted \"" + name + "\"", false);
    return true;
}

std::vector<SlotInfo> GameApp::save_slots() const {
    return list_slots(ctx_.storage.saves);
}

void GameApp::open_save_dialog(bool open) {
    save_dialog_ = open;
    replace_slot_.clear();
    set_ui_message("", false);
    if (open) {
        const game::Game* g = game();
        slot_name_ = g ? default_slot_name(g->kind(), std::time(nullptr)) : "";
    }
}

void GameApp::open_saves_screen(bool open) {
    saves_screen_ = open;
    delete_slot_.clear();
    slots_shown_ = open ? save_slots() : std::vector<SlotInfo>{};
    set_ui_message("", false);
}

void GameApp::draw_save_dialog() {
    ui::SaveDialogInfo info;
    info.replace = replace_slot_;
    info.message = ui_message_;
    info.error = ui_error_;
    switch (ui::draw_save_dialog(info, slot_name_)) {
    case ui::SaveDialogAction::Save:
        if (save_slot(slot_name_)) save_dialog_ = false;
        break;
    case ui::SaveDialogAction::Replace:
        if (save_slot(replace_slot_, true)) save_dialog_ = false;
        break;
    case ui::SaveDialogAction::Cancel:
        if (replace_slot_.empty())
            open_save_dialog(false);
        else
            replace_slot_.clear(); // back to the name
        break;
    case ui::SaveDialogAction::None:
        break;
    }
}

void GameApp::draw_saves_screen() {
    ui::SavesInfo info;
    for (const SlotInfo& s : slots_shown_)
        info.rows.push_back({s.name, s.date, s.game, s.score, s.readable});
    info.delete_asked = delete_slot_;
    info.message = ui_message_;
    info.error = ui_error_;
    using Kind = ui::SavesChoice::Kind;
    const ui::SavesChoice c = ui::draw_saves_screen(info);
    switch (c.kind) {
    case Kind::Load:
        load_slot(c.name);
        break;
    case Kind::Delete:
        delete_slot_ = c.name;
        break;
    case Kind::ConfirmDelete:
        delete_slot(c.name);
        break;
    case Kind::KeepIt:
        delete_slot_.clear();
        break;
    case Kind::Back:
        open_saves_screen(false);
        break;
    case Kind::None:
        break;
    }
}

} // namespace billiards::app

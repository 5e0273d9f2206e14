// GameApp's files: settings, the autosave after every shot, and saved matches.
#include "app/game_app.hpp"

namespace billiards::app {

void GameApp::set_storage(GameStorage storage) {
    storage_ = std::move(storage);
}

void GameApp::autosave() {}

bool GameApp::save_match(const std::string&) {
    set_ui_message("Saving is not available yet", true);
    return false;
}

bool GameApp::load_match(const std::string&) {
    set_ui_message("Loading is not available yet", true);
    return false;
}

bool GameApp::save_settings() {
    return false;
}

} // namespace billiards::app

// The help screen's content for a game (GameApp::help_info picks the one on screen).
#pragma once

#include "ui/menus.hpp"

namespace billiards::app {

ui::HelpInfo make_help(std::optional<game::GameKind> kind); // none: the sandbox

} // namespace billiards::app

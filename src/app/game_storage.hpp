// Whether the game's files can be saved at all, checked once at start-up: a folder on the
// way that is a file (BILLIARDS_HOME set to a file) would make every save fail in silence.
#pragma once

#include <string>

#include "app/game_app.hpp"

namespace billiards::app {

// Empty when every folder of `storage` exists as a folder or can be made; else one line
// naming the file that stands where a folder must be.
std::string storage_problem(const GameStorage& storage);

} // namespace billiards::app

// Where the game keeps its files, and whether they can be saved at all (checked once at
// start-up: a folder on the way that is a file, BILLIARDS_HOME set to a file, would make
// every save fail in silence).
#pragma once

#include <string>

namespace billiards::app {

// An empty path: that file is never read or written, as in tests.
struct GameStorage {
    std::string settings; // menu choices and window size
    std::string autosave; // the match in progress, written after every shot
    std::string saved;    // "Save match" in the pause menu
    std::string replays;  // folder for "Save last shot" (billiards-replay/1 files)
};
// The user's folders (io/user_files.hpp): $BILLIARDS_HOME or the XDG places.
GameStorage default_storage();

// Empty when every folder of `storage` exists as a folder or can be made; else one line
// naming the file that stands where a folder must be.
std::string storage_problem(const GameStorage& storage);

} // namespace billiards::app

// Where the game keeps its files, and whether they can be saved at all (checked once at
// start-up: a folder on the way that is a file, BILLIARDS_HOME set to a file, would make
// every save fail in silence).
#pragma once

#include <array>
#include <optional>
#include <string>

#include "game/game_kind.hpp"

namespace billiards::app {

// "8-ball match", "9-ball match", "snooker match", "three-cushion game": the kind's name and
// noun (game_kind.hpp).
std::string saved_game_name(game::GameKind kind);

// An empty path: that file is never read or written, as in tests.
struct GameStorage {
    std::string settings; // menu choices and window size
    std::string saved;    // "Save match" in the pause menu
    std::string replays;  // folder for "Save last shot" (billiards-replay/1 files)
    // Each kind of game has an autosave of its own, written after every shot: a new game of
    // one kind leaves the others' alone. By game::index(kind).
    std::array<std::string, game::kGameKinds.size()> autosaves;
    std::string saves = {};  // folder of the named saves (save_slots.hpp): NAME.json
    std::string videos = {}; // folder for "Save last shot as video"

    const std::string& autosave_of(game::GameKind kind) const {
        return autosaves[game::index(kind)];
    }
    std::string& autosave_of(game::GameKind kind) { return autosaves[game::index(kind)]; }
    // The kind whose autosave was written last; none when there is no autosave.
    std::optional<game::GameKind> latest_autosave() const;
};
// The user's folders (io/user_files.hpp): $BILLIARDS_HOME or the XDG places. A kind's
// autosave is autosave-NAME.json, but 8-ball's autosave.json (any pool match's before 9-ball
// had its own).
GameStorage default_storage();

// Empty when every folder of `storage` exists as a folder or can be made; else one line
// naming the file that stands where a folder must be.
std::string storage_problem(const GameStorage& storage);

} // namespace billiards::app

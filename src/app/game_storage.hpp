// Where the game keeps its files, and whether they can be saved at all (checked once at
// start-up: a folder on the way that is a file, BILLIARDS_HOME set to a file, would make
// every save fail in silence).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "game/game_kind.hpp"

namespace billiards::game {
class Game;
}

namespace billiards::app {

// The games with an autosave each: a new game of one kind leaves the others' alone.
enum class SavedGame : std::uint8_t { Pool, Snooker, ThreeCushion };
inline constexpr std::array<SavedGame, 3> kSavedGames{SavedGame::Pool, SavedGame::Snooker,
                                                      SavedGame::ThreeCushion};
const char* saved_game_name(SavedGame game);  // "pool match", "snooker match", ...
SavedGame saved_game_of(game::GameKind kind); // 8-ball and 9-ball share the pool's

// `g` written to `path` in its kind's save format, with its table's name; throws on failure.
void save_game_file(const game::Game& g, const std::string& table_name, const std::string& path);

// An empty path: that file is never read or written, as in tests.
struct GameStorage {
    std::string settings;         // menu choices and window size
    std::string autosave;         // the pool match (8-ball, 9-ball) in progress, after every shot
    std::string saved;            // "Save match" in the pause menu
    std::string replays;          // folder for "Save last shot" (billiards-replay/1 files)
    std::string snooker_autosave; // the snooker match in progress
    std::string carom_autosave;   // the three-cushion game in progress

    const std::string& autosave_of(SavedGame game) const;
    // The game whose autosave was written last; none when there is no autosave.
    std::optional<SavedGame> latest_autosave() const;
};
// The user's folders (io/user_files.hpp): $BILLIARDS_HOME or the XDG places.
GameStorage default_storage();

// Empty when every folder of `storage` exists as a folder or can be made; else one line
// naming the file that stands where a folder must be.
std::string storage_problem(const GameStorage& storage);

} // namespace billiards::app

// Named save slots: a game saved under a name the player gives, as NAME.json in the saves
// folder of the data folder (the same formats as the autosaves; io/game_file.hpp), listed
// with the file's date, the game and its score.
#pragma once

#include <ctime>
#include <string>
#include <vector>

#include "game/game_kind.hpp"

namespace billiards::app {

inline constexpr std::size_t kSlotNameMax = 40; // characters (bytes)

// Why `name` cannot name a slot ("" when it can): empty, too long, a path separator, a
// leading dot, a control character.
std::string slot_name_problem(const std::string& name);

// FOLDER/NAME.json (the name must have no problem).
std::string slot_path(const std::string& folder, const std::string& name);

// A name to offer: the game and the local date and time ("8-ball 2026-11-28 14.05").
std::string default_slot_name(game::GameKind kind, std::time_t when);

struct SlotInfo {
    std::string name;
    std::string date;  // the file's local modification time, "2026-11-28 14:05"
    std::string game;  // "9-ball match"; "" when unreadable
    std::string score; // "Ann 2-1 Bob"; or what is wrong with the file
    bool readable = false;
    std::time_t time = 0;
};

// The slots in `folder`, newest first (none when it does not exist). A file that does not
// read as a saved game is listed with its problem, never thrown.
std::vector<SlotInfo> list_slots(const std::string& folder);
// How many there are, without reading them (the main menu asks every frame).
int count_slots(const std::string& folder);

} // namespace billiards::app

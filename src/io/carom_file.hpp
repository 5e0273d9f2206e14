// Three-cushion save files (format billiards-carom/1): the game's config, the players and
// every shot played (CaromGame::history(), undone shots gone). Replaying the shots on a new
// CaromGame rebuilds it bit for bit, so a save holds no world state of its own. Headings,
// speeds, tips and elevations are written as JSON doubles, which read back exactly.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "game/carom/carom_game.hpp"
#include "game/seats.hpp"

namespace billiards::io {

struct CaromFile {
    std::string table_name = "carom-10ft"; // a standard carom table; config.table is its spec
    game::CaromGameConfig config;          // config.breaker: the game's (no lag on reload)
    std::array<std::string, 2> names{"Player 1", "Player 2"};
    std::array<game::SeatKind, 2> seats{game::SeatKind::Human, game::SeatKind::Human};
    std::vector<game::CueShot> shots;
    // By shot: what the player chose for a frozen cue ball (None: it was not frozen). Files
    // without it: shots from contact play away, as a shot without a choice does.
    std::vector<game::FrozenChoice> frozen;
    // The choice made for the next shot, not yet played (a save between the card and the
    // stroke keeps it; None: no choice pending).
    game::FrozenChoice next_frozen = game::FrozenChoice::None;
};

// Whether `text` is a JSON object of format billiards-carom/1 (else another kind, or broken).
bool is_carom_file(const std::string& text);

CaromFile carom_file_of(const game::CaromGame& game, const std::string& table_name,
                        const std::array<std::string, 2>& names,
                        const std::array<game::SeatKind, 2>& seats);
std::string carom_to_json(const CaromFile& file);
// Throws InputError "FILE: JSON.PATH: problem" (unknown keys, wrong types, bad values).
CaromFile parse_carom(const std::string& text, const std::string& file_name);
// Atomic, keeping the previous file as PATH.bak (user_files.hpp).
void save_carom_file(const CaromFile& file, const std::string& path);
// A new game with the file's config, its shots played again; a shot that does not fit
// throws InputError "FILE: shots[K]: ...".
std::unique_ptr<game::CaromGame> restore_carom(const CaromFile& file, const std::string& file_name);

} // namespace billiards::io

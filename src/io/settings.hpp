// The game's settings file (docs/FILE-FORMATS.md, format billiards-settings/1): what the main
// menu last chose (the cue's shaft among them), the window size, the sound's volume and whether the
// first start's tip was shown. Every key but "format" is optional (defaults below).
#pragma once

#include <array>
#include <optional>
#include <string>

#include "game/game_kind.hpp"
#include "game/seats.hpp"

namespace billiards::io {

// What the main menu chooses and the settings file keeps, as one value: the menu edits it,
// the game plays from it and the file reads and writes it. The game chosen is `game`, the
// sandbox when none; each game keeps its own choices (pool's table, snooker's table and
// frames, three-cushion's target, innings limit and break) while another is chosen.
struct Settings {
    std::optional<game::GameKind> game = game::GameKind::EightBall; // none: the sandbox
    std::array<game::SeatKind, 2> seats{game::SeatKind::Human, game::SeatKind::Computer};
    std::array<game::AiLevel, 2> levels{game::AiLevel::Medium, game::AiLevel::Medium};
    std::array<std::string, 2> names{"Player 1", "Computer"}; // at most 32 characters
    std::string table = "pool-9ft";                           // pool's (and the sandbox's)
    std::string snooker_table = "snooker-12ft";               // a snooker table name
    int snooker_best_of = 3;                                  // frames, odd, 1..35
    bool practice = false;                                    // practice mode: undo allowed
    bool aim_aid = true;                                      // ghost ball and first-contact path
    bool predicted_path = false; // full paths from the real physics (practice, sandbox)
    bool ball_labels = false;    // colour-blind labels on the balls (numbers, values, letters)
    game::Shaft shaft = game::Shaft::Ordinary; // the cue's shaft (its squirt)
    int window_width = 1280;                   // 320..16384
    int window_height = 720;                   // 200..16384
    bool fullscreen = false;                   // the window over the screen (F11, Alt+Enter)
    double volume = 0.8;                       // sound: master volume 0..1
    bool muted = false;                        // sound: off (M in the game)
    bool tip_shown = false;                    // the first start's tip was shown
    int carom_target = 40;                     // three-cushion: points to win (game::kCaromTargets)
    int carom_innings = 0;    // three-cushion: innings limit (game::kCaromInningsLimits)
    bool diamond_aid = false; // three-cushion: the diamond-system aim aid
    int carom_breaker = -1;   // three-cushion: who breaks, -1 the lag, else player 0 or 1
    std::string online_server = "127.0.0.1:7777"; // the Online menu's server, HOST:PORT

    // The table a game of `kind` is played on: snooker's choice for snooker, the carom table
    // for three-cushion, else pool's; and what is wrong with it ("" when it is a table of
    // that kind).
    std::string table_for(game::GameKind kind) const;
    std::string table_problem(game::GameKind kind) const;

    bool operator==(const Settings&) const = default;
};

std::string settings_to_json(const Settings& s);
// Throws InputError "FILE: JSON.PATH: problem" (unknown keys and tables, names too long,
// window sizes out of range, ...).
Settings parse_settings(const std::string& text, const std::string& file_name);
Settings load_settings_file(const std::string& path);
// Atomic, keeping the previous good file as PATH.bak (user_files.hpp). Throws
// std::invalid_argument for settings the reader would refuse (never writes them).
void save_settings_file(const Settings& s, const std::string& path);

} // namespace billiards::io

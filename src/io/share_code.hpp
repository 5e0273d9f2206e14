// Share codes (docs/FILE-FORMATS.md, "Share codes"): a scenario, a replayed shot or a seeded
// rack as one line of text a player can paste into a chat, e.g. "BIL1.AQAI..." .
//
// A code carries the file's JSON document itself, written compactly: known keys and words
// as one byte, numbers as their shortest decimal (or the double's 8 bytes when that is
// shorter), arrays of alike objects (the balls) column by column, so that a column of zeros
// costs a few bytes. Decoding gives the document back and the file's own strict reader
// checks it, so a code can hold nothing its file could not. A CRC-32 catches a code that was
// cut or mistyped; the version sits in the prefix.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "game/game_kind.hpp"
#include "game/simulation.hpp"

namespace billiards::io {

inline constexpr std::string_view kCodePrefix = "BIL1.";
// The longest code accepted (characters, white space included): twice a full snooker
// table's replay.
inline constexpr std::size_t kMaxCodeChars = 8192;

// The format of a seeded rack in a code: {"format": "billiards-rack/1", "game": "9ball",
// "seed": 7, "table": "pool-8ft"} ("table" optional: the game's own).
inline constexpr const char* kRackFormat = "billiards-rack/1";

// The code of a scenario, replay or rack document (what their writers produce). Throws
// InputError("code", path, problem) for a value a code cannot hold (a string that is not
// printable ASCII, nesting deeper than 16).
std::string encode_code(const nlohmann::json& document);
// The document a code holds. White space anywhere in the text is ignored (a code wrapped by
// a chat window still reads). Throws InputError("code", "$", problem) when the text is not a
// code of this version or fails its checksum, and InputError("code", path, problem) for a
// document that is not one (a duplicate key, a string that is not printable ASCII).
nlohmann::json decode_code(std::string_view text);

// A seeded rack: the opening position of a game of `kind` made with this seed on this table
// (the game's own when empty).
struct RackCode {
    game::GameKind kind = game::GameKind::EightBall;
    std::uint64_t seed = 1;
    std::string table; // a standard table's name; empty: the game's own
};
nlohmann::json rack_document(const RackCode& rack);
// Reads a rack document; InputError("code", path, problem) for a bad one.
RackCode parse_rack(const nlohmann::json& document);
// The rack as a scenario: the game's table, physics and balls as it opens, no shot.
// InputError("code", "table", ...) for a table the game is not played on.
game::Scenario rack_scenario(const RackCode& rack);

// A code as the file it stands for: the text its format's writer produces (a rack becomes
// its scenario) and that format ("billiards-scenario/1" or "billiards-replay/1").
struct CodeFile {
    std::string format;
    std::string text;
};
// Throws InputError("code", path, problem): a bad code, or a document its reader refuses.
CodeFile file_of_code(std::string_view code);
// The code of a scenario or replay file's text (its reader checks it first). Throws
// InputError(file_name, path, problem).
std::string code_of_file(const std::string& text, const std::string& file_name);

// A code as a table to set up: a scenario as it is, a rack as its scenario, a replay as the
// position before its shot with the shot to play (its clock and end hash are not kept: play
// the replay file for an exact re-run). Throws InputError as file_of_code does.
game::Scenario scenario_of_code(std::string_view code);

} // namespace billiards::io

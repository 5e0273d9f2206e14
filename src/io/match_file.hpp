// Match save files (docs/FILE-FORMATS.md, format billiards-match/1): the match's settings
// and every input so far (Match::inputs()). Feeding the inputs to a new Match rebuilds it
// exactly, so a save holds no world state of its own.
//
// Seat::ai (an AiConfig override, used by tests) is not saved: a restored computer seat
// plays with ai_config(level) from then on. Recorded computer moves replay exactly anyway,
// since they are stored as the placements, shots and decisions they made.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "game/pool/match.hpp"

namespace billiards::io {

struct MatchFile {
    std::string table_name = "pool-9ft"; // a standard table; config.table is its spec
    game::MatchConfig config;
    std::vector<game::MatchInput> inputs;
};

// The file of a match in progress: its config (with `table_name`) and inputs.
MatchFile match_file_of(const game::Match& match, const std::string& table_name);

// Pretty-printed; parse_match(match_to_json(f)) gives f back bit for bit.
std::string match_to_json(const MatchFile& file);
// Throws InputError "FILE: JSON.PATH: problem" for invalid JSON, unknown keys, wrong types,
// out-of-range values and unknown names. config.table is the named table's spec.
MatchFile parse_match(const std::string& text, const std::string& file_name);
MatchFile load_match_file(const std::string& path);
// Atomic, keeping the previous file as PATH.bak (see user_files.hpp).
void save_match_file(const MatchFile& file, const std::string& path);

// Rebuilds the match by feeding every input to a new Match. An input that does not fit
// throws InputError "FILE: inputs[K]: why".
std::unique_ptr<game::Match> restore_match(const MatchFile& file, const std::string& file_name);

} // namespace billiards::io

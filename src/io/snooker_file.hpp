// Snooker save files (docs/FILE-FORMATS.md, format billiards-snooker-match/1): the match's
// settings and every input so far (snooker::Match::inputs()), as billiards-match/1 does for
// pool. Feeding the inputs to a new Match rebuilds it bit for bit. Seat::ai overrides are
// not saved (as for pool): recorded computer moves replay exactly anyway.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "game/snooker/snooker_match.hpp"

namespace billiards::io {

struct SnookerFile {
    std::string table_name = "snooker-12ft"; // a snooker table; config.table is its spec
    game::snooker::MatchConfig config;
    std::vector<game::snooker::MatchInput> inputs;
};

SnookerFile snooker_file_of(const game::snooker::Match& match, const std::string& table_name);
std::string snooker_to_json(const SnookerFile& file);
// Throws InputError "FILE: JSON.PATH: problem" (unknown keys, names, bad values).
SnookerFile parse_snooker(const std::string& text, const std::string& file_name);
// Atomic, keeping the previous file as PATH.bak (see user_files.hpp).
void save_snooker_file(const SnookerFile& file, const std::string& path);
// Feeds every input to a new Match; one that does not fit throws InputError "inputs[K]".
std::unique_ptr<game::snooker::Match> restore_snooker(const SnookerFile& file,
                                                      const std::string& file_name);

} // namespace billiards::io

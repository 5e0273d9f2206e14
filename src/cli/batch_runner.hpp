// The pieces of `billiards batch` that do not need threads: shard selection, result file
// names and running one scenario to its result file.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace billiards::batch {

// --shard I/N: the scenarios whose 0-based index % N == I.
struct Shard {
    std::size_t index = 0;
    std::size_t count = 1;
    bool selects(std::size_t k) const { return k % count == index; }
};
// Parses "I/N" (0 <= I < N); on failure says why in `problem`.
bool parse_shard(const std::string& text, Shard& out, std::string& problem);

// Result file name for each scenario: its file name with ".json" replaced by
// ".result.json"; names that would repeat get "-INDEX" before the suffix (again while the
// name is taken), the same on every shard (they depend only on the whole list). The names
// are unique for any list, so no result ever replaces another.
std::vector<std::string> result_names(const std::vector<std::string>& scenarios);

struct Outcome {
    int status = 0;      // 0 ok, 2 bad input, 1 anything else
    std::string message; // "FILE: JSON.PATH: problem" for bad input
};
// Runs one scenario as `billiards simulate` does and writes its result (atomically, the file
// synced) to `result_path`; the folder is left for the caller to sync once (io::sync_folder).
// Never throws.
Outcome run_one(const std::string& scenario_path, const std::string& result_path, bool events);

} // namespace billiards::batch

// The pieces of `billiards batch` that do not need threads: shard selection, the work cap
// and running one scenario to its result file (result file names: game/result_names.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "game/simulation.hpp"

namespace billiards::batch {

// --shard I/N: the scenarios whose 0-based index % N == I.
struct Shard {
    std::size_t index = 0;
    std::size_t count = 1;
    bool selects(std::size_t k) const { return k % count == index; }
};
// Parses "I/N" (0 <= I < N); on failure says why in `problem`.
bool parse_shard(const std::string& text, Shard& out, std::string& problem);

// The work cap of `simulate --max-events` and `batch --max-events`: a run that needs more
// than that many events (impacts and motion changes) before its balls rest or its duration
// ends stops at the first event past it and gives no result (game::run_scenario_capped).
// 0: no cap. batch's default is kDefaultMaxEvents (minutes of one core; a break needs a few
// hundred events).
inline constexpr std::uint64_t kDefaultMaxEvents = 1'000'000'000;
// "work cap reached: the run needs more than N events (--max-events N); stopped at t = T s
// with balls still moving; no result".
std::string work_cap_message(const game::WorkCapReached& e);

struct Outcome {
    int status = 0;      // 0 ok, 2 bad input, 1 anything else
    std::string message; // "FILE: JSON.PATH: problem" for bad input
};
// Runs one scenario as `billiards simulate` does and writes its result (atomically, the file
// synced) to `result_path`; the folder is left for the caller to sync once (io::sync_folder).
// Never throws.
Outcome run_one(const std::string& scenario_path, const std::string& result_path, bool events,
                std::uint64_t max_events = 0);

} // namespace billiards::batch

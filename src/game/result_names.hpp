// The result file each scenario of a batch gets, shared by `billiards batch` and the Python
// package's Dask batch so both name a scenario's result the same.
#pragma once

#include <string>
#include <vector>

namespace billiards::game {

// Result file name for each scenario: its file name with ".json" replaced by
// ".result.json"; names that would repeat get "-INDEX" before the suffix (again while the
// name is taken), the same on every shard (they depend only on the whole list). The names
// are unique for any list, so no result ever replaces another.
std::vector<std::string> result_names(const std::vector<std::string>& scenarios);

} // namespace billiards::game

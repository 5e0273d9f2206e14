// The standard table files, compiled in from assets/tables/*.json (see CMakeLists.txt).
#pragma once

#include <span>

namespace billiards::io::detail {

struct EmbeddedTable {
    const char* name; // file stem, e.g. "pool-9ft"
    const char* text; // the file's JSON text
};

std::span<const EmbeddedTable> embedded_tables();

} // namespace billiards::io::detail

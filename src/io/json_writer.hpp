// JSON text for people as well as programs: objects indented, while arrays of numbers and
// the items of lists of objects (balls, events, cushions) stay on one line each.
// Numbers are written by nlohmann, shortest form that reads back to the same double.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace billiards::io {

std::string write_json(const nlohmann::ordered_json& value); // ends with a newline

} // namespace billiards::io

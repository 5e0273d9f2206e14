#include "io/json_writer.hpp"

#include <algorithm>

namespace billiards::io {

namespace {

using Json = nlohmann::ordered_json;

void write_inline(const Json& j, std::string& out) {
    if (j.is_object()) {
        out += '{';
        const char* sep = "";
        for (const auto& item : j.items()) {
            out += sep + Json(item.key()).dump() + ": ";
            write_inline(item.value(), out);
            sep = ", ";
        }
        out += '}';
    } else if (j.is_array()) {
        out += '[';
        const char* sep = "";
        for (const auto& item : j) {
            out += sep;
            write_inline(item, out);
            sep = ", ";
        }
        out += ']';
    } else {
        out += j.dump();
    }
}

bool holds_structure(const Json& array) {
    return std::any_of(array.begin(), array.end(), [](const Json& x) { return x.is_structured(); });
}

void write_block(const Json& j, int indent, std::string& out) {
    const std::string pad(static_cast<std::size_t>(indent) + 2, ' ');
    if (j.is_object() && !j.empty()) {
        out += "{\n";
        const char* sep = "";
        for (const auto& item : j.items()) {
            out += sep + pad + Json(item.key()).dump() + ": ";
            write_block(item.value(), indent + 2, out);
            sep = ",\n";
        }
        out += "\n" + std::string(static_cast<std::size_t>(indent), ' ') + "}";
    } else if (j.is_array() && holds_structure(j)) {
        out += "[\n";
        const char* sep = "";
        for (const auto& item : j) {
            out += sep + pad;
            write_inline(item, out);
            sep = ",\n";
        }
        out += "\n" + std::string(static_cast<std::size_t>(indent), ' ') + "]";
    } else {
        write_inline(j, out);
    }
}

} // namespace

std::string write_json(const Json& value) {
    std::string out;
    write_block(value, 0, out);
    out += '\n';
    return out;
}

} // namespace billiards::io

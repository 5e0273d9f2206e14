#include "io/json_reader.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <set>
#include <vector>

#include "io/scenario.hpp"

namespace billiards::io {

using nlohmann::json;

namespace {

bool plain_key(std::string_view key) {
    return !key.empty() && std::all_of(key.begin(), key.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
               c == '_' || c == '-';
    });
}

// No file format nests deeper than a few levels; a bound keeps "[[[[..." from costing
// gigabytes of bookkeeping.
constexpr std::size_t kMaxDepth = 128;

// nlohmann's SAX events turned into the document (its own DOM builder does that) while
// keeping the JSON path of the value being read, so a duplicate key or an overflowing
// number is reported where it is. (Not nlohmann's callback parser: it scans the whole
// parent at every object's end, quadratic in the length of an array of objects.)
class StrictSax {
  public:
    StrictSax(json& result, const std::string& file_name) : dom_(result), file_(file_name) {}

    bool null() { return value(dom_.null()); }
    bool boolean(bool v) { return value(dom_.boolean(v)); }
    bool number_integer(json::number_integer_t v) { return value(dom_.number_integer(v)); }
    bool number_unsigned(json::number_unsigned_t v) { return value(dom_.number_unsigned(v)); }
    bool number_float(json::number_float_t v, const json::string_t& s) {
        return value(dom_.number_float(v, s));
    }
    bool string(json::string_t& v) { return value(dom_.string(v)); }
    bool binary(json::binary_t& v) { return value(dom_.binary(v)); }
    bool start_object(std::size_t n) {
        push(true);
        return dom_.start_object(n);
    }
    bool key(json::string_t& k) {
        Frame& top = frames_.back();
        top.key = k;
        // nlohmann would keep only the last of two equal keys: a silent loss of data.
        if (!top.keys.insert(k).second) throw InputError(file_, path(), "duplicate key");
        return dom_.key(k);
    }
    bool end_object() {
        frames_.pop_back();
        return value(dom_.end_object());
    }
    bool start_array(std::size_t n) {
        push(false);
        return dom_.start_array(n);
    }
    bool end_array() {
        frames_.pop_back();
        return value(dom_.end_array());
    }
    template <typename Exception>
    bool parse_error(std::size_t position, const std::string& token, const Exception& e) {
        return dom_.parse_error(position, token, e); // throws e
    }

    // Path of the value the parser is reading now.
    std::string path() const {
        std::string p = "$";
        for (const Frame& f : frames_)
            p = f.object ? child_path(p, f.key) : index_path(p, f.index);
        return p;
    }

  private:
    struct Frame {
        bool object;
        std::set<std::string> keys;
        std::string key;       // current key (objects)
        std::size_t index = 0; // current index (arrays)
    };

    void push(bool object) {
        if (frames_.size() >= kMaxDepth)
            throw InputError(file_, path(),
                             "nested deeper than " + std::to_string(kMaxDepth) + " levels");
        frames_.push_back({object, {}, {}, 0});
    }
    // A value is complete: the enclosing array moves on to its next index.
    bool value(bool ok) {
        if (!frames_.empty() && !frames_.back().object) ++frames_.back().index;
        return ok;
    }

    nlohmann::detail::json_sax_dom_parser<json> dom_;
    const std::string& file_;
    std::vector<Frame> frames_;
};

// nlohmann's what() starts with "[json.exception.parse_error.101] "; keep the rest.
std::string without_prefix(const char* what) {
    const std::string s = what;
    const auto end = s.find("] ");
    return s.rfind("[json.exception.", 0) == 0 && end != std::string::npos ? s.substr(end + 2) : s;
}

} // namespace

json parse_json(const std::string& text, const std::string& file_name) {
    // nlohmann takes a NUL byte for the end of the input, so "{...}\0garbage" would pass.
    // No JSON text holds one (in a string it must be escaped): refuse it wherever it is.
    if (const auto nul = text.find('\0'); nul != std::string::npos) {
        const auto line = 1 + std::count(text.begin(), text.begin() + static_cast<long>(nul), '\n');
        const auto line_start = text.rfind('\n', nul);
        const auto column = nul - (line_start == std::string::npos ? 0 : line_start + 1) + 1;
        throw InputError(file_name, "$",
                         "invalid JSON: parse error at line " + std::to_string(line) + ", column " +
                             std::to_string(column) +
                             ": a NUL byte (nothing but white space may follow the value)");
    }
    json result;
    StrictSax sax(result, file_name);
    try {
        json::sax_parse(text, &sax);
    } catch (const json::out_of_range& e) {
        // Number overflow ("1e999"): a value problem, reported where the value is.
        throw InputError(file_name, sax.path(),
                         "must be a finite number (" + without_prefix(e.what()) + ")");
    } catch (const json::exception& e) {
        throw InputError(file_name, "$", "invalid JSON: " + without_prefix(e.what()));
    }
    return result;
}

std::string child_path(const std::string& parent, std::string_view key) {
    // Paths are for messages: a huge key is named by an excerpt.
    if (!plain_key(key) || key.size() > 60) return parent + "[" + json(excerpt(key)).dump() + "]";
    return parent == "$" ? std::string(key) : parent + "." + std::string(key);
}

std::string index_path(const std::string& parent, std::size_t index) {
    return parent + "[" + std::to_string(index) + "]";
}

JsonReader::JsonReader(const nlohmann::json& value, const std::string& file_name, std::string path)
    : value_(&value), file_(&file_name), path_(std::move(path)) {}

namespace {

struct FormatKind {
    std::string_view format;
    std::string_view kind;
};
constexpr FormatKind kFormatKinds[] = {
    {formats::kScenario, "scenario"},
    {formats::kResult, "simulation result"},
    {formats::kMatch, "saved match"},
    {formats::kMatchReport, "match report"},
    {formats::kReplay, "replay"},
    {formats::kSettings, "settings file"},
    {formats::kCarom, "saved three-cushion game"},
    {formats::kSnookerMatch, "saved snooker match"},
    {formats::kGame, "saved game"},
};

} // namespace

std::string_view format_kind(std::string_view format) {
    for (const FormatKind& k : kFormatKinds)
        if (k.format == format) return k.kind;
    return {};
}

void expect_format(const JsonReader& root, std::string_view expected) {
    const std::string_view want = format_kind(expected);
    if (!root.json().is_object())
        root.fail("must be an object (a " + std::string(expected) + " file)");
    const JsonReader format = root.at("format");
    const std::string got = format.string();
    if (got == expected) return;
    const std::string_view is = format_kind(got);
    if (!is.empty())
        format.fail("this is a billiards " + std::string(is) + " (" + got + "), not a " +
                    std::string(want));
    format.fail("must be \"" + std::string(expected) + "\"");
}

void JsonReader::fail(const std::string& problem) const {
    throw InputError(*file_, path_, problem);
}

void JsonReader::expect_object(std::initializer_list<std::string_view> allowed) const {
    expect_object(std::span<const std::string_view>(allowed.begin(), allowed.size()));
}

void JsonReader::expect_object(std::span<const std::string_view> allowed) const {
    if (!value_->is_object()) fail("must be an object");
    for (const auto& item : value_->items()) {
        if (std::find(allowed.begin(), allowed.end(), item.key()) == allowed.end())
            throw InputError(*file_, child_path(path_, item.key()), "unknown key");
    }
}

bool JsonReader::has(std::string_view key) const {
    return value_->is_object() && value_->contains(key);
}

JsonReader JsonReader::at(std::string_view key) const {
    if (!has(key)) throw InputError(*file_, child_path(path_, key), "is required");
    return JsonReader(value_->find(key).value(), *file_, child_path(path_, key));
}

std::optional<JsonReader> JsonReader::find(std::string_view key) const {
    if (!has(key)) return std::nullopt;
    return at(key);
}

void JsonReader::expect_array() const {
    if (!value_->is_array()) fail("must be an array");
}

std::size_t JsonReader::size() const {
    return value_->size();
}

JsonReader JsonReader::operator[](std::size_t index) const {
    return JsonReader((*value_)[index], *file_, index_path(path_, index));
}

double JsonReader::number() const {
    if (!value_->is_number()) fail("must be a number");
    const double v = value_->get<double>();
    if (!std::isfinite(v)) fail("must be a finite number");
    return v;
}

int JsonReader::integer() const {
    if (!value_->is_number_integer()) fail("must be an integer");
    const bool fits =
        value_->is_number_unsigned()
            ? value_->get<std::uint64_t>() <= static_cast<std::uint64_t>(INT_MAX)
            : value_->get<std::int64_t>() >= INT_MIN && value_->get<std::int64_t>() <= INT_MAX;
    if (!fits)
        fail("must be an integer between " + std::to_string(INT_MIN) + " and " +
             std::to_string(INT_MAX));
    return static_cast<int>(value_->get<std::int64_t>());
}

std::string JsonReader::string() const {
    if (!value_->is_string()) fail("must be a string");
    return value_->get<std::string>();
}

Vec2 JsonReader::vec2() const {
    if (!value_->is_array() || value_->size() != 2) fail("must be an array of 2 numbers");
    return {(*this)[0].number(), (*this)[1].number()};
}

Vec3 JsonReader::vec3() const {
    if (!value_->is_array() || value_->size() != 3) fail("must be an array of 3 numbers");
    return {(*this)[0].number(), (*this)[1].number(), (*this)[2].number()};
}

} // namespace billiards::io

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

// Follows nlohmann's parse events to know the JSON path of the value being read, so a
// duplicate key or an overflowing number can be reported where it is.
class PathTracker {
public:
    explicit PathTracker(const std::string& file_name) : file_(file_name) {}

    bool on_event(json::parse_event_t event, const json& parsed) {
        switch (event) {
        case json::parse_event_t::object_start: frames_.push_back({true, {}, {}, 0}); break;
        case json::parse_event_t::array_start: frames_.push_back({false, {}, {}, 0}); break;
        case json::parse_event_t::key: on_key(parsed.get<std::string>()); break;
        case json::parse_event_t::value: next(); break;
        case json::parse_event_t::object_end:
        case json::parse_event_t::array_end:
            frames_.pop_back();
            next();
            break;
        }
        return true;
    }

    // Path of the value the parser is reading now.
    std::string path() const {
        std::string p = "$";
        for (const Frame& f : frames_) p = f.object ? child_path(p, f.key) : index_path(p, f.index);
        return p;
    }

private:
    struct Frame {
        bool object;
        std::set<std::string> keys;
        std::string key;   // current key (objects)
        std::size_t index; // current index (arrays)
    };

    void on_key(const std::string& key) {
        Frame& top = frames_.back();
        top.key = key;
        // nlohmann would keep only the last of two equal keys: a silent loss of data.
        if (!top.keys.insert(key).second) throw InputError(file_, path(), "duplicate key");
    }
    void next() {
        if (!frames_.empty() && !frames_.back().object) ++frames_.back().index;
    }

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
    PathTracker tracker(file_name);
    try {
        return json::parse(text, [&tracker](int, json::parse_event_t e, json& parsed) {
            return tracker.on_event(e, parsed);
        });
    } catch (const json::out_of_range& e) {
        // Number overflow ("1e999"): a value problem, reported where the value is.
        throw InputError(file_name, tracker.path(),
                         "must be a finite number (" + without_prefix(e.what()) + ")");
    } catch (const json::exception& e) {
        throw InputError(file_name, "$", "invalid JSON: " + without_prefix(e.what()));
    }
}

std::string child_path(const std::string& parent, std::string_view key) {
    if (!plain_key(key)) return parent + "[" + json(std::string(key)).dump() + "]";
    return parent == "$" ? std::string(key) : parent + "." + std::string(key);
}

std::string index_path(const std::string& parent, std::size_t index) {
    return parent + "[" + std::to_string(index) + "]";
}

JsonReader::JsonReader(const nlohmann::json& value, const std::string& file_name, std::string path)
    : value_(&value), file_(&file_name), path_(std::move(path)) {}

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
    const bool fits = value_->is_number_unsigned()
                          ? value_->get<std::uint64_t>() <= static_cast<std::uint64_t>(INT_MAX)
                          : value_->get<std::int64_t>() >= INT_MIN &&
                                value_->get<std::int64_t>() <= INT_MAX;
    if (!fits) fail("must be an integer between " + std::to_string(INT_MIN) + " and " +
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

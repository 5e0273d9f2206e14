// A small layer over nlohmann::json for strict reading: every value carries its JSON path
// ("balls[3].radius"), so each problem becomes an InputError "FILE: JSON.PATH: problem".
// The document itself has the path "$" (invalid JSON, a top level that is not an object).
#pragma once

#include <initializer_list>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "core/vec.hpp"

namespace billiards::io {

// Parses text as JSON. Invalid JSON and duplicate keys throw InputError (path "$" for
// syntax errors, with nlohmann's line and column; the key's path for a duplicate key).
nlohmann::json parse_json(const std::string& text, const std::string& file_name);

// The JSON path of `key` inside the value at `parent` ("$" is the document).
std::string child_path(const std::string& parent, std::string_view key);
std::string index_path(const std::string& parent, std::size_t index);

class JsonReader;

// Every file kind the program reads or writes, by its "format" value. A reader checks the
// root's "format" with expect_format: a file of another kind is refused with a message that
// names the kind it is ("format: this is a billiards match report (billiards-match-report/1),
// not a saved match"); any other value gets "must be \"EXPECTED\"".
namespace formats {
inline constexpr const char* kScenario = "billiards-scenario/1";
inline constexpr const char* kResult = "billiards-result/1";
inline constexpr const char* kMatch = "billiards-match/1";
inline constexpr const char* kMatchReport = "billiards-match-report/1";
inline constexpr const char* kReplay = "billiards-replay/1";
inline constexpr const char* kSettings = "billiards-settings/1";
inline constexpr const char* kCarom = "billiards-carom/1";
inline constexpr const char* kSnookerMatch = "billiards-snooker-match/1";
inline constexpr const char* kGame = "billiards-game/1";
} // namespace formats

// What a file of `format` is, in words ("match report"); empty for an unknown format.
std::string_view format_kind(std::string_view format);

// `root` is the document: it must be an object whose "format" is `expected`.
void expect_format(const JsonReader& root, std::string_view expected);

class JsonReader {
  public:
    // `file_name` must outlive the reader and every reader made from it.
    JsonReader(const nlohmann::json& value, const std::string& file_name, std::string path = "$");

    const nlohmann::json& json() const { return *value_; }
    const std::string& path() const { return path_; }
    const std::string& file_name() const { return *file_; }
    [[noreturn]] void fail(const std::string& problem) const;

    // Objects: the value must be an object holding no key outside `allowed`.
    void expect_object(std::initializer_list<std::string_view> allowed) const;
    void expect_object(std::span<const std::string_view> allowed) const;
    bool has(std::string_view key) const;
    JsonReader at(std::string_view key) const; // a required key ("is required" if absent)
    std::optional<JsonReader> find(std::string_view key) const;

    // Arrays.
    void expect_array() const;
    std::size_t size() const;
    JsonReader operator[](std::size_t index) const;

    // Scalars. Numbers must be finite (1e999 parses as infinity).
    double number() const;
    int integer() const; // a JSON integer that fits an int
    std::string string() const;
    Vec2 vec2() const; // [x, y]
    Vec3 vec3() const; // [x, y, z]

  private:
    const nlohmann::json* value_;
    const std::string* file_;
    std::string path_;
};

} // namespace billiards::io

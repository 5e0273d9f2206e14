// Standard tables: spec files read with the same strict rules as scenarios.
#include <algorithm>
#include <stdexcept>

#include "io/json_reader.hpp"
#include "io/scenario.hpp"
#include "io/tables_embedded.hpp"

namespace billiards::io {

namespace {

using game::TableSpec;

struct SpecKey {
    std::string_view name;
    double TableSpec::*field;
    bool pocket = false; // a pocket's dimension: not read for a carom table (it has none)
};

constexpr SpecKey kSpecKeys[] = {
    {"length", &TableSpec::length},
    {"width", &TableSpec::width},
    {"corner_mouth", &TableSpec::corner_mouth, true},
    {"side_mouth", &TableSpec::side_mouth, true},
    {"corner_jaw_angle", &TableSpec::corner_jaw_angle, true},
    {"side_jaw_angle", &TableSpec::side_jaw_angle, true},
    {"jaw_depth", &TableSpec::jaw_depth, true},
    {"corner_pocket_radius", &TableSpec::corner_pocket_radius, true},
    {"corner_pocket_offset", &TableSpec::corner_pocket_offset, true},
    {"side_pocket_radius", &TableSpec::side_pocket_radius, true},
    {"side_pocket_offset", &TableSpec::side_pocket_offset, true},
    {"rail_width", &TableSpec::rail_width},
};
// Optional: a pool table's defaults when absent.
constexpr SpecKey kBallKeys[] = {
    {"ball_radius", &TableSpec::ball_radius},
    {"ball_mass", &TableSpec::ball_mass},
};

std::vector<std::string_view> spec_key_names() {
    std::vector<std::string_view> names{"name", "kind"};
    for (const SpecKey& k : kSpecKeys)
        names.push_back(k.name);
    for (const SpecKey& k : kBallKeys)
        names.push_back(k.name);
    return names;
}

// game::validate says "KEY: problem"; split it into the JSON path and the problem.
void check_spec(const TableSpec& spec, const std::string& file_name) {
    const std::string problem = game::validate(spec);
    if (problem.empty()) return;
    const auto colon = problem.find(": ");
    if (colon == std::string::npos) throw InputError(file_name, "$", problem);
    throw InputError(file_name, problem.substr(0, colon), problem.substr(colon + 2));
}

const detail::EmbeddedTable* find_embedded(const std::string& name) {
    for (const auto& t : detail::embedded_tables()) {
        if (name == t.name) return &t;
    }
    return nullptr;
}

} // namespace

game::TableSpec parse_table_spec(const std::string& text, const std::string& file_name) {
    const nlohmann::json doc = parse_json(text, file_name);
    const JsonReader root(doc, file_name);
    const auto names = spec_key_names();
    root.expect_object(names);
    TableSpec spec;
    spec.name = root.at("name").string();
    if (auto kind = root.find("kind")) spec.kind = kind->string();
    // The kind decides which keys the file must have: a bad one is the first problem.
    if (game::validate(spec).rfind("kind:", 0) == 0) check_spec(spec, file_name);
    const bool carom = game::is_carom(spec);
    for (const SpecKey& k : kSpecKeys) {
        if (k.pocket && carom) {
            if (root.find(k.name)) root.at(k.name).fail("a carom table has no pockets");
            continue;
        }
        spec.*k.field = root.at(k.name).number();
    }
    for (const SpecKey& k : kBallKeys)
        if (auto v = root.find(k.name)) spec.*k.field = v->number();
    check_spec(spec, file_name);
    return spec;
}

const std::vector<std::string>& snooker_table_names() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> v;
        for (const auto& n : all_table_names())
            if (load_standard_table(n).spec.kind == "snooker") v.push_back(n);
        return v;
    }();
    return names;
}

const std::vector<std::string>& all_table_names() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> v;
        for (const auto& t : detail::embedded_tables())
            v.emplace_back(t.name);
        return v;
    }();
    return names;
}

const std::vector<std::string>& standard_table_names() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> v;
        for (const std::string& n : all_table_names())
            if (load_standard_table(n).spec.kind == "pool") v.push_back(n);
        return v;
    }();
    return names;
}

bool plays_on(game::GameKind kind, const std::string& name) {
    if (kind == game::GameKind::ThreeCushion) return name == "carom-10ft";
    const auto& known =
        kind == game::GameKind::Snooker ? snooker_table_names() : standard_table_names();
    return std::find(known.begin(), known.end(), name) != known.end();
}

std::optional<game::TableSpec> kind_table(game::GameKind kind, const std::string& name) {
    if (!plays_on(kind, name)) return std::nullopt;
    return load_standard_table(name).spec;
}

std::string standard_table_text(const std::string& name) {
    const auto* t = find_embedded(name);
    return t ? t->text : "";
}

game::Table load_standard_table(const std::string& name) {
    const auto* t = find_embedded(name);
    if (!t) throw std::invalid_argument("unknown table '" + name + "'");
    const std::string file_name = "assets/tables/" + name + ".json";
    try {
        const TableSpec spec = parse_table_spec(t->text, file_name);
        if (spec.name != name) throw InputError(file_name, "name", "must be \"" + name + "\"");
        return game::build_table(spec);
    } catch (const InputError& e) {
        // A broken asset is a build defect, not bad input from the user.
        throw std::logic_error(std::string("embedded table: ") + e.what());
    }
}

} // namespace billiards::io

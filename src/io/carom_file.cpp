// billiards-carom/1: the config as plain keys, each shot as one small object.
#include "io/carom_file.hpp"

#include <fmt/format.h>

#include "io/json_writer.hpp"
#include "io/match_common.hpp"
#include "io/scenario.hpp"
#include "io/user_files.hpp"
#include "io/values.hpp"

namespace billiards::io {

namespace {

using namespace values;

constexpr const char* kFormat = formats::kCarom;
using match_common::kMaxShotsLimit;

double finite_in(const JsonReader& r, double lo, double hi) {
    const double v = r.number();
    if (!(v >= lo && v <= hi)) r.fail(fmt::format("must be between {} and {}", lo, hi));
    return v;
}

constexpr NameTable<game::FrozenChoice, 2> kFrozenChoices{
    {{"play_away", game::FrozenChoice::PlayAway}, {"spot", game::FrozenChoice::Spot}}};

game::CueShot read_shot(const JsonReader& r) {
    r.expect_object({"heading_rad", "speed", "side", "height", "elevation_rad", "frozen"});
    game::CueShot s;
    s.heading = finite_in(r.at("heading_rad"), -10.0, 10.0);
    s.speed = finite_in(r.at("speed"), 0.0, 20.0);
    if (auto x = r.find("side")) s.side = finite_in(*x, -1.0, 1.0);
    if (auto x = r.find("height")) s.height = finite_in(*x, -1.0, 1.0);
    if (auto x = r.find("elevation_rad")) s.elevation = finite_in(*x, 0.0, 1.6);
    return s;
}

Json shot_json(const game::CueShot& s, game::FrozenChoice frozen) {
    Json j{{"heading_rad", s.heading},
           {"speed", s.speed},
           {"side", s.side},
           {"height", s.height},
           {"elevation_rad", s.elevation}};
    if (frozen != game::FrozenChoice::None) j["frozen"] = name_of(kFrozenChoices, frozen);
    return j;
}

// Plays the file's shot k on `game`, its frozen choice first.
void replay_shot(game::CaromGame& game, const CaromFile& file, std::size_t k,
                 const std::string& file_name) {
    const game::FrozenChoice choice =
        k < file.frozen.size() ? file.frozen[k] : game::FrozenChoice::None;
    if (choice != game::FrozenChoice::None && !game.choose_frozen(choice))
        throw InputError(file_name, index_path("shots", k) + ".frozen",
                         "the cue ball is not frozen to a ball before this shot");
    if (!game.shoot(file.shots[k]))
        throw InputError(file_name, index_path("shots", k),
                         game.state().game_over ? "the game was already over"
                                                : "the shot cannot be played");
}

} // namespace

bool is_carom_file(const std::string& text) {
    const nlohmann::json doc = nlohmann::json::parse(text, nullptr, false);
    return doc.is_object() && doc.contains("format") && doc["format"] == kFormat;
}

CaromFile carom_file_of(const game::CaromGame& game, const std::string& table_name,
                        const std::array<std::string, 2>& names,
                        const std::array<game::SeatKind, 2>& seats) {
    CaromFile f;
    f.table_name = table_name;
    f.config = game.config();
    f.config.breaker = game.state().breaker; // the lag is not played again
    f.names = names;
    f.seats = seats;
    for (const game::CaromRecord& r : game.history()) {
        f.shots.push_back(r.shot);
        f.frozen.push_back(r.frozen);
    }
    f.next_frozen = game.frozen_choice();
    return f;
}

std::string carom_to_json(const CaromFile& f) {
    const game::CaromGameConfig& c = f.config;
    Json j = match_common::save_head(kFormat, "", f.table_name);
    j["players"] = match_common::seats_json(f.seats, c.levels, f.names);
    j["physics"] = physics_json(c.params);
    j["cue"] = cue_json(c.cue);
    j["target"] = c.rules.target;
    j["innings_limit"] = c.rules.innings_limit;
    j["breaker"] = c.breaker;
    j["seed"] = c.seed;
    j["practice"] = c.practice;
    j["max_shots"] = c.max_shots;
    j["max_shot_seconds"] = c.max_shot_seconds;
    if (!c.opening.empty()) j["balls"] = match_common::carom_balls_json(c.opening);
    j["shots"] = Json::array();
    for (std::size_t k = 0; k < f.shots.size(); ++k)
        j["shots"].push_back(
            shot_json(f.shots[k], k < f.frozen.size() ? f.frozen[k] : game::FrozenChoice::None));
    if (f.next_frozen != game::FrozenChoice::None)
        j["next_frozen"] = name_of(kFrozenChoices, f.next_frozen);
    return write_json(j);
}

CaromFile parse_carom(const std::string& text, const std::string& file_name) {
    const nlohmann::json doc = parse_json(text, file_name);
    const JsonReader root(doc, file_name);
    expect_format(root, kFormat);
    root.expect_object({"format", "table", "players", "physics", "cue", "target", "innings_limit",
                        "breaker", "seed", "practice", "max_shots", "max_shot_seconds", "balls",
                        "shots", "next_frozen"});
    CaromFile f;
    game::CaromGameConfig& c = f.config;
    if (auto t = root.find("table")) {
        f.table_name = table_name(*t, true);
        if (load_standard_table(f.table_name).spec.kind != "carom")
            t->fail("must be a carom table (carom-10ft)");
    }
    c.table = load_standard_table(f.table_name).spec;
    c.params = game::carom_params();
    // A save without the key was played with the horizontal throw (the game's before it).
    c.params.throw_model = physics::ThrowModel::Horizontal;
    const JsonReader players = root.at("players");
    players.expect_array();
    if (players.size() != 2) players.fail("must hold 2 players");
    for (std::size_t i = 0; i < 2; ++i) {
        const JsonReader p = players[i];
        p.expect_object({"kind", "level", "name"});
        f.seats[i] = one_of(p.at("kind"), kSeatKinds);
        if (auto level = p.find("level")) c.levels[i] = one_of(*level, kLevels);
        if (auto name = p.find("name")) f.names[i] = player_name(*name);
    }
    if (auto p = root.find("physics")) c.params = read_physics(*p, c.params);
    if (auto cue = root.find("cue")) c.cue = read_cue(*cue);
    c.rules.target = int_in(root.at("target"), 1, 1000);
    if (auto x = root.find("innings_limit")) c.rules.innings_limit = int_in(*x, 0, 1000);
    c.breaker = int_in(root.at("breaker"), 0, 1);
    if (auto seed = root.find("seed")) c.seed = uint64(*seed);
    if (auto x = root.find("practice")) c.practice = boolean(*x);
    if (auto x = root.find("max_shots")) c.max_shots = int_in(*x, 1, kMaxShotsLimit);
    if (auto x = root.find("max_shot_seconds")) c.max_shot_seconds = positive(*x, 0.0, 3600.0);
    if (auto b = root.find("balls"))
        c.opening = match_common::read_carom_balls(*b, c.table, f.table_name);
    const JsonReader shots = root.at("shots");
    shots.expect_array();
    for (std::size_t i = 0; i < shots.size(); ++i) {
        f.shots.push_back(read_shot(shots[i]));
        const auto frozen = shots[i].find("frozen");
        f.frozen.push_back(frozen ? one_of(*frozen, kFrozenChoices) : game::FrozenChoice::None);
    }
    if (auto x = root.find("next_frozen")) f.next_frozen = one_of(*x, kFrozenChoices);
    return f;
}

void save_carom_file(const CaromFile& file, const std::string& path) {
    match_common::save_checked(path, carom_to_json(file), parse_carom);
}

std::unique_ptr<game::CaromGame> restore_carom(const CaromFile& file,
                                               const std::string& file_name) {
    auto game = std::make_unique<game::CaromGame>(file.config);
    for (std::size_t k = 0; k < file.shots.size(); ++k)
        replay_shot(*game, file, k, file_name);
    if (file.next_frozen != game::FrozenChoice::None && !game->choose_frozen(file.next_frozen))
        throw InputError(file_name, "next_frozen", "the cue ball is not frozen to a ball now");
    return game;
}

} // namespace billiards::io

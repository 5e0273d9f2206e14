// billiards-game/1: one save format for every kind of game, over game::Game's options and
// inputs; the three formats before it are read by their own readers (read_game).
#include "io/game_file.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>

#include "game/carom/three_cushion_game.hpp"
#include "game/pool/pool_game.hpp"
#include "game/snooker/snooker_game.hpp"
#include "io/carom_file.hpp"
#include "io/json_writer.hpp"
#include "io/match_common.hpp"
#include "io/match_file.hpp"
#include "io/scenario.hpp"
#include "io/snooker_file.hpp"
#include "io/values.hpp"

namespace billiards::io {

namespace {

using namespace values;
using namespace match_common;
using game::GameInput;
using game::GameKind;

constexpr const char* kFormat = formats::kGame;

constexpr NameTable<int, 3> kBreakers{{{"lag", -1}, {"player1", 0}, {"player2", 1}}};

bool pool(GameKind k) {
    return k == GameKind::EightBall || k == GameKind::NineBall;
}

// The table's name, checked against the kind: pool on a pool table, snooker on a snooker
// table, three-cushion on a carom table.
std::string read_table(const JsonReader& t, GameKind kind) {
    if (pool(kind)) return table_name(t);
    const std::string name = table_name(t, true);
    const std::string table_kind = load_standard_table(name).spec.kind;
    if (kind == GameKind::ThreeCushion && table_kind != "carom")
        t.fail("must be a carom table (carom-10ft)");
    if (kind == GameKind::Snooker) {
        const auto& names = snooker_table_names();
        if (std::find(names.begin(), names.end(), name) == names.end())
            t.fail(fmt::format("must be a snooker table ({})", fmt::join(names, ", ")));
    }
    return name;
}

std::string format_of(const std::string& text) {
    const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_object() && j.contains("format") && j["format"].is_string())
        return j["format"].get<std::string>();
    return {};
}

// A shot of the record: [seat, flags, points]; the flags a string of "a" (a pot attempt), "p"
// (potted), "s" (a safety), "f" (a foul), each at most once.
Json record_shot_json(const game::ShotFacts& f) {
    std::string flags;
    if (f.pot_attempt) flags += 'a';
    if (f.potted) flags += 'p';
    if (f.safety) flags += 's';
    if (f.foul) flags += 'f';
    return Json::array({f.shooter, flags, f.points});
}

game::ShotFacts read_record_shot(const JsonReader& r) {
    r.expect_array();
    if (r.size() != 3) r.fail("must be [seat, flags, points]");
    game::ShotFacts f;
    f.shooter = int_in(r[0], 0, 1);
    const JsonReader flags = r[1];
    const std::string text = flags.string();
    for (std::size_t i = 0; i < text.size(); ++i) {
        bool* flag = text[i] == 'a'   ? &f.pot_attempt
                     : text[i] == 'p' ? &f.potted
                     : text[i] == 's' ? &f.safety
                     : text[i] == 'f' ? &f.foul
                                      : nullptr;
        if (!flag) flags.fail("must be made of the letters a, p, s and f");
        if (*flag) flags.fail(fmt::format("has \"{}\" twice", text[i]));
        *flag = true;
    }
    f.points = int_in(r[2], 0, 1000);
    return f;
}

constexpr auto kMaxId = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());

SavedRecord read_record(const JsonReader& r) {
    r.expect_object({"game", "started", "shots"});
    SavedRecord out;
    const JsonReader game = r.at("game");
    const std::uint64_t id = uint64(game);
    if (id < 1 || id > kMaxId) game.fail("must be a game id >= 1");
    out.game = static_cast<std::int64_t>(id);
    const JsonReader started = r.at("started");
    const std::uint64_t when = uint64(started);
    if (when > kMaxId) started.fail("must be a unix time");
    out.started = static_cast<std::int64_t>(when);
    const JsonReader shots = r.at("shots");
    shots.expect_array();
    if (shots.size() < 1 || shots.size() > 100000) shots.fail("must hold 1 to 100000 shots");
    for (std::size_t i = 0; i < shots.size(); ++i)
        out.shots.push_back(read_record_shot(shots[i]));
    return out;
}

game::Seat carom_seat(const CaromFile& f, std::size_t i) {
    return {f.seats[i], f.config.levels[i], f.names[i], std::nullopt};
}

} // namespace

GameFile game_file_of(const game::Game& g, const std::string& table_name) {
    return {g.kind(), table_name, g.options(), g.inputs(), std::nullopt};
}

std::string game_file_json(const GameFile& f) {
    const game::GameOptions& o = f.options;
    Json j = save_head(kFormat, name_of(game_kind_names(), f.kind), f.table_name);
    j["seats"] = seats_json(o.seats);
    if (o.params) j["physics"] = physics_json(*o.params);
    if (o.cue) j["cue"] = cue_json(*o.cue);
    j["seed"] = o.seed;
    j["practice"] = o.practice;
    if (o.max_shots > 0) j["max_shots"] = o.max_shots;
    if (o.max_shot_seconds > 0.0) j["max_shot_seconds"] = o.max_shot_seconds;
    // The kind's own options (a kind with none writes none).
    if (pool(f.kind)) j["call_shots"] = o.call_shots;
    if (f.kind == GameKind::Snooker) j["best_of"] = o.best_of;
    if (f.kind == GameKind::ThreeCushion) {
        j["target"] = o.target;
        j["innings_limit"] = o.innings_limit;
        j["break"] = name_of(kBreakers, o.breaker);
        if (!o.opening.empty()) j["balls"] = carom_balls_json(o.opening);
    }
    if (f.record) {
        Json r;
        r["game"] = f.record->game;
        r["started"] = f.record->started;
        r["shots"] = Json::array();
        for (const game::ShotFacts& s : f.record->shots)
            r["shots"].push_back(record_shot_json(s));
        j["record"] = r;
    }
    return with_inputs(j, f.inputs, kGameInputs, [](const GameInput& in) { return in; });
}

GameFile parse_game_file(const std::string& text, const std::string& file_name) {
    const nlohmann::json doc = parse_json(text, file_name);
    const JsonReader root(doc, file_name);
    expect_format(root, kFormat);
    root.expect_object({"format", "game", "table", "seats", "physics", "cue", "seed", "practice",
                        "max_shots", "max_shot_seconds", "call_shots", "best_of", "target",
                        "innings_limit", "break", "balls", "record", "inputs"});
    GameFile f;
    const JsonReader kind = root.at("game");
    f.kind = one_of(kind, game_kind_names());
    // Each kind takes its own options only.
    const bool is_pool = pool(f.kind), snooker = f.kind == GameKind::Snooker,
               carom = f.kind == GameKind::ThreeCushion;
    for (const auto& [key, ok] : {std::pair<const char*, bool>{"call_shots", is_pool},
                                  {"best_of", snooker},
                                  {"target", carom},
                                  {"innings_limit", carom},
                                  {"break", carom},
                                  {"balls", carom}})
        if (!ok && root.has(key))
            root.at(key).fail(
                fmt::format("not an option of {}", name_of(game_kind_names(), f.kind)));

    f.table_name = read_table(root.at("table"), f.kind);
    const game::Table table = load_standard_table(f.table_name);
    game::GameOptions& o = f.options;
    o.table = table.spec;
    read_common(root, o);
    if (auto x = root.find("call_shots")) o.call_shots = boolean(*x);
    if (auto x = root.find("best_of")) o.best_of = best_of(*x);
    if (auto x = root.find("target")) o.target = int_in(*x, 1, 1000);
    if (auto x = root.find("innings_limit")) o.innings_limit = int_in(*x, 0, 1000);
    if (auto x = root.find("break")) o.breaker = one_of(*x, kBreakers);
    if (auto x = root.find("balls")) o.opening = read_carom_balls(*x, table.spec, f.table_name);

    if (auto x = root.find("record")) f.record = read_record(*x);
    f.inputs = read_inputs(root, kGameInputs, static_cast<int>(table.pockets.size()),
                           [](const GameInput& in) { return in; });
    return f;
}

std::unique_ptr<game::Game> restore_game(const GameFile& file, const std::string& file_name) {
    std::size_t failed = 0;
    std::string why;
    std::unique_ptr<game::Game> g =
        game::restore_game(file.kind, file.options, file.inputs, &failed, &why);
    if (!g) throw InputError(file_name, index_path("inputs", failed), why);
    return g;
}

LoadedGame read_game(const std::string& text, const std::string& file_name) {
    const std::string format = format_of(text);
    LoadedGame out;
    if (format == formats::kMatch) {
        const MatchFile f = parse_match(text, file_name);
        out.game = game::make_pool_game(restore_match(f, file_name));
        out.table_name = f.table_name;
    } else if (format == formats::kSnookerMatch) {
        const SnookerFile f = parse_snooker(text, file_name);
        out.game = game::snooker::make_snooker_game(restore_snooker(f, file_name));
        out.table_name = f.table_name;
    } else if (format == formats::kCarom) {
        const CaromFile f = parse_carom(text, file_name);
        out.game = game::make_three_cushion_game(restore_carom(f, file_name),
                                                 {carom_seat(f, 0), carom_seat(f, 1)});
        out.table_name = f.table_name;
    } else {
        const GameFile f = parse_game_file(text, file_name);
        out.game = restore_game(f, file_name);
        out.table_name = f.table_name;
        out.record = f.record;
    }
    return out;
}

bool is_game_save(const std::string& text) {
    const std::string format = format_of(text);
    return format == formats::kGame || format == formats::kMatch ||
           format == formats::kSnookerMatch || format == formats::kCarom;
}

void save_game_file(const game::Game& g, const std::string& table_name, const std::string& path,
                    const std::optional<SavedRecord>& record) {
    GameFile f = game_file_of(g, table_name);
    f.record = record;
    save_checked(path, game_file_json(f), parse_game_file);
}

} // namespace billiards::io

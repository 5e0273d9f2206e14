#include "io/settings.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <stdexcept>

#include "game/carom/carom_rules.hpp"
#include "io/json_writer.hpp"
#include "io/match_common.hpp"
#include "io/scenario.hpp"
#include "io/user_files.hpp"
#include "io/values.hpp"

namespace billiards::io {

namespace {

using namespace values;

constexpr const char* kFormat = formats::kSettings;
constexpr int kMaxFrames = 35;
constexpr std::size_t kMaxServer = 100; // the online server's HOST:PORT, printable ASCII
constexpr int kMinWidth = 320, kMinHeight = 200, kMaxSide = 16384;
constexpr NameTable<game::Shaft, 2> kShafts{{
    {"ordinary", game::Shaft::Ordinary},
    {"low-squirt", game::Shaft::LowSquirt},
}};

void read_seat(const JsonReader& r, Settings& s, std::size_t i) {
    r.expect_object({"kind", "level", "name"});
    if (auto kind = r.find("kind")) s.seats[i] = one_of(*kind, kSeatKinds);
    if (auto level = r.find("level")) s.levels[i] = one_of(*level, kLevels);
    if (auto name = r.find("name")) s.names[i] = player_name(*name);
}

template <std::size_t N> int int_among(const JsonReader& r, const std::array<int, N>& allowed) {
    const int v = r.integer();
    if (std::find(allowed.begin(), allowed.end(), v) == allowed.end())
        r.fail(fmt::format("must be one of {}", fmt::join(allowed, ", ")));
    return v;
}

// Three-cushion's "break": who breaks.
constexpr NameTable<int, 3> kBreakers{{{"lag", -1}, {"player1", 0}, {"player2", 1}}};

// "chosen": three-cushion is the menu's game (files before "game" named it held pool's
// choice there, unused).
void read_carom(const JsonReader& r, Settings& s) {
    r.expect_object({"chosen", "target", "innings_limit", "diamond_aid", "break"});
    if (auto x = r.find("chosen"); x && boolean(*x)) s.game = game::GameKind::ThreeCushion;
    if (auto x = r.find("target")) s.carom_target = int_among(*x, game::kCaromTargets);
    if (auto x = r.find("innings_limit"))
        s.carom_innings = int_among(*x, game::kCaromInningsLimits);
    if (auto x = r.find("diamond_aid")) s.diamond_aid = boolean(*x);
    if (auto x = r.find("break")) s.carom_breaker = one_of(*x, kBreakers);
}

// The file's "game": the kind chosen by its name, any kind of the table; the sandbox is not
// kept and writes 8-ball. (Three-cushion also says so under "three_cushion", as the files
// before it did, when "game" held pool's choice.)
std::string game_name(const Settings& s) {
    return name_of(game_kind_names(), s.game.value_or(game::GameKind::EightBall));
}

// The online server's address as the file may keep it: "" when fine.
std::string server_problem(const std::string& server) {
    if (server.empty() || server.size() > kMaxServer)
        return fmt::format("must be HOST:PORT, 1 to {} characters", kMaxServer);
    for (const char c : server)
        if (c < 0x21 || c > 0x7e) return "must be printable ASCII without spaces";
    return {};
}

// What the reader would refuse, so that a save never writes a file that cannot load.
void check(const Settings& s) {
    for (std::size_t i = 0; i < 2; ++i) {
        const std::string problem = name_problem(s.names[i]);
        if (!problem.empty())
            throw std::invalid_argument(fmt::format("seats[{}].name: {}", i, problem));
    }
    const auto& pool = standard_table_names(); // the game's menu plays pool on it
    if (std::find(pool.begin(), pool.end(), s.table) == pool.end()) {
        throw std::invalid_argument(fmt::format("table: unknown table {} (known: {})",
                                                nlohmann::json(s.table).dump(), known_tables()));
    }
    const auto& snk = snooker_table_names();
    if (std::find(snk.begin(), snk.end(), s.snooker_table) == snk.end())
        throw std::invalid_argument("snooker.table: unknown snooker table " + s.snooker_table);
    if (s.snooker_best_of < 1 || s.snooker_best_of > kMaxFrames || s.snooker_best_of % 2 == 0)
        throw std::invalid_argument(
            fmt::format("snooker.best_of: {} is not odd in 1..{}", s.snooker_best_of, kMaxFrames));
    if (s.window_width < kMinWidth || s.window_width > kMaxSide || s.window_height < kMinHeight ||
        s.window_height > kMaxSide)
        throw std::invalid_argument(fmt::format("window: {}x{} is outside {}..{} x {}..{}",
                                                s.window_width, s.window_height, kMinWidth,
                                                kMaxSide, kMinHeight, kMaxSide));
    const auto& targets = game::kCaromTargets;
    const auto& limits = game::kCaromInningsLimits;
    if (std::find(targets.begin(), targets.end(), s.carom_target) == targets.end() ||
        std::find(limits.begin(), limits.end(), s.carom_innings) == limits.end())
        throw std::invalid_argument(fmt::format("three_cushion: target {} or innings limit {}",
                                                s.carom_target, s.carom_innings));
    if (s.carom_breaker < -1 || s.carom_breaker > 1)
        throw std::invalid_argument(fmt::format(
            "three_cushion.break: player {} is not -1 (the lag), 0 or 1", s.carom_breaker));
    if (const std::string problem = server_problem(s.online_server); !problem.empty())
        throw std::invalid_argument("online.server: " + problem);
    if (!(s.volume >= 0.0 && s.volume <= 1.0))
        throw std::invalid_argument(fmt::format("sound.volume: {} is outside 0..1", s.volume));
}

} // namespace

std::string Settings::table_for(game::GameKind kind) const {
    if (kind == game::GameKind::Snooker) return snooker_table;
    if (kind == game::GameKind::ThreeCushion) return "carom-10ft";
    return table;
}

std::string Settings::table_problem(game::GameKind kind) const {
    if (kind == game::GameKind::ThreeCushion) return {}; // its one table, no choice
    const std::string name = table_for(kind);
    if (plays_on(kind, name)) return {};
    return (kind == game::GameKind::Snooker ? "Unknown snooker table " : "Unknown table ") + name;
}

std::string settings_to_json(const Settings& s) {
    Json j;
    j["format"] = kFormat;
    j["game"] = game_name(s);
    j["seats"] = match_common::seats_json(s.seats, s.levels, s.names);
    j["table"] = s.table;
    j["practice"] = s.practice;
    j["aim_aid"] = s.aim_aid;
    j["predicted_path"] = s.predicted_path;
    j["ball_labels"] = s.ball_labels;
    j["shaft"] = name_of(kShafts, s.shaft);
    j["window"] = {
        {"width", s.window_width}, {"height", s.window_height}, {"fullscreen", s.fullscreen}};
    j["sound"] = {{"volume", s.volume}, {"muted", s.muted}};
    j["tip_shown"] = s.tip_shown;
    j["snooker"] = {{"table", s.snooker_table}, {"best_of", s.snooker_best_of}};
    j["three_cushion"] = {{"chosen", s.game == game::GameKind::ThreeCushion},
                          {"target", s.carom_target},
                          {"innings_limit", s.carom_innings},
                          {"diamond_aid", s.diamond_aid},
                          {"break", name_of(kBreakers, s.carom_breaker)}};
    j["online"] = {{"server", s.online_server}};
    return write_json(j);
}

Settings parse_settings(const std::string& text, const std::string& file_name) {
    const nlohmann::json doc = parse_json(text, file_name);
    const JsonReader root(doc, file_name);
    expect_format(root, kFormat);
    root.expect_object({"format", "game", "seats", "table", "practice", "aim_aid", "predicted_path",
                        "ball_labels", "shaft", "window", "sound", "tip_shown", "three_cushion",
                        "snooker", "online"});
    Settings s;
    if (auto game = root.find("game")) s.game = one_of(*game, game_kind_names());
    if (auto seats = root.find("seats")) {
        seats->expect_array();
        if (seats->size() != 2) seats->fail("must hold 2 seats");
        for (std::size_t i = 0; i < 2; ++i)
            read_seat((*seats)[i], s, i);
    }
    if (auto t = root.find("table")) s.table = table_name(*t);
    if (auto p = root.find("practice")) s.practice = boolean(*p);
    if (auto a = root.find("aim_aid")) s.aim_aid = boolean(*a);
    if (auto p = root.find("predicted_path")) s.predicted_path = boolean(*p);
    if (auto l = root.find("ball_labels")) s.ball_labels = boolean(*l); // came later: optional
    if (auto sh = root.find("shaft")) s.shaft = one_of(*sh, kShafts);
    if (auto w = root.find("window")) {
        w->expect_object({"width", "height", "fullscreen"});
        if (auto x = w->find("width")) s.window_width = int_in(*x, kMinWidth, kMaxSide);
        if (auto y = w->find("height")) s.window_height = int_in(*y, kMinHeight, kMaxSide);
        if (auto f = w->find("fullscreen")) s.fullscreen = boolean(*f); // came later: optional
    }
    // Sound and the tip came later: files without them take the defaults.
    if (auto snd = root.find("sound")) {
        snd->expect_object({"volume", "muted"});
        if (auto v = snd->find("volume")) s.volume = unit_interval(*v);
        if (auto m = snd->find("muted")) s.muted = boolean(*m);
    }
    if (auto t = root.find("tip_shown")) s.tip_shown = boolean(*t);
    if (auto c = root.find("three_cushion")) read_carom(*c, s); // came later still
    if (auto snk = root.find("snooker")) {                      // later still: optional
        snk->expect_object({"table", "best_of"});
        if (auto t = snk->find("table")) {
            s.snooker_table = t->string();
            const auto& names = snooker_table_names();
            if (std::find(names.begin(), names.end(), s.snooker_table) == names.end())
                t->fail("unknown snooker table " + nlohmann::json(s.snooker_table).dump());
        }
        if (auto b = snk->find("best_of")) {
            s.snooker_best_of = int_in(*b, 1, kMaxFrames);
            if (s.snooker_best_of % 2 == 0) b->fail("must be odd (best of N frames)");
        }
    }
    if (auto o = root.find("online")) { // later still: optional
        o->expect_object({"server"});
        if (auto server = o->find("server")) {
            s.online_server = server->string();
            const std::string problem = server_problem(s.online_server);
            if (!problem.empty()) server->fail(problem);
        }
    }
    return s;
}

Settings load_settings_file(const std::string& path) {
    return parse_settings(read_text_file(path), path);
}

void save_settings_file(const Settings& s, const std::string& path) {
    check(s);
    save_user_file(path, settings_to_json(s), [](const std::string& old) {
        try {
            parse_settings(old, "old");
            return true;
        } catch (const InputError&) {
            return false;
        }
    });
}

} // namespace billiards::io

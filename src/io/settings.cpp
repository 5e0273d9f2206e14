#include "io/settings.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <stdexcept>

#include "game/carom/carom_rules.hpp"
#include "io/json_writer.hpp"
#include "io/scenario.hpp"
#include "io/user_files.hpp"
#include "io/values.hpp"

namespace billiards::io {

namespace {

using namespace values;

constexpr const char* kFormat = formats::kSettings;
constexpr int kMaxFrames = 35;
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

void read_carom(const JsonReader& r, CaromSettings& c) {
    r.expect_object({"chosen", "target", "innings_limit", "diamond_aid", "break"});
    if (auto x = r.find("chosen")) c.chosen = boolean(*x);
    if (auto x = r.find("target")) c.target = int_among(*x, game::kCaromTargets);
    if (auto x = r.find("innings_limit"))
        c.innings_limit = int_among(*x, game::kCaromInningsLimits);
    if (auto x = r.find("diamond_aid")) c.diamond_aid = boolean(*x);
    if (auto x = r.find("break")) c.breaker = one_of(*x, kBreakers);
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
    if (std::find(targets.begin(), targets.end(), s.carom.target) == targets.end() ||
        std::find(limits.begin(), limits.end(), s.carom.innings_limit) == limits.end())
        throw std::invalid_argument(fmt::format("three_cushion: target {} or innings limit {}",
                                                s.carom.target, s.carom.innings_limit));
    if (s.carom.breaker < -1 || s.carom.breaker > 1)
        throw std::invalid_argument(fmt::format(
            "three_cushion.break: player {} is not -1 (the lag), 0 or 1", s.carom.breaker));
    if (!(s.volume >= 0.0 && s.volume <= 1.0))
        throw std::invalid_argument(fmt::format("sound.volume: {} is outside 0..1", s.volume));
}

} // namespace

bool operator==(const Settings& a, const Settings& b) {
    return a.kind == b.kind && a.seats == b.seats && a.levels == b.levels && a.names == b.names &&
           a.table == b.table && a.practice == b.practice && a.aim_aid == b.aim_aid &&
           a.predicted_path == b.predicted_path && a.ball_labels == b.ball_labels &&
           a.shaft == b.shaft && a.window_width == b.window_width &&
           a.window_height == b.window_height && a.fullscreen == b.fullscreen &&
           a.volume == b.volume && a.muted == b.muted && a.tip_shown == b.tip_shown &&
           a.carom == b.carom && a.snooker == b.snooker && a.snooker_table == b.snooker_table &&
           a.snooker_best_of == b.snooker_best_of;
}

std::string settings_to_json(const Settings& s) {
    Json j;
    j["format"] = kFormat;
    j["game"] = s.snooker ? std::string("snooker") : name_of(kGames, s.kind);
    j["seats"] = Json::array();
    for (std::size_t i = 0; i < 2; ++i)
        j["seats"].push_back({{"kind", name_of(kSeatKinds, s.seats[i])},
                              {"level", name_of(kLevels, s.levels[i])},
                              {"name", s.names[i]}});
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
    j["three_cushion"] = {{"chosen", s.carom.chosen},
                          {"target", s.carom.target},
                          {"innings_limit", s.carom.innings_limit},
                          {"diamond_aid", s.carom.diamond_aid},
                          {"break", name_of(kBreakers, s.carom.breaker)}};
    return write_json(j);
}

Settings parse_settings(const std::string& text, const std::string& file_name) {
    const nlohmann::json doc = parse_json(text, file_name);
    const JsonReader root(doc, file_name);
    expect_format(root, kFormat);
    root.expect_object({"format", "game", "seats", "table", "practice", "aim_aid", "predicted_path",
                        "ball_labels", "shaft", "window", "sound", "tip_shown", "three_cushion",
                        "snooker"});
    Settings s;
    if (auto game = root.find("game")) {
        s.snooker = game->json().is_string() && game->string() == "snooker";
        if (!s.snooker) s.kind = one_of(*game, kGames);
    }
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
    if (auto c = root.find("three_cushion")) read_carom(*c, s.carom); // came later still
    if (auto snk = root.find("snooker")) {                            // later still: optional
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

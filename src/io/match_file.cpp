// billiards-match/1: the config as plain keys, the inputs as one small object each.
#include "io/match_file.hpp"

#include <fmt/format.h>

#include <array>

#include "io/json_writer.hpp"
#include "io/match_common.hpp"
#include "io/scenario.hpp"
#include "io/user_files.hpp"
#include "io/values.hpp"

namespace billiards::io {

namespace {

using namespace values;
using namespace match_common;
using game::MatchInput;

constexpr const char* kFormat = formats::kMatch;

constexpr std::array<std::pair<std::string_view, MatchInput::Kind>, 5> kInputKinds{{
    {"place_cue", MatchInput::Kind::PlaceCue},
    {"shot", MatchInput::Kind::Shot},
    {"decide", MatchInput::Kind::Decide},
    {"undo", MatchInput::Kind::Undo},
    {"rematch", MatchInput::Kind::Rematch},
}};
constexpr std::array<std::pair<std::string_view, game::Choice>, 5> kChoices{{
    {"accept_table", game::Choice::AcceptTable},
    {"rerack", game::Choice::Rerack},
    {"rerack_opponent_breaks", game::Choice::RerackOpponentBreaks},
    {"shoot_after_push_out", game::Choice::ShootAfterPushOut},
    {"pass_back", game::Choice::PassBack},
}};

// ---- reading ----

MatchInput read_input(const JsonReader& r, int pockets) {
    if (!r.json().is_object()) r.fail("must be an object");
    MatchInput in;
    in.kind = one_of(r.at("kind"), kInputKinds);
    switch (in.kind) {
    case MatchInput::Kind::PlaceCue:
        r.expect_object({"kind", "position"});
        in.position = bounded2(r.at("position"), kMaxCoordinate);
        break;
    case MatchInput::Kind::Shot: {
        r.expect_object({"kind", "heading", "heading_rad", "speed", "tip", "elevation",
                         "elevation_rad", "call", "push_out"});
        in.shot = read_cue_shot(r);
        if (auto call = r.find("call")) in.call = read_call(*call, 15, pockets);
        if (auto push = r.find("push_out")) in.push_out = boolean(*push);
        break;
    }
    case MatchInput::Kind::Decide:
        r.expect_object({"kind", "choice"});
        in.choice = one_of(r.at("choice"), kChoices);
        break;
    case MatchInput::Kind::Undo:
    case MatchInput::Kind::Rematch:
        r.expect_object({"kind"});
        break;
    }
    return in;
}

// ---- writing ----

Json input_json(const MatchInput& in) {
    Json j = {{"kind", name_of(kInputKinds, in.kind)}};
    switch (in.kind) {
    case MatchInput::Kind::PlaceCue:
        j["position"] = vec(in.position);
        break;
    case MatchInput::Kind::Shot:
        write_cue_shot(j, in.shot);
        write_call(j, in.call);
        if (in.push_out) j["push_out"] = true;
        break;
    case MatchInput::Kind::Decide:
        j["choice"] = name_of(kChoices, in.choice);
        break;
    case MatchInput::Kind::Undo:
    case MatchInput::Kind::Rematch:
        break;
    }
    return j;
}

std::string why_refused(const game::Match& m, const MatchInput& in) {
    switch (in.kind) {
    case MatchInput::Kind::Decide:
        if (m.phase() != game::Phase::Deciding) return "no decision is pending";
        return fmt::format("\"{}\" does not answer the pending decision",
                           name_of(kChoices, in.choice));
    case MatchInput::Kind::Undo:
        return m.config().practice ? "nothing to undo" : "undo needs practice mode";
    default:
        return "does not fit the match here";
    }
}

} // namespace

MatchFile match_file_of(const game::Match& match, const std::string& table_name) {
    MatchFile f;
    f.table_name = table_name;
    f.config = match.config();
    f.inputs = match.inputs();
    return f;
}

std::string match_to_json(const MatchFile& f) {
    const game::MatchConfig& c = f.config;
    Json j;
    j["format"] = kFormat;
    j["game"] = name_of(kGames, c.kind);
    j["table"] = f.table_name;
    write_players(j, c);
    j["rules"] = {{"call_shots", c.rules.call_shots}};
    j["seed"] = c.seed;
    write_limits(j, c);
    j["inputs"] = Json::array();
    for (const MatchInput& in : f.inputs)
        j["inputs"].push_back(input_json(in));
    return write_json(j);
}

MatchFile parse_match(const std::string& text, const std::string& file_name) {
    const nlohmann::json doc = parse_json(text, file_name);
    const JsonReader root(doc, file_name);
    expect_format(root, kFormat);
    // `billiards match --out` wrote its report as billiards-match/1 until it had a name of its
    // own: such a file is no saved match, whatever its format says.
    if (root.has("games_played"))
        root.at("format").fail(fmt::format("this is a billiards match report (written as {} "
                                           "before reports became {}), not a saved match",
                                           kFormat, formats::kMatchReport));
    root.expect_object({"format", "game", "table", "seats", "physics", "cue", "rules", "seed",
                        "practice", "max_shots", "max_shot_seconds", "inputs"});

    MatchFile f;
    game::MatchConfig& c = f.config;
    c.kind = one_of(root.at("game"), kGames);
    if (auto t = root.find("table")) f.table_name = table_name(*t);
    const game::Table table = load_standard_table(f.table_name);
    c.table = table.spec;
    read_common(root, c);
    if (auto rules = root.find("rules")) {
        rules->expect_object({"call_shots"});
        if (auto call = rules->find("call_shots")) c.rules.call_shots = boolean(*call);
    }

    const JsonReader inputs = root.at("inputs");
    inputs.expect_array();
    const int pockets = static_cast<int>(table.pockets.size());
    for (std::size_t i = 0; i < inputs.size(); ++i)
        f.inputs.push_back(read_input(inputs[i], pockets));
    return f;
}

MatchFile load_match_file(const std::string& path) {
    return parse_match(read_text_file(path), path);
}

void save_match_file(const MatchFile& file, const std::string& path) {
    save_checked(path, match_to_json(file), parse_match);
}

std::unique_ptr<game::Match> restore_match(const MatchFile& file, const std::string& file_name) {
    game::MatchConfig config = file.config;
    try {
        config.table = load_standard_table(file.table_name).spec;
    } catch (const std::invalid_argument&) {
        throw InputError(file_name, "table",
                         fmt::format("unknown table {} (known: {})",
                                     nlohmann::json(file.table_name).dump(), known_tables()));
    }
    auto match = std::make_unique<game::Match>(config);
    for (std::size_t k = 0; k < file.inputs.size(); ++k) {
        const MatchInput& in = file.inputs[k];
        std::string why;
        bool ok = false;
        switch (in.kind) {
        case MatchInput::Kind::PlaceCue:
            ok = match->place_cue_ball(in.position, &why);
            if (!ok) why = "cannot place the cue ball: " + why;
            break;
        case MatchInput::Kind::Shot:
            ok = match->shoot(in.shot, in.call, in.push_out, &why) != nullptr;
            if (!ok) why = "shot refused: " + why;
            break;
        default:
            ok = match->feed(in);
            if (!ok) why = why_refused(*match, in);
            break;
        }
        if (!ok) throw InputError(file_name, index_path("inputs", k), why);
    }
    return match;
}

} // namespace billiards::io

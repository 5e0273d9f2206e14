// billiards-match/1: the config as plain keys, the inputs as one small object each.
#include "io/match_file.hpp"

#include <fmt/format.h>

#include <array>

#include "game/pool/pool_game.hpp"
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

std::string why_refused(const game::Match& m, const MatchInput& in) {
    switch (in.kind) {
    case MatchInput::Kind::Decide:
        if (m.phase() != game::Phase::Deciding) return "no decision is pending";
        return fmt::format("\"{}\" does not answer the pending decision",
                           enum_name(kMatchInputs.decisions, game::decision_of(in.choice)));
    case MatchInput::Kind::Undo:
        return m.config().practice ? "nothing to undo" : "undo needs practice mode";
    default:
        return "does not fit the match here";
    }
}

} // namespace

MatchFile match_file_of(const game::Match& match, const std::string& table_name) {
    return {table_name, match.config(), match.inputs()};
}

std::string match_to_json(const MatchFile& f) {
    const game::MatchConfig& c = f.config;
    Json j = save_head(kFormat, name_of(kGames, c.kind), f.table_name);
    write_players(j, c);
    j["rules"] = {{"call_shots", c.rules.call_shots}};
    j["seed"] = c.seed;
    return with_limits_and_inputs(j, c, f.inputs, kMatchInputs, game::game_input_of);
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

    // Its words name pool's inputs only, which each have a match input.
    f.inputs = read_inputs(root, kMatchInputs, static_cast<int>(table.pockets.size()),
                           [](const game::GameInput& in) { return *game::match_input_of(in); });
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

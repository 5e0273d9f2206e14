// billiards-snooker-match/1: the config as plain keys, the inputs as one small object each
// (the same shot keys as billiards-match/1).
#include "io/snooker_file.hpp"

#include <fmt/format.h>

#include <array>

#include "game/snooker/snooker_game.hpp"
#include "io/json_writer.hpp"
#include "io/match_common.hpp"
#include "io/scenario.hpp"
#include "io/user_files.hpp"
#include "io/values.hpp"

namespace billiards::io {

namespace {

using namespace values;
using namespace match_common;
namespace snk = game::snooker;
using Input = snk::MatchInput;

} // namespace

SnookerFile snooker_file_of(const snk::Match& match, const std::string& table_name) {
    return {table_name, match.config(), match.inputs()};
}

std::string snooker_to_json(const SnookerFile& f) {
    const snk::MatchConfig& c = f.config;
    Json j = save_head(formats::kSnookerMatch, "", f.table_name);
    write_players(j, c);
    j["seed"] = c.seed;
    j["best_of"] = c.best_of;
    return with_limits_and_inputs(j, c, f.inputs, kSnookerInputs, snk::game_input_of);
}

SnookerFile parse_snooker(const std::string& text, const std::string& file_name) {
    const nlohmann::json doc = parse_json(text, file_name);
    const JsonReader root(doc, file_name);
    expect_format(root, formats::kSnookerMatch);
    root.expect_object({"format", "table", "seats", "physics", "cue", "seed", "best_of", "practice",
                        "max_shots", "max_shot_seconds", "inputs"});
    SnookerFile f;
    snk::MatchConfig& c = f.config;
    const JsonReader table = root.at("table");
    f.table_name = table.string();
    const auto& names = snooker_table_names();
    if (std::find(names.begin(), names.end(), f.table_name) == names.end())
        table.fail("unknown snooker table " + nlohmann::json(f.table_name).dump());
    c.table = load_standard_table(f.table_name).spec;
    c.params = snk::play_params_for(c.table);
    // A save without the key was played with the horizontal throw (the game's before it).
    c.params.throw_model = physics::ThrowModel::Horizontal;
    read_common(root, c);
    if (auto b = root.find("best_of")) c.best_of = best_of(*b);
    // Its words name snooker's inputs only, which each have a match input.
    f.inputs = read_inputs(root, kSnookerInputs, 0,
                           [](const game::GameInput& in) { return *snk::match_input_of(in); });
    return f;
}

void save_snooker_file(const SnookerFile& file, const std::string& path) {
    save_checked(path, snooker_to_json(file), parse_snooker);
}

std::unique_ptr<snk::Match> restore_snooker(const SnookerFile& file, const std::string& file_name) {
    auto match = std::make_unique<snk::Match>(file.config);
    for (std::size_t k = 0; k < file.inputs.size(); ++k)
        if (!match->feed(file.inputs[k]))
            throw InputError(file_name, index_path("inputs", k),
                             fmt::format("{} does not fit the match here",
                                         enum_name(kSnookerInputs.kinds,
                                                   snk::game_input_of(file.inputs[k]).kind)));
    return match;
}

} // namespace billiards::io

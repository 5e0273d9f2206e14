// billiards-snooker-match/1: the config as plain keys, the inputs as one small object each
// (the same shot keys as billiards-match/1).
#include "io/snooker_file.hpp"

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
namespace snk = game::snooker;
using Input = snk::MatchInput;

constexpr int kMaxFrames = 35;

constexpr NameTable<Input::Kind, 6> kInputKinds{{
    {"place_cue", Input::Kind::PlaceCue},
    {"stroke", Input::Kind::Stroke},
    {"reply", Input::Kind::Reply},
    {"undo", Input::Kind::Undo},
    {"concede", Input::Kind::Concede},
    {"next_frame", Input::Kind::NextFrame},
}};
constexpr NameTable<snk::Reply, 3> kReplies{{
    {"play_on", snk::Reply::PlayOn},
    {"offender_plays_again", snk::Reply::OffenderPlaysAgain},
    {"replace_and_replay", snk::Reply::ReplaceAndReplay},
}};

Input read_input(const JsonReader& r) {
    if (!r.json().is_object()) r.fail("must be an object");
    Input in;
    in.kind = one_of(r.at("kind"), kInputKinds);
    switch (in.kind) {
    case Input::Kind::PlaceCue:
        r.expect_object({"kind", "position"});
        in.position = bounded2(r.at("position"), kMaxCoordinate);
        break;
    case Input::Kind::Stroke:
        r.expect_object({"kind", "heading", "heading_rad", "speed", "tip", "elevation",
                         "elevation_rad", "nominated"});
        in.shot = read_cue_shot(r);
        if (auto n = r.find("nominated")) in.nominated = int_in(*n, -1, snk::kBlack);
        break;
    case Input::Kind::Reply:
        r.expect_object({"kind", "reply"});
        in.reply = one_of(r.at("reply"), kReplies);
        break;
    case Input::Kind::Concede:
        r.expect_object({"kind", "player"});
        in.player = int_in(r.at("player"), 0, 1);
        break;
    case Input::Kind::Undo:
    case Input::Kind::NextFrame:
        r.expect_object({"kind"});
        break;
    }
    return in;
}

Json input_json(const Input& in) {
    Json j = {{"kind", name_of(kInputKinds, in.kind)}};
    switch (in.kind) {
    case Input::Kind::PlaceCue:
        j["position"] = vec(in.position);
        break;
    case Input::Kind::Stroke:
        write_cue_shot(j, in.shot);
        if (in.nominated >= 0) j["nominated"] = in.nominated;
        break;
    case Input::Kind::Reply:
        j["reply"] = name_of(kReplies, in.reply);
        break;
    case Input::Kind::Concede:
        j["player"] = in.player;
        break;
    case Input::Kind::Undo:
    case Input::Kind::NextFrame:
        break;
    }
    return j;
}

} // namespace

SnookerFile snooker_file_of(const snk::Match& match, const std::string& table_name) {
    return {table_name, match.config(), match.inputs()};
}

std::string snooker_to_json(const SnookerFile& f) {
    const snk::MatchConfig& c = f.config;
    Json j;
    j["format"] = formats::kSnookerMatch;
    j["table"] = f.table_name;
    write_players(j, c);
    j["seed"] = c.seed;
    j["best_of"] = c.best_of;
    write_limits(j, c);
    j["inputs"] = Json::array();
    for (const Input& in : f.inputs)
        j["inputs"].push_back(input_json(in));
    return write_json(j);
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
    if (auto b = root.find("best_of")) {
        c.best_of = int_in(*b, 1, kMaxFrames);
        if (c.best_of % 2 == 0) b->fail("must be odd (best of N frames)");
    }
    const JsonReader inputs = root.at("inputs");
    inputs.expect_array();
    for (std::size_t i = 0; i < inputs.size(); ++i)
        f.inputs.push_back(read_input(inputs[i]));
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
                                         name_of(kInputKinds, file.inputs[k].kind)));
    return match;
}

} // namespace billiards::io

#include "game_files.hpp"

#include <nlohmann/json.hpp>

#include "game/carom/three_cushion_game.hpp"
#include "game/physics_presets.hpp"
#include "game/pool/pool_game.hpp"
#include "game/snooker/snooker_game.hpp"
#include "io/carom_file.hpp"
#include "io/json_reader.hpp"
#include "io/json_writer.hpp"
#include "io/match_file.hpp"
#include "io/scenario.hpp"
#include "io/snooker_file.hpp"
#include "io/values.hpp"

namespace billiards::python {

namespace {

// The format a save's text names; empty when it names none (the pool reader then says why).
std::string format_of(const std::string& text) {
    const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_object() && j.contains("format") && j["format"].is_string())
        return j["format"].get<std::string>();
    return {};
}

game::Seat seat_of(const io::CaromFile& f, std::size_t i) {
    game::Seat s;
    s.kind = f.seats[i];
    s.level = f.config.levels[i];
    s.name = f.names[i];
    return s;
}

// A three-cushion game as a new one plays: the lag decides the breaker.
std::unique_ptr<game::Game> new_three_cushion(const io::CaromFile& f) {
    game::GameOptions o;
    o.seats = {seat_of(f, 0), seat_of(f, 1)};
    o.seed = f.config.seed;
    o.max_shots = f.config.max_shots;
    o.target = f.config.rules.target;
    o.innings_limit = f.config.rules.innings_limit;
    o.practice = f.config.practice;
    o.table = f.config.table;
    o.params = f.config.params;
    o.cue = f.config.cue;
    return game::make_game(game::GameKind::ThreeCushion, o);
}

} // namespace

LoadedGame read_game(const std::string& text, const std::string& file_name, bool new_game) {
    const std::string format = format_of(text);
    LoadedGame out;
    if (format == io::formats::kSnookerMatch) {
        const io::SnookerFile f = io::parse_snooker(text, file_name);
        out.game = game::snooker::make_snooker_game(*io::restore_snooker(f, file_name));
        out.info.table_name = f.table_name;
    } else if (format == io::formats::kCarom) {
        const io::CaromFile f = io::parse_carom(text, file_name);
        if (new_game && f.shots.empty())
            out.game = new_three_cushion(f);
        else
            out.game = game::make_three_cushion_game(*io::restore_carom(f, file_name),
                                                     {seat_of(f, 0), seat_of(f, 1)});
        out.info = {f.table_name, f.names, f.seats};
    } else {
        const io::MatchFile f = io::parse_match(text, file_name);
        out.game = game::make_pool_game(*io::restore_match(f, file_name));
        out.info.table_name = f.table_name;
    }
    return out;
}

std::string game_json(const game::Game& g, const SaveInfo& info) {
    if (const auto* m = game::snooker::snooker_match(g))
        return io::snooker_to_json(io::snooker_file_of(*m, info.table_name));
    if (const auto* c = game::carom_game(g))
        return io::carom_to_json(io::carom_file_of(*c, info.table_name, info.names, info.seats));
    return io::match_to_json(io::match_file_of(*game::pool_match(g), info.table_name));
}

void save_game(const game::Game& g, const SaveInfo& info, const std::string& path) {
    if (const auto* m = game::snooker::snooker_match(g))
        return io::save_snooker_file(io::snooker_file_of(*m, info.table_name), path);
    if (const auto* c = game::carom_game(g))
        return io::save_carom_file(io::carom_file_of(*c, info.table_name, info.names, info.seats),
                                   path);
    io::save_match_file(io::match_file_of(*game::pool_match(g), info.table_name), path);
}

std::string play_json(game::GameKind kind, const std::string& table_name) {
    physics::Params params = game::play_params();
    if (kind == game::GameKind::Snooker)
        params = game::snooker::play_params_for(io::load_standard_table(table_name).spec);
    else if (kind == game::GameKind::ThreeCushion)
        params = game::carom_params();
    nlohmann::ordered_json j;
    j["physics"] = io::values::physics_json(params);
    j["cue"] = io::values::cue_json(game::play_cue());
    return io::write_json(j);
}

} // namespace billiards::python

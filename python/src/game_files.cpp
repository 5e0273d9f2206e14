#include "game_files.hpp"

#include <nlohmann/json.hpp>

#include "game/carom/three_cushion_game.hpp"
#include "game/physics_presets.hpp"
#include "game/snooker/snooker_match.hpp"
#include "io/carom_file.hpp"
#include "io/game_file.hpp"
#include "io/json_reader.hpp"
#include "io/json_writer.hpp"
#include "io/scenario.hpp"
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
    LoadedGame out;
    if (new_game && format_of(text) == io::formats::kCarom) {
        const io::CaromFile f = io::parse_carom(text, file_name);
        if (f.shots.empty()) {
            out.game = new_three_cushion(f);
            out.info = {f.table_name, f.names, f.seats};
            return out;
        }
    }
    io::LoadedGame loaded = io::read_game(text, file_name);
    out.game = std::move(loaded.game);
    out.info.table_name = loaded.table_name;
    out.info.names = out.game->names();
    const std::array<game::Seat, 2> seats = out.game->seats();
    out.info.seats = {seats[0].kind, seats[1].kind};
    return out;
}

std::string game_json(const game::Game& g, const SaveInfo& info) {
    return io::game_file_json(io::game_file_of(g, info.table_name));
}

void save_game(const game::Game& g, const SaveInfo& info, const std::string& path) {
    io::save_game_file(g, info.table_name, path);
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

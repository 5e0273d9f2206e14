#include "cli/carom_match.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <stdexcept>

#include "cli/cli_output.hpp"
#include "core/random.hpp"
#include "game/carom/carom_game.hpp"
#include "game/physics_presets.hpp"
#include "io/json_reader.hpp"
#include "io/scenario.hpp"

namespace billiards::cli {

namespace {

using json = nlohmann::ordered_json;

std::string seat_label(game::AiLevel level) {
    return std::string("ai:") + game::to_string(level);
}

struct Tally {
    std::array<int, 2> wins{}, points{}, innings{}, high_run{};
    std::array<std::uint64_t, 2> decisions{};
    std::array<double, 2> sims{}, seconds{}, max_seconds{};
    int draws = 0, capped = 0;
};

json shot_log(const game::CaromGame& g) {
    json js = json::array();
    for (const game::CaromRecord& r : g.history()) {
        json s;
        s["n"] = r.number;
        s["shooter"] = r.shooter;
        s["heading"] = r.shot.heading;
        s["speed"] = r.shot.speed;
        s["side"] = r.shot.side;
        s["height"] = r.shot.height;
        s["plan"] = r.move.plan;
        s["expected"] = r.move.success;
        s["simulations"] = r.move.simulations;
        s["point"] = r.result.point;
        s["cushions"] = r.result.cushions_before_second;
        s["messages"] = {r.result.message};
        js.push_back(s);
    }
    return js;
}

json play_game(const game::CaromGameConfig& c, int g, const CaromMatchArgs& a, Tally& t) {
    game::CaromGame game(c);
    while (!game.state().game_over) {
        const auto seat = static_cast<std::size_t>(game.state().shooter);
        const auto t0 = std::chrono::steady_clock::now();
        const game::CaromMove mv = game::carom_decide(game.ai_request());
        const double sec =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        ++t.decisions[seat];
        t.sims[seat] += mv.simulations;
        t.seconds[seat] += sec;
        t.max_seconds[seat] = std::max(t.max_seconds[seat], sec);
        if (!game.shoot(mv.shot, mv))
            throw std::runtime_error("game " + std::to_string(g + 1) +
                                     ": the computer's shot was refused");
    }
    const game::CaromState& s = game.state();
    json jg;
    jg["game"] = g + 1;
    jg["winner"] = s.winner;
    jg["shots"] = static_cast<int>(game.history().size());
    jg["breaker"] = s.breaker;
    jg["lag_winner"] = game.lag_winner();
    jg["capped"] = game.capped();
    jg["scores"] = {s.score[0], s.score[1]};
    jg["innings"] = {s.innings[0], s.innings[1]};
    jg["high_runs"] = {s.high_run[0], s.high_run[1]};
    jg["result"] = game::carom_status(s);
    if (a.shots) jg["shot_log"] = shot_log(game);
    if (s.winner >= 0) ++t.wins[static_cast<std::size_t>(s.winner)];
    t.draws += s.draw() ? 1 : 0;
    t.capped += game.capped() ? 1 : 0;
    for (std::size_t i = 0; i < 2; ++i) {
        t.points[i] += s.score[i];
        t.innings[i] += s.innings[i];
        t.high_run[i] = std::max(t.high_run[i], s.high_run[i]);
    }
    return jg;
}

} // namespace

int run_three_cushion_match(const CaromMatchArgs& a) {
    if (!a.out.empty()) (void)io::output_target(a.out);
    game::CaromGameConfig c;
    c.table = io::load_standard_table("carom-10ft").spec;
    c.params = game::carom_params();
    c.cue = game::play_cue();
    c.rules.target = a.target;
    c.rules.innings_limit = a.innings_limit;
    c.levels = a.levels;
    c.seed = a.seed;
    c.max_shots = a.max_shots;
    Tally t;
    json games = json::array();
    int breaker = -1;
    for (int g = 0; g < a.games; ++g) {
        c.seed = mix(a.seed, static_cast<std::uint64_t>(g));
        c.breaker = g == 0 ? -1 : 1 - breaker; // the lag, then breaks alternate
        json jg = play_game(c, g, a, t);
        breaker = jg["breaker"].get<int>();
        games.push_back(std::move(jg));
    }
    json out;
    out["format"] = io::formats::kMatchReport;
    out["mode"] = "three-cushion";
    out["players"] = {seat_label(a.levels[0]), seat_label(a.levels[1])};
    out["seed"] = a.seed;
    out["shot_cap"] = a.max_shots;
    out["target"] = a.target;
    out["innings_limit"] = a.innings_limit;
    out["games_played"] = a.games;
    out["wins"] = {t.wins[0], t.wins[1]};
    out["draws"] = t.draws;
    out["capped_games"] = t.capped;
    json seats = json::array();
    for (std::size_t i = 0; i < 2; ++i) {
        json s;
        s["player"] = seat_label(a.levels[i]);
        s["ball"] = i == 0 ? "white" : "yellow";
        s["wins"] = t.wins[i];
        s["points"] = t.points[i];
        s["innings"] = t.innings[i];
        s["average"] = t.innings[i] > 0 ? static_cast<double>(t.points[i]) / t.innings[i] : 0.0;
        s["high_run"] = t.high_run[i];
        s["decisions"] = t.decisions[i];
        const double n = t.decisions[i] > 0 ? static_cast<double>(t.decisions[i]) : 1.0;
        s["mean_simulations"] = t.sims[i] / n;
        if (a.timing) {
            s["mean_decision_seconds"] = t.seconds[i] / n;
            s["max_decision_seconds"] = t.max_seconds[i];
        }
        seats.push_back(s);
    }
    out["seats"] = seats;
    out["games"] = std::move(games);
    if (a.timing) {
        for (std::size_t i = 0; i < 2; ++i) {
            const double n = t.decisions[i] > 0 ? static_cast<double>(t.decisions[i]) : 1.0;
            std::fprintf(stderr,
                         "seat %zu (%s): %d wins, %llu decisions, mean %.3f s, max %.3f s\n", i,
                         seat_label(a.levels[i]).c_str(), t.wins[i],
                         static_cast<unsigned long long>(t.decisions[i]), t.seconds[i] / n,
                         t.max_seconds[i]);
        }
    }
    write_output(a.out, out.dump(2) + "\n");
    return 0;
}

} // namespace billiards::cli

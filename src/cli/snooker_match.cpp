#include "cli/snooker_match.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>

#include "cli/cli_output.hpp"
#include "game/snooker/snooker_match.hpp"
#include "io/json_reader.hpp"
#include "io/scenario.hpp"

namespace billiards::cli {

namespace {

using json = nlohmann::ordered_json;
namespace sn = game::snooker;

struct Tally {
    std::array<int, 2> frames{}, fouls{}, decisions{}, simulations{};
    int capped = 0;
};

// One frame to its end; a problem when the computer stalls or a move is refused.
json play_frame(sn::Match& m, const SnookerRun& run, Tally& t, std::string& problem) {
    const int breaker = m.breaker();
    std::array<int, 2> points{}, penalties{}, fouls{}, best_break{};
    std::vector<std::string> plans;
    int guard = 0;
    while (!m.frame().frame_over) {
        if (!m.computer_to_act() || ++guard > 100000) {
            problem = "frame " + std::to_string(m.frame_number()) + " stalled";
            return {};
        }
        const auto seat = static_cast<std::size_t>(m.frame().shooter);
        const std::size_t before = m.history().size();
        if (!m.play_computer_turn()) {
            problem =
                "frame " + std::to_string(m.frame_number()) + ": the computer's move was refused";
            return {};
        }
        const sn::AiMove& mv = m.last_ai_move();
        if (mv.kind == sn::AiMove::Kind::Shot) {
            ++t.decisions[seat];
            t.simulations[seat] += mv.simulations;
            plans.push_back(mv.plan);
        }
        if (m.history().size() > before) {
            const sn::StrokeRecord& r = m.history().back();
            const auto s = static_cast<std::size_t>(r.shooter);
            points[s] += r.verdict.points;
            if (r.verdict.foul != sn::Foul::None) {
                penalties[1 - s] += r.verdict.penalty;
                ++fouls[s];
            }
            best_break[s] = std::max(best_break[s], r.verdict.after.break_points);
        }
    }
    const sn::FrameState& f = m.frame();
    json jf;
    jf["game"] = m.frame_number();
    jf["winner"] = f.winner;
    jf["shots"] = static_cast<int>(m.history().size());
    jf["fouls"] = fouls[0] + fouls[1];
    jf["fouls_by_seat"] = {fouls[0], fouls[1]};
    jf["breaker"] = breaker;
    jf["capped"] = m.capped();
    jf["conceded"] = f.conceded;
    jf["scores"] = {f.scores[0], f.scores[1]};
    jf["points"] = {points[0], points[1]};          // potted by each seat
    jf["penalties"] = {penalties[0], penalties[1]}; // received from the other's fouls
    jf["highest_break"] = {best_break[0], best_break[1]};
    jf["result"] = m.status();
    if (run.shots) {
        json js = json::array();
        for (const sn::StrokeRecord& r : m.history()) {
            json s;
            s["n"] = r.number;
            s["shooter"] = r.shooter;
            s["heading"] = r.shot.heading;
            s["speed"] = r.shot.speed;
            s["height"] = r.shot.height;
            s["nominated"] = r.nominated;
            const auto k = static_cast<std::size_t>(r.number - 1);
            if (k < plans.size()) s["plan"] = plans[k];
            s["foul"] = sn::to_string(r.verdict.foul);
            s["points"] = r.verdict.points;
            s["penalty"] = r.verdict.penalty;
            s["pocketed"] = r.verdict.pocketed;
            s["messages"] = r.verdict.messages;
            js.push_back(s);
        }
        jf["shot_log"] = js;
    }
    for (std::size_t i = 0; i < 2; ++i)
        t.fouls[i] += fouls[i];
    t.capped += m.capped() ? 1 : 0;
    return jf;
}

} // namespace

int run_snooker_match(const SnookerRun& run) {
    sn::MatchConfig config;
    config.seats = run.seats;
    config.seed = run.seed;
    config.best_of = run.best_of;
    config.max_shots = run.max_shots;
    config.params = sn::play_params_for(config.table); // as the game plays
    config.cue = game::play_cue();
    if (!run.out.empty()) (void)io::output_target(run.out);
    sn::Match m(config);
    Tally t;
    json frames = json::array();
    std::string problem;
    do {
        json jf = play_frame(m, run, t, problem);
        if (!problem.empty()) return fail("match", problem, 1);
        frames.push_back(std::move(jf));
    } while (m.next_frame());
    json out;
    out["format"] = io::formats::kMatchReport;
    out["mode"] = "snooker";
    out["table"] = config.table.name;
    out["players"] = {run.labels[0], run.labels[1]};
    out["seed"] = run.seed;
    out["shot_cap"] = run.max_shots;
    out["best_of"] = run.best_of;
    out["games_played"] = static_cast<int>(frames.size());
    out["wins"] = {m.score().frames[0], m.score().frames[1]};
    out["match_winner"] = m.score().winner();
    out["capped_games"] = t.capped;
    json seats = json::array();
    for (std::size_t i = 0; i < 2; ++i) {
        json s;
        s["player"] = run.labels[i];
        s["wins"] = m.score().frames[i];
        s["fouls"] = t.fouls[i];
        s["decisions"] = t.decisions[i];
        s["mean_simulations"] =
            t.decisions[i] > 0 ? static_cast<double>(t.simulations[i]) / t.decisions[i] : 0.0;
        seats.push_back(s);
    }
    out["seats"] = seats;
    out["games"] = std::move(frames);
    write_output(run.out, out.dump(2) + "\n");
    return 0;
}

} // namespace billiards::cli

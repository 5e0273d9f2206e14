// billiards match --mode 8ball|9ball --players ai,ai --games N --seed S [--out FILE]
// Plays whole games between computer players with no window and writes a JSON summary.
// The same options give the same file, bit for bit (decision times only with --timing).
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstdio>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "app/cli_output.hpp"
#include "app/commands.hpp"
#include "game/match.hpp"
#include "io/json_reader.hpp"
#include "io/scenario.hpp"

namespace billiards::app {

namespace {

struct MatchArgs {
    std::string mode = "8ball";
    std::string players = "ai,ai";
    int games = 1;
    std::uint64_t seed = 1;
    int max_shots = 300;
    std::string out;
    bool timing = false;
    bool shots = false;
};

int bad(const std::string& what) {
    std::fprintf(stderr, "billiards match: %s\n", what.c_str());
    return 2;
}

bool parse_player(const std::string& text, game::Seat& seat) {
    seat.kind = game::SeatKind::Computer;
    if (text == "ai") {
        seat.level = game::AiLevel::Medium;
        return true;
    }
    if (text.rfind("ai:", 0) == 0) return game::parse_ai_level(text.substr(3), seat.level);
    return false;
}

std::string seat_label(const game::Seat& s) {
    return std::string("ai:") + game::to_string(s.level);
}

int run_match(const MatchArgs& a) {
    game::MatchConfig config;
    if (a.mode == "8ball")
        config.kind = game::GameKind::EightBall;
    else if (a.mode == "9ball")
        config.kind = game::GameKind::NineBall;
    else
        return bad("--mode: '" + a.mode + "' is not a mode (use 8ball or 9ball)");
    std::vector<std::string> names;
    {
        std::stringstream ss(a.players);
        std::string item;
        while (std::getline(ss, item, ','))
            names.push_back(item);
        if (!a.players.empty() && a.players.back() == ',') names.emplace_back();
    }
    if (names.size() != 2)
        return bad("--players: need two players separated by a comma, e.g. ai,ai:hard");
    for (std::size_t i = 0; i < 2; ++i)
        if (!parse_player(names[i], config.seats[i]))
            return bad("--players: unknown player '" + names[i] +
                       "' (use ai, ai:easy, ai:medium or ai:hard)");
    if (!a.out.empty()) (void)io::output_target(a.out); // a refused target: before the games
    config.seed = a.seed;
    config.max_shots = a.max_shots;
    config.params = game::play_params(); // as the game plays: hertz contact, mathavan cushions
    config.cue = game::play_cue();        // and an ordinary shaft's squirt

    using json = nlohmann::ordered_json;
    game::Match m(config);
    json games = json::array();
    std::array<int, 2> wins{};
    std::array<std::uint64_t, 2> decisions{};
    std::array<double, 2> work{}, sims{}, seconds{}, max_seconds{};
    std::array<int, 2> fouls_total{};
    int capped = 0, legal_breaks = 0, break_scratches = 0, break_balls = 0, won_on_break = 0;
    int reracks = 0;
    for (int g = 0; g < a.games; ++g) {
        if (g > 0) m.rematch();
        const int breaker = m.rules().breaker;
        int guard = 0;
        std::vector<game::AiMove> moves; // the computer's plan of each shot, by shot number
        while (!m.rules().game_over) {
            if (!m.computer_to_act() || ++guard > 100000) {
                std::fprintf(stderr, "billiards match: game %d stalled in phase %s\n", g + 1,
                             game::to_string(m.phase()));
                return 1;
            }
            const auto seat = static_cast<std::size_t>(m.rules().shooter);
            const game::AiMove mv = m.think();
            if (!mv.is_decision) {
                ++decisions[seat];
                work[seat] += static_cast<double>(mv.work);
                sims[seat] += mv.simulations;
                seconds[seat] += mv.seconds;
                max_seconds[seat] = std::max(max_seconds[seat], mv.seconds);
            } else if (mv.choice == game::Choice::Rerack ||
                       mv.choice == game::Choice::RerackOpponentBreaks) {
                ++reracks;
            }
            if (!m.apply(mv)) {
                std::fprintf(stderr, "billiards match: game %d: the computer's move was refused\n",
                             g + 1);
                return 1;
            }
            if (!mv.is_decision) {
                moves.resize(m.history().size());
                moves.back() = mv;
            }
        }
        const auto& hist = m.history();
        const game::MatchView v = m.view();
        json jg;
        jg["game"] = g + 1;
        jg["winner"] = v.winner;
        jg["shots"] = static_cast<int>(hist.size());
        jg["fouls"] = v.fouls[0] + v.fouls[1];
        jg["fouls_by_seat"] = {v.fouls[0], v.fouls[1]};
        jg["breaker"] = breaker;
        jg["capped"] = v.capped;
        if (config.kind == game::GameKind::EightBall)
            jg["groups"] = {game::to_string(v.groups[0]), game::to_string(v.groups[1])};
        jg["result"] = v.messages.empty() ? std::string() : v.messages.front();
        if (!hist.empty()) {
            const game::ShotVerdict& b = hist.front().verdict;
            json jb;
            jb["legal"] = b.legal_break;
            jb["pocketed"] = b.pocketed;
            jb["scratch"] = b.cue_pocketed;
            jb["rails"] = static_cast<int>(b.rails.size());
            jg["break"] = jb;
            legal_breaks += b.legal_break ? 1 : 0;
            break_scratches += b.cue_pocketed ? 1 : 0;
            break_balls += static_cast<int>(b.pocketed.size());
            if (hist.size() == 1 && v.winner == hist.front().shooter) ++won_on_break;
        }
        if (a.shots) {
            json js = json::array();
            for (const game::ShotRecord& r : hist) {
                json s;
                s["n"] = r.number;
                s["shooter"] = r.shooter;
                s["heading"] = r.shot.heading;
                s["speed"] = r.shot.speed;
                s["side"] = r.shot.side;
                s["height"] = r.shot.height;
                const auto k = static_cast<std::size_t>(r.number - 1);
                if (k < moves.size()) {
                    s["plan"] = moves[k].plan;
                    s["expected"] = moves[k].score;
                    s["pot_chance"] = moves[k].pot_chance;
                    s["simulations"] = moves[k].simulations;
                }
                s["foul"] = game::to_string(r.verdict.foul);
                s["pocketed"] = r.verdict.pocketed;
                s["messages"] = r.verdict.messages;
                js.push_back(s);
            }
            jg["shot_log"] = js;
        }
        games.push_back(jg);
        if (v.winner >= 0) ++wins[static_cast<std::size_t>(v.winner)];
        fouls_total[0] += v.fouls[0];
        fouls_total[1] += v.fouls[1];
        capped += v.capped ? 1 : 0;
    }

    json out;
    out["format"] = io::formats::kMatchReport;
    out["mode"] = a.mode;
    out["players"] = {seat_label(config.seats[0]), seat_label(config.seats[1])};
    out["seed"] = a.seed;
    out["shot_cap"] = a.max_shots;
    out["games_played"] = a.games;
    out["wins"] = {wins[0], wins[1]};
    out["capped_games"] = capped;
    out["reracks"] = reracks;
    json breaks;
    breaks["legal"] = legal_breaks;
    breaks["scratches"] = break_scratches;
    breaks["balls_pocketed"] = break_balls;
    breaks["won_on_break"] = won_on_break;
    out["breaks"] = breaks;
    json seats = json::array();
    for (std::size_t i = 0; i < 2; ++i) {
        json s;
        s["player"] = seat_label(config.seats[i]);
        s["wins"] = wins[i];
        s["fouls"] = fouls_total[i];
        s["decisions"] = decisions[i];
        const double n = decisions[i] > 0 ? static_cast<double>(decisions[i]) : 1.0;
        s["mean_work"] = work[i] / n;
        s["mean_simulations"] = sims[i] / n;
        if (a.timing) {
            s["mean_decision_seconds"] = seconds[i] / n;
            s["max_decision_seconds"] = max_seconds[i];
        }
        seats.push_back(s);
    }
    out["seats"] = seats;
    out["games"] = games;
    const std::string text = out.dump(2) + "\n";
    if (a.timing) {
        for (std::size_t i = 0; i < 2; ++i) {
            const double n = decisions[i] > 0 ? static_cast<double>(decisions[i]) : 1.0;
            std::fprintf(
                stderr, "seat %zu (%s): %d wins, %llu decisions, mean %.3f s, max %.3f s\n", i,
                seat_label(config.seats[i]).c_str(), wins[i],
                static_cast<unsigned long long>(decisions[i]), seconds[i] / n, max_seconds[i]);
        }
    }
    write_output(a.out, text);
    return 0;
}

} // namespace

void add_match_command(CLI::App& cli, int& status) {
    auto args = std::make_shared<MatchArgs>();
    auto* cmd = cli.add_subcommand("match", "Play whole games between computer players, headless");
    cmd->add_option("--mode", args->mode, "8ball or 9ball")->capture_default_str();
    cmd->add_option("--players", args->players,
                    "Two seats: ai, ai:easy, ai:medium, ai:hard (ai = medium)")
        ->capture_default_str();
    add_int_option(*cmd, "--games", args->games, 1, 100000, "Number of games (breaks alternate)");
    add_uint64_option(*cmd, "--seed", args->seed, 0, UINT64_MAX,
                      "Seed of the racks and the computer's noise");
    add_int_option(*cmd, "--max-shots", args->max_shots, 1, 100000,
                   "Shot cap per game: then the game is declared (fewer balls left wins)");
    add_out_option(*cmd, args->out, "Output file (default: standard output)");
    cmd->add_flag("--timing", args->timing,
                  "Add decision times (not reproducible) and print a summary on stderr");
    cmd->add_flag("--shots", args->shots, "Add every shot of every game to the output");
    cmd->callback([args, &status] {
        status = run_guarded("match", [&] { return run_match(*args); });
    });
}

} // namespace billiards::app

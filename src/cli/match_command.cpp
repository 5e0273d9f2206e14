// billiards match --mode 8ball|9ball|snooker|three-cushion --players ai,ai --games N --seed S
//                [--out FILE]
// Plays whole games between computer players with no window and writes a JSON summary.
// The same options give the same file, bit for bit (decision times only with --timing).
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "cli/carom_match.hpp"
#include "cli/cli_output.hpp"
#include "cli/commands.hpp"
#include "cli/snooker_match.hpp"
#include "game/physics_presets.hpp"
#include "game/pool/match.hpp"
#include "io/json_reader.hpp"
#include "io/scenario.hpp"

namespace billiards::cli {

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
    int target = 40;       // three-cushion
    int innings_limit = 0; // three-cushion
};

using json = nlohmann::ordered_json;

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

// The match from the command line; an empty `problem` when it is valid.
game::MatchConfig match_config(const MatchArgs& a, std::string& problem) {
    game::MatchConfig config;
    if (a.mode == "8ball") {
        config.kind = game::GameKind::EightBall;
    } else if (a.mode == "9ball") {
        config.kind = game::GameKind::NineBall;
    } else if (a.mode != "snooker" && a.mode != "three-cushion") { // those take the seats only
        problem = "--mode: '" + a.mode + "' is not a mode (use 8ball, 9ball, snooker or three-cushion)";
        return config;
    }
    std::vector<std::string> names;
    std::stringstream ss(a.players);
    std::string item;
    while (std::getline(ss, item, ','))
        names.push_back(item);
    if (!a.players.empty() && a.players.back() == ',') names.emplace_back();
    if (names.size() != 2) {
        problem = "--players: need two players separated by a comma, e.g. ai,ai:hard";
        return config;
    }
    for (std::size_t i = 0; i < 2; ++i) {
        if (!parse_player(names[i], config.seats[i])) {
            problem = "--players: unknown player '" + names[i] +
                      "' (use ai, ai:easy, ai:medium or ai:hard)";
            return config;
        }
    }
    config.seed = a.seed;
    config.max_shots = a.max_shots;
    config.params = game::play_params(); // as the game plays: hertz contact, mathavan cushions
    config.cue = game::play_cue();       // and an ordinary shaft's squirt
    return config;
}

// What the report sums over the games.
struct Tally {
    std::array<int, 2> wins{};
    std::array<std::uint64_t, 2> decisions{};
    std::array<double, 2> work{}, sims{}, seconds{}, max_seconds{};
    std::array<int, 2> fouls{};
    int capped = 0, legal_breaks = 0, break_scratches = 0, break_balls = 0, won_on_break = 0;
    int reracks = 0;
};

// Every shot of a game with the computer's plan of it (`moves`, by shot number).
json shot_log(const std::vector<game::ShotRecord>& hist, const std::vector<game::AiMove>& moves) {
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
    return js;
}

// Plays game `g` (0-based) to its end; its report, or a problem (the game stalled).
json play_game(game::Match& m, int g, const MatchArgs& a, Tally& t, std::string& problem) {
    if (g > 0) m.rematch();
    const int breaker = m.rules().breaker;
    int guard = 0;
    std::vector<game::AiMove> moves; // the computer's plan of each shot, by shot number
    while (!m.rules().game_over) {
        if (!m.computer_to_act() || ++guard > 100000) {
            problem =
                "game " + std::to_string(g + 1) + " stalled in phase " + game::to_string(m.phase());
            return {};
        }
        const auto seat = static_cast<std::size_t>(m.rules().shooter);
        const game::AiMove mv = m.think();
        if (!mv.is_decision) {
            ++t.decisions[seat];
            t.work[seat] += static_cast<double>(mv.work);
            t.sims[seat] += mv.simulations;
            t.seconds[seat] += mv.seconds;
            t.max_seconds[seat] = std::max(t.max_seconds[seat], mv.seconds);
        } else if (mv.choice == game::Choice::Rerack ||
                   mv.choice == game::Choice::RerackOpponentBreaks) {
            ++t.reracks;
        }
        if (!m.apply(mv)) {
            problem = "game " + std::to_string(g + 1) + ": the computer's move was refused";
            return {};
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
    if (m.config().kind == game::GameKind::EightBall)
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
        t.legal_breaks += b.legal_break ? 1 : 0;
        t.break_scratches += b.cue_pocketed ? 1 : 0;
        t.break_balls += static_cast<int>(b.pocketed.size());
        if (hist.size() == 1 && v.winner == hist.front().shooter) ++t.won_on_break;
    }
    if (a.shots) jg["shot_log"] = shot_log(hist, moves);
    if (v.winner >= 0) ++t.wins[static_cast<std::size_t>(v.winner)];
    t.fouls[0] += v.fouls[0];
    t.fouls[1] += v.fouls[1];
    t.capped += v.capped ? 1 : 0;
    return jg;
}

json report(const MatchArgs& a, const game::MatchConfig& config, const Tally& t, json games) {
    json out;
    out["format"] = io::formats::kMatchReport;
    out["mode"] = a.mode;
    out["players"] = {seat_label(config.seats[0]), seat_label(config.seats[1])};
    out["seed"] = a.seed;
    out["shot_cap"] = a.max_shots;
    out["games_played"] = a.games;
    out["wins"] = {t.wins[0], t.wins[1]};
    out["capped_games"] = t.capped;
    out["reracks"] = t.reracks;
    json breaks;
    breaks["legal"] = t.legal_breaks;
    breaks["scratches"] = t.break_scratches;
    breaks["balls_pocketed"] = t.break_balls;
    breaks["won_on_break"] = t.won_on_break;
    out["breaks"] = breaks;
    json seats = json::array();
    for (std::size_t i = 0; i < 2; ++i) {
        json s;
        s["player"] = seat_label(config.seats[i]);
        s["wins"] = t.wins[i];
        s["fouls"] = t.fouls[i];
        s["decisions"] = t.decisions[i];
        const double n = t.decisions[i] > 0 ? static_cast<double>(t.decisions[i]) : 1.0;
        s["mean_work"] = t.work[i] / n;
        s["mean_simulations"] = t.sims[i] / n;
        if (a.timing) {
            s["mean_decision_seconds"] = t.seconds[i] / n;
            s["max_decision_seconds"] = t.max_seconds[i];
        }
        seats.push_back(s);
    }
    out["seats"] = seats;
    out["games"] = std::move(games);
    return out;
}

void print_timing(const game::MatchConfig& config, const Tally& t) {
    for (std::size_t i = 0; i < 2; ++i) {
        const double n = t.decisions[i] > 0 ? static_cast<double>(t.decisions[i]) : 1.0;
        std::fprintf(stderr, "seat %zu (%s): %d wins, %llu decisions, mean %.3f s, max %.3f s\n", i,
                     seat_label(config.seats[i]).c_str(), t.wins[i],
                     static_cast<unsigned long long>(t.decisions[i]), t.seconds[i] / n,
                     t.max_seconds[i]);
    }
}

int run_match(const MatchArgs& a) {
    std::string problem;
    const game::MatchConfig config = match_config(a, problem);
    if (!problem.empty()) return fail("match", problem, 2);
    if (a.mode == "three-cushion")
        return run_three_cushion_match({{config.seats[0].level, config.seats[1].level}, a.games,
                                        a.seed, a.max_shots, a.target, a.innings_limit, a.out,
                                        a.timing, a.shots});
    if (a.mode == "snooker") {
        SnookerRun run{config.seats, {seat_label(config.seats[0]), seat_label(config.seats[1])},
                       a.games, a.seed, a.max_shots, a.out, a.shots};
        return run_snooker_match(run);
    }
    if (!a.out.empty()) (void)io::output_target(a.out); // a refused target: before the games
    game::Match m(config);
    Tally tally;
    json games = json::array();
    for (int g = 0; g < a.games; ++g) {
        json jg = play_game(m, g, a, tally, problem);
        if (!problem.empty()) return fail("match", problem, 1);
        games.push_back(std::move(jg));
    }
    const std::string text = report(a, config, tally, std::move(games)).dump(2) + "\n";
    if (a.timing) print_timing(config, tally);
    write_output(a.out, text);
    return 0;
}

} // namespace

void add_match_command(CLI::App& cli, int& status) {
    auto args = std::make_shared<MatchArgs>();
    auto* cmd = cli.add_subcommand("match", "Play whole games between computer players, headless");
    cmd->add_option("--mode", args->mode, "8ball, 9ball, snooker or three-cushion")->capture_default_str();
    cmd->add_option("--players", args->players,
                    "Two seats: ai, ai:easy, ai:medium, ai:hard (ai = medium)")
        ->capture_default_str();
    add_int_option(*cmd, "--games", args->games, 1, 100000,
                   "Number of games (breaks alternate); snooker: a match of best-of N frames");
    add_uint64_option(*cmd, "--seed", args->seed, 0, UINT64_MAX,
                      "Seed of the racks and the computer's noise");
    add_int_option(*cmd, "--max-shots", args->max_shots, 1, 100000,
                   "Shot cap per game: then the game is declared (fewer balls left wins)");
    add_int_option(*cmd, "--target", args->target, 1, 1000, "Three-cushion: points to win");
    add_int_option(*cmd, "--innings-limit", args->innings_limit, 0, 10000,
                   "Three-cushion: innings each at most (0: no limit)");
    add_out_option(*cmd, args->out, "Output file (default: standard output)");
    cmd->add_flag("--timing", args->timing,
                  "Add decision times (not reproducible) and print a summary on stderr");
    cmd->add_flag("--shots", args->shots, "Add every shot of every game to the output");
    cmd->callback(
        [args, &status] { status = run_guarded("match", [&] { return run_match(*args); }); });
}

} // namespace billiards::cli

#include "cli/match_runner.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <string_view>
#include <utility>

#include "cli/cli_output.hpp"
#include "io/json_reader.hpp"
#include "io/scenario.hpp"
#include "io/stats_db.hpp"
#include "io/stats_recorder.hpp"

namespace billiards::cli {

namespace {

// Each kind's own report lines by its folder; a kind without them reports what every game
// has.
std::unique_ptr<MatchDetails> details_for(game::GameKind kind) {
    const std::string_view folder = game::info(kind).folder;
    if (folder == "pool") return pool_details(kind);
    if (folder == "snooker") return snooker_details();
    if (folder == "carom") return carom_details();
    return std::make_unique<MatchDetails>();
}

// The order of the keys of a game's entry, a seat's entry and the summary, for every kind:
// the shared keys, and each kind's own among them (a key of one kind only is in no other
// kind's report). Keys not listed follow in the order they were written.
const std::vector<std::string> kGameKeys{"game",          "winner",    "shots",         "fouls",
                                         "fouls_by_seat", "breaker",   "lag_winner",    "capped",
                                         "break_and_run", "groups",    "conceded",      "scores",
                                         "points",        "penalties", "highest_break", "innings",
                                         "high_runs",     "result",    "break",         "shot_log"};
const std::vector<std::string> kSeatKeys{
    "player",   "ball",         "wins",      "points",          "innings",       "average",
    "high_run", "pot_attempts", "pots",      "safeties",        "safeties_held", "fouls",
    "breaks",   "decisions",    "mean_work", "mean_simulations"};
const std::vector<std::string> kSummaryKeys{
    "format",   "mode",         "table",  "players",        "seed",
    "shot_cap", "best_of",      "target", "innings_limit",  "games_played",
    "wins",     "match_winner", "draws",  "break_and_runs", "capped_games",
    "reracks",  "breaks",       "seats",  "games"};

// `object`'s keys in the order `keys` gives, then the others as they were written.
json in_order(json object, const std::vector<std::string>& keys) {
    json out = json::object();
    for (const std::string& k : keys)
        if (object.contains(k)) out[k] = std::move(object[k]);
    for (auto& [k, v] : object.items())
        if (!out.contains(k)) out[k] = std::move(v);
    return out;
}

struct SeatTally {
    int wins = 0;
    std::uint64_t decisions = 0;
    double simulations = 0.0, seconds = 0.0, max_seconds = 0.0;

    double per_decision(double total) const {
        return total / (decisions > 0 ? static_cast<double>(decisions) : 1.0);
    }
};

// The statistics database being written (--record) and its recorder.
struct Recording {
    std::unique_ptr<io::StatsDb> db;
    std::unique_ptr<io::GameRecorder> recorder;
};

struct Tally {
    std::array<SeatTally, 2> seats;
    int capped = 0;
    game::MatchStats stats;
    Recording record;
};

// How the record names a seat: its name, else its player and seat ("ai:hard (seat 1)").
std::string record_name(const MatchRun& run, std::size_t i) {
    const game::Seat& seat = run.seats[i];
    return seat.name.empty() ? fmt::format("{} (seat {})", seat_label(seat), i + 1) : seat.name;
}

void record_begin(const game::Game& g, const MatchRun& run, Tally& t) {
    if (!t.record.recorder) return;
    t.record.recorder->begin(game::to_string(run.kind), {record_name(run, 0), record_name(run, 1)},
                             t.stats, g.next().shooter,
                             static_cast<std::int64_t>(std::time(nullptr)));
}

void record_shot(const game::ShotFacts& f, Tally& t) {
    if (t.record.recorder) t.record.recorder->shot(f);
}

void record_end(int winner, bool break_and_run, Tally& t) {
    if (t.record.recorder) t.record.recorder->end(t.stats, winner, break_and_run);
}

// Plays the current game to its end; its entry, or a problem (the game stalled).
json play_game(game::Game& g, MatchDetails& d, const MatchRun& run, TurnPlayer* turns, Tally& t,
               std::string& problem) {
    const std::string name =
        std::string(d.game_noun()) + " " + std::to_string(g.score().game_number);
    d.begin_game(g);
    t.stats.begin_game(g.next().shooter);
    record_begin(g, run, t);
    int guard = 0;
    while (!g.over()) {
        // Online, a human seat elsewhere plays through `turns` too.
        if ((!turns && !g.computer_to_act()) || ++guard > 100000) {
            problem = name + " stalled" + d.stall_detail(g);
            return {};
        }
        const auto shooter = static_cast<std::size_t>(g.next().shooter);
        SeatTally& seat = t.seats[shooter];
        const auto t0 = std::chrono::steady_clock::now();
        MoveCount mv;
        if (turns) {
            if (!turns->play(g, d, shooter, mv, problem)) {
                problem = name + ": " + problem;
                return {};
            }
        } else {
            if (!g.play_computer_turn()) {
                problem = name + ": the computer's move was refused";
                return {};
            }
            mv = d.after_move(g, shooter);
        }
        const double turn =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (!mv.shot) continue;
        t.stats.add(mv.facts);
        record_shot(mv.facts, t);
        const double seconds = mv.seconds >= 0.0 ? mv.seconds : turn;
        ++seat.decisions;
        seat.simulations += mv.simulations;
        seat.seconds += seconds;
        seat.max_seconds = std::max(seat.max_seconds, seconds);
    }
    const game::Score score = g.score();
    json jg;
    jg["game"] = score.game_number;
    jg["winner"] = score.winner;
    jg["shots"] = g.shots();
    jg["capped"] = score.capped;
    const bool break_and_run = t.stats.end_game(score.winner);
    jg["break_and_run"] = break_and_run;
    record_end(score.winner, break_and_run, t);
    jg["result"] = g.status();
    d.add_game(g, jg, run.shots);
    if (score.winner >= 0) ++t.seats[static_cast<std::size_t>(score.winner)].wins;
    t.capped += score.capped ? 1 : 0;
    return in_order(std::move(jg), kGameKeys);
}

json report(const game::Game& g, const MatchDetails& d, const MatchRun& run, const Tally& t,
            json games) {
    const std::array<std::string, 2> labels{seat_label(run.seats[0]), seat_label(run.seats[1])};
    json out;
    out["format"] = io::formats::kMatchReport;
    out["mode"] = run.mode;
    out["players"] = labels;
    out["seed"] = run.seed;
    // The noise model, when not each level's own (reports from before the option unchanged).
    if (run.seats[0].noise != game::Noise::Level)
        out["noise"] = game::to_string(run.seats[0].noise);
    out["shot_cap"] = run.max_shots;
    out["games_played"] = static_cast<int>(games.size());
    out["wins"] = {t.seats[0].wins, t.seats[1].wins};
    out["capped_games"] = t.capped;
    out["break_and_runs"] = t.stats.break_and_runs();
    json seats = json::array();
    for (std::size_t i = 0; i < 2; ++i) {
        const SeatTally& st = t.seats[i];
        json s;
        s["player"] = labels[i];
        s["wins"] = st.wins;
        s["decisions"] = st.decisions;
        s["mean_simulations"] = st.per_decision(st.simulations);
        if (run.timing) {
            s["mean_decision_seconds"] = st.per_decision(st.seconds);
            s["max_decision_seconds"] = st.max_seconds;
        }
        d.add_seat(i, s);
        const game::SeatStats& ss = t.stats.seat(static_cast<int>(i));
        if (d.pots()) {
            s["pot_attempts"] = ss.pot_attempts;
            s["pots"] = ss.pots;
            s["safeties"] = ss.safeties;
            s["safeties_held"] = ss.safeties_held;
        }
        d.add_runs(ss, s);
        seats.push_back(in_order(std::move(s), kSeatKeys));
    }
    out["seats"] = std::move(seats);
    out["games"] = std::move(games);
    d.add_summary(g, run, out);
    return in_order(std::move(out), kSummaryKeys);
}

void print_timing(const MatchRun& run, const Tally& t) {
    for (std::size_t i = 0; i < 2; ++i) {
        const SeatTally& st = t.seats[i];
        std::fprintf(stderr, "seat %zu (%s): %d wins, %llu decisions, mean %.3f s, max %.3f s\n", i,
                     seat_label(run.seats[i]).c_str(), st.wins,
                     static_cast<unsigned long long>(st.decisions), st.per_decision(st.seconds),
                     st.max_seconds);
    }
}

std::string fixed(double v, int digits) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
}

std::string percent(int part, int whole) {
    return whole > 0 ? fixed(100.0 * part / whole, 1) + " %" : "-";
}

} // namespace

std::string stats_table(const json& report) {
    const json& seats = report.at("seats");
    std::vector<std::pair<std::string, std::array<std::string, 2>>> rows;
    auto row = [&](const std::string& name, auto cell) {
        std::array<std::string, 2> cells;
        for (std::size_t i = 0; i < 2; ++i)
            cells[i] = cell(seats.at(i));
        rows.emplace_back(name, cells);
    };
    row("player", [](const json& s) { return s.at("player").get<std::string>(); });
    row("wins", [](const json& s) { return std::to_string(s.at("wins").get<int>()); });
    if (seats.at(0).contains("pots")) {
        row("pots made / attempted", [](const json& s) {
            const int made = s.at("pots").get<int>(), tried = s.at("pot_attempts").get<int>();
            return std::to_string(made) + " / " + std::to_string(tried) + " (" +
                   percent(made, tried) + ")";
        });
        row("safeties (left no pot)", [](const json& s) {
            const int n = s.at("safeties").get<int>(), held = s.at("safeties_held").get<int>();
            return std::to_string(n) + " (" + std::to_string(held) + ", " + percent(held, n) + ")";
        });
    }
    if (seats.at(0).contains("fouls"))
        row("fouls", [](const json& s) { return std::to_string(s.at("fouls").get<int>()); });
    if (seats.at(0).contains("breaks")) {
        row("breaks",
            [](const json& s) { return std::to_string(s.at("breaks").at("list").size()); });
        row("mean break",
            [](const json& s) { return fixed(s.at("breaks").at("mean").get<double>(), 1); });
        row("highest break",
            [](const json& s) { return std::to_string(s.at("breaks").at("highest").get<int>()); });
        row("centuries", [](const json& s) {
            return std::to_string(s.at("breaks").at("centuries").get<int>());
        });
    }
    if (seats.at(0).contains("average")) {
        row("points per inning",
            [](const json& s) { return fixed(s.at("average").get<double>(), 3); });
        row("high run", [](const json& s) { return std::to_string(s.at("high_run").get<int>()); });
    }
    std::size_t w0 = 0, w1 = 0;
    for (const auto& [name, cells] : rows) {
        w0 = std::max(w0, name.size());
        w1 = std::max(w1, cells[0].size());
    }
    const int games = report.at("games_played").get<int>();
    const int bnr = report.at("break_and_runs").get<int>();
    std::string out = report.at("mode").get<std::string>() + ": " + std::to_string(games) +
                      (games == 1 ? " game" : " games") + ", seed " +
                      std::to_string(report.at("seed").get<std::uint64_t>()) +
                      "; break and run in " + std::to_string(bnr) + " (" + percent(bnr, games) +
                      ")\n";
    for (const auto& [name, cells] : rows) {
        out += name + std::string(w0 + 2 - name.size(), ' ') + cells[0] +
               std::string(w1 + 2 - cells[0].size(), ' ') + cells[1] + "\n";
    }
    return out;
}

bool parse_seat_player(const std::string& text, game::Seat& seat) {
    seat.kind = game::SeatKind::Computer;
    if (text == "ai") {
        seat.level = game::AiLevel::Medium;
        return true;
    }
    if (text.rfind("ai:", 0) == 0) return game::parse_ai_level(text.substr(3), seat.level);
    return false;
}

std::string seat_label(const game::Seat& seat) {
    if (seat.kind == game::SeatKind::Human) // online: a player at the game elsewhere
        return seat.name.empty() ? "human" : "human:" + seat.name;
    return std::string("ai:") + game::to_string(seat.level);
}

json shot_entry(int number, int shooter, const game::CueShot& shot, bool side) {
    json s;
    s["n"] = number;
    s["shooter"] = shooter;
    s["heading"] = shot.heading;
    s["speed"] = shot.speed;
    if (side) s["side"] = shot.side;
    s["height"] = shot.height;
    return s;
}

int run_match(const MatchRun& run, TurnPlayer* turns) {
    if (!run.out.empty()) (void)io::output_target(run.out); // a refused target: before the games
    game::GameOptions options;
    options.seats = run.seats;
    options.seed = run.seed;
    options.max_shots = run.max_shots;
    options.best_of = run.games; // snooker's match
    options.target = run.target;
    options.innings_limit = run.innings_limit;
    options.table = run.table;
    options.cue = run.cue;
    options.breaker = run.breaker;
    const std::unique_ptr<game::Game> g = game::make_game(run.kind, options);
    const std::unique_ptr<MatchDetails> details = details_for(run.kind);
    Tally tally;
    if (!run.record.empty()) {
        std::string notice;
        tally.record.db = io::StatsDb::open(run.record, &notice);
        tally.record.recorder = std::make_unique<io::GameRecorder>(*tally.record.db);
        if (!notice.empty())
            std::fprintf(stderr, "billiards match: %s\n", one_line(notice).c_str());
    }
    json games = json::array();
    std::string problem;
    for (;;) {
        json jg = play_game(*g, *details, run, turns, tally, problem);
        if (!problem.empty()) return fail("match", problem, 1);
        games.push_back(std::move(jg));
        // A match of games: as many as asked, or snooker's best-of decided.
        if (static_cast<int>(games.size()) >= run.games || g->match_over() || !g->rematch()) break;
    }
    const json full = report(*g, *details, run, tally, std::move(games));
    if (run.timing) print_timing(run, tally);
    if (run.stats) {
        if (!run.out.empty()) write_output(run.out, full.dump(2) + "\n");
        std::fputs(stats_table(full).c_str(), stdout);
        return 0;
    }
    write_output(run.out, full.dump(2) + "\n");
    return 0;
}

} // namespace billiards::cli

// billiards match --mode 8ball|9ball|snooker|three-cushion --players ai,ai --games N --seed S
//                [--out FILE]
// Plays whole games between computer players with no window and writes a JSON summary.
// The same options give the same file, bit for bit (decision times only with --timing).
#include <CLI/CLI.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "cli/cli_output.hpp"
#include "cli/commands.hpp"
#include "cli/match_runner.hpp"
#include "cli/online_match.hpp"
#include "game/game.hpp"
#include "io/user_files.hpp"

namespace billiards::cli {

namespace {

struct MatchArgs {
    std::optional<std::string> record; // --record [FILE]
    std::string players = "ai,ai";
    std::string noise = "level";
    MatchRun run; // its kind and seats from --mode and --players
    OnlineArgs online;
};

// The match from the command line; an empty `problem` when it is valid.
MatchRun match_run(const MatchArgs& a, std::string& problem) {
    MatchRun run = a.run;
    if (!game::parse_game_kind(run.mode, run.kind)) {
        problem = "--mode: '" + run.mode + "' is not a mode (use " + game::cli_names_text() + ")";
        return run;
    }
    std::vector<std::string> names;
    std::stringstream ss(a.players);
    std::string item;
    while (std::getline(ss, item, ','))
        names.push_back(item);
    if (!a.players.empty() && a.players.back() == ',') names.emplace_back();
    if (names.size() != 2) {
        problem = "--players: need two players separated by a comma, e.g. ai,ai:hard";
        return run;
    }
    for (std::size_t i = 0; i < 2; ++i) {
        if (!parse_seat_player(names[i], run.seats[i])) {
            problem = "--players: unknown player '" + names[i] +
                      "' (use ai, ai:easy, ai:medium, ai:hard or ai:pro)";
            return run;
        }
    }
    game::Noise noise = game::Noise::Level;
    if (!game::parse_noise(a.noise, noise)) {
        problem = "--noise: '" + a.noise + "' is not a noise model (use level, standard or none)";
        return run;
    }
    for (game::Seat& s : run.seats)
        s.noise = noise;
    return run;
}

int run_match_command(const MatchArgs& a) {
    if (!a.online.server.empty() || !a.online.room.empty())
        return run_online_match(a.online, a.run, a.players, a.noise);
    std::string problem;
    const MatchRun run = match_run(a, problem);
    if (!problem.empty()) return fail("match", problem, 2);
    if (a.record) {
        MatchRun recorded = run;
        recorded.record = a.record->empty() ? io::user_data_dir() + "/stats.sqlite3" : *a.record;
        return run_match(recorded);
    }
    return run_match(run);
}

} // namespace

void add_match_command(CLI::App& cli, int& status) {
    auto args = std::make_shared<MatchArgs>();
    auto* cmd = cli.add_subcommand("match", "Play whole games between computer players, headless");
    cmd->add_option("--mode", args->run.mode, "8ball, 9ball, snooker or three-cushion")
        ->capture_default_str();
    cmd->add_option("--players", args->players,
                    "Two seats: ai, ai:easy, ai:medium, ai:hard, ai:pro (ai = medium)")
        ->capture_default_str();
    add_int_option(*cmd, "--games", args->run.games, 1, 100000,
                   "Number of games (breaks alternate); snooker: a match of best-of N frames");
    add_uint64_option(*cmd, "--seed", args->run.seed, 0, UINT64_MAX,
                      "Seed of the racks and the computer's noise");
    add_int_option(*cmd, "--max-shots", args->run.max_shots, 1, 100000,
                   "Shot cap per game: then the game is declared (fewer balls left wins)");
    add_int_option(*cmd, "--target", args->run.target, 1, 1000, "Three-cushion: points to win");
    add_int_option(*cmd, "--innings-limit", args->run.innings_limit, 0, 10000,
                   "Three-cushion: innings each at most (0: no limit)");
    add_out_option(*cmd, args->run.out, "Output file (default: standard output)");
    cmd->add_flag("--timing", args->run.timing,
                  "Add decision times (not reproducible) and print a summary on stderr");
    cmd->add_option("--noise", args->noise,
                    "The computers' execution noise: level (each level's own), standard "
                    "(FastFiz's defaults, the same for every level) or none")
        ->capture_default_str();
    cmd->add_flag("--shots", args->run.shots, "Add every shot of every game to the output");
    cmd->add_flag("--stats", args->run.stats,
                  "Print the statistics as a table (the JSON report only with --out)");
    cmd->add_option("--record", args->record,
                    "Record every game in the statistics database (`billiards stats` reads it): "
                    "FILE, or with no value stats.sqlite3 in the game's data folder")
        ->expected(0, 1);
    add_online_options(*cmd, args->online);
    cmd->callback([args, &status] {
        status = run_guarded("match", [&] { return run_match_command(*args); });
    });
}

} // namespace billiards::cli

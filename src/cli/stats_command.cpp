// billiards stats [--db FILE] [--player NAME] [--json]
// A player's record from the statistics database (io/stats_db.hpp): games and wins per kind
// of game, pot success, break-and-runs, safeties, fouls, the highest run (snooker's highest
// break) and points per visit (three-cushion's per inning). Exit 2 on bad input, 1 when the
// database cannot be read.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cstdio>
#include <memory>
#include <string>

#include "cli/cli_output.hpp"
#include "cli/commands.hpp"
#include "io/stats_db.hpp"
#include "io/user_files.hpp"

namespace billiards::cli {

namespace {

struct StatsOptions {
    std::string db; // empty: the game's data folder
    std::string player;
    bool json = false;
};

std::string table_of(const std::vector<io::PlayerRecord>& players) {
    std::string out;
    for (const io::PlayerRecord& p : players) {
        out += fmt::format("{}: {} games, {} won\n", p.name, p.games, p.wins);
        out += fmt::format("  {:<14}{:>6}{:>6}{:>8}{:>8}{:>8}{:>8}{:>8}{:>9}\n", "game", "games",
                           "won", "pots %", "B&R", "safe", "fouls", "high", "per visit");
        for (const io::KindRecord& k : p.kinds)
            out +=
                fmt::format("  {:<14}{:>6}{:>6}{:>8.1f}{:>8}{:>8}{:>8}{:>8}{:>9.2f}\n", k.kind,
                            k.games, k.wins, k.pot_attempts ? 100.0 * k.pots / k.pot_attempts : 0.0,
                            k.break_and_runs, k.safeties, k.fouls, k.high_run,
                            k.visits ? static_cast<double>(k.points) / k.visits : 0.0);
    }
    if (players.empty()) out = "no games recorded yet\n";
    return out;
}

int stats(const StatsOptions& o) {
    return run_guarded("stats", [&] {
        const std::string path = o.db.empty() ? io::user_data_dir() + "/stats.sqlite3" : o.db;
        std::string notice;
        const auto db = io::StatsDb::open(path, &notice);
        if (!notice.empty())
            std::fprintf(stderr, "billiards stats: %s\n", one_line(notice).c_str());
        const auto players = db->players(o.player);
        if (!o.player.empty() && players.empty())
            return fail("stats", fmt::format("--player: no games recorded for {}", o.player), 2);
        write_stdout(o.json ? io::stats_to_json(players) : table_of(players));
        return 0;
    });
}

} // namespace

void add_stats_command(CLI::App& cli, int& status) {
    auto o = std::make_shared<StatsOptions>();
    auto* cmd = cli.add_subcommand("stats", "Print each player's record of recorded games");
    cmd->add_option("--db", o->db,
                    "Statistics database (default: stats.sqlite3 in the game's data folder)");
    cmd->add_option("--player", o->player, "Only this player");
    cmd->add_flag("--json", o->json,
                  "As JSON: {\"players\": [{\"name\": ..., \"games\": N, ...}]}");
    cmd->callback([o, &status] { status = stats(*o); });
}

} // namespace billiards::cli

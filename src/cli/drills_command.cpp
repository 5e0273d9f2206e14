// billiards drills --list [--json]
// billiards drills --run NAME [--players ai:LEVEL] [--seed N] [--json] [--record [FILE]]
// The practice drills (game/drills/drill.hpp) played headless by the computer: each attempt's
// score from the physics, the total, and with --record the run kept in the statistics
// database (its best shown). Exit 2 on bad input (an unknown drill, a player that is not a
// computer level), 1 when the database cannot be written.
#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <ctime>
#include <memory>
#include <optional>
#include <string>

#include "cli/cli_output.hpp"
#include "cli/commands.hpp"
#include "game/drills/drill.hpp"
#include "io/scenario.hpp"
#include "io/stats_db.hpp"
#include "io/user_files.hpp"

namespace billiards::cli {

namespace {

using json = nlohmann::ordered_json;

struct DrillsOptions {
    bool list = false;
    std::string run;
    std::string players = "ai:medium";
    std::uint64_t seed = 1;
    bool json = false;
    std::optional<std::string> record; // --record [FILE]
    std::string player;                // the name recorded (default: the --players text)
};

int list(const DrillsOptions& o) {
    if (o.json) {
        json doc;
        doc["drills"] = json::array();
        for (const game::drills::Drill& d : game::drills::all())
            doc["drills"].push_back({{"name", d.name},
                                     {"title", d.title},
                                     {"game", d.game},
                                     {"table", d.table},
                                     {"attempts", d.attempts},
                                     {"goal", game::drills::to_string(d.goal)},
                                     {"description", d.description}});
        write_stdout(doc.dump(2) + "\n");
        return 0;
    }
    std::string out;
    for (const game::drills::Drill& d : game::drills::all())
        out += fmt::format("{:<24}{:<15}{}\n", d.name, d.game, d.description);
    write_stdout(out);
    return 0;
}

int run_one(const DrillsOptions& o) {
    const game::drills::Drill* d = game::drills::find(o.run);
    if (!d)
        return fail("drills",
                    fmt::format("--run: no drill named '{}' (one of: {})", one_line(o.run),
                                game::drills::names_text()),
                    2);
    game::AiLevel level = game::AiLevel::Medium;
    const bool ai = o.players == "ai" || (o.players.rfind("ai:", 0) == 0 &&
                                          game::parse_ai_level(o.players.substr(3), level));
    if (!ai)
        return fail("drills",
                    fmt::format("--players: '{}' is not a computer player (ai or ai:LEVEL, "
                                "LEVEL one of easy, medium, hard, pro)",
                                one_line(o.players)),
                    2);
    const std::string label = std::string("ai:") + game::to_string(level);
    const game::Table table = io::load_standard_table(d->table);
    const game::drills::Run r = game::drills::run(*d, table, level, o.seed);
    std::optional<io::DrillScore> best;
    if (o.record) {
        const std::string path =
            o.record->empty() ? io::user_data_dir() + "/stats.sqlite3" : *o.record;
        std::string notice;
        const auto db = io::StatsDb::open(path, &notice);
        if (!notice.empty())
            std::fprintf(stderr, "billiards drills: %s\n", one_line(notice).c_str());
        io::DrillScore s;
        s.drill = d->name;
        s.player = o.player.empty() ? label : o.player;
        s.score = r.total;
        s.best_possible = r.best_possible;
        s.attempts = d->attempts;
        s.played = static_cast<std::int64_t>(std::time(nullptr));
        db->add_drill_score(s);
        for (const io::DrillScore& b : db->best_drill_scores(s.player))
            if (b.drill == d->name) best = b;
    }
    if (o.json) {
        json doc;
        doc["format"] = "billiards-drill-run/1";
        doc["drill"] = d->name;
        doc["game"] = d->game;
        doc["table"] = d->table;
        doc["players"] = label;
        doc["seed"] = o.seed;
        doc["attempts"] = json::array();
        for (const game::drills::Attempt& a : r.attempts)
            doc["attempts"].push_back({{"score", a.score}, {"shots", a.shots}});
        doc["total"] = r.total;
        doc["best_possible"] = r.best_possible;
        if (best) doc["best"] = best->score;
        write_stdout(doc.dump(2) + "\n");
        return 0;
    }
    std::string out =
        fmt::format("{} ({}, {}): {}, seed {}\n", d->title, d->game, d->table, label, o.seed);
    for (std::size_t i = 0; i < r.attempts.size(); ++i)
        out += fmt::format("  attempt {}: {:.1f}{}\n", i + 1, r.attempts[i].score,
                           r.attempts[i].shots > 1 ? fmt::format(" ({} shots)", r.attempts[i].shots)
                                                   : std::string());
    out += fmt::format("total {:.1f} of {:.0f}\n", r.total, r.best_possible);
    if (best) out += fmt::format("best recorded {:.1f}\n", best->score);
    write_stdout(out);
    return 0;
}

} // namespace

void add_drills_command(CLI::App& cli, int& status) {
    auto o = std::make_shared<DrillsOptions>();
    auto* cmd = cli.add_subcommand("drills", "List the practice drills, or run one headless");
    cmd->add_flag("--list", o->list, "Every drill: name, game and what it asks");
    cmd->add_option("--run", o->run, "Play the drill NAME with the computer and print its score");
    cmd->add_option("--players", o->players,
                    "Who plays it: ai or ai:LEVEL (easy, medium, hard, "
                    "pro; default ai:medium)");
    add_uint64_option(*cmd, "--seed", o->seed, 0, UINT64_MAX,
                      "Seed of the computer's noise (default 1)");
    cmd->add_flag("--json", o->json, "As JSON (format billiards-drill-run/1 for --run)");
    cmd->add_option("--record", o->record,
                    "Keep the run in the statistics database: FILE, or with no value "
                    "stats.sqlite3 in the game's data folder")
        ->expected(0, 1);
    cmd->add_option("--player", o->player,
                    "The name the run is recorded under (default: "
                    "the --players text)");
    cmd->callback([o, &status] {
        status = run_guarded("drills", [&] {
            if (o->list == !o->run.empty())
                return fail("drills", "give either --list or --run NAME", 2);
            return o->list ? list(*o) : run_one(*o);
        });
    });
}

} // namespace billiards::cli

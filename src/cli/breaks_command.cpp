// billiards breaks [--speed V]... [--racks N] [--contact ideal|hertz] [--json]
// Breaks N seeded racks of 8-ball and of 9-ball as the game racks them (game::racked_world on
// the 9-ft table, the cue ball on the head spot), the cue ball struck with a centre hit
// straight at the apex ball so that it leaves at V m/s, each run to rest and judged by the
// game's rules (game::judge). Per game and speed: the share of legal breaks, object balls
// pocketed per break, object balls that reached a cushion per break, the share of cue-ball
// scratches, and the spread: the mean distance of the object balls left on the table from
// their centroid once everything is at rest (m), averaged over the racks.
#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "cli/cli_output.hpp"
#include "cli/commands.hpp"
#include "game/physics_presets.hpp"
#include "game/pool/rules.hpp"
#include "game/rack.hpp"
#include "game/shot_events.hpp"
#include "game/strike.hpp"
#include "io/scenario.hpp"

namespace billiards::cli {

namespace {

constexpr double kMaxSpeed = 20.0; // m/s; the match refuses faster cue speeds too
constexpr int kMaxRacks = 100000;
constexpr double kMaxSeconds = 120.0; // a break's simulated time cap (as a match's shot)

struct BreaksArgs {
    std::vector<double> speeds;
    int racks = 50;
    std::string contact = "hertz";
    bool json = false;
};

struct Row {
    game::GameKind kind = game::GameKind::EightBall;
    double speed = 0.0;
    int racks = 0;
    int legal = 0;
    int pocketed = 0;
    int rails = 0;
    int scratches = 0;
    double spread = 0.0; // sum over racks
};

// Mean distance of the object balls on the table from their centroid (0 with none left).
double spread_of(const physics::World& w) {
    Vec2 sum{};
    int n = 0;
    for (const physics::Ball& b : w.balls()) {
        if (b.id == game::kCueBall || b.state == physics::MotionState::Pocketed) continue;
        sum = sum + b.position;
        ++n;
    }
    if (n == 0) return 0.0;
    const Vec2 c = sum / static_cast<double>(n);
    double d = 0.0;
    for (const physics::Ball& b : w.balls()) {
        if (b.id == game::kCueBall || b.state == physics::MotionState::Pocketed) continue;
        d += length(b.position - c);
    }
    return d / n;
}

// One break of the rack `seed`: accumulated into row.
void one_break(const game::Table& table, const physics::Params& params, std::uint64_t seed,
               Row& row) {
    physics::World w = game::racked_world(row.kind, table, params, seed);
    const int cue = w.index_of(game::kCueBall);
    const int apex = w.index_of(1);
    const std::vector<int> on_table = game::balls_on_table(w);
    const Vec2 d = w.ball(apex).position - w.ball(cue).position;
    const game::CueParams cue_params;
    game::CueShot shot;
    shot.heading = std::atan2(d.y, d.x);
    shot.speed = game::cue_speed_for(row.speed, w.ball(cue).mass, cue_params);
    w.set_record_events(true);
    game::apply_strike(w, shot, cue_params);
    w.run_until_rest(kMaxSeconds);

    game::ShotInput in;
    in.on_table = on_table;
    in.events = game::shot_events(w, w.events());
    const game::ShotVerdict v = game::judge(game::new_game(row.kind, 0), in);
    row.racks += 1;
    row.legal += v.legal_break ? 1 : 0;
    row.pocketed += static_cast<int>(v.pocketed.size());
    row.rails += static_cast<int>(v.rails.size());
    row.scratches += v.cue_pocketed ? 1 : 0;
    row.spread += spread_of(w);
}

const char* game_label(game::GameKind k) {
    return k == game::GameKind::EightBall ? "8ball" : "9ball";
}

int run_breaks(BreaksArgs a) {
    if (a.speeds.empty()) a.speeds = {7.0, 9.0, 11.0};
    for (double s : a.speeds)
        if (!(s > 0.0 && s <= kMaxSpeed))
            return fail(
                "breaks",
                fmt::format("--speed: must be above 0 and at most {} m/s (got {})", kMaxSpeed, s),
                2);
    physics::Params params = game::play_params();
    if (a.contact == "ideal")
        params.ball_contact = physics::BallContact::Ideal;
    else if (a.contact == "hertz")
        params.ball_contact = physics::BallContact::Hertz;
    else
        return fail(
            "breaks",
            "--contact: '" + one_line(a.contact) + "' is not a contact (use ideal or hertz)", 2);

    const std::string table_name = "pool-9ft";
    const game::Table table = io::load_standard_table(table_name);
    std::vector<Row> rows;
    for (game::GameKind kind : {game::GameKind::EightBall, game::GameKind::NineBall})
        for (double s : a.speeds) {
            Row row;
            row.kind = kind;
            row.speed = s;
            for (int k = 0; k < a.racks; ++k)
                one_break(table, params, static_cast<std::uint64_t>(k) + 1, row);
            rows.push_back(row);
        }

    std::string out;
    if (a.json) {
        using json = nlohmann::ordered_json;
        json j;
        j["table"] = table_name;
        j["contact"] = a.contact;
        j["cushion_model"] = physics::to_string(params.cushion_model);
        j["racks"] = a.racks;
        j["rows"] = json::array();
        for (const Row& r : rows) {
            const double n = r.racks;
            j["rows"].push_back({{"game", game_label(r.kind)},
                                 {"speed", r.speed},
                                 {"legal", r.legal / n},
                                 {"pocketed", r.pocketed / n},
                                 {"rails", r.rails / n},
                                 {"scratches", r.scratches / n},
                                 {"spread", r.spread / n}});
        }
        out = j.dump(2) + "\n";
    } else {
        out = fmt::format("{} racks a game and speed on {}, {} contact, {} cushions; cue ball "
                          "from the head spot, centre hit at the apex ball\n",
                          a.racks, table_name, a.contact, physics::to_string(params.cushion_model));
        out += fmt::format("{:<6} {:>9} {:>7} {:>9} {:>6} {:>9} {:>9}\n", "game", "speed m/s",
                           "legal", "pocketed", "rails", "scratch", "spread m");
        for (const Row& r : rows) {
            const double n = r.racks;
            out += fmt::format("{:<6} {:>9.1f} {:>6.1f}% {:>9.2f} {:>6.2f} {:>8.1f}% {:>9.3f}\n",
                               game_label(r.kind), r.speed, 100.0 * r.legal / n, r.pocketed / n,
                               r.rails / n, 100.0 * r.scratches / n, r.spread / n);
        }
        out += "legal: the rules' verdict; pocketed, rails: object balls per break (rails: "
               "reached a cushion); spread: mean distance of the object balls on the table "
               "from their centroid at rest\n";
    }
    write_stdout(out); // a failed write throws: exit 1 with a message
    return 0;
}

} // namespace

void add_breaks_command(CLI::App& cli, int& status) {
    auto args = std::make_shared<BreaksArgs>();
    CLI::App* cmd = cli.add_subcommand(
        "breaks", "Break seeded racks on the game's table and print what the breaks did");
    cmd->add_option("--speed", args->speeds,
                    "Speed the cue ball leaves at, m/s (repeatable; default 7, 9 and 11)");
    add_int_option(*cmd, "--racks", args->racks, 1, kMaxRacks,
                   "Racks per game and speed (default 50)");
    cmd->add_option("--contact", args->contact, "Ball contact: ideal or hertz (default hertz)");
    cmd->add_flag("--json", args->json, "JSON instead of a text table");
    cmd->callback(
        [args, &status] { status = run_guarded("breaks", [&] { return run_breaks(*args); }); });
}

} // namespace billiards::cli

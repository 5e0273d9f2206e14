// `billiards match`: whole games of any kind between computer seats, headless, over
// game::Game, and their report (format billiards-match-report/1). One runner plays every
// kind; what a kind adds to the report (its keys per game, per seat and in the summary) is a
// MatchDetails, and a kind without one reports the shared keys alone. The report's keys stand
// in one order for every kind (match_runner.cpp), a kind's own keys among the shared ones.
#pragma once

#include <nlohmann/json.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "game/game.hpp"
#include "game/match_stats.hpp"

namespace billiards::cli {

using json = nlohmann::ordered_json;

struct MatchRun {
    game::GameKind kind = game::GameKind::EightBall;
    std::string mode = "8ball"; // as given on the command line
    std::array<game::Seat, 2> seats{};
    int games = 1; // games played; snooker: a match of best-of-N frames
    std::uint64_t seed = 1;
    int max_shots = 300;
    int target = 40;       // three-cushion
    int innings_limit = 0; // three-cushion
    // The table, the cue and three-cushion's breaker; none (-1: the lag): the kind's own. An
    // online room's choice (net::apply_room_setup).
    std::optional<game::TableSpec> table;
    std::optional<game::CueParams> cue;
    int breaker = -1;
    std::string out;
    bool timing = false;
    bool shots = false;
    bool stats = false; // print the statistics as a table (the report only to `out`)
    std::string record; // a statistics database to record every game in; empty: none
};

// "ai:medium": how the report names a seat.
std::string seat_label(const game::Seat& seat);
// A computer seat from "ai" (medium) or "ai:LEVEL"; false for anything else.
bool parse_seat_player(const std::string& text, game::Seat& seat);

// One computer turn as the runner counts it: a shot it chose (a decision is none), with the
// simulations of its search and what the shot did; seconds < 0: the runner times the turn
// itself.
struct MoveCount {
    bool shot = false;
    double simulations = 0.0;
    double seconds = -1.0;
    game::ShotFacts facts{}; // when `shot`
};

// One shot of a game's shot log: its number, shooter and stroke (with the side offset when
// `side`), as every kind's log begins.
json shot_entry(int number, int shooter, const game::CueShot& shot, bool side = true);
// A game's shot log: a shot_entry for each record (its number, shooter and shot), with what
// the kind adds to it by `add(record, entry)`.
template <class Record, class Add>
json shot_log(const std::vector<Record>& records, bool side, Add add) {
    json log = json::array();
    for (const Record& r : records) {
        json entry = shot_entry(r.number, r.shooter, r.shot, side);
        add(r, entry);
        log.push_back(std::move(entry));
    }
    return log;
}

// What one kind adds to the report. The runner calls begin_game when a game starts,
// after_move after each computer turn (of `seat`), add_game at the game's end (the runner has
// written game, winner, shots, capped and result), and add_seat and add_summary once at the end.
class MatchDetails {
  public:
    virtual ~MatchDetails() = default;

    // "game", or "frame" at snooker: how messages name one game.
    virtual const char* game_noun() const { return "game"; }
    // Said after "game N stalled": where it stalled.
    virtual std::string stall_detail(const game::Game&) const { return {}; }

    virtual void begin_game(const game::Game&) {}
    virtual MoveCount after_move(const game::Game&, std::size_t /*seat*/) {
        return {true, 0.0, -1.0, {}};
    }
    virtual void add_game(const game::Game&, json& /*game*/, bool /*shot_log*/) {}
    // Whether shots are pots and safeties (pool, snooker), so that the seats report them.
    virtual bool pots() const { return true; }
    virtual void add_seat(std::size_t /*seat*/, json& /*entry*/) const {}
    // A seat's runs of points as the kind names them (snooker's breaks).
    virtual void add_runs(const game::SeatStats&, json& /*entry*/) const {}
    virtual void add_summary(const game::Game&, const MatchRun&, json& /*report*/) const {}
};

// Each kind's details (match_pool.cpp, match_snooker.cpp, match_carom.cpp).
std::unique_ptr<MatchDetails> pool_details(game::GameKind kind);
std::unique_ptr<MatchDetails> snooker_details();
std::unique_ptr<MatchDetails> carom_details();

// The report's statistics as a plain table, one column per seat.
std::string stats_table(const json& report);

// Who plays a turn. The default is this machine's computer; online (online_match.cpp) it is
// the seat's own computer here or the peer's move from the network. `count` is the turn's
// accounting, as MatchDetails::after_move gives it; false with `problem` when the turn failed.
class TurnPlayer {
  public:
    virtual ~TurnPlayer() = default;
    virtual bool play(game::Game& g, MatchDetails& d, std::size_t seat, MoveCount& count,
                      std::string& problem) = 0;
};

// Plays the match and writes the report; the exit status.
int run_match(const MatchRun& run, TurnPlayer* turns = nullptr);

} // namespace billiards::cli

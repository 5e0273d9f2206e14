// `billiards match --online HOST:PORT --room CODE|new --seat 1|2 --players SEAT_PLAYER`: one
// seat of a match played through `billiards server` (docs/ONLINE.md). Both sides play every
// input through game::Game in lockstep and write the report `billiards match` writes.
#pragma once

#include <string>

#include "cli/match_runner.hpp"

namespace CLI {
class App;
}

namespace billiards::cli {

struct OnlineArgs {
    std::string server; // HOST:PORT; empty: a local match
    std::string room;   // a code, or "new" (seat 1)
    int seat = 1;
    std::string token;           // a seat's token (hex): rejoin that seat
    int drop_after = 0;          // tests: vanish after sending this many inputs
    double wait_seconds = 600.0; // for the peer to join and to answer
};

// Adds --online, --room, --seat and --wait-seconds to `match`.
void add_online_options(CLI::App& cmd, OnlineArgs& args);

// Plays one seat: `run` holds this side's choices (seat 1's rule), `player` this seat's
// player ("ai:hard"), `noise` the noise model's name. The exit status.
int run_online_match(const OnlineArgs& online, const MatchRun& run, const std::string& player,
                     const std::string& noise);

} // namespace billiards::cli

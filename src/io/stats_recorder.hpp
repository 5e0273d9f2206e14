// One game written into the statistics database as it is played, shot by shot: the one
// recorder of the headless matches (`billiards match --record`) and the desktop game. The
// seats' totals come from the caller's game::MatchStats (which may run over a whole match:
// the game's share is what it gained since begin()).
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "game/match_stats.hpp"
#include "io/stats_db.hpp"

namespace billiards::io {

class GameRecorder {
  public:
    explicit GameRecorder(StatsDb& db) : db_(db) {}

    // A game of `kind` ("8-ball", ...) starts between `players`, `breaker` first; `stats` is
    // the caller's tally as it stands.
    void begin(const std::string& kind, const std::array<std::string, 2>& players,
               const game::MatchStats& stats, int breaker, std::int64_t unix_time);
    // A game the database already holds goes on: `game` with `shots` of it recorded, between
    // `players`, `breaker` first; `stats` is the caller's tally as it stood at the game's
    // start (the recorded shots are the caller's to add to it).
    void resume(std::int64_t game, int shots, const std::array<std::string, 2>& players,
                const game::MatchStats& stats, int breaker, std::int64_t started);
    // One shot, committed before it returns (throws when the disk refuses it).
    void shot(const game::ShotFacts& facts);
    // The game's end: `stats` with every shot of the game added and its end_game() called.
    void end(const game::MatchStats& stats, int winner, bool break_and_run);

    bool in_game() const { return in_game_; }
    std::int64_t game() const { return game_; }
    std::int64_t started() const { return started_; }
    int shots() const { return shots_; } // of this game, in the database

  private:
    StatsDb& db_;
    std::int64_t game_ = 0;
    std::int64_t started_ = 0;
    int shots_ = 0;
    std::array<game::SeatStats, 2> before_{};
    std::array<std::string, 2> players_;
    int breaker_ = 0;
    bool in_game_ = false;
};

} // namespace billiards::io

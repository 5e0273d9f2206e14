// The game being recorded in the statistics database (game_record.cpp): its recorder and the
// seats' tallies. A game is recorded from its first shot to its end; a game resumed from a save,
// a practice game (with undo) and an online game are not.
#pragma once

#include <memory>

#include "game/match_stats.hpp"
#include "io/stats_recorder.hpp"

namespace billiards::app {

struct GameRecording {
    explicit GameRecording(io::StatsDb& db) : recorder(db) {}
    io::GameRecorder recorder;
    game::MatchStats stats;
};

} // namespace billiards::app

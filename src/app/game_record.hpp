// The game being recorded in the statistics database (game_record.cpp): its recorder, the
// seats' tallies and every shot of the game so far. A game is recorded from its first shot to
// its end, and on from a save that carries its record (io::SavedRecord); a practice game (with
// undo), a spectator's game and a game resumed from a save without its record are not. An
// online game's shots are written once both sides agree on the game after them.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <vector>

#include "game/match_stats.hpp"
#include "io/stats_recorder.hpp"

namespace billiards::app {

struct GameRecording {
    explicit GameRecording(io::StatsDb& db) : recorder(db) {}
    io::GameRecorder recorder;
    game::MatchStats stats;             // the tally of the shots written
    std::vector<game::ShotFacts> facts; // every shot of the game so far, written or not
    std::vector<std::size_t> inputs_at; // the game's inputs after each shot
    std::size_t written = 0;            // of facts, in the database
    bool online = false;                // a shot is written once its hash is agreed
    std::optional<int> winner;          // the game is over: its end follows its last shot
};

} // namespace billiards::app

#include "io/stats_recorder.hpp"

#include <algorithm>

namespace billiards::io {

void GameRecorder::begin(const std::string& kind, const std::array<std::string, 2>& players,
                         const game::MatchStats& stats, int breaker, std::int64_t unix_time) {
    game_ = db_.begin_game(kind, players, unix_time);
    started_ = unix_time;
    shots_ = 0;
    before_ = {stats.seat(0), stats.seat(1)};
    players_ = players;
    breaker_ = breaker;
    in_game_ = true;
}

void GameRecorder::resume(std::int64_t game, int shots, const std::array<std::string, 2>& players,
                          const game::MatchStats& stats, int breaker, std::int64_t started) {
    game_ = game;
    started_ = started;
    shots_ = shots;
    before_ = {stats.seat(0), stats.seat(1)};
    players_ = players;
    breaker_ = breaker;
    in_game_ = true;
}

void GameRecorder::shot(const game::ShotFacts& f) {
    if (!in_game_) return;
    RecordedShot shot;
    shot.number = ++shots_;
    shot.seat = f.shooter;
    shot.pot_attempt = f.pot_attempt;
    shot.potted = f.potted;
    shot.safety = f.safety;
    shot.foul = f.foul;
    shot.points = f.points;
    db_.add_shot(game_, shot);
}

void GameRecorder::end(const game::MatchStats& stats, int winner, bool break_and_run) {
    if (!in_game_) return;
    in_game_ = false;
    std::array<SeatRecord, 2> seats;
    for (std::size_t i = 0; i < 2; ++i) {
        const game::SeatStats& now = stats.seat(static_cast<int>(i));
        const game::SeatStats& was = before_[i];
        SeatRecord& s = seats[i];
        s.player = players_[i];
        s.shots = now.shots - was.shots;
        s.pot_attempts = now.pot_attempts - was.pot_attempts;
        s.pots = now.pots - was.pots;
        s.safeties = now.safeties - was.safeties;
        s.fouls = now.fouls - was.fouls;
        s.visits = now.visits - was.visits;
        s.points = now.points - was.points;
        for (std::size_t k = was.runs.size(); k < now.runs.size(); ++k)
            s.high_run = std::max(s.high_run, now.runs[k]);
    }
    db_.end_game(game_, winner, seats, break_and_run, breaker_);
}

} // namespace billiards::io

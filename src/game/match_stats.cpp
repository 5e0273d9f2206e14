#include "game/match_stats.hpp"

#include <algorithm>
#include <cstddef>

namespace billiards::game {

int SeatStats::high_run() const {
    return runs.empty() ? 0 : *std::max_element(runs.begin(), runs.end());
}

double SeatStats::mean_run() const {
    if (runs.empty()) return 0.0;
    long long sum = 0;
    for (int r : runs)
        sum += r;
    return static_cast<double>(sum) / static_cast<double>(runs.size());
}

int SeatStats::runs_of_at_least(int p) const {
    return static_cast<int>(std::count_if(runs.begin(), runs.end(), [p](int r) { return r >= p; }));
}

double SeatStats::points_per_visit() const {
    return visits > 0 ? static_cast<double>(points) / visits : 0.0;
}

void MatchStats::begin_game(int breaker) {
    close_visit();
    safety_by_ = -1;
    breaker_ = breaker;
    opponent_shot_ = false;
}

void MatchStats::close_visit() {
    if (visitor_ >= 0 && run_ > 0) seats_[static_cast<std::size_t>(visitor_)].runs.push_back(run_);
    visitor_ = -1;
    run_ = 0;
}

void MatchStats::add(const ShotFacts& f) {
    SeatStats& s = seats_[static_cast<std::size_t>(f.shooter)];
    if (f.shooter != breaker_) opponent_shot_ = true;
    // A safety is judged by the opponent's next shot.
    if (safety_by_ >= 0 && f.shooter != safety_by_) {
        if (!f.potted) ++seats_[static_cast<std::size_t>(safety_by_)].safeties_held;
        safety_by_ = -1;
    }
    if (f.shooter != visitor_) {
        close_visit();
        visitor_ = f.shooter;
        ++s.visits;
    }
    ++s.shots;
    s.pot_attempts += f.pot_attempt ? 1 : 0;
    s.pots += f.pot_attempt && f.potted ? 1 : 0;
    if (f.safety) {
        ++s.safeties;
        safety_by_ = f.shooter;
    }
    s.points += f.points;
    run_ += f.points;
    if (f.foul) {
        ++s.fouls;
        close_visit(); // a foul ends the run even when the shooter plays again
    }
}

bool MatchStats::end_game(int winner) {
    close_visit();
    safety_by_ = -1;
    const bool bnr = winner == breaker_ && !opponent_shot_;
    break_and_runs_ += bnr ? 1 : 0;
    return bnr;
}

} // namespace billiards::game

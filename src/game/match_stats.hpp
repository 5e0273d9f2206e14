// What the field counts of a match, for every kind of game: per seat the pot attempts and
// pots made, safeties and how many left the opponent without a pot, fouls, and every
// visit's run of points (snooker's breaks, three-cushion's runs per inning); per game
// whether the breaker won it without the opponent taking a shot (a break and run). Fed one
// shot at a time by whoever watches the games (the match runner), so it knows no rules.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace billiards::game {

// One shot as the statistics see it.
struct ShotFacts {
    int shooter = 0;
    bool pot_attempt = false; // played to pocket a ball (the computer's plan)
    bool safety = false;      // played to leave the opponent nothing
    bool potted = false;      // a legal pot: a ball counted for the shooter
    bool foul = false;
    int points = 0; // what the shot added to the shooter's run (snooker points, carom points)
};

struct SeatStats {
    int shots = 0;
    int pot_attempts = 0;
    int pots = 0; // pot attempts that potted
    int safeties = 0;
    int safeties_held = 0; // the opponent's next shot potted nothing
    int fouls = 0;
    int visits = 0;        // turns at the table (innings)
    std::vector<int> runs; // the points of every visit that scored, in order
    int points = 0;        // of all visits

    int high_run() const;
    double mean_run() const;                // 0 with no runs
    int runs_of_at_least(int points) const; // centuries: runs_of_at_least(100)
    double points_per_visit() const;        // 0 with no visits
};

class MatchStats {
  public:
    // A new game: `breaker` shoots first.
    void begin_game(int breaker);
    void add(const ShotFacts& shot);
    // The game's end; whether it was a break and run (the breaker won and the opponent took
    // no shot).
    bool end_game(int winner);

    const SeatStats& seat(int s) const { return seats_[static_cast<std::size_t>(s)]; }
    int break_and_runs() const { return break_and_runs_; }

  private:
    void close_visit();

    std::array<SeatStats, 2> seats_{};
    int breaker_ = 0;
    bool opponent_shot_ = false;
    int visitor_ = -1; // the seat at the table, -1 before a game's first shot
    int run_ = 0;
    int safety_by_ = -1; // a safety awaiting the opponent's next shot
    int break_and_runs_ = 0;
};

} // namespace billiards::game

// A player's record: every game played, kept in an SQLite database (stats.sqlite3 in the
// game's data folder; docs/FILE-FORMATS.md, "Statistics database"). Every shot is its own
// transaction, synchronous to the disk: a crash or a full disk loses at most the shot in
// flight and never an earlier record. A file that is not a sound database of this version
// is set aside (PATH.corrupt) and the backup (PATH.bak, copied at every good open and close)
// is used, with a message, as the settings are.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

struct sqlite3;

namespace billiards::io {

// One shot as the record keeps it.
struct RecordedShot {
    int number = 0; // 1-based within the game
    int seat = 0;
    bool pot_attempt = false;
    bool potted = false;
    bool safety = false;
    bool foul = false;
    int points = 0;
    std::vector<int> pocketed; // ball ids
};

// One seat's totals over a game.
struct SeatRecord {
    std::string player;
    int shots = 0, pot_attempts = 0, pots = 0, safeties = 0, fouls = 0;
    int visits = 0, points = 0, high_run = 0;
};

// One player's record, per kind of game (the kind's name: "8-ball", "snooker", ...).
struct KindRecord {
    std::string kind;
    int games = 0, wins = 0;
    int shots = 0, pot_attempts = 0, pots = 0, safeties = 0, fouls = 0;
    int break_and_runs = 0;
    int visits = 0, points = 0, high_run = 0; // snooker: the highest break
};
struct PlayerRecord {
    std::string name;
    int games = 0, wins = 0;
    std::vector<KindRecord> kinds; // by kind's name
};

// A drill's run: its points and the most it could have made.
struct DrillScore {
    std::string drill; // the drill's name: "stop-shot"
    std::string player;
    double score = 0.0, best_possible = 0.0;
    int attempts = 0;
    std::int64_t played = 0; // unix time
};

// One finished game of a player, for the record over time.
struct GameRow {
    std::int64_t id = 0, started = 0;
    std::string kind;
    bool won = false;
    int shots = 0, pot_attempts = 0, pots = 0, fouls = 0, visits = 0, points = 0, high_run = 0;
};

// A game as the database holds it, finished or not.
struct GameInfo {
    std::string kind;
    std::int64_t started = 0;
    bool finished = false;
    std::array<std::string, 2> players; // by seat
    int shots = 0;                      // recorded so far
};

class StatsDb {
  public:
    // Opens PATH, made when missing. A broken file is set aside and the backup used (or a
    // new database made); *notice is then one line for the user, else empty. Throws
    // std::runtime_error "cannot open PATH: reason" when no database can be opened there.
    static std::unique_ptr<StatsDb> open(const std::string& path, std::string* notice);
    ~StatsDb();
    StatsDb(const StatsDb&) = delete;
    StatsDb& operator=(const StatsDb&) = delete;

    // A game starts: its id. Names are the players' (empty: "Player 1" / "Player 2").
    std::int64_t begin_game(const std::string& kind, const std::array<std::string, 2>& players,
                            std::int64_t unix_time);
    // One shot, committed before it returns. Throws std::runtime_error when the disk refuses
    // it (nothing of it is kept then).
    void add_shot(std::int64_t game, const RecordedShot& shot);
    // The game's end: the winning seat (-1: none), each seat's totals, and whether the
    // breaker won it without the opponent taking a shot.
    void end_game(std::int64_t game, int winner, const std::array<SeatRecord, 2>& seats,
                  bool break_and_run, int breaker);

    // Every player with a finished game (or only `name`), by name.
    std::vector<PlayerRecord> players(const std::string& name = "") const;
    // Shots recorded for a game (what survived a crash).
    int shots_of(std::int64_t game) const;
    // The game `game`; none when the database has no such game.
    std::optional<GameInfo> game_info(std::int64_t game) const;
    // Every game's id, finished or not, oldest first.
    std::vector<std::int64_t> game_ids() const;
    // The player's last `limit` finished games, oldest first.
    std::vector<GameRow> recent_games(const std::string& player, int limit) const;
    // Every name with a game or a drill, by name.
    std::vector<std::string> player_names() const;

    // A drill's run, committed before it returns.
    void add_drill_score(const DrillScore& score);
    // The best run of each drill (of `player`, or of anyone), by drill name.
    std::vector<DrillScore> best_drill_scores(const std::string& player = "") const;

  private:
    explicit StatsDb(sqlite3* db, std::string path);
    void exec(const char* sql) const;
    sqlite3* db_;
    std::string path_;
};

// The name a seat is recorded under: its player's, or "Player 1" / "Player 2" when empty.
std::string recorded_name(const std::string& name, int seat);

// The record as JSON: {"players": [{"name": ..., "games": N, "wins": N, "kinds": [...]}]}.
std::string stats_to_json(const std::vector<PlayerRecord>& players);

} // namespace billiards::io

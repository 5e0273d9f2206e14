#include "io/stats_db.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <sqlite3.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>
#include <stdexcept>

#include "io/user_files.hpp"

namespace billiards::io {

namespace {

// 2: drill_scores. A database of version 1 gains the table when it is opened; an older build
// refuses version 2 (newer than it) and leaves the file alone.
constexpr int kVersion = 2;

constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS players(
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE);
CREATE TABLE IF NOT EXISTS games(
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    started INTEGER NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    winner INTEGER,
    breaker INTEGER,
    break_and_run INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS seats(
    game INTEGER NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    player INTEGER NOT NULL REFERENCES players(id),
    shots INTEGER NOT NULL DEFAULT 0,
    pot_attempts INTEGER NOT NULL DEFAULT 0,
    pots INTEGER NOT NULL DEFAULT 0,
    safeties INTEGER NOT NULL DEFAULT 0,
    fouls INTEGER NOT NULL DEFAULT 0,
    visits INTEGER NOT NULL DEFAULT 0,
    points INTEGER NOT NULL DEFAULT 0,
    high_run INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY(game, seat));
CREATE TABLE IF NOT EXISTS shots(
    game INTEGER NOT NULL REFERENCES games(id),
    number INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    pot_attempt INTEGER NOT NULL,
    potted INTEGER NOT NULL,
    safety INTEGER NOT NULL,
    foul INTEGER NOT NULL,
    points INTEGER NOT NULL,
    pocketed TEXT NOT NULL,
    PRIMARY KEY(game, number));
CREATE TABLE IF NOT EXISTS drill_scores(
    id INTEGER PRIMARY KEY,
    drill TEXT NOT NULL,
    player INTEGER NOT NULL REFERENCES players(id),
    score REAL NOT NULL,
    best_possible REAL NOT NULL,
    attempts INTEGER NOT NULL,
    played INTEGER NOT NULL);
)sql";

// A prepared statement, finalised when it goes.
class Statement {
  public:
    Statement(sqlite3* db, const char* sql) : db_(db) {
        if (sqlite3_prepare_v2(db, sql, -1, &s_, nullptr) != SQLITE_OK)
            throw std::runtime_error(std::string("statistics: ") + sqlite3_errmsg(db));
    }
    ~Statement() { sqlite3_finalize(s_); }
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    Statement& bind(int i, std::int64_t v) {
        sqlite3_bind_int64(s_, i, v);
        return *this;
    }
    Statement& bind(int i, const std::string& v) {
        sqlite3_bind_text(s_, i, v.c_str(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
        return *this;
    }
    // The next row: true while rows come; throws on an error.
    bool next() {
        const int r = sqlite3_step(s_);
        if (r == SQLITE_ROW) return true;
        if (r == SQLITE_DONE) return false;
        throw std::runtime_error(std::string("statistics: ") + sqlite3_errmsg(db_));
    }
    Statement& bind_real(int i, double v) {
        sqlite3_bind_double(s_, i, v);
        return *this;
    }
    std::int64_t integer(int column) const { return sqlite3_column_int64(s_, column); }
    double real(int column) const { return sqlite3_column_double(s_, column); }
    std::string text(int column) const {
        const auto* t = sqlite3_column_text(s_, column);
        return t ? reinterpret_cast<const char*>(t) : "";
    }

  private:
    sqlite3* db_;
    sqlite3_stmt* s_ = nullptr;
};

// Runs SQL; std::runtime_error "statistics: [WHERE: ]what" when SQLite refuses it.
void exec(sqlite3* db, const char* sql, const std::string& where) {
    char* err = nullptr;
    if (sqlite3_exec(db, sql, nullptr, nullptr, &err) != SQLITE_OK) {
        const std::string what = err ? err : "failed";
        sqlite3_free(err);
        throw std::runtime_error("statistics: " + (where.empty() ? "" : where + ": ") + what);
    }
}

// A transaction rolled back unless committed.
class Transaction {
  public:
    explicit Transaction(sqlite3* db) : db_(db) { exec(db_, "BEGIN IMMEDIATE", ""); }
    ~Transaction() {
        if (!done_) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    }
    void commit() {
        exec(db_, "COMMIT", "");
        done_ = true;
    }

  private:
    sqlite3* db_;
    bool done_ = false;
};

// Opens PATH as a sound database of this version (made when empty); null and *why when it
// is not one.
sqlite3* open_sound(const std::string& path, std::string* why) {
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) !=
        SQLITE_OK) {
        *why = db ? sqlite3_errmsg(db) : "out of memory";
        sqlite3_close_v2(db);
        return nullptr;
    }
    sqlite3_busy_timeout(db, 2000);
    try {
        Statement check(db, "PRAGMA quick_check");
        if (!check.next() || check.text(0) != "ok") {
            *why = "it fails SQLite's check: " + check.text(0);
            sqlite3_close_v2(db);
            return nullptr;
        }
        Statement version(db, "PRAGMA user_version");
        version.next();
        const std::int64_t v = version.integer(0);
        if (v > kVersion) {
            *why = fmt::format("it is of version {}, newer than this build's {}", v, kVersion);
            sqlite3_close_v2(db);
            return nullptr;
        }
    } catch (const std::exception& e) {
        *why = e.what(); // "file is not a database"
        sqlite3_close_v2(db);
        return nullptr;
    }
    return db;
}

// A copy of an open database at `to`, written beside it and renamed into place.
void back_up(sqlite3* db, const std::string& to) {
    const std::string temp = to + ".tmp";
    std::remove(temp.c_str());
    sqlite3* copy = nullptr;
    if (sqlite3_open(temp.c_str(), &copy) == SQLITE_OK) {
        if (sqlite3_backup* b = sqlite3_backup_init(copy, "main", db, "main")) {
            sqlite3_backup_step(b, -1);
            sqlite3_backup_finish(b);
        }
        const bool ok = sqlite3_errcode(copy) == SQLITE_OK;
        sqlite3_close_v2(copy);
        if (ok && std::rename(temp.c_str(), to.c_str()) == 0) return;
    } else {
        sqlite3_close_v2(copy);
    }
    std::remove(temp.c_str()); // a backup that cannot be made is no reason to stop playing
}

} // namespace

StatsDb::StatsDb(sqlite3* db, std::string path) : db_(db), path_(std::move(path)) {}

StatsDb::~StatsDb() {
    back_up(db_, path_ + ".bak"); // the backup holds every game of a session that ended
    sqlite3_close_v2(db_);
}

void StatsDb::exec(const char* sql) const {
    io::exec(db_, sql, path_);
}

std::unique_ptr<StatsDb> StatsDb::open(const std::string& path, std::string* notice) {
    notice->clear();
    // The data folder is made on first use, as the game makes it for its saves.
    const std::filesystem::path folder = std::filesystem::path(path).parent_path();
    std::error_code ignored; // a folder that cannot be made: the open below says why
    if (!folder.empty()) std::filesystem::create_directories(folder, ignored);
    std::string why;
    sqlite3* db = open_sound(path, &why);
    if (!db) {
        if (why.find("newer than this build") != std::string::npos)
            throw std::runtime_error(fmt::format("{}: {}; not recording", path, why));
        // Set aside, then the backup of the last good open, else a new database.
        const std::string aside = detail::set_aside(path);
        *notice = fmt::format("{}: {}", path, why);
        const std::string backup = path + ".bak";
        std::string backup_why;
        sqlite3* from = detail::exists(backup) ? open_sound(backup, &backup_why) : nullptr;
        if (from) {
            back_up(from, path);
            sqlite3_close_v2(from);
            *notice += "; " + aside + "; using the backup";
        } else {
            *notice += "; " + aside + "; starting a new record";
        }
        db = open_sound(path, &why);
        if (!db) throw std::runtime_error(fmt::format("cannot open {}: {}", path, why));
    }
    std::unique_ptr<StatsDb> s(new StatsDb(db, path));
    // Every commit reaches the disk before it returns; the rollback journal keeps the file
    // whole when a write is cut short.
    s->exec("PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;");
    s->exec(kSchema);
    s->exec(fmt::format("PRAGMA user_version = {}", kVersion).c_str());
    back_up(db, path + ".bak");
    return s;
}

std::int64_t StatsDb::begin_game(const std::string& kind, const std::array<std::string, 2>& players,
                                 std::int64_t unix_time) {
    Transaction t(db_);
    Statement game(db_, "INSERT INTO games(kind, started) VALUES(?, ?)");
    game.bind(1, kind).bind(2, unix_time).next();
    const std::int64_t id = sqlite3_last_insert_rowid(db_);
    for (int seat = 0; seat < 2; ++seat) {
        const std::string name = recorded_name(players[static_cast<std::size_t>(seat)], seat);
        Statement add(db_, "INSERT OR IGNORE INTO players(name) VALUES(?)");
        add.bind(1, name).next();
        Statement s(db_, "INSERT INTO seats(game, seat, player) "
                         "SELECT ?, ?, id FROM players WHERE name = ?");
        s.bind(1, id).bind(2, seat).bind(3, name).next();
    }
    t.commit();
    return id;
}

void StatsDb::add_shot(std::int64_t game, const RecordedShot& shot) {
    std::string pocketed;
    for (int b : shot.pocketed)
        pocketed += (pocketed.empty() ? "" : ",") + std::to_string(b);
    Transaction t(db_);
    Statement s(db_, "INSERT INTO shots(game, number, seat, pot_attempt, potted, safety, foul, "
                     "points, pocketed) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?)");
    s.bind(1, game)
        .bind(2, shot.number)
        .bind(3, shot.seat)
        .bind(4, shot.pot_attempt)
        .bind(5, shot.potted)
        .bind(6, shot.safety)
        .bind(7, shot.foul)
        .bind(8, shot.points)
        .bind(9, pocketed)
        .next();
    t.commit();
}

void StatsDb::end_game(std::int64_t game, int winner, const std::array<SeatRecord, 2>& seats,
                       bool break_and_run, int breaker) {
    Transaction t(db_);
    Statement g(db_, "UPDATE games SET finished = 1, winner = ?, breaker = ?, break_and_run = ? "
                     "WHERE id = ?");
    g.bind(1, winner).bind(2, breaker).bind(3, break_and_run).bind(4, game).next();
    for (int seat = 0; seat < 2; ++seat) {
        const SeatRecord& r = seats[static_cast<std::size_t>(seat)];
        Statement s(db_, "UPDATE seats SET shots = ?, pot_attempts = ?, pots = ?, safeties = ?, "
                         "fouls = ?, visits = ?, points = ?, high_run = ? "
                         "WHERE game = ? AND seat = ?");
        s.bind(1, r.shots)
            .bind(2, r.pot_attempts)
            .bind(3, r.pots)
            .bind(4, r.safeties)
            .bind(5, r.fouls)
            .bind(6, r.visits)
            .bind(7, r.points)
            .bind(8, r.high_run)
            .bind(9, game)
            .bind(10, seat)
            .next();
    }
    t.commit();
}

std::vector<PlayerRecord> StatsDb::players(const std::string& name) const {
    Statement q(db_, "SELECT p.name, g.kind, COUNT(*), SUM(g.winner = s.seat), SUM(s.shots), "
                     "SUM(s.pot_attempts), SUM(s.pots), SUM(s.safeties), SUM(s.fouls), "
                     "SUM(g.break_and_run AND g.winner = s.seat), SUM(s.visits), SUM(s.points), "
                     "MAX(s.high_run) "
                     "FROM seats s JOIN games g ON g.id = s.game JOIN players p ON p.id = s.player "
                     "WHERE g.finished = 1 AND (? = '' OR p.name = ?) "
                     "GROUP BY p.name, g.kind ORDER BY p.name, g.kind");
    q.bind(1, name).bind(2, name);
    std::vector<PlayerRecord> out;
    while (q.next()) {
        if (out.empty() || out.back().name != q.text(0)) out.push_back({q.text(0), 0, 0, {}});
        KindRecord k;
        k.kind = q.text(1);
        auto n = [&](int c) { return static_cast<int>(q.integer(c)); };
        k.games = n(2);
        k.wins = n(3);
        k.shots = n(4);
        k.pot_attempts = n(5);
        k.pots = n(6);
        k.safeties = n(7);
        k.fouls = n(8);
        k.break_and_runs = n(9);
        k.visits = n(10);
        k.points = n(11);
        k.high_run = n(12);
        out.back().games += k.games;
        out.back().wins += k.wins;
        out.back().kinds.push_back(k);
    }
    return out;
}

int StatsDb::shots_of(std::int64_t game) const {
    Statement q(db_, "SELECT COUNT(*) FROM shots WHERE game = ?");
    q.bind(1, game).next();
    return static_cast<int>(q.integer(0));
}

std::optional<GameInfo> StatsDb::game_info(std::int64_t game) const {
    Statement q(db_, "SELECT kind, started, finished FROM games WHERE id = ?");
    q.bind(1, game);
    if (!q.next()) return std::nullopt;
    GameInfo info;
    info.kind = q.text(0);
    info.started = q.integer(1);
    info.finished = q.integer(2) != 0;
    Statement seats(db_, "SELECT s.seat, p.name FROM seats s JOIN players p ON p.id = s.player "
                         "WHERE s.game = ? ORDER BY s.seat");
    seats.bind(1, game);
    while (seats.next())
        if (const std::int64_t seat = seats.integer(0); seat == 0 || seat == 1)
            info.players[static_cast<std::size_t>(seat)] = seats.text(1);
    info.shots = shots_of(game);
    return info;
}

std::vector<std::int64_t> StatsDb::game_ids() const {
    Statement q(db_, "SELECT id FROM games ORDER BY id");
    std::vector<std::int64_t> out;
    while (q.next())
        out.push_back(q.integer(0));
    return out;
}

std::vector<GameRow> StatsDb::recent_games(const std::string& player, int limit) const {
    Statement q(db_, "SELECT g.id, g.started, g.kind, g.winner = s.seat, s.shots, s.pot_attempts, "
                     "s.pots, s.fouls, s.visits, s.points, s.high_run "
                     "FROM seats s JOIN games g ON g.id = s.game JOIN players p ON p.id = s.player "
                     "WHERE g.finished = 1 AND p.name = ? ORDER BY g.id DESC LIMIT ?");
    q.bind(1, player).bind(2, static_cast<std::int64_t>(limit));
    std::vector<GameRow> out;
    while (q.next()) {
        auto n = [&](int c) { return static_cast<int>(q.integer(c)); };
        GameRow r;
        r.id = q.integer(0);
        r.started = q.integer(1);
        r.kind = q.text(2);
        r.won = q.integer(3) != 0;
        r.shots = n(4);
        r.pot_attempts = n(5);
        r.pots = n(6);
        r.fouls = n(7);
        r.visits = n(8);
        r.points = n(9);
        r.high_run = n(10);
        out.push_back(r);
    }
    std::reverse(out.begin(), out.end());
    return out;
}

std::vector<std::string> StatsDb::player_names() const {
    Statement q(db_, "SELECT name FROM players ORDER BY name");
    std::vector<std::string> out;
    while (q.next())
        out.push_back(q.text(0));
    return out;
}

void StatsDb::add_drill_score(const DrillScore& score) {
    const std::string name = score.player.empty() ? "Player 1" : score.player;
    Transaction t(db_);
    Statement add(db_, "INSERT OR IGNORE INTO players(name) VALUES(?)");
    add.bind(1, name).next();
    Statement s(db_, "INSERT INTO drill_scores(drill, player, score, best_possible, attempts, "
                     "played) SELECT ?, id, ?, ?, ?, ? FROM players WHERE name = ?");
    s.bind(1, score.drill)
        .bind_real(2, score.score)
        .bind_real(3, score.best_possible)
        .bind(4, static_cast<std::int64_t>(score.attempts))
        .bind(5, score.played)
        .bind(6, name)
        .next();
    t.commit();
}

std::vector<DrillScore> StatsDb::best_drill_scores(const std::string& player) const {
    // The best run of each drill; of equal scores the first played.
    Statement q(db_, "SELECT d.drill, p.name, d.score, d.best_possible, d.attempts, d.played "
                     "FROM drill_scores d JOIN players p ON p.id = d.player "
                     "WHERE (? = '' OR p.name = ?) ORDER BY d.drill, d.score DESC, d.id");
    q.bind(1, player).bind(2, player);
    std::vector<DrillScore> out;
    while (q.next()) {
        if (!out.empty() && out.back().drill == q.text(0)) continue;
        DrillScore s;
        s.drill = q.text(0);
        s.player = q.text(1);
        s.score = q.real(2);
        s.best_possible = q.real(3);
        s.attempts = static_cast<int>(q.integer(4));
        s.played = q.integer(5);
        out.push_back(s);
    }
    return out;
}

std::string recorded_name(const std::string& name, int seat) {
    return name.empty() ? fmt::format("Player {}", seat + 1) : name;
}

std::string stats_to_json(const std::vector<PlayerRecord>& players) {
    nlohmann::ordered_json doc;
    doc["players"] = nlohmann::ordered_json::array();
    for (const PlayerRecord& p : players) {
        nlohmann::ordered_json j;
        j["name"] = p.name;
        j["games"] = p.games;
        j["wins"] = p.wins;
        j["kinds"] = nlohmann::ordered_json::array();
        for (const KindRecord& k : p.kinds) {
            nlohmann::ordered_json kj;
            kj["kind"] = k.kind;
            kj["games"] = k.games;
            kj["wins"] = k.wins;
            kj["shots"] = k.shots;
            kj["pot_attempts"] = k.pot_attempts;
            kj["pots"] = k.pots;
            kj["pot_success"] = k.pot_attempts ? static_cast<double>(k.pots) / k.pot_attempts : 0.0;
            kj["safeties"] = k.safeties;
            kj["fouls"] = k.fouls;
            kj["break_and_runs"] = k.break_and_runs;
            kj["high_run"] = k.high_run;
            kj["points_per_visit"] = k.visits ? static_cast<double>(k.points) / k.visits : 0.0;
            j["kinds"].push_back(kj);
        }
        doc["players"].push_back(j);
    }
    return doc.dump(2) + "\n";
}

} // namespace billiards::io

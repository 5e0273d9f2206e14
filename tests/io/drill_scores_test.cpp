// The statistics database's drill scores (the best run per drill and player, kept across
// sessions), a database of the first version opened by this one (its games kept, the drills'
// table added), and the recorder that the headless matches and the game share.
#include <gtest/gtest.h>

#include <filesystem>

#include <sqlite3.h>

#include "io/stats_db.hpp"
#include "io/stats_recorder.hpp"
#include "io_test_util.hpp"

namespace {

using namespace billiards;
namespace fs = std::filesystem;

std::unique_ptr<io::StatsDb> open(const fs::path& p) {
    std::string notice;
    auto db = io::StatsDb::open(p.string(), &notice);
    EXPECT_EQ(notice, "");
    return db;
}

io::DrillScore run(const std::string& drill, const std::string& player, double score) {
    io::DrillScore s;
    s.drill = drill;
    s.player = player;
    s.score = score;
    s.best_possible = 50.0;
    s.attempts = 5;
    s.played = 1700000000;
    return s;
}

TEST(DrillScores, TheBestRunOfEachDrillIsKeptPerPlayer) {
    const io_test::TempDir dir("drill-best");
    const fs::path path = dir.path() / "stats.sqlite3";
    {
        auto db = open(path);
        db->add_drill_score(run("stop-shot", "Ann", 31.5));
        db->add_drill_score(run("stop-shot", "Ann", 42.25));
        db->add_drill_score(run("stop-shot", "Ann", 12.0));
        db->add_drill_score(run("lag", "Ann", 7.0));
        db->add_drill_score(run("stop-shot", "Bob", 48.0));
    }
    auto db = open(path); // read back by a new connection
    const std::vector<io::DrillScore> ann = db->best_drill_scores("Ann");
    ASSERT_EQ(ann.size(), 2u);
    EXPECT_EQ(ann[0].drill, "lag");
    EXPECT_EQ(ann[0].score, 7.0);
    EXPECT_EQ(ann[1].drill, "stop-shot");
    EXPECT_EQ(ann[1].score, 42.25);
    EXPECT_EQ(ann[1].best_possible, 50.0);
    EXPECT_EQ(ann[1].attempts, 5);
    const std::vector<io::DrillScore> anyone = db->best_drill_scores();
    ASSERT_EQ(anyone.size(), 2u);
    EXPECT_EQ(anyone[1].player, "Bob");
    EXPECT_EQ(anyone[1].score, 48.0);
    // A player with drills only is a name the statistics screen offers.
    EXPECT_EQ(db->player_names(), (std::vector<std::string>{"Ann", "Bob"}));
}

TEST(DrillScores, AFirstVersionDatabaseKeepsItsGamesAndGainsTheDrills) {
    const io_test::TempDir dir("drill-v1");
    const fs::path path = dir.path() / "stats.sqlite3";
    // The first version's schema, as a build before the drills wrote it, with one game.
    sqlite3* raw = nullptr;
    ASSERT_EQ(sqlite3_open(path.string().c_str(), &raw), SQLITE_OK);
    const char* v1 = R"sql(
        CREATE TABLE players(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
        CREATE TABLE games(id INTEGER PRIMARY KEY, kind TEXT NOT NULL, started INTEGER NOT NULL,
            finished INTEGER NOT NULL DEFAULT 0, winner INTEGER, breaker INTEGER,
            break_and_run INTEGER NOT NULL DEFAULT 0);
        CREATE TABLE seats(game INTEGER NOT NULL REFERENCES games(id), seat INTEGER NOT NULL,
            player INTEGER NOT NULL REFERENCES players(id), shots INTEGER NOT NULL DEFAULT 0,
            pot_attempts INTEGER NOT NULL DEFAULT 0, pots INTEGER NOT NULL DEFAULT 0,
            safeties INTEGER NOT NULL DEFAULT 0, fouls INTEGER NOT NULL DEFAULT 0,
            visits INTEGER NOT NULL DEFAULT 0, points INTEGER NOT NULL DEFAULT 0,
            high_run INTEGER NOT NULL DEFAULT 0, PRIMARY KEY(game, seat));
        CREATE TABLE shots(game INTEGER NOT NULL REFERENCES games(id), number INTEGER NOT NULL,
            seat INTEGER NOT NULL, pot_attempt INTEGER NOT NULL, potted INTEGER NOT NULL,
            safety INTEGER NOT NULL, foul INTEGER NOT NULL, points INTEGER NOT NULL,
            pocketed TEXT NOT NULL, PRIMARY KEY(game, number));
        INSERT INTO players VALUES(1, 'Ann'), (2, 'Bob');
        INSERT INTO games VALUES(1, '9-ball', 1600000000, 1, 0, 0, 0);
        INSERT INTO seats VALUES(1, 0, 1, 5, 4, 3, 1, 0, 2, 3, 2), (1, 1, 2, 2, 2, 1, 0, 1, 1, 1, 1);
        PRAGMA user_version = 1;
    )sql";
    ASSERT_EQ(sqlite3_exec(raw, v1, nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close_v2(raw);

    auto db = open(path);
    const std::vector<io::PlayerRecord> ann = db->players("Ann");
    ASSERT_EQ(ann.size(), 1u);
    EXPECT_EQ(ann[0].games, 1);
    EXPECT_EQ(ann[0].wins, 1);
    EXPECT_EQ(ann[0].kinds[0].pots, 3);
    db->add_drill_score(run("lag", "Ann", 9.5));
    EXPECT_EQ(db->best_drill_scores("Ann").at(0).score, 9.5);
    db.reset();
    ASSERT_EQ(sqlite3_open(path.string().c_str(), &raw), SQLITE_OK);
    sqlite3_stmt* q = nullptr;
    ASSERT_EQ(sqlite3_prepare_v2(raw, "PRAGMA user_version", -1, &q, nullptr), SQLITE_OK);
    ASSERT_EQ(sqlite3_step(q), SQLITE_ROW);
    EXPECT_EQ(sqlite3_column_int(q, 0), 2);
    sqlite3_finalize(q);
    sqlite3_close_v2(raw);
}

TEST(GameRecorder, WritesEachShotAndTheGamesShareOfTheTally) {
    const io_test::TempDir dir("recorder");
    auto db = open(dir.path() / "stats.sqlite3");
    game::MatchStats stats;
    // A game before this one: its shots are not this game's.
    stats.begin_game(0);
    stats.add({0, true, false, true, false, 1});
    stats.end_game(0);

    io::GameRecorder rec(*db);
    stats.begin_game(1);
    rec.begin("8-ball", {"Ann", "Bob"}, stats, 1, 1700000000);
    const game::ShotFacts shots[] = {{1, true, false, true, false, 1},
                                     {1, true, false, false, false, 0},
                                     {0, true, false, true, false, 1},
                                     {0, false, true, false, true, 0}};
    for (const game::ShotFacts& f : shots) {
        stats.add(f);
        rec.shot(f);
    }
    EXPECT_EQ(db->shots_of(rec.game()), 4);
    rec.end(stats, 0, stats.end_game(0));
    EXPECT_FALSE(rec.in_game());
    const std::vector<io::GameRow> ann = db->recent_games("Ann", 10);
    ASSERT_EQ(ann.size(), 1u);
    EXPECT_TRUE(ann[0].won);
    EXPECT_EQ(ann[0].kind, "8-ball");
    EXPECT_EQ(ann[0].shots, 2); // this game's, not the one before
    EXPECT_EQ(ann[0].pot_attempts, 1);
    EXPECT_EQ(ann[0].pots, 1);
    EXPECT_EQ(ann[0].fouls, 1);
    const std::vector<io::GameRow> bob = db->recent_games("Bob", 10);
    ASSERT_EQ(bob.size(), 1u);
    EXPECT_FALSE(bob[0].won);
    EXPECT_EQ(bob[0].pots, 1);
    EXPECT_EQ(bob[0].pot_attempts, 2);
}

} // namespace

// The statistics database: what it sums per player and kind of game; a crash loses at most
// the shot in flight; a full disk refuses the shot and keeps every earlier record; a broken
// file is set aside and the backup used.
#include <gtest/gtest.h>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>
#include <sqlite3.h>

#include "io/stats_db.hpp"
#include "io_test_util.hpp"

namespace {

using namespace billiards;
namespace fs = std::filesystem;

io::RecordedShot shot(int number, int seat, bool potted) {
    io::RecordedShot s;
    s.number = number;
    s.seat = seat;
    s.pot_attempt = true;
    s.potted = potted;
    s.points = potted ? 1 : 0;
    if (potted) s.pocketed = {number};
    return s;
}

io::SeatRecord seat(const std::string& name, int shots, int attempts, int pots, int high) {
    io::SeatRecord r;
    r.player = name;
    r.shots = shots;
    r.pot_attempts = attempts;
    r.pots = pots;
    r.visits = 2;
    r.points = pots;
    r.high_run = high;
    return r;
}

std::unique_ptr<io::StatsDb> open(const fs::path& p) {
    std::string notice;
    auto db = io::StatsDb::open(p.string(), &notice);
    EXPECT_EQ(notice, "");
    return db;
}

TEST(StatsDb, SumsEachPlayersGamesByKind) {
    const io_test::TempDir dir("stats");
    const fs::path path = dir.path() / "stats.sqlite3";
    {
        auto db = open(path);
        const auto g1 = db->begin_game("8-ball", {"Ann", "Bob"}, 1000);
        for (int i = 1; i <= 3; ++i)
            db->add_shot(g1, shot(i, 0, i < 3));
        db->end_game(g1, 0, {seat("Ann", 3, 3, 2, 2), seat("Bob", 0, 0, 0, 0)}, true, 0);
        const auto g2 = db->begin_game("8-ball", {"Bob", "Ann"}, 2000);
        db->end_game(g2, 0, {seat("Bob", 4, 4, 4, 4), seat("Ann", 2, 2, 0, 0)}, false, 0);
        const auto g3 = db->begin_game("snooker", {"Ann", ""}, 3000);
        db->end_game(g3, 1, {seat("Ann", 5, 5, 3, 35), seat("", 6, 6, 4, 47)}, false, 0);
        db->begin_game("8-ball", {"Ann", "Bob"}, 4000); // not finished: not counted
        EXPECT_EQ(db->shots_of(g1), 3);
    }
    auto db = open(path); // reopened: everything is on disk
    const auto all = db->players();
    ASSERT_EQ(all.size(), 3u);
    EXPECT_EQ(all[0].name, "Ann");
    EXPECT_EQ(all[0].games, 3);
    EXPECT_EQ(all[0].wins, 1);
    ASSERT_EQ(all[0].kinds.size(), 2u);
    const io::KindRecord& pool = all[0].kinds[0];
    EXPECT_EQ(pool.kind, "8-ball");
    EXPECT_EQ(pool.games, 2);
    EXPECT_EQ(pool.wins, 1);
    EXPECT_EQ(pool.pot_attempts, 5);
    EXPECT_EQ(pool.pots, 2);
    EXPECT_EQ(pool.break_and_runs, 1);
    EXPECT_EQ(all[0].kinds[1].high_run, 35);
    EXPECT_EQ(all[1].name, "Bob");
    EXPECT_EQ(all[1].kinds[0].break_and_runs, 0); // Ann's break and run is not his
    EXPECT_EQ(all[1].wins, 1);
    EXPECT_EQ(all[2].name, "Player 2");
    EXPECT_EQ(all[2].kinds[0].high_run, 47);
    const auto bob = db->players("Bob");
    ASSERT_EQ(bob.size(), 1u);
    EXPECT_EQ(bob[0].games, 2);
    const nlohmann::json j = nlohmann::json::parse(io::stats_to_json(all));
    EXPECT_EQ(j["players"].size(), 3u);
    EXPECT_EQ(j["players"][0]["kinds"][0]["pot_success"], 0.4);
}

// A process killed while it records loses at most the shot it was writing.
TEST(StatsDb, AKilledWriterLosesAtMostTheShotInFlight) {
    const io_test::TempDir dir("stats-kill");
    const fs::path path = dir.path() / "stats.sqlite3";
    std::int64_t game = 0;
    {
        auto db = open(path);
        game = db->begin_game("9-ball", {"Ann", "Bob"}, 1);
    }
    int report[2];
    ASSERT_EQ(pipe(report), 0);
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        close(report[0]);
        std::string notice;
        auto db = io::StatsDb::open(path.string(), &notice);
        for (int n = 1; n < 100000; ++n) {
            db->add_shot(game, shot(n, n % 2, n % 3 == 0));
            if (write(report[1], &n, sizeof n) != sizeof n) _exit(3);
        }
        _exit(0);
    }
    close(report[1]);
    int committed = 0, n = 0;
    while (committed < 40 && read(report[0], &n, sizeof n) == sizeof n)
        committed = n;
    kill(child, SIGKILL);
    while (read(report[0], &n, sizeof n) == sizeof n)
        committed = n; // what it reported before it died
    close(report[0]);
    int status = 0;
    waitpid(child, &status, 0);
    ASSERT_TRUE(WIFSIGNALED(status));
    auto db = open(path); // sound: no notice
    const int kept = db->shots_of(game);
    EXPECT_GE(kept, committed);
    EXPECT_LE(kept, committed + 1);
}

// With no room for one more byte, a shot is refused and the record stays as it was.
TEST(StatsDb, AFullDiskRefusesTheShotAndKeepsTheRecord) {
    const io_test::TempDir dir("stats-full");
    const fs::path path = dir.path() / "stats.sqlite3";
    std::int64_t game = 0;
    {
        auto db = open(path);
        game = db->begin_game("8-ball", {"Ann", "Bob"}, 1);
        db->add_shot(game, shot(1, 0, true));
    }
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        std::string notice;
        auto db = io::StatsDb::open(path.string(), &notice);
        // Every write from here fails as on a full disk (EFBIG, SIGXFSZ ignored).
        std::signal(SIGXFSZ, SIG_IGN);
        const rlimit none{0, 0};
        setrlimit(RLIMIT_FSIZE, &none);
        try {
            db->add_shot(game, shot(2, 1, false));
        } catch (const std::runtime_error&) {
            _exit(7); // refused, as it should be
        }
        _exit(0);
    }
    int status = 0;
    waitpid(child, &status, 0);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 7);
    auto db = open(path);
    EXPECT_EQ(db->shots_of(game), 1);
}

TEST(StatsDb, ABrokenFileIsSetAsideAndTheBackupUsed) {
    const io_test::TempDir dir("stats-broken");
    const fs::path path = dir.path() / "stats.sqlite3";
    {
        auto db = open(path);
        const auto g = db->begin_game("snooker", {"Ann", "Bob"}, 1);
        db->end_game(g, 0, {seat("Ann", 1, 1, 1, 1), seat("Bob", 1, 1, 0, 0)}, false, 0);
    } // the open made stats.sqlite3.bak
    io_test::spit(path, "not a database at all, just text that is long enough to be read");
    std::string notice;
    auto db = io::StatsDb::open(path.string(), &notice);
    EXPECT_NE(notice.find("kept as " + path.string() + ".corrupt"), std::string::npos) << notice;
    EXPECT_NE(notice.find("using the backup"), std::string::npos) << notice;
    EXPECT_TRUE(fs::exists(path.string() + ".corrupt"));
    ASSERT_EQ(db->players().size(), 2u);
    db.reset();
    // No backup either: a new record, and the broken file kept.
    fs::remove(path.string() + ".bak");
    io_test::spit(path, "broken again");
    db = io::StatsDb::open(path.string(), &notice);
    EXPECT_NE(notice.find("starting a new record"), std::string::npos) << notice;
    EXPECT_TRUE(fs::exists(path.string() + ".corrupt-2"));
    EXPECT_TRUE(db->players().empty());
}

TEST(StatsDb, ANewerVersionIsLeftAlone) {
    const io_test::TempDir dir("stats-newer");
    const fs::path path = dir.path() / "stats.sqlite3";
    open(path).reset();
    sqlite3* raw = nullptr;
    ASSERT_EQ(sqlite3_open(path.string().c_str(), &raw), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(raw, "PRAGMA user_version = 9", nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close_v2(raw);
    std::string notice;
    try {
        (void)io::StatsDb::open(path.string(), &notice);
        ADD_FAILURE() << "opened a newer database";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("newer than this build's 2"), std::string::npos)
            << e.what();
    }
    EXPECT_FALSE(fs::exists(path.string() + ".corrupt"));
}

} // namespace

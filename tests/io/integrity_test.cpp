// Files under interruption and sharing: a signal in the middle of a write removes its
// temporary file, a stale temporary file is cleaned, a data folder has one owner at a time;
// and the one strict reader of numbers on the command line.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <thread>

#include "io/arguments.hpp"
#include "io/scenario.hpp"
#include "io/user_files.hpp"
#include "io_test_util.hpp"

namespace {

using namespace billiards;
namespace fs = std::filesystem;

std::size_t entries(const fs::path& dir) {
    return static_cast<std::size_t>(
        std::distance(fs::directory_iterator(dir), fs::directory_iterator{}));
}

// A child writes a large file; once its temporary file is there the parent sends the
// signal: the child ends by that signal, and neither the temporary file nor a target is
// left. (Without the handler the temporary file stays.)
TEST(Integrity, SignalDuringAWriteRemovesTheTemporaryFile) {
    for (const int sig : {SIGINT, SIGTERM, SIGHUP}) {
        const io_test::TempDir dir("signal-" + std::to_string(sig));
        const fs::path target = dir.path() / "big.json";
        const pid_t pid = ::fork();
        ASSERT_GE(pid, 0);
        if (pid == 0) {
            io::remove_temporaries_on_signals();
            const std::string big(64u << 20, 'x'); // long enough to be caught in the act
            for (;;)
                io::write_file_atomic(target.string(), big);
        }
        const fs::path tmp = target.string() + ".tmp";
        bool seen = false;
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        while (!seen && std::chrono::steady_clock::now() < deadline) {
            seen = fs::exists(tmp);
            if (!seen) std::this_thread::sleep_for(std::chrono::microseconds(100));
        }
        ::kill(pid, sig);
        int status = 0;
        ASSERT_EQ(::waitpid(pid, &status, 0), pid);
        ASSERT_TRUE(seen);
        ASSERT_TRUE(WIFSIGNALED(status)) << status;
        EXPECT_EQ(WTERMSIG(status), sig);
        EXPECT_FALSE(fs::exists(tmp));
        // Nothing but a whole target, if a write had finished.
        for (const auto& e : fs::directory_iterator(dir.path())) {
            EXPECT_EQ(e.path(), target);
            EXPECT_EQ(fs::file_size(e.path()), 64u << 20);
        }
    }
}

TEST(Integrity, StaleTemporaryFileIsRemovedAndAFreshOneKept) {
    const io_test::TempDir dir("stale");
    const fs::path target = dir.path() / "out.json";
    const fs::path tmp = target.string() + ".tmp";
    io_test::spit(tmp, "half a fi");
    // Fresh: it may be another writer's, between its create and its lock; left alone.
    io::write_file_atomic(target.string(), "new\n");
    EXPECT_EQ(io_test::slurp(target), "new\n");
    EXPECT_EQ(io_test::slurp(tmp), "half a fi");
    EXPECT_EQ(entries(dir.path()), 2u);
    // An hour old and nobody holds it: a killed writer's, removed and the name used again.
    fs::last_write_time(tmp, fs::file_time_type::clock::now() - std::chrono::hours(1));
    io::write_file_atomic(target.string(), "newer\n");
    EXPECT_EQ(io_test::slurp(target), "newer\n");
    EXPECT_FALSE(fs::exists(tmp));
    EXPECT_EQ(entries(dir.path()), 1u);
}

TEST(Integrity, OneGameAtATimeOwnsADataFolder) {
    const io_test::TempDir dir("lock");
    const fs::path home = dir.path() / "home"; // made by the lock
    {
        const io::FolderLock first(home.string());
        EXPECT_TRUE(first.held());
        EXPECT_EQ(first.problem(), "");
        const io::FolderLock second(home.string());
        EXPECT_FALSE(second.held());
        EXPECT_TRUE(second.busy());
        EXPECT_EQ(second.problem(), home.string() + " is in use by another billiards game");
    }
    // Released with its owner.
    const io::FolderLock third(home.string());
    EXPECT_TRUE(third.held());
    EXPECT_TRUE(fs::is_regular_file(home / "billiards.lock"));
    // A folder that cannot be made: not held, not busy, and why.
    io_test::spit(dir.path() / "file", "x");
    const io::FolderLock bad((dir.path() / "file" / "home").string());
    EXPECT_FALSE(bad.held());
    EXPECT_FALSE(bad.busy());
    EXPECT_EQ(bad.problem().rfind("cannot lock ", 0), 0u) << bad.problem();
}

TEST(Integrity, WholeNumbersAreDecimalDigitsOnly) {
    std::int64_t v = 7;
    for (const char* text : {"0x10", "0X1f", "+3", " 2", "2 ", "1e3", "", "-", "1.0", "٣"}) {
        SCOPED_TRACE(text);
        EXPECT_EQ(io::parse_whole_number(text, std::int64_t{1}, std::int64_t{4096}, v),
                  "'" + std::string(text) +
                      "' is not a whole number (decimal digits only): must be an integer "
                      "between 1 and 4096");
        EXPECT_EQ(v, 7);
    }
    EXPECT_EQ(io::parse_whole_number("4097", std::int64_t{1}, std::int64_t{4096}, v),
              "must be an integer between 1 and 4096, got '4097'");
    EXPECT_EQ(
        io::parse_whole_number("99999999999999999999", std::int64_t{1}, std::int64_t{4096}, v),
        "must be an integer between 1 and 4096, got '99999999999999999999'");
    EXPECT_EQ(io::parse_whole_number("4096", std::int64_t{1}, std::int64_t{4096}, v), "");
    EXPECT_EQ(v, 4096);
    EXPECT_EQ(io::parse_whole_number("-12", std::int64_t{-20}, std::int64_t{0}, v), "");
    EXPECT_EQ(v, -12);
    std::uint64_t u = 0;
    EXPECT_EQ(io::parse_whole_number("-1", std::uint64_t{0}, UINT64_MAX, u),
              "must be an integer between 0 and 18446744073709551615, got '-1'");
    EXPECT_EQ(io::parse_whole_number("18446744073709551615", std::uint64_t{0}, UINT64_MAX, u), "");
    EXPECT_EQ(u, UINT64_MAX);
    double d = 0.5;
    for (const char* text : {"nan", "inf", "-1", "0x1p3", " 1", "2"}) {
        SCOPED_TRACE(text);
        EXPECT_NE(io::parse_real_number(text, 0.0, 1.0, d), "");
        EXPECT_EQ(d, 0.5);
    }
    EXPECT_EQ(io::parse_real_number("0.25", 0.0, 1.0, d), "");
    EXPECT_EQ(d, 0.25);
}

} // namespace

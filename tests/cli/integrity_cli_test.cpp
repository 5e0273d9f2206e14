// The command line under interruptions and mistakes, through the real binary: a signal in
// the middle of a write, a closed standard output, integer options spelt loosely, a run
// that would never end (the work cap).
#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "cli_fixture.hpp"

namespace {

namespace fs = std::filesystem;
using billiards::test::Outcome;
using billiards::test::slurp;

using billiards::test::quoted_example;
using billiards::test::spit;

const char* const kScenario = R"({"format": "billiards-scenario/1", "table": "pool-9ft",
  "balls": [{"id": 0, "position": [-0.5, 0]}, {"id": 1, "position": [0.5, 0.1]}],
  "shot": {"ball": 0, "heading": 0, "speed": 2}})";

std::vector<fs::path> temporaries(const fs::path& dir) {
    std::vector<fs::path> found;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dir, ec))
        if (e.path().extension() == ".tmp") found.push_back(e.path());
    return found;
}

class IntegrityCli : public billiards::test::CliTest {
  protected:
    // `billiards ARGS...` started in work/ with its output to files; returns its pid.
    pid_t start(const std::vector<std::string>& args) const {
        const std::string dir = work("").string();
        const std::string out = (work("").parent_path().parent_path() / "bg-out").string();
        const pid_t pid = ::fork();
        if (pid == 0) {
            if (::chdir(dir.c_str()) != 0) ::_exit(127);
            const int fd = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            if (fd >= 0) {
                ::dup2(fd, 1);
                ::dup2(fd, 2);
            }
            std::vector<char*> argv;
            static std::string exe = BILLIARDS_EXE;
            argv.push_back(exe.data());
            std::vector<std::string> copy = args;
            for (std::string& a : copy)
                argv.push_back(a.data());
            argv.push_back(nullptr);
            ::execv(BILLIARDS_EXE, argv.data());
            ::_exit(127);
        }
        return pid;
    }
};

// ---- a signal in the middle of a write ----

// Ctrl+C (SIGINT) or a kill (SIGTERM) while batch writes a large result: the temporary file
// is removed, every result file there is complete, and the process ends by that signal.
TEST_F(IntegrityCli, SignalDuringBatchLeavesNoTemporaryFile) {
    for (const int sig : {SIGINT, SIGTERM}) {
        SCOPED_TRACE(sig == SIGINT ? "SIGINT" : "SIGTERM");
        const fs::path out = work("out-" + std::to_string(sig));
        // pi-digits-5 with --events: 2.4 MB of result each, written and synced one by one
        // (--jobs 1), so a temporary file is there for a while every time.
        std::vector<std::string> args = {"batch",    "--jobs", "1",
                                         "--events", "--out",  out.filename().string()};
        for (int k = 0; k < 60; ++k) {
            const fs::path copy = work("pi-" + std::to_string(k) + ".json");
            fs::copy_file(fs::path(BILLIARDS_SCENARIO_DIR) / "pi-digits-5.json", copy,
                          fs::copy_options::overwrite_existing);
            args.push_back(copy.filename().string());
        }
        const pid_t pid = start(args);
        ASSERT_GT(pid, 0);
        // Wait (bounded) until a temporary file is being written, then interrupt.
        bool seen = false;
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
        while (!seen && std::chrono::steady_clock::now() < deadline) {
            seen = !temporaries(out).empty();
            if (!seen) std::this_thread::sleep_for(std::chrono::microseconds(200));
        }
        ::kill(pid, sig);
        int status = 0;
        ASSERT_EQ(::waitpid(pid, &status, 0), pid);
        ASSERT_TRUE(seen) << "no temporary file appeared within the time limit";
        ASSERT_TRUE(WIFSIGNALED(status)) << "status " << status;
        EXPECT_EQ(WTERMSIG(status), sig);
        EXPECT_TRUE(temporaries(out).empty()) << temporaries(out).front();
        // Whatever result is there is whole.
        for (const auto& e : fs::directory_iterator(out)) {
            const std::string text = slurp(e.path());
            EXPECT_TRUE(nlohmann::json::accept(text)) << e.path();
        }
    }
}

// A write's temporary file left by a killed process (SIGKILL cannot be caught) is not the
// next run's problem: a stale PATH.tmp is removed and the name used again.
TEST_F(IntegrityCli, StaleTemporaryFileIsRemovedByTheNextWrite) {
    spit(work("s.json"), kScenario);
    spit(work("r.json.tmp"), "{\"half\": ");
    const auto old = fs::file_time_type::clock::now() - std::chrono::minutes(5);
    fs::last_write_time(work("r.json.tmp"), old);
    const Outcome r = run("simulate s.json --out r.json");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(nlohmann::json::accept(slurp(work("r.json"))));
    EXPECT_FALSE(fs::exists(work("r.json.tmp")));
    EXPECT_EQ(files_in_work(), 2u); // s.json, r.json: no other temporary name either
}

// ---- a closed standard output ----

TEST_F(IntegrityCli, ClosedStandardOutputIsExitOneWithAMessage) {
    // Far more than a pipe holds (2.4 MB of events), so the write fails once head has gone.
    const Outcome r = shell("( '" BILLIARDS_EXE "' simulate " + quoted_example("pi-digits-5.json") +
                            " --events 2>../pipe-err; echo $? >../pipe-status ) | head -c 10");
    ASSERT_EQ(r.code, 0);
    EXPECT_EQ(r.out.size(), 10u);
    EXPECT_EQ(slurp(work("").parent_path().parent_path() / "pipe-status"), "1\n");
    EXPECT_EQ(slurp(work("").parent_path().parent_path() / "pipe-err"),
              "billiards simulate: cannot write to standard output: Broken pipe\n");
}

// ---- integer options: decimal digits only ----

TEST_F(IntegrityCli, BatchJobsTakesDecimalDigitsOnly) {
    spit(work("s.json"), kScenario);
    struct Case {
        const char* jobs;
        const char* says;
    };
    for (const Case& c :
         {Case{"0x10", "'0x10' is not a whole number (decimal digits only): must be an integer "
                       "between 1 and 4096"},
          Case{"0X1f", "'0X1f' is not a whole number (decimal digits only): must be an integer "
                       "between 1 and 4096"},
          Case{"+3", "'+3' is not a whole number (decimal digits only): must be an integer "
                     "between 1 and 4096"},
          Case{"' 2'", "' 2' is not a whole number (decimal digits only): must be an integer "
                       "between 1 and 4096"},
          Case{"1e3", "'1e3' is not a whole number (decimal digits only): must be an integer "
                      "between 1 and 4096"},
          Case{"5000", "must be an integer between 1 and 4096, got '5000'"},
          Case{"0", "must be an integer between 1 and 4096, got '0'"}}) {
        SCOPED_TRACE(c.jobs);
        const Outcome r = run(std::string("batch s.json --out out --jobs ") + c.jobs);
        EXPECT_EQ(r.code, 2);
        EXPECT_EQ(r.err, std::string("billiards batch: --jobs: ") + c.says + "\n");
        EXPECT_FALSE(fs::exists(work("out")));
    }
    // The same reader everywhere: match, breaks, bench.
    for (const char* args : {"match --games 0x2", "match --seed +5", "breaks --racks 1e3",
                             "bench --repetitions ' 2'", "match --max-shots 0X1f"}) {
        SCOPED_TRACE(args);
        const Outcome r = run(args);
        EXPECT_EQ(r.code, 2);
        EXPECT_NE(r.err.find("is not a whole number (decimal digits only)"), std::string::npos)
            << r.err;
    }
    EXPECT_EQ(run("batch s.json --out out --jobs 2").code, 0);
}

// ---- the work cap ----

TEST_F(IntegrityCli, WorkCapStopsARunThatWouldNeverEnd) {
    // The pi billiard (pi-digits-6.json) with a mass ratio of 1e24: some 3e12 impacts, a run
    // that never ends in practice (tests/data/endless-mass-ratio.json, shared with Python's).
    spit(work("endless.json"), slurp(BILLIARDS_ENDLESS));
    const Outcome s = run("simulate endless.json --max-events 200000 --out r.json");
    EXPECT_EQ(s.code, 1);
    EXPECT_EQ(s.err.rfind("billiards simulate: endless.json: work cap reached: the run needs "
                          "more than 200000 events (--max-events 200000); stopped at t = ",
                          0),
              0u)
        << s.err;
    EXPECT_NE(s.err.find(" s with balls still moving; no result\n"), std::string::npos) << s.err;
    EXPECT_EQ(s.out, "");
    EXPECT_FALSE(fs::exists(work("r.json")));
    // batch: that scenario fails (no result file), the others are written.
    spit(work("fine.json"), kScenario);
    const Outcome b = run("batch endless.json fine.json --max-events 200000 --out out");
    EXPECT_EQ(b.code, 1);
    EXPECT_NE(b.err.find("\nendless.json: work cap reached: "), std::string::npos) << b.err;
    EXPECT_FALSE(fs::exists(work("out/endless.result.json")));
    EXPECT_TRUE(fs::exists(work("out/fine.result.json")));
}

// Under the cap, a result is the same bytes as without one; a run that needs exactly N
// events passes a cap of N and fails one of N - 1.
TEST_F(IntegrityCli, WorkCapLeavesResultsAlone) {
    const std::string scenario = quoted_example("pi-digits-5.json");
    const Outcome free = run("simulate " + scenario);
    ASSERT_EQ(free.code, 0) << free.err;
    const Outcome capped = run("simulate " + scenario + " --max-events 100000000");
    ASSERT_EQ(capped.code, 0) << capped.err;
    EXPECT_EQ(capped.out, free.out);
    spit(work("s.json"), kScenario);
    EXPECT_EQ(run("batch s.json --out a").code, 0);
    EXPECT_EQ(run("batch s.json --out b --max-events 0").code, 0);
    EXPECT_EQ(slurp(work("a/s.result.json")), slurp(work("b/s.result.json")));
    // pi-digits-5: 31415 impacts (the first five digits of pi), all in the run.
    const Outcome just = run("simulate " + scenario + " --max-events 31415");
    EXPECT_EQ(just.code, 0) << just.err;
    EXPECT_EQ(just.out, free.out);
    const Outcome short_one = run("simulate " + scenario + " --max-events 31414");
    EXPECT_EQ(short_one.code, 1) << short_one.err;
}

TEST_F(IntegrityCli, WorkCapIsAWholeNumber) {
    const Outcome r = run("simulate " + quoted_example("stun-shot.json") + " --max-events 1e6");
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.err, "billiards simulate: --max-events: '1e6' is not a whole number (decimal "
                     "digits only): must be an integer between 0 and 18446744073709551615\n");
}

} // namespace

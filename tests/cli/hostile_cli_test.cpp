// Hostile targets and inputs through the real binary: outputs onto FIFOs,
// devices, directories, links and a full disk; inputs that are FIFOs, devices, huge or
// followed by garbage; numbers out of range; batch result names that collide.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "../common/full_disk.hpp"
#include "cli_fixture.hpp"

namespace {

namespace fs = std::filesystem;
using billiards::test::Outcome;
using billiards::test::slurp;

using billiards::test::quoted_example;
using billiards::test::spit;

std::size_t lines(const std::string& s) {
    return static_cast<std::size_t>(std::count(s.begin(), s.end(), '\n'));
}

const char* const kScenario = R"({"format": "billiards-scenario/1", "table": "pool-9ft",
  "balls": [{"id": 0, "position": [-0.5, 0]}, {"id": 1, "position": [0.5, 0.1]}],
  "shot": {"ball": 0, "heading": 0, "speed": 2}})";

class HostileCli : public billiards::test::CliTest {
  protected:
    // `billiards ARGS` unable to write into disk.dir(). Under a file-size limit (no tmpfs)
    // its standard error must go through a pipe (the limit applies to every regular file it
    // writes), and comes back with the status as a last line on standard output.
    Outcome on_full_disk(const billiards::test::FullDisk& disk, const std::string& args) const {
        if (disk.mounted()) return run(args);
        Outcome r = shell("( (" + disk.shell_prefix() + "exec '" BILLIARDS_EXE "' " + args +
                          ") 2>&1 >/dev/null; echo \"status $?\" ) | cat");
        const auto last = r.out.rfind("status ");
        if (last == std::string::npos) return r;
        r.code = std::stoi(r.out.substr(last + 7));
        r.err = r.out.substr(0, last);
        r.out.clear();
        return r;
    }
};

// ---- writers ----

TEST_F(HostileCli, OutOntoAFifoIsRefusedAndKept) {
    ASSERT_EQ(::mkfifo(work("out.json").c_str(), 0644), 0);
    const std::string commands[] = {"simulate " + quoted_example("stun-shot.json"),
                                    "match --games 1 --max-shots 2",
                                    "replay '" BILLIARDS_REPLAY "'"};
    for (const std::string& c : commands) {
        const Outcome r = run(c + " --out out.json");
        EXPECT_EQ(r.code, 2) << c << "\n" << r.err;
        EXPECT_EQ(r.err, "out.json: cannot write: a FIFO, not a regular file (left as it is; "
                         "only regular files are replaced)\n")
            << c;
        EXPECT_TRUE(fs::is_fifo(work("out.json"))) << c;
        EXPECT_EQ(files_in_work(), 1u) << c;
    }
}

TEST_F(HostileCli, OutOntoADeviceOrDirectoryIsRefusedAndKept) {
    fs::create_directories(work("dir"));
    for (const char* target : {"dir", "/dev/null"}) {
        const Outcome r = run("simulate " + quoted_example("stun-shot.json") + " --out " + target);
        EXPECT_EQ(r.code, 2) << target << "\n" << r.err;
        EXPECT_EQ(lines(r.err), 1u) << r.err;
        EXPECT_NE(r.err.find("not a regular file"), std::string::npos) << r.err;
    }
    EXPECT_TRUE(fs::is_directory(work("dir")));
}

// A device node of the test's own (a copy of /dev/null), which only root may make.
TEST_F(HostileCli, OutOntoADeviceNodeIsRefusedAndKept) {
    if (::mknod(work("dev").c_str(), S_IFCHR | 0666, makedev(1, 3)) != 0)
        GTEST_SKIP() << "cannot make a device node here (mknod: " << std::strerror(errno)
                     << "; it needs root); /dev/null is tried in OutOntoADeviceOrDirectory...";
    const Outcome r = run("simulate " + quoted_example("stun-shot.json") + " --out dev");
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_EQ(lines(r.err), 1u) << r.err;
    EXPECT_NE(r.err.find("not a regular file"), std::string::npos) << r.err;
    EXPECT_TRUE(fs::is_character_file(work("dev")));
}

TEST_F(HostileCli, EmptyOutIsAnError) {
    for (const std::string& c :
         {"simulate " + quoted_example("stun-shot.json"), std::string("match --games 1"),
          std::string("replay '" BILLIARDS_REPLAY "'"),
          "batch " + quoted_example("stun-shot.json")}) {
        const Outcome r = run(c + " --out ''");
        EXPECT_EQ(r.code, 2) << c << "\n" << r.err;
        EXPECT_NE(r.err.find("--out: empty file name"), std::string::npos) << c << ": " << r.err;
        EXPECT_EQ(r.out, "") << c;
        EXPECT_EQ(files_in_work(), 0u) << c;
    }
}

TEST_F(HostileCli, OutThroughASymlinkReplacesItsFile) {
    fs::create_directories(work("results"));
    spit(work("results/real.json"), "old");
    fs::create_symlink("results/real.json", work("out.json"));
    const Outcome r = run("simulate " + quoted_example("stun-shot.json") + " --out out.json");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(fs::is_symlink(work("out.json")));
    EXPECT_EQ(nlohmann::json::parse(slurp(work("results/real.json")))["format"],
              "billiards-result/1");
    EXPECT_EQ(files_in_work(), 2u);
    EXPECT_EQ(std::distance(fs::directory_iterator(work("results")), fs::directory_iterator{}), 1);
}

// A full disk: exit 1 and a message, the old file kept, no temporary left.
TEST_F(HostileCli, FullDiskIsAFailure) {
    const billiards::test::FullDisk disk(work("disk"), {{"out.json", "old"}});
    const std::string commands[] = {"simulate " + quoted_example("break-8ball.json") + " --events",
                                    "match --games 1", "replay '" BILLIARDS_REPLAY "'"};
    for (const std::string& c : commands) {
        const Outcome r = on_full_disk(disk, c + " --out disk/out.json");
        EXPECT_EQ(r.code, 1) << c << "\n" << r.err;
        EXPECT_NE(r.err.find("cannot write disk/out.json: "), std::string::npos) << c << r.err;
        EXPECT_EQ(lines(r.err), 1u) << r.err;
        EXPECT_EQ(slurp(work("disk/out.json")), "old") << c;
        EXPECT_EQ(disk.files(), std::vector<std::string>{"out.json"}) << c;
    }
}

// Standard output on a full device: exit 1 and a message, for every command that prints.
TEST_F(HostileCli, FullStandardOutputIsAFailure) {
    const std::string commands[] = {
        "simulate " + quoted_example("stun-shot.json"), "match --games 1 --max-shots 2",
        "replay '" BILLIARDS_REPLAY "'", "bench break --repetitions 1 --scale 0.05"};
    for (const std::string& c : commands) {
        const Outcome r = shell("('" BILLIARDS_EXE "' " + c + " > /dev/full)");
        EXPECT_EQ(r.code, 1) << c << "\n" << r.err;
        EXPECT_NE(r.err.find("cannot write to standard output: No space left on device"),
                  std::string::npos)
            << c << ": " << r.err;
    }
}

// ---- readers ----

TEST_F(HostileCli, FifoAndDeviceInputsAreRefusedAtOnce) {
    ASSERT_EQ(::mkfifo(work("in.json").c_str(), 0644), 0);
    // Nobody writes to the FIFO: a reader that waited for one would hang (ctest's timeout).
    for (const char* input : {"in.json", "/dev/zero"}) {
        for (const std::string c : {"simulate", "replay", "batch"}) {
            const Outcome r = run(c + " " + input + " --out " + (c == "batch" ? "b" : "r.json"));
            EXPECT_EQ(r.code, 2) << c << " " << input << "\n" << r.err;
            EXPECT_NE(r.err.find(std::string(input) + ": $: cannot read: a "), std::string::npos)
                << r.err;
            EXPECT_NE(r.err.find("not a regular file"), std::string::npos) << r.err;
        }
    }
    EXPECT_TRUE(fs::is_fifo(work("in.json")));
}

TEST_F(HostileCli, HugeInputIsRefusedWithItsSize) {
    spit(work("huge.json"), kScenario);
    fs::resize_file(work("huge.json"), 100'000'000); // sparse
    const Outcome r = run("simulate huge.json");
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.err, "huge.json: $: too large: 100000000 bytes (inputs are limited to 67108864 "
                     "bytes)\n");
}

TEST_F(HostileCli, GarbageAfterANulIsRefused) {
    spit(work("nul.json"), std::string(kScenario) + std::string("\0garbage", 8));
    const Outcome r = run("simulate nul.json");
    EXPECT_EQ(r.code, 2) << r.out;
    EXPECT_EQ(r.err, "nul.json: $: invalid JSON: parse error at line 3, column 49: a NUL byte "
                     "(nothing but white space may follow the value)\n");
}

TEST_F(HostileCli, HugeValueGivesAShortMessage) {
    std::string text = kScenario;
    text.replace(text.find("pool-9ft"), 8, std::string(10'000'000, 't'));
    spit(work("name.json"), text);
    const Outcome r = run("simulate name.json");
    EXPECT_EQ(r.code, 2);
    EXPECT_LT(r.err.size(), 600u);
    EXPECT_EQ(lines(r.err), 1u);
    EXPECT_EQ(r.err.rfind("name.json: table: unknown table \"tttt", 0), 0u) << r.err;
}

// ---- numbers on the command line ----

TEST_F(HostileCli, NumbersOutOfRangeExitTwo) {
    const std::string cases[] = {"match --seed -1",          "match --seed 18446744073709551616",
                                 "match --seed 1e23",        "match --seed 0x10",
                                 "match --seed ' 5'",        "match --games 0",
                                 "match --games 2147483648", "match --games 1.5",
                                 "match --max-shots -3",     "bench --scale inf",
                                 "bench --scale 1e300",      "bench --scale nan",
                                 "bench --scale 0",          "bench --repetitions 0",
                                 "batch x.json --jobs 0"};
    for (const std::string& c : cases) {
        const Outcome r = run(c);
        EXPECT_EQ(r.code, 2) << c << "\n" << r.err;
        EXPECT_EQ(lines(r.err), 1u) << c << "\n" << r.err;
        EXPECT_EQ(r.out, "") << c;
    }
    const Outcome r = run("match --seed -1");
    EXPECT_EQ(r.err, "billiards match: --seed: must be an integer between 0 and "
                     "18446744073709551615, got '-1'\n");
}

TEST_F(HostileCli, LargestSeedIsTaken) {
    const Outcome r = run("match --games 1 --max-shots 1 --seed 18446744073709551615");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(nlohmann::json::parse(r.out)["seed"], 18446744073709551615ULL);
}

// ---- batch: result names never collide ----

TEST_F(HostileCli, BatchResultNamesNeverCollide) {
    fs::create_directories(work("d1"));
    fs::create_directories(work("d2"));
    spit(work("d1/a.json"), kScenario);
    std::string other = kScenario;
    other.replace(other.find("\"speed\": 2"), 10, "\"speed\": 3");
    spit(work("d2/a.json"), other);
    std::string third = kScenario;
    third.replace(third.find("\"speed\": 2"), 10, "\"speed\": 1");
    spit(work("a-1.json"), third);
    const Outcome r = run("batch d1/a.json d2/a.json a-1.json d1/a.json --jobs 2 --out out");
    ASSERT_EQ(r.code, 0) << r.err;
    std::set<std::string> names;
    for (const auto& e : fs::directory_iterator(work("out")))
        names.insert(e.path().filename().string());
    EXPECT_EQ(names.size(), 4u);
    // Not a terminal: no progress, only the final line.
    EXPECT_EQ(r.err.rfind("billiards batch: 4 result files written to out (4 scenarios in ", 0), 0u)
        << r.err;
    EXPECT_EQ(lines(r.err), 1u) << r.err;
    // Each result is its own scenario's (the same bytes as simulate writes).
    const std::pair<const char*, const char*> runs[] = {{"d1/a.json", "a-0.result.json"},
                                                        {"d2/a.json", "a-1-1.result.json"},
                                                        {"a-1.json", "a-1.result.json"},
                                                        {"d1/a.json", "a-3.result.json"}};
    for (const auto& [input, result] : runs) {
        const Outcome s = run(std::string("simulate ") + input);
        ASSERT_EQ(s.code, 0);
        EXPECT_EQ(slurp(work("out") / result), s.out) << input << " -> " << result;
    }
}

} // namespace

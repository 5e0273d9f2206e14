// `billiards render` as users run it: the real binary, through the shell.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace {

namespace fs = std::filesystem;

struct Outcome {
    int status = -1;
    std::string err;
};

Outcome run(const std::string& args) {
    const fs::path err =
        fs::temp_directory_path() / ("billiards-render-err-" + std::to_string(getpid()));
    const std::string cmd = std::string(BILLIARDS_EXE) + " " + args + " 2> " + err.string();
    const int raw = std::system(cmd.c_str());
    Outcome r;
    r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    std::ifstream in(err);
    r.err.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    fs::remove(err);
    return r;
}

fs::path temp_file(const std::string& name) {
    return fs::temp_directory_path() / (std::to_string(getpid()) + "-" + name);
}

std::string scenario(const std::string& name) {
    return std::string(BILLIARDS_SCENARIO_DIR) + "/" + name;
}

TEST(RenderCommand, WritesAPngOfTheRequestedSize) {
    const fs::path out = temp_file("break.png");
    const Outcome r = run("render " + scenario("break-8ball.json") + " --out " + out.string() +
                          " --size 640x360 --debug");
    ASSERT_EQ(r.status, 0) << r.err;
    std::ifstream in(out, std::ios::binary);
    unsigned char head[24] = {};
    in.read(reinterpret_cast<char*>(head), sizeof head);
    EXPECT_EQ(head[1], 'P');
    EXPECT_EQ(head[2], 'N');
    EXPECT_EQ(head[3], 'G');
    // IHDR width and height, big-endian.
    EXPECT_EQ((head[16] << 24) | (head[17] << 16) | (head[18] << 8) | head[19], 640);
    EXPECT_EQ((head[20] << 24) | (head[21] << 16) | (head[22] << 8) | head[23], 360);
    fs::remove(out);
}

TEST(RenderCommand, BadScenarioExitsTwoWithOneLine) {
    const fs::path bad = temp_file("bad.json");
    std::ofstream(bad)
        << R"({"format": "billiards-scenario/1", "balls": [{"id": 0, "position": [0, 0], "radius": -1}]})";
    const fs::path out = temp_file("never.png");
    const Outcome r = run("render " + bad.string() + " --out " + out.string());
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("balls[0].radius"), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_FALSE(fs::exists(out));
    fs::remove(bad);
    const Outcome missing = run("render /nonexistent/x.json --out " + out.string());
    EXPECT_EQ(missing.status, 2);
    EXPECT_NE(missing.err.find("/nonexistent/x.json"), std::string::npos) << missing.err;
}

TEST(RenderCommand, BadSizeExitsTwo) {
    const fs::path out = temp_file("never.png");
    for (const char* size : {"0x100", "100", "axb", "100x99999", "-5x10"}) {
        const Outcome r = run("render " + scenario("stun-shot.json") + " --out " + out.string() +
                              " --size " + size);
        EXPECT_EQ(r.status, 2) << size << ": " << r.err;
        EXPECT_NE(r.err.find("--size"), std::string::npos) << size << ": " << r.err;
    }
    EXPECT_FALSE(fs::exists(out));
}

TEST(RenderCommand, UnwritableOutputIsAFailureNotACrash) {
    const Outcome r = run("render " + scenario("stun-shot.json") + " --out /nonexistent/dir/x.png");
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.err.find("/nonexistent/dir/x.png"), std::string::npos) << r.err;
}

} // namespace

namespace {

// The game's own command line: bad input is one line and status 2, before any window.
TEST(GameCommand, BadOptionsAndFilesExitTwoWithOneLine) {
    const fs::path bad = temp_file("bad-match.json");
    std::ofstream(bad) << R"({"format": "billiards-match/1", "inputs": [{"kind": "shot"}]})";
    struct Case {
        std::string args, says;
    };
    const Case cases[] = {
        {"--ephemeral --table snooker", "--table: unknown table 'snooker'"},
        {"--ephemeral --width 10", "--width"},
        {"--ephemeral --load " + bad.string(), bad.string() + ": game: is required"},
        {"--ephemeral --load /nonexistent/m.json", "/nonexistent/m.json"},
    };
    for (const Case& c : cases) {
        const Outcome r = run(c.args);
        EXPECT_EQ(r.status, 2) << c.args << "\n" << r.err;
        EXPECT_NE(r.err.find(c.says), std::string::npos) << c.args << "\n" << r.err;
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << c.args << "\n" << r.err;
    }
    // The player's file is only read, never renamed.
    EXPECT_TRUE(fs::exists(bad));
    EXPECT_FALSE(fs::exists(bad.string() + ".corrupt"));
    fs::remove(bad);
}

} // namespace

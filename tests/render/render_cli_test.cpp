// `billiards render` as users run it: the real binary, through the shell.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "../common/capture.hpp"
#include "../common/full_disk.hpp"
#include "../common/scratch_dir.hpp"

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

using billiards::test::capture;

// Each test's files in a folder of its own, removed even when the test fails.
class RenderCommand : public ::testing::Test {
  protected:
    fs::path temp_file(const std::string& name) const { return scratch_ / name; }

  private:
    billiards::test::ScratchDir scratch_;
};
class GameCommand : public RenderCommand {};

std::string scenario(const std::string& name) {
    return std::string(BILLIARDS_SCENARIO_DIR) + "/" + name;
}

TEST_F(RenderCommand, WritesAPngOfTheRequestedSize) {
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
}

TEST_F(RenderCommand, PathsDrawWhereTheBallsWent) {
    // --paths runs the shot and draws the paths on top of the same picture: the images
    // differ, and only by the lines (the file without them is smaller).
    const fs::path plain = temp_file("plain.png"), paths = temp_file("paths.png");
    const std::string base = "render " + scenario("break-8ball.json") + " --size 640x360 --out ";
    ASSERT_EQ(run(base + plain.string()).status, 0);
    const Outcome r = run(base + paths.string() + " --paths");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_GT(fs::file_size(paths), fs::file_size(plain) + 1000);
}

// --at draws the balls where the run has them then, turned by their spin: a later picture
// differs; a time that is not one is refused before anything is drawn.
TEST_F(RenderCommand, AtDrawsTheBallsLaterInTheRun) {
    const fs::path start = temp_file("start.png"), later = temp_file("later.png");
    const std::string base = "render " + scenario("stun-shot.json") + " --size 640x360 --out ";
    ASSERT_EQ(run(base + start.string() + " --at 0").status, 0);
    const Outcome r = run(base + later.string() + " --at 0.3");
    ASSERT_EQ(r.status, 0) << r.err;
    std::ifstream a(start, std::ios::binary), b(later, std::ios::binary);
    const std::string pa(std::istreambuf_iterator<char>(a), {}),
        pb(std::istreambuf_iterator<char>(b), {});
    EXPECT_NE(pa, pb);
    const fs::path never = temp_file("never.png");
    for (const char* at : {"nan", "-1", "inf", "1e7", "soon"}) {
        const Outcome bad = run(base + never.string() + " --at " + at);
        EXPECT_EQ(bad.status, 2) << at << ": " << bad.err;
        EXPECT_NE(bad.err.find("--at"), std::string::npos) << at << ": " << bad.err;
    }
    EXPECT_FALSE(fs::exists(never));
}

// --video: one frame every 1/fps seconds of the run up to the first at rest, then half a
// second held; ffprobe counts the frames the file really holds. The shot comes to rest at
// the time `billiards simulate` reports.
TEST_F(RenderCommand, AVideoHoldsAFrameForEveryStepOfTheShot) {
    const std::string result =
        capture(std::string(BILLIARDS_EXE) + " simulate " + scenario("draw-shot.json"));
    const auto at = result.find("\"time\": ");
    ASSERT_NE(at, std::string::npos) << result;
    const double rest = std::stod(result.substr(at + 8));
    const int fps = 7;
    const int expected = 1 + static_cast<int>(std::ceil(rest * fps)) + 4; // 0.5 s at 7/s: 4
    for (const char* name : {"draw.mp4", "draw.webm"}) {
        SCOPED_TRACE(name);
        const fs::path video = temp_file(name);
        const Outcome r = run("render " + scenario("draw-shot.json") + " --video " +
                              video.string() + " --fps 7 --size 320x180");
        ASSERT_EQ(r.status, 0) << r.err;
        EXPECT_NE(r.err.find(std::to_string(expected) + " frames at 7 per second"),
                  std::string::npos)
            << r.err;
        const std::string probe = billiards::test::probe_video(video.string());
        const std::string codec =
            std::string(name).find("webm") != std::string::npos ? "vp9" : "h264";
        EXPECT_EQ(probe, codec + ",320,180," + std::to_string(expected) + "\n");
    }
    // A replayed shot renders too; the same input gives the same bytes.
    const fs::path a = temp_file("a.mp4"), b = temp_file("b.mp4");
    const std::string replay = std::string(BILLIARDS_REPLAY);
    ASSERT_EQ(run("render " + replay + " --video " + a.string() + " --size 160x90").status, 0);
    ASSERT_EQ(run("render " + replay + " --video " + b.string() + " --size 160x90").status, 0);
    std::ifstream fa(a, std::ios::binary), fb(b, std::ios::binary);
    const std::string ba(std::istreambuf_iterator<char>(fa), {}),
        bb(std::istreambuf_iterator<char>(fb), {});
    EXPECT_GT(ba.size(), 1000u);
    EXPECT_EQ(ba, bb);
}

TEST_F(RenderCommand, BadVideoOptionsExitTwoWithOneLine) {
    const fs::path never = temp_file("never.mp4");
    const std::string base = "render " + scenario("draw-shot.json") + " ";
    const struct {
        std::string args, message;
    } cases[] = {
        {"--video " + temp_file("x.avi").string(), "must end in .mp4, .mkv, .mov or .webm"},
        {"--video " + never.string() + " --size 321x180", "a video's sides must be even"},
        {"--video " + never.string() + " --fps 0", "--fps"},
        {"--video " + never.string() + " --out " + temp_file("x.png").string(), "excludes"},
        {"", "give --out FILE.png, or --video FILE"},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.args);
        const Outcome r = run(base + c.args);
        EXPECT_EQ(r.status, 2);
        EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    }
    EXPECT_FALSE(fs::exists(never));
}

TEST_F(RenderCommand, BadScenarioExitsTwoWithOneLine) {
    const fs::path bad = temp_file("bad.json");
    std::ofstream(bad)
        << R"({"format": "billiards-scenario/1", "balls": [{"id": 0, "position": [0, 0], "radius": -1}]})";
    const fs::path out = temp_file("never.png");
    const Outcome r = run("render " + bad.string() + " --out " + out.string());
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("balls[0].radius"), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_FALSE(fs::exists(out));
    const Outcome missing = run("render /nonexistent/x.json --out " + out.string());
    EXPECT_EQ(missing.status, 2);
    EXPECT_NE(missing.err.find("/nonexistent/x.json"), std::string::npos) << missing.err;
}

TEST_F(RenderCommand, BadSizeExitsTwo) {
    const fs::path out = temp_file("never.png");
    for (const char* size : {"0x100", "100", "axb", "100x99999", "-5x10"}) {
        const Outcome r = run("render " + scenario("stun-shot.json") + " --out " + out.string() +
                              " --size " + size);
        EXPECT_EQ(r.status, 2) << size << ": " << r.err;
        EXPECT_NE(r.err.find("--size"), std::string::npos) << size << ": " << r.err;
    }
    EXPECT_FALSE(fs::exists(out));
}

TEST_F(RenderCommand, UnwritableOutputIsAFailureNotACrash) {
    const Outcome r = run("render " + scenario("stun-shot.json") + " --out /nonexistent/dir/x.png");
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.err.find("/nonexistent/dir/x.png"), std::string::npos) << r.err;
}

// The work a render may ask for is bounded: beyond it, exit 2 naming the bound.
TEST_F(RenderCommand, TooLargeAnImageExitsTwoWithTheBound) {
    const fs::path out = temp_file("huge.png");
    for (const char* size : {"16384x16384", "4097x4096", "16384x1025"}) {
        const Outcome r = run("render " + scenario("stun-shot.json") + " --out " + out.string() +
                              " --size " + size);
        EXPECT_EQ(r.status, 2) << size << ": " << r.err;
        EXPECT_NE(r.err.find("at most 16777216 pixels in all"), std::string::npos) << r.err;
        EXPECT_FALSE(fs::exists(out));
    }
}

TEST_F(RenderCommand, TooManyBallsExitsTwoWithTheBound) {
    const fs::path in = temp_file("many.json");
    const fs::path out = temp_file("many.png");
    {
        std::ofstream f(in);
        f << R"({"format": "billiards-scenario/1", "table": {}, "balls": [)";
        for (int k = 0; k <= 100000; ++k)
            f << (k ? "," : "") << R"({"id": )" << k << R"(, "position": [)" << (k % 400) * 0.01
              << ", " << (k / 400) * 0.01 << R"(], "radius": 0.004})";
        f << "]}";
    }
    const Outcome r = run("render " + in.string() + " --out " + out.string());
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_EQ(r.err, in.string() + ": balls: 100001 balls: render draws at most 100000\n");
    EXPECT_FALSE(fs::exists(out));
}

// The PNG goes through the atomic writer: a full disk is exit 1 with a message, and leaves
// the old file, no truncated PNG and no temporary file.
TEST_F(RenderCommand, FullDiskIsAFailureAndLeavesNothing) {
    const fs::path dir = temp_file("render-disk");
    {
        const billiards::test::FullDisk disk(dir, {{"shot.png", "old"}});
        const std::string out = (dir / "shot.png").string();
        const std::string cmd = "( (" + disk.shell_prefix() + "exec " + std::string(BILLIARDS_EXE) +
                                " render " + scenario("stun-shot.json") + " --out " + out +
                                ") 2>&1; echo \"status $?\" ) | cat";
        const std::string said = capture(cmd);
        EXPECT_NE(said.find("billiards render: cannot write " + out + ": "), std::string::npos)
            << said;
        EXPECT_NE(said.find("status 1"), std::string::npos) << said;
        std::ifstream in(out);
        EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), {}), "old");
        EXPECT_EQ(disk.files(), std::vector<std::string>{"shot.png"});
    }
}

TEST_F(RenderCommand, OutOntoAFifoExitsTwoAndKeepsIt) {
    const fs::path fifo = temp_file("out.png");
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
    const Outcome r = run("render " + scenario("stun-shot.json") + " --out " + fifo.string());
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_NE(r.err.find("a FIFO, not a regular file"), std::string::npos) << r.err;
    EXPECT_TRUE(fs::is_fifo(fifo));
}

} // namespace

namespace {

// BILLIARDS_HOME naming a file: the game still runs, and says once that nothing can be
// saved (here on standard error; in the game as its message), instead of failing in silence.
TEST_F(GameCommand, HomeThatIsAFileIsSaidOnce) {
    const fs::path home = temp_file("home-file");
    std::ofstream(home) << "not a folder";
    const std::string said =
        capture("(BILLIARDS_HOME=" + home.string() + " " + std::string(BILLIARDS_EXE) +
                " --frames 3 2>&1 >/dev/null; echo \"status $?\")");
    EXPECT_EQ(said, "billiards: Nothing can be saved (settings, matches, replays): " +
                        home.string() + " is not a folder (BILLIARDS_HOME)\nstatus 0\n");
    std::ifstream in(home);
    EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), {}), "not a folder");
}

// The game's own command line: bad input is one line and status 2, before any window.
TEST_F(GameCommand, BadOptionsAndFilesExitTwoWithOneLine) {
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
}

} // namespace

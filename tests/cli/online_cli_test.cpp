// Online matches as users run them: `billiards server` on loopback (port 0, printed), two
// `billiards match --online` processes, each in the background of a shell, every wait
// bounded (the server also stops by itself after --lifetime).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <chrono>
#include <csignal>
#include <regex>
#include <string>
#include <thread>
#include <variant>

#include "cli_fixture.hpp"
#include "net/connection.hpp"
#include "net/lockstep.hpp"
#include "net/protocol.hpp"

namespace billiards::test {
namespace {

const std::string kExe = "'" BILLIARDS_EXE "'";
// The sanitizer build plays capped games (a whole match still, declared at the cap): it is
// some ten times slower.
#ifdef BILLIARDS_SHORT_MATCHES
const std::string kCap = " --max-shots 12";
const std::string kSnookerCap = " --max-shots 20";
#else
const std::string kCap;
const std::string kSnookerCap = " --max-shots 60";
#endif

class OnlineCli : public CliTest {
  protected:
    void SetUp() override {
        CliTest::SetUp();
        ASSERT_EQ(shell("(" + kExe +
                        " server --listen 127.0.0.1:0 --lifetime 300 > server.out 2> server.err"
                        " & echo $! > server.pid)")
                      .code,
                  0);
        const std::string line =
            wait_for("server.out", std::regex("listening on 127\\.0\\.0\\.1:(\\d+)"));
        ASSERT_FALSE(line.empty()) << slurp(work("server.err"));
        port_ = line;
    }
    void TearDown() override {
        const std::string pid = slurp(work("server.pid"));
        if (!pid.empty()) ::kill(std::stoi(pid), SIGTERM);
        CliTest::TearDown();
    }

    // The first capture of `pattern` in work/FILE once it shows, or "" after 30 s.
    std::string wait_for(const std::string& file, const std::regex& pattern) const {
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
        while (std::chrono::steady_clock::now() < until) {
            std::smatch m;
            const std::string text = slurp(work(file));
            if (std::regex_search(text, m, pattern)) return m[1];
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        return {};
    }
    // Starts seat 1 in the background (`--room new`); its room code.
    std::string seat1(const std::string& args, int wait_seconds = 300) {
        EXPECT_EQ(shell("(" + kExe + " match " + args + " --online 127.0.0.1:" + port_ +
                        " --room new --seat 1 --wait-seconds " + std::to_string(wait_seconds) +
                        " > seat1.out 2> seat1.err;"
                        " echo $? > seat1.code) &")
                      .code,
                  0);
        return wait_for("seat1.out", std::regex("^room ([0-9A-Z]{5}-[0-9A-Z]{5})\n"));
    }
    // Seat 1's exit status once it ends (-1 after a minute and a half).
    int seat1_code() const {
        const std::string code = wait_for("seat1.code", std::regex("^(\\d+)\n"));
        return code.empty() ? -1 : std::stoi(code);
    }
    std::string online(const std::string& room) const {
        return " --online 127.0.0.1:" + port_ + " --room " + room;
    }

    std::string port_;
};

// Seat 1 (easy) and seat 2 (medium) play a whole 8-ball game through the server: both
// reports are the local match's, byte for byte.
TEST_F(OnlineCli, TwoClientsPlayAWholeMatchAndReportWhatALocalMatchReports) {
    const std::string code =
        seat1("--mode 8ball --games 1 --seed 5 --players ai:easy --out seat1.json" + kCap);
    ASSERT_FALSE(code.empty()) << slurp(work("seat1.err"));
    const Outcome two =
        run("match --mode 8ball --players ai:medium" + online(code) + " --seat 2 --out seat2.json");
    EXPECT_EQ(two.code, 0) << two.err;
    EXPECT_NE(two.err.find("seat 1's choices rule: games 1, seed 5"), std::string::npos) << two.err;
    EXPECT_EQ(seat1_code(), 0) << slurp(work("seat1.err"));
    const Outcome local =
        run("match --mode 8ball --games 1 --seed 5 --players ai:easy,ai:medium --out local.json" +
            kCap);
    ASSERT_EQ(local.code, 0) << local.err;
    const std::string report = slurp(work("local.json"));
    const auto j = nlohmann::json::parse(report);
    EXPECT_EQ(j["games_played"], 1);
    EXPECT_GT(j["games"][0]["shots"].get<int>(), 0);
    EXPECT_EQ(slurp(work("seat1.json")), report);
    EXPECT_EQ(slurp(work("seat2.json")), report);
}

// Seat 2 asks for another game than the room plays: it stops with a message; seat 1 is told
// its opponent left and, when it does not come back in time, stops too.
TEST_F(OnlineCli, AnotherModeStopsBothSidesWithAMessage) {
    const std::string code = seat1("--mode 8ball --games 1 --seed 5 --players ai:easy", 2);
    ASSERT_FALSE(code.empty()) << slurp(work("seat1.err"));
    const Outcome two = run("match --mode 9ball --players ai:easy" + online(code) + " --seat 2");
    EXPECT_EQ(two.code, 1);
    EXPECT_NE(two.err.find("billiards match: the room plays 8ball, not 9ball\n"), std::string::npos)
        << two.err;
    EXPECT_EQ(seat1_code(), 1);
    const std::string err = slurp(work("seat1.err"));
    EXPECT_NE(err.find("seat 2 left the room; waiting up to 2 s for it to rejoin"),
              std::string::npos)
        << err;
    EXPECT_NE(err.find("the other side has not answered in 2 s"), std::string::npos) << err;
}

// Seat 2 vanishes mid-match, as a killed process does (no bye), right after sending its
// second input; run again with its token it replays the room's log, and both sides end the
// match with the local match's report.
TEST_F(OnlineCli, ADroppedSeatRejoinsAndTheMatchEndsAsALocalOne) {
    const std::string code =
        seat1("--mode 8ball --games 1 --seed 5 --players ai:easy --out seat1.json" + kCap);
    ASSERT_FALSE(code.empty()) << slurp(work("seat1.err"));
    const Outcome dropped =
        run("match --mode 8ball --players ai:medium" + online(code) + " --seat 2 --drop-after 2");
    EXPECT_EQ(dropped.code, 3) << dropped.err;
    std::smatch token;
    ASSERT_TRUE(std::regex_search(dropped.err, token, std::regex("--token ([0-9a-f]{16})")))
        << dropped.err;
    const Outcome back = run("match --mode 8ball --players ai:medium" + online(code) +
                             " --seat 2 --token " + token[1].str() + " --out seat2.json");
    EXPECT_EQ(back.code, 0) << back.err;
    EXPECT_NE(back.err.find("rejoined; replaying"), std::string::npos) << back.err;
    EXPECT_EQ(seat1_code(), 0) << slurp(work("seat1.err"));
    EXPECT_NE(slurp(work("seat1.err")).find("seat 2 left the room"), std::string::npos);
    const Outcome local =
        run("match --mode 8ball --games 1 --seed 5 --players ai:easy,ai:medium --out local.json" +
            kCap);
    ASSERT_EQ(local.code, 0) << local.err;
    const std::string report = slurp(work("local.json"));
    EXPECT_EQ(slurp(work("seat1.json")), report);
    EXPECT_EQ(slurp(work("seat2.json")), report);
    // The room ends with its last member: joining it again is refused with a message.
    const Outcome again = run("match --mode 8ball --players ai:medium" + online(code) +
                              " --seat 2 --token " + token[1].str());
    EXPECT_EQ(again.code, 1);
    EXPECT_NE(again.err.find("the server: no room"), std::string::npos) << again.err;
}

// A snooker frame (capped at 60 shots, 20 under the sanitizers): seat 1's shot cap rules,
// and both reports are the local match's.
TEST_F(OnlineCli, ASnookerFrameThroughTheServerReportsWhatALocalOneDoes) {
    const std::string code =
        seat1("--mode snooker --games 1 --seed 2 --players ai:easy --out seat1.json" + kSnookerCap);
    ASSERT_FALSE(code.empty()) << slurp(work("seat1.err"));
    const Outcome two = run("match --mode snooker --players ai:medium" + online(code) +
                            " --seat 2 --out seat2.json");
    EXPECT_EQ(two.code, 0) << two.err;
    EXPECT_EQ(seat1_code(), 0) << slurp(work("seat1.err"));
    const Outcome local =
        run("match --mode snooker --games 1 --seed 2 --players ai:easy,ai:medium --out local.json" +
            kSnookerCap);
    ASSERT_EQ(local.code, 0) << local.err;
    const std::string report = slurp(work("local.json"));
    const auto j = nlohmann::json::parse(report);
    EXPECT_EQ(j["mode"], "snooker");
    EXPECT_EQ(slurp(work("seat1.json")), report);
    EXPECT_EQ(slurp(work("seat2.json")), report);
}

// A peer that plays along but reports another hash after seat 1's first turn: seat 1 stops
// with both hashes.
TEST_F(OnlineCli, AHashMismatchStopsTheMatch) {
    const std::string code = seat1("--mode 8ball --games 1 --seed 5 --players ai:easy");
    ASSERT_FALSE(code.empty()) << slurp(work("seat1.err"));
    net::Connection peer("127.0.0.1", static_cast<std::uint16_t>(std::stoi(port_)), 10.0);
    peer.send(net::Hello{net::kProtocolVersion, net::determinism_fingerprint(BILLIARDS_VERSION),
                         BILLIARDS_VERSION});
    ASSERT_TRUE(std::holds_alternative<net::Welcome>(peer.receive(10.0)));
    peer.send(net::JoinRoom{*net::normalize_room_code(code), 2, "ai:easy"});
    net::EndHash theirs;
    for (;;) { // joined, seat 1, the options, seat 1's break and its hash
        const net::Message m = peer.receive(60.0);
        if (const auto* h = std::get_if<net::EndHash>(&m)) {
            theirs = *h;
            break;
        }
    }
    peer.send(net::EndHash{2, theirs.inputs, theirs.hash ^ 1});
    EXPECT_EQ(seat1_code(), 1);
    const std::string err = slurp(work("seat1.err"));
    EXPECT_NE(err.find("the games differ: after " + std::to_string(theirs.inputs) + " inputs"),
              std::string::npos)
        << err;
    EXPECT_NE(err.find("the match stops here"), std::string::npos) << err;
}

TEST_F(OnlineCli, BadArgumentsAreCommandLineErrors) {
    Outcome r = run("match --players ai --online localhost --room new");
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.err, "billiards match: --online: 'localhost' is not HOST:PORT\n");
    r = run("match --players ai" + online("ABC"));
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("--room: 'ABC' is not a room code"), std::string::npos) << r.err;
    r = run("match --players ai,ai" + online("new"));
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("one player for this seat"), std::string::npos) << r.err;
    r = run("match --players ai --room new");
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.err, "billiards match: --room needs --online HOST:PORT\n");
    r = run("match --players ai" + online("new") + " --seat 2");
    EXPECT_EQ(r.code, 2);
    r = run("server --listen 127.0.0.1:99999");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("is not a port"), std::string::npos) << r.err;
    // No server there: a clear message, not a hang.
    r = run("match --players ai --online 127.0.0.1:1 --room new");
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.err.find("cannot connect to 127.0.0.1:1"), std::string::npos) << r.err;
}

} // namespace
} // namespace billiards::test

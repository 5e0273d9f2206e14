// `billiards code`: a scenario, a replay or a rack to a share code and back, as a user runs
// it; a decoded shot replays to its recorded end hash; bad input exits 2 with one line.
#include "cli_fixture.hpp"

namespace {

using billiards::test::Outcome;
using billiards::test::slurp;
using billiards::test::spit;

class CodeCli : public billiards::test::CliTest {};

std::string trimmed(std::string s) {
    while (!s.empty() && (s.back() == '\n' || s.back() == '\r'))
        s.pop_back();
    return s;
}

TEST_F(CodeCli, AScenarioComesBackAndSimulatesTheSame) {
    const Outcome enc = run("code encode " + billiards::test::quoted_example("break-9ball.json"));
    ASSERT_EQ(enc.code, 0) << enc.err;
    const std::string code = trimmed(enc.out);
    EXPECT_EQ(code.rfind("BIL1.", 0), 0u);
    EXPECT_EQ(code.find('\n'), std::string::npos);
    const Outcome dec = run("code decode '" + code + "' --out back.json");
    ASSERT_EQ(dec.code, 0) << dec.err;
    const Outcome a = run("simulate " + billiards::test::quoted_example("break-9ball.json"));
    const Outcome b = run("simulate back.json");
    ASSERT_EQ(a.code, 0);
    ASSERT_EQ(b.code, 0) << b.err;
    EXPECT_EQ(a.out, b.out);
}

TEST_F(CodeCli, ADecodedShotReplaysToItsEndHash) {
    const Outcome enc = run("code encode '" BILLIARDS_REPLAY "'");
    ASSERT_EQ(enc.code, 0) << enc.err;
    // Through standard input, wrapped as a chat window would.
    std::string code = trimmed(enc.out);
    for (std::size_t i = 60; i < code.size(); i += 61)
        code.insert(i, "\n");
    spit(work("code.txt"), code);
    const Outcome dec = shell("'" BILLIARDS_EXE "' code decode - --out shot.json < code.txt");
    ASSERT_EQ(dec.code, 0) << dec.err;
    const Outcome replay = run("replay shot.json");
    EXPECT_EQ(replay.code, 0) << replay.err; // 1 when the end hash differs
}

TEST_F(CodeCli, ASeededRackIsShort) {
    const Outcome enc = run("code encode --rack 8ball --seed 42");
    ASSERT_EQ(enc.code, 0) << enc.err;
    EXPECT_LE(trimmed(enc.out).size(), 40u);
    const Outcome dec = run("code decode " + trimmed(enc.out));
    ASSERT_EQ(dec.code, 0) << dec.err;
    EXPECT_NE(dec.out.find("\"billiards-scenario/1\""), std::string::npos);
    EXPECT_NE(dec.out.find("\"id\": 15"), std::string::npos);
}

TEST_F(CodeCli, BadInputExitsTwoWithOneLine) {
    const struct {
        std::string args, message;
    } cases[] = {
        {"code decode hello", "code: $: not a share code: it must begin with \"BIL1.\""},
        {"code decode BIL1.AAAAAAAAAAAA", "code: $: the code is damaged: its checksum"},
        {"code encode --rack 7ball", "billiards code encode: --rack: must be one of"},
        {"code encode --rack 9ball --table snooker-12ft",
         "code: table: 9-ball is not played on snooker-12ft"},
        {"code encode", "billiards code encode: give either a FILE or --rack MODE"},
        {"code encode missing.json", "missing.json: $: cannot read"},
        {"code", "billiards code: A subcommand is required"},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.args);
        const Outcome r = run(c.args);
        EXPECT_EQ(r.code, 2);
        EXPECT_EQ(r.err.rfind(c.message, 0), 0u) << r.err;
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
        EXPECT_EQ(files_in_work(), 0u);
    }
}

} // namespace

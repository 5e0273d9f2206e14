// The command line's finish: every --help lists every option of its command and
// the environment; bench's table lines up; batch shows a bar with the rate and the time left
// on a terminal and one line otherwise; a match report is refused as a saved match; the
// pi-counting scenarios give their digits through `simulate`.
#include <gtest/gtest.h>

#include <CLI/CLI.hpp>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli/cli_output.hpp"
#include "cli/commands.hpp"
#ifdef BILLIARDS_HAVE_GAME
#include "app/game_main.hpp"
#endif
#include "cli_fixture.hpp"
#include "io/match_file.hpp"
#include "io/scenario.hpp"

namespace {

namespace fs = std::filesystem;
using billiards::test::Outcome;
using billiards::test::slurp;

class ToolsCli : public billiards::test::CliTest {};

// The same command line main() builds (main.cpp): the test below checks that the binary
// has no subcommand this list lacks.
struct Cli {
    CLI::App app{"billiards"};
    int status = 0;
#ifdef BILLIARDS_HAVE_GAME
    billiards::app::GameOptions game;
#endif
    Cli() {
        using namespace billiards::cli;
        add_simulate_command(app, status);
        add_bench_command(app, status);
        add_batch_command(app, status);
        add_match_command(app, status);
        add_replay_command(app, status);
        add_breaks_command(app, status);
        add_server_command(app, status);
        add_code_command(app, status);
        add_stats_command(app, status);
        add_drills_command(app, status);
#ifdef BILLIARDS_HAVE_GAME
        add_render_command(app, status);
        billiards::app::add_game_options(app, game);
#endif
        add_environment_footer(app);
    }
};

std::vector<std::string> option_names(const CLI::App& app) {
    std::vector<std::string> names;
    for (const CLI::Option* o : app.get_options()) {
        for (const std::string& l : o->get_lnames())
            names.push_back("--" + l);
        for (const std::string& s : o->get_snames())
            names.push_back("-" + s);
        if (o->get_lnames().empty() && o->get_snames().empty()) names.push_back(o->get_name());
    }
    return names;
}

// Every environment variable the sources read by name, and the ones SDL reads for the game.
std::set<std::string> environment_variables() {
    std::set<std::string> vars = {
        "BILLIARDS_HOME", "BILLIARDS_ASSETS", "XDG_CONFIG_HOME", "XDG_DATA_HOME",
        "HOME",           "SDL_VIDEODRIVER",  "SDL_AUDIODRIVER"};
    const std::regex getenv_call(R"re(getenv\("([A-Z_]+)"\))re");
    for (const auto& e : fs::recursive_directory_iterator(fs::path(BILLIARDS_SOURCE_DIR) / "src")) {
        if (e.path().extension() != ".cpp" && e.path().extension() != ".hpp") continue;
        const std::string text = slurp(e.path());
        for (auto m = std::sregex_iterator(text.begin(), text.end(), getenv_call);
             m != std::sregex_iterator(); ++m)
            vars.insert((*m)[1].str());
    }
    return vars;
}

} // namespace

TEST_F(ToolsCli, EveryHelpListsEveryOptionAndTheEnvironment) {
    const Cli cli;
    const std::set<std::string> vars = environment_variables();
    // Every command and the commands under it ("code encode"), by their command lines.
    std::vector<std::pair<std::string, const CLI::App*>> commands = {{"", &cli.app}};
    for (const CLI::App* sub : cli.app.get_subcommands({})) {
        commands.emplace_back(sub->get_name(), sub);
        for (const CLI::App* under : sub->get_subcommands({}))
            commands.emplace_back(sub->get_name() + " " + under->get_name(), under);
    }
    ASSERT_GE(commands.size(), 10u);
    for (const auto& [name, c] : commands) {
        const Outcome r = run(name + " --help");
        ASSERT_EQ(r.code, 0) << name << ": " << r.err;
        for (const std::string& option : option_names(*c))
            EXPECT_NE(r.out.find(option), std::string::npos)
                << "billiards " << name << " --help lacks " << option << "\n"
                << r.out;
        for (const CLI::Option* o : c->get_options())
            EXPECT_FALSE(o->get_group().empty()) << name << " hides " << o->get_name();
        for (const std::string& var : vars)
            EXPECT_NE(r.out.find(var), std::string::npos)
                << "billiards " << name << " --help lacks " << var;
    }
    // The binary's subcommands are the ones walked here.
    const Outcome top = run("--help");
    const auto list = top.out.find("Subcommands:");
    ASSERT_NE(list, std::string::npos) << top.out;
    std::istringstream lines(top.out.substr(list));
    std::string line;
    std::getline(lines, line);
    std::set<std::string> listed, walked;
    while (std::getline(lines, line) && line.rfind("  ", 0) == 0) {
        std::istringstream words(line);
        std::string word;
        words >> word;
        listed.insert(word);
    }
    for (const CLI::App* sub : cli.app.get_subcommands({}))
        walked.insert(sub->get_name());
    EXPECT_EQ(listed, walked) << top.out;
}

TEST_F(ToolsCli, BenchTableColumnsLineUp) {
    const Outcome r = run("bench --repetitions 1 --scale 0.01 break-ideal gas ai-ideal");
    ASSERT_EQ(r.code, 0) << r.err;
    std::istringstream text(r.out);
    std::vector<std::string> rows;
    for (std::string line; std::getline(text, line);)
        rows.push_back(line);
    ASSERT_EQ(rows.size(), 4u) << r.out;
    // Right-aligned numbers end where their heading ends; the unit and "more" start where
    // theirs start.
    const std::string& head = rows[0];
    auto end_of = [&](const char* word) { return head.find(word) + std::string(word).size(); };
    const std::size_t median_end = end_of("median"), spread_end = end_of("spread"),
                      items_end = end_of("items"), reps_end = end_of("reps"),
                      unit_at = head.find("unit"), more_at = head.find("more");
    for (std::size_t k = 1; k < rows.size(); ++k) {
        const std::string& row = rows[k];
        ASSERT_GT(row.size(), more_at) << row;
        auto ends_at = [&](std::size_t end) {
            return row[end - 1] != ' ' && (end == row.size() || row[end] == ' ');
        };
        EXPECT_TRUE(ends_at(median_end)) << head << "\n" << row;
        EXPECT_TRUE(ends_at(spread_end)) << head << "\n" << row;
        EXPECT_TRUE(ends_at(items_end)) << head << "\n" << row;
        EXPECT_TRUE(ends_at(reps_end)) << head << "\n" << row;
        EXPECT_TRUE(row[unit_at - 1] == ' ' && row[unit_at] != ' ') << head << "\n" << row;
        EXPECT_TRUE(row[more_at - 1] == ' ' && row[more_at] != ' ') << head << "\n" << row;
    }
}

TEST_F(ToolsCli, BatchOnATerminalShowsRateAndTimeLeft) {
    std::string list;
    for (int k = 0; k < 6; ++k) {
        const std::string name = "s" + std::to_string(k) + ".json";
        fs::copy_file(fs::path(BILLIARDS_SCENARIO_DIR) / "cushion-bounce.json", work(name));
        list += " " + name;
    }
    // script(1) gives the command a terminal; its output (the terminal's) is in typescript.
    const Outcome r = shell("script -qec \"'" BILLIARDS_EXE "' batch" + list +
                            " --jobs 1 --out out\" typescript");
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    const std::string screen = slurp(work("typescript"));
    EXPECT_NE(screen.find("\r[########################################] 6/6  "), std::string::npos)
        << screen;
    EXPECT_TRUE(std::regex_search(screen, std::regex(R"(6/6  [0-9.e+]+ scenarios/s  done in )")))
        << screen;
    EXPECT_NE(screen.find("billiards batch: 6 result files written to out (6 scenarios in "),
              std::string::npos)
        << screen;
    // Not a terminal: only the final line.
    const Outcome plain = run("batch" + list + " --jobs 2 --out out2");
    ASSERT_EQ(plain.code, 0) << plain.err;
    EXPECT_TRUE(std::regex_match(
        plain.err,
        std::regex(
            R"(billiards batch: 6 result files written to out2 \(6 scenarios in [0-9.e+-]+ s, [0-9.e+-]+/s\)\n)")))
        << plain.err;
}

TEST_F(ToolsCli, MatchReportIsNotASavedMatch) {
    const Outcome r = run("match --games 1 --max-shots 2 --out report.json");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(nlohmann::json::parse(slurp(work("report.json")))["format"],
              "billiards-match-report/1");
    try {
        billiards::io::parse_match(slurp(work("report.json")), "report.json");
        FAIL() << "a match report was read as a saved match";
    } catch (const billiards::io::InputError& e) {
        EXPECT_STREQ(e.what(), "report.json: format: this is a billiards match report "
                               "(billiards-match-report/1), not a saved match");
    }
}

// The shipped pi-counting scenarios through the real binary (ratio 1e8: 31415 impacts).
TEST_F(ToolsCli, PiDigitsThroughSimulate) {
    const Outcome r =
        run("simulate '" + (fs::path(BILLIARDS_SCENARIO_DIR) / "pi-digits-5.json").string() + "'");
    ASSERT_EQ(r.code, 0) << r.err;
    const nlohmann::json j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["counts"]["ball_ball"].get<std::uint64_t>() +
                  j["counts"]["ball_cushion"].get<std::uint64_t>(),
              31415u)
        << r.out;
}

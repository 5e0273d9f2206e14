// billiards: with no subcommand the game; subcommands are the headless tools.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <exception>
#include <string>

#include "cli/cli_output.hpp"
#include "cli/commands.hpp"
#include "io/scenario.hpp"
#ifdef BILLIARDS_HAVE_GAME
#include "app/game_main.hpp"
#endif

int main(int argc, char** argv) {
    using namespace billiards::cli;
    CLI::App cli{"billiards: a 2D pool game and an exact ball-world simulator"};
    cli.require_subcommand(0, 1);
    cli.set_version_flag("--version", "billiards " BILLIARDS_VERSION);
    int status = 0;
    add_simulate_command(cli, status);
    add_bench_command(cli, status);
    add_batch_command(cli, status);
    add_match_command(cli, status);
    add_replay_command(cli, status);
    add_breaks_command(cli, status);
    add_server_command(cli, status);
    add_code_command(cli, status);
    add_stats_command(cli, status);
    add_drills_command(cli, status);
#ifdef BILLIARDS_HAVE_GAME
    add_render_command(cli, status);
    billiards::app::GameOptions game;
    billiards::app::add_game_options(cli, game);
#endif
    add_environment_footer(cli);
    // A closed standard output (`billiards simulate x.json | head -c 10`) is a failed write:
    // exit 1 with a message, not a silent death by SIGPIPE.
    std::signal(SIGPIPE, SIG_IGN);
    // A tool stopped by Ctrl+C or a kill leaves no temporary file behind (the game leaves
    // these signals to SDL, which turns them into a quit).
    for (CLI::App* sub : cli.get_subcommands([](CLI::App*) { return true; }))
        sub->preparse_callback([](std::size_t) { billiards::io::remove_temporaries_on_signals(); });
    try {
        cli.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        // --help and --version exit 0; every command-line mistake is bad input: 2, with one
        // line naming the command (CLI11's own message adds a "Run with --help" line).
        if (e.get_exit_code() == 0) return cli.exit(e);
        std::string where = "billiards";
        for (const CLI::App* sub : cli.get_subcommands())
            where += " " + sub->get_name();
        std::string what = e.what();
        std::replace_if(
            what.begin(), what.end(), [](char c) { return c == '\n' || c == '\r'; }, ' ');
        std::fprintf(stderr, "%s: %s\n", where.c_str(), what.c_str());
        return 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "billiards: %s\n", e.what());
        return 1;
    }
    if (cli.get_subcommands().empty()) {
#ifdef BILLIARDS_HAVE_GAME
        return billiards::app::run_game(game);
#else
        std::fprintf(stderr, "billiards: built without the game (BILLIARDS_GAME=OFF)\n");
        return 1;
#endif
    }
    return status;
}

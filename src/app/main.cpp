// billiards: with no subcommand the game; subcommands are the headless tools.
#include <CLI/CLI.hpp>

#include <cstdio>
#include <exception>

#include "app/commands.hpp"

int main(int argc, char** argv) {
    using namespace billiards::app;
    CLI::App cli{"billiards: a 2D pool game and an exact ball-world simulator"};
    cli.require_subcommand(0, 1);
    int status = 0;
    add_simulate_command(cli, status);
    add_bench_command(cli, status);
    add_batch_command(cli, status);
    add_match_command(cli, status);
#ifdef BILLIARDS_HAVE_GAME
    add_render_command(cli, status);
    GameOptions game;
    add_game_options(cli, game);
#endif
    try {
        cli.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        // --help and --version exit 0; every command-line mistake is bad input: 2.
        return cli.exit(e) == 0 ? 0 : 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "billiards: %s\n", e.what());
        return 1;
    }
    if (cli.get_subcommands().empty()) {
#ifdef BILLIARDS_HAVE_GAME
        return run_game(game);
#else
        std::fprintf(stderr, "billiards: built without the game (BILLIARDS_GAME=OFF)\n");
        return 1;
#endif
    }
    return status;
}

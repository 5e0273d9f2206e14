// billiards server [--listen HOST:PORT] [--max-rooms N] ...: the relay for online matches
// (docs/ONLINE.md). Loopback unless told otherwise; prints the address it listens on.
#include <CLI/CLI.hpp>

#include <cstdio>
#include <memory>
#include <string>

#include "cli/cli_output.hpp"
#include "cli/commands.hpp"
#include "net/connection.hpp"
#include "net/server.hpp"

namespace billiards::cli {

namespace {

struct ServerArgs {
    std::string listen = "127.0.0.1:7777";
    int max_rooms = 100;
    int max_connections = 256;
    double handshake_seconds = 5.0;
    double idle_seconds = 120.0;
    double empty_room_seconds = 300.0;
    double lifetime = 0.0;
    bool verbose = false;
};

int run_server(const ServerArgs& a) {
    std::string host, why;
    std::uint16_t port = 0;
    if (!net::parse_endpoint(a.listen, host, port, &why, true))
        return fail("server", "--listen: " + why, 2);
    net::ServerLimits limits;
    limits.max_rooms = static_cast<std::size_t>(a.max_rooms);
    limits.max_connections = static_cast<std::size_t>(a.max_connections);
    limits.handshake_seconds = a.handshake_seconds;
    limits.idle_seconds = a.idle_seconds;
    limits.empty_room_seconds = a.empty_room_seconds;
    std::unique_ptr<net::Server> server;
    try {
        server = std::make_unique<net::Server>(host, port, limits);
    } catch (const std::exception& e) {
        return fail("server", e.what(), 1);
    }
    if (a.verbose)
        server->set_log([](const std::string& line) {
            std::fprintf(stderr, "billiards server: %s\n", line.c_str());
        });
    server->stop_on_signals();
    const std::string shown = host.find(':') != std::string::npos ? "[" + host + "]" : host;
    write_stdout("listening on " + shown + ":" + std::to_string(server->port()) + "\n");
    if (a.lifetime > 0.0) server->stop_after(a.lifetime);
    server->run();
    return 0;
}

} // namespace

void add_server_command(CLI::App& cli, int& status) {
    auto args = std::make_shared<ServerArgs>();
    auto* cmd = cli.add_subcommand(
        "server", "Relay online matches: pairs players by room code (docs/ONLINE.md)");
    cmd->add_option("--listen", args->listen,
                    "HOST:PORT to listen on (port 0: any free port; the first line of standard "
                    "output names it); 0.0.0.0:PORT for a public server")
        ->capture_default_str();
    add_int_option(*cmd, "--max-rooms", args->max_rooms, 1, 100000, "Rooms open at once at most");
    add_int_option(*cmd, "--max-connections", args->max_connections, 1, 100000,
                   "Connections open at once at most");
    add_real_option(*cmd, "--handshake-seconds", args->handshake_seconds, 0.1, 3600.0,
                    "Time a new connection has to say hello");
    add_real_option(*cmd, "--idle-seconds", args->idle_seconds, 0.1, 86400.0,
                    "Time a connection may go without one complete message");
    add_real_option(*cmd, "--empty-room-seconds", args->empty_room_seconds, 0.0, 86400.0,
                    "Time a begun match whose players both dropped waits for one to rejoin "
                    "(0: the room ends with its last member)");
    add_real_option(*cmd, "--lifetime", args->lifetime, 0.0, 1e7,
                    "Stop after this many seconds (0: run until interrupted)");
    cmd->add_flag("--verbose", args->verbose, "Say on standard error why each connection closed");
    cmd->callback(
        [args, &status] { status = run_guarded("server", [&] { return run_server(*args); }); });
}

} // namespace billiards::cli

// `billiards server`: pairs players by room code and relays their messages; it holds no
// physics. One thread runs Asio's event loop; every connection is read a frame at a time,
// within the limits below, and anything it should not send closes it (and it alone).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace billiards::net {

struct ServerLimits {
    std::size_t max_connections = 256;
    std::size_t max_rooms = 100;
    std::size_t max_spectators = 8; // per room, besides its two seats
    double handshake_seconds = 5.0; // from connecting to a complete hello
    double idle_seconds = 120.0;    // without one complete message
    double messages_per_second = 50.0;
    double burst = 200.0;                    // messages at once before the rate counts
    std::size_t max_queued_bytes = 2u << 20; // unsent to a reader that does not read
    std::size_t max_room_log = 10000;        // messages kept for a spectator joining late
    double empty_room_seconds = 300.0;       // a begun match with no member left waits for a rejoin
};

struct ServerCounts {
    std::size_t connections = 0;
    std::size_t rooms = 0;
    std::size_t refused = 0; // connections closed for breaking a rule or a limit
};

class Server {
  public:
    // Binds HOST:PORT (port 0: any free port, see port()); throws std::runtime_error.
    Server(const std::string& host, std::uint16_t port, const ServerLimits& limits = {});
    ~Server();
    Server(const Server&) = delete;
    Server& operator=(const Server&) = delete;

    std::uint16_t port() const; // the port bound
    // Runs the event loop until stop().
    void run();
    // From any thread.
    void stop();
    // SIGINT and SIGTERM stop run(); so does the end of `seconds` (before run()).
    void stop_on_signals();
    void stop_after(double seconds);
    ServerCounts counts() const;
    // Each connection closed, with the reason (none by default).
    void set_log(std::function<void(const std::string&)> log);

    struct Impl; // the event loop, its connections and rooms (server.cpp)

  private:
    std::unique_ptr<Impl> impl_;
};

} // namespace billiards::net

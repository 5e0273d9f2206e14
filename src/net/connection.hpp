// A client's connection to the server: messages sent and received one at a time, each
// receive bounded in time. For headless clients and tests, which wait on each answer.
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>

#include "net/protocol.hpp"

namespace billiards::net {

// A connection that failed: refused, closed, timed out, or sent something malformed.
struct NetError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// "HOST:PORT" (HOST an IP address or a name; PORT 1 to 65535, or 0 when `port_zero_ok`);
// false with *why when it is not one.
bool parse_endpoint(const std::string& text, std::string& host, std::uint16_t& port,
                    std::string* why, bool port_zero_ok = false);

class Connection {
  public:
    // Throws NetError when the server cannot be reached within `timeout_seconds`.
    Connection(const std::string& host, std::uint16_t port, double timeout_seconds);
    ~Connection();
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;

    void send(const Message& m);
    // Raw bytes, as they are (tests send what no client would).
    void send_bytes(const std::uint8_t* data, std::size_t size);
    // The next message; throws NetError when none comes in time, the connection closes or
    // what comes is malformed.
    Message receive(double timeout_seconds);
    // Whether the server has closed the connection (waits up to `timeout_seconds` for it).
    bool closed_by_peer(double timeout_seconds);

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

} // namespace billiards::net

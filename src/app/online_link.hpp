// The game's connection to `billiards server`, off the render thread: a worker thread
// connects, says hello (with this build's determinism fingerprint), creates or joins the room,
// then relays messages both ways; the frame loop only queues what it sends and takes what came,
// never waiting on the network.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "net/protocol.hpp"

namespace billiards::app {

struct LinkRequest {
    enum class Kind { Create, Join, Watch };
    Kind kind = Kind::Create;
    std::string host;
    std::uint16_t port = 7777;
    std::string code;   // Join, Watch: the room (normalised)
    std::string player; // "human:NAME"
    std::uint8_t seat = 2;
    std::uint64_t token = 0; // a seat taken back
};

class OnlineLink {
  public:
    explicit OnlineLink(LinkRequest request); // starts connecting at once
    // Never waits: the worker says bye and ends by itself (within a connect's 10 s at most).
    ~OnlineLink();
    OnlineLink(const OnlineLink&) = delete;
    OnlineLink& operator=(const OnlineLink&) = delete;

    void send(net::Message m);        // queued; sent by the worker
    std::vector<net::Message> take(); // what came since the last call, in order
    std::string failure() const;      // non-empty once the connection is gone: why
    bool connected() const;           // the hello was welcomed

    struct Shared; // what the worker and this side share (online_link.cpp)

  private:
    std::shared_ptr<Shared> shared_;
};

} // namespace billiards::app

#include "app/online_link.hpp"

#include <chrono>

#include "net/connection.hpp"
#include "net/lockstep.hpp"

#ifndef BILLIARDS_VERSION
#define BILLIARDS_VERSION "unknown"
#endif

namespace billiards::app {

namespace {

constexpr double kConnectSeconds = 10.0;
constexpr double kPollSeconds = 0.02; // a receive's wait before the outbox is looked at again
constexpr double kPingSeconds = 20.0; // the server closes a connection idle for 120 s

} // namespace

OnlineLink::OnlineLink(LinkRequest request) : request_(std::move(request)) {
    thread_ = std::thread([this] { run(); });
}

OnlineLink::~OnlineLink() {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
}

void OnlineLink::send(net::Message m) {
    const std::lock_guard lock(mutex_);
    outbox_.push_back(std::move(m));
}

std::vector<net::Message> OnlineLink::take() {
    const std::lock_guard lock(mutex_);
    std::vector<net::Message> out;
    out.swap(inbox_);
    return out;
}

std::string OnlineLink::failure() const {
    const std::lock_guard lock(mutex_);
    return failure_;
}

void OnlineLink::fail(const std::string& why) {
    const std::lock_guard lock(mutex_);
    if (failure_.empty()) failure_ = why;
}

void OnlineLink::run() {
    try {
        net::Connection c(request_.host, request_.port, kConnectSeconds);
        const std::uint64_t fingerprint = net::determinism_fingerprint(BILLIARDS_VERSION);
        c.send(net::Hello{net::kProtocolVersion, fingerprint, BILLIARDS_VERSION});
        const net::Message hello = c.receive(kConnectSeconds);
        if (const auto* e = std::get_if<net::Error>(&hello)) throw net::NetError(e->text);
        if (!std::holds_alternative<net::Welcome>(hello))
            throw net::NetError("the server did not welcome this game");
        connected_ = true;
        switch (request_.kind) {
        case LinkRequest::Kind::Create:
            c.send(net::CreateRoom{request_.player});
            break;
        case LinkRequest::Kind::Join:
            c.send(net::JoinRoom{request_.code, request_.seat, request_.player, request_.token});
            break;
        case LinkRequest::Kind::Watch:
            c.send(net::JoinRoom{request_.code, net::kSpectator, request_.player, 0});
            break;
        }
        auto last_sent = std::chrono::steady_clock::now();
        while (!stop_) {
            std::deque<net::Message> out;
            {
                const std::lock_guard lock(mutex_);
                out.swap(outbox_);
            }
            for (const net::Message& m : out)
                c.send(m);
            const auto now = std::chrono::steady_clock::now();
            if (!out.empty()) {
                last_sent = now;
            } else if (std::chrono::duration<double>(now - last_sent).count() > kPingSeconds) {
                c.send(net::Ping{});
                last_sent = now;
            }
            try {
                net::Message m = c.receive(kPollSeconds);
                const bool error = std::holds_alternative<net::Error>(m);
                {
                    const std::lock_guard lock(mutex_);
                    inbox_.push_back(std::move(m));
                }
                if (error) { // the server closes after an error
                    fail("the server closed the connection");
                    return;
                }
            } catch (const net::NetError& e) {
                if (std::string(e.what()).rfind("no answer", 0) != 0) throw;
            }
        }
        c.send(net::Bye{});
    } catch (const net::NetError& e) {
        fail(e.what());
    } catch (const std::exception& e) {
        fail(e.what());
    }
}

} // namespace billiards::app

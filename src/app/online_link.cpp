#include "app/online_link.hpp"

#include <atomic>
#include <chrono>
#include <deque>
#include <mutex>
#include <thread>

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

struct OnlineLink::Shared {
    LinkRequest request;
    mutable std::mutex mutex;
    std::deque<net::Message> outbox;
    std::vector<net::Message> inbox;
    std::string failure;
    std::atomic<bool> stop{false};
    std::atomic<bool> connected{false};

    void fail(const std::string& why) {
        const std::lock_guard lock(mutex);
        if (failure.empty()) failure = why;
    }
    void run();
};

OnlineLink::OnlineLink(LinkRequest request) : shared_(std::make_shared<Shared>()) {
    shared_->request = std::move(request);
    // The worker holds the shared state too: it outlives this link when it is still
    // connecting, and ends by itself.
    std::thread([s = shared_] { s->run(); }).detach();
}

OnlineLink::~OnlineLink() {
    shared_->stop = true;
}

void OnlineLink::send(net::Message m) {
    const std::lock_guard lock(shared_->mutex);
    shared_->outbox.push_back(std::move(m));
}

std::vector<net::Message> OnlineLink::take() {
    const std::lock_guard lock(shared_->mutex);
    std::vector<net::Message> out;
    out.swap(shared_->inbox);
    return out;
}

std::string OnlineLink::failure() const {
    const std::lock_guard lock(shared_->mutex);
    return shared_->failure;
}

bool OnlineLink::connected() const {
    return shared_->connected;
}

void OnlineLink::Shared::run() {
    try {
        net::Connection c(request.host, request.port, kConnectSeconds);
        if (stop) return;
        const std::uint64_t fingerprint = net::determinism_fingerprint(BILLIARDS_VERSION);
        c.send(net::Hello{net::kProtocolVersion, fingerprint, BILLIARDS_VERSION});
        const net::Message hello = c.receive(kConnectSeconds);
        if (const auto* e = std::get_if<net::Error>(&hello)) throw net::NetError(e->text);
        if (!std::holds_alternative<net::Welcome>(hello))
            throw net::NetError("the server did not welcome this game");
        connected = true;
        switch (request.kind) {
        case LinkRequest::Kind::Create:
            c.send(net::CreateRoom{request.player});
            break;
        case LinkRequest::Kind::Join:
            c.send(net::JoinRoom{request.code, request.seat, request.player, request.token});
            break;
        case LinkRequest::Kind::Watch:
            c.send(net::JoinRoom{request.code, net::kSpectator, request.player, 0});
            break;
        }
        auto last_sent = std::chrono::steady_clock::now();
        while (!stop) {
            std::deque<net::Message> out;
            {
                const std::lock_guard lock(mutex);
                out.swap(outbox);
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
                    const std::lock_guard lock(mutex);
                    inbox.push_back(std::move(m));
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
    } catch (const std::exception& e) {
        fail(e.what());
    }
}

} // namespace billiards::app

#include "net/server.hpp"

#include <asio.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <deque>
#include <mutex>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "net/protocol.hpp"

namespace billiards::net {

namespace {

using asio::ip::tcp;
using Clock = std::chrono::steady_clock;
using Frame = std::shared_ptr<const std::vector<std::uint8_t>>;

Frame frame_of(const Message& m) {
    return std::make_shared<const std::vector<std::uint8_t>>(encode(m));
}

std::chrono::steady_clock::duration seconds(double s) {
    return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s));
}

} // namespace

struct Session;

struct Room {
    std::string code;
    std::uint64_t fingerprint = 0;
    std::array<std::weak_ptr<Session>, 3> seats; // [1], [2]; [0] unused
    std::array<std::string, 3> players;
    std::array<std::uint64_t, 3> tokens{}; // each seat's secret, to take it back after a drop
    std::vector<std::weak_ptr<Session>> spectators;
    Frame options;
    std::vector<Frame> log; // inputs and hashes, for a spectator joining late
    bool started = false;   // an input was relayed: the options stand
    // A begun match whose members all left waits this long for a seat to rejoin.
    std::unique_ptr<asio::steady_timer> empty;
};

struct Server::Impl {
    asio::io_context io;
    tcp::acceptor acceptor{io};
    asio::signal_set signals{io};
    asio::steady_timer lifetime{io};
    ServerLimits limits;
    std::unordered_set<std::shared_ptr<Session>> sessions;
    std::unordered_map<std::string, std::shared_ptr<Room>> rooms;
    std::atomic<std::size_t> n_connections{0}, n_rooms{0}, n_refused{0};
    std::mutex log_mutex;
    std::function<void(const std::string&)> log;

    void accept();
    void note(const std::string& line) {
        const std::lock_guard<std::mutex> lock(log_mutex);
        if (log) log(line);
    }
    void counts_changed() {
        n_connections = sessions.size();
        n_rooms = rooms.size();
    }
};

struct Session : std::enable_shared_from_this<Session> {
    enum class State { AwaitHello, Lobby, InRoom, Closed };

    Session(Server::Impl& server, tcp::socket socket)
        : srv(server), sock(std::move(socket)), deadline(server.io) {
        std::error_code ec;
        const tcp::endpoint peer = sock.remote_endpoint(ec);
        who =
            ec ? std::string("?") : peer.address().to_string() + ":" + std::to_string(peer.port());
        tokens = srv.limits.burst;
        refilled = Clock::now();
    }

    Server::Impl& srv;
    tcp::socket sock;
    asio::steady_timer deadline;
    std::string who;
    State state = State::AwaitHello;
    std::uint64_t fingerprint = 0;
    std::shared_ptr<Room> room;
    std::uint8_t seat = 0;
    std::string player;
    std::array<std::uint8_t, kHeaderSize> header{};
    std::vector<std::uint8_t> body;
    double tokens = 0.0;
    Clock::time_point refilled;
    std::deque<Frame> queue;
    std::size_t queued = 0;
    bool writing = false;
    bool closing = false;  // the last frames go out, then the socket closes
    bool said_bye = false; // left on purpose: its room need not wait for it

    void start() {
        arm(srv.limits.handshake_seconds);
        read_header();
    }

    void arm(double secs) {
        deadline.expires_after(seconds(secs));
        deadline.async_wait([self = shared_from_this()](const std::error_code& ec) {
            if (ec || self->state == State::Closed) return;
            self->refuse(ErrorCode::Timeout, self->state == State::AwaitHello
                                                 ? "no hello in time"
                                                 : "no complete message in time");
        });
    }

    void read_header() {
        asio::async_read(sock, asio::buffer(header),
                         [self = shared_from_this()](const std::error_code& ec, std::size_t) {
                             if (ec) return self->drop("the connection closed");
                             self->on_header();
                         });
    }

    void on_header() {
        if (closing) return;
        std::string why;
        const std::optional<std::size_t> n = body_length(header, &why);
        if (!n) return refuse(ErrorCode::Malformed, why);
        body.resize(*n);
        asio::async_read(sock, asio::buffer(body),
                         [self = shared_from_this()](const std::error_code& ec, std::size_t) {
                             if (ec) return self->drop("the connection closed");
                             self->on_body();
                         });
    }

    void on_body() {
        if (closing) return;
        const Clock::time_point now = Clock::now();
        tokens = std::min(srv.limits.burst,
                          tokens + std::chrono::duration<double>(now - refilled).count() *
                                       srv.limits.messages_per_second);
        refilled = now;
        if (tokens < 1.0) return refuse(ErrorCode::Flood, "too many messages");
        tokens -= 1.0;
        std::string why;
        const std::optional<Message> m = decode_body(body, &why);
        if (!m) return refuse(ErrorCode::Malformed, why);
        handle(*m);
        if (state == State::Closed || closing) return;
        arm(srv.limits.idle_seconds);
        read_header();
    }

    void handle(const Message& m) {
        const Type t = type_of(m);
        if (t == Type::Bye) {
            said_bye = true;
            return leave("said bye");
        }
        if (t == Type::Ping && state != State::AwaitHello) return;
        switch (state) {
        case State::AwaitHello:
            if (t != Type::Hello) return refuse(ErrorCode::Unexpected, "hello first");
            return hello(std::get<Hello>(m));
        case State::Lobby:
            if (t == Type::CreateRoom) return create(std::get<CreateRoom>(m));
            if (t == Type::JoinRoom) return join(std::get<JoinRoom>(m));
            break;
        case State::InRoom:
            if (t == Type::Options) return options(std::get<Options>(m));
            if (t == Type::Input) {
                if (std::get<Input>(m).seat != seat)
                    return refuse(ErrorCode::NotYourSeat, "an input for another seat");
                return relay(frame_of(m), true);
            }
            if (t == Type::EndHash) {
                if (std::get<EndHash>(m).seat != seat)
                    return refuse(ErrorCode::NotYourSeat, "a hash for another seat");
                return relay(frame_of(m), true);
            }
            if (t == Type::Chat) {
                Chat c = std::get<Chat>(m);
                c.seat = seat;
                return relay(frame_of(c), false);
            }
            break;
        case State::Closed:
            return;
        }
        refuse(ErrorCode::Unexpected, std::string("a ") + to_string(t) + " message here");
    }

    void hello(const Hello& h) {
        if (h.protocol != kProtocolVersion)
            return refuse(ErrorCode::Version, "protocol " + std::to_string(h.protocol) +
                                                  ", this server speaks " +
                                                  std::to_string(kProtocolVersion));
        fingerprint = h.fingerprint;
        state = State::Lobby;
        send(frame_of(Welcome{}));
    }

    void create(const CreateRoom& c) {
        if (srv.rooms.size() >= srv.limits.max_rooms)
            return refuse(ErrorCode::ServerFull, "no room for another room");
        auto r = std::make_shared<Room>();
        do
            r->code = new_room_code();
        while (srv.rooms.count(r->code) > 0);
        r->fingerprint = fingerprint;
        r->seats[1] = weak_from_this();
        r->players[1] = c.player;
        r->tokens[1] = new_token();
        srv.rooms.emplace(r->code, r);
        srv.counts_changed();
        room = r;
        seat = 1;
        player = c.player;
        state = State::InRoom;
        send(frame_of(RoomCreated{r->code, r->tokens[1]}));
    }

    void join(const JoinRoom& j) {
        const auto it = srv.rooms.find(j.code);
        if (it == srv.rooms.end()) return refuse(ErrorCode::NoRoom, "no room " + j.code);
        const std::shared_ptr<Room> r = it->second;
        if (fingerprint != r->fingerprint)
            return refuse(ErrorCode::Fingerprint,
                          "this build would simulate differently from the room's");
        if (j.seat != kSpectator) {
            if (!r->seats[j.seat].expired())
                return refuse(ErrorCode::RoomFull, "seat " + std::to_string(j.seat) + " is taken");
            if (j.token != 0) { // a rejoin: the seat's own token only
                if (j.token != r->tokens[j.seat])
                    return refuse(ErrorCode::NotYourSeat, "not this seat's token");
            } else {
                if (r->tokens[j.seat] != 0)
                    return refuse(ErrorCode::RoomFull, "seat " + std::to_string(j.seat) +
                                                           " is kept for its player to rejoin");
                r->tokens[j.seat] = new_token();
                r->players[j.seat] = j.player;
            }
            r->seats[j.seat] = weak_from_this();
        } else {
            std::erase_if(r->spectators, [](const auto& w) { return w.expired(); });
            if (r->spectators.size() >= srv.limits.max_spectators)
                return refuse(ErrorCode::RoomFull, "no room for another spectator");
            r->spectators.push_back(weak_from_this());
        }
        if (r->empty) r->empty->cancel(); // a member again: the room stays
        room = r;
        seat = j.seat;
        player = seat == kSpectator ? j.player : r->players[seat];
        state = State::InRoom;
        send(frame_of(Joined{seat, r->tokens[seat]}));
        for (std::uint8_t s = 1; s <= 2; ++s)
            if (s != seat && !r->seats[s].expired())
                send(frame_of(PeerJoined{s, r->players[s], r->fingerprint}));
        if (r->options) send(r->options);
        for (const Frame& f : r->log)
            send(f);
        send(frame_of(CaughtUp{}));
        relay(frame_of(PeerJoined{seat, player, fingerprint}), false);
    }

    void options(const Options& o) {
        if (seat != 1) return refuse(ErrorCode::NotYourSeat, "only seat 1 sets the options");
        if (room->started) return refuse(ErrorCode::Unexpected, "the match has begun");
        room->options = frame_of(o);
        relay(room->options, false);
    }

    // To every other member of the room; kept for late spectators when `logged`.
    void relay(const Frame& f, bool logged) {
        if (logged) {
            room->started = true;
            if (room->log.size() < srv.limits.max_room_log) room->log.push_back(f);
        }
        for (const auto& member : members(*room))
            if (member.get() != this) member->send(f);
    }

    static std::vector<std::shared_ptr<Session>> members(const Room& r) {
        std::vector<std::shared_ptr<Session>> out;
        for (const auto& w : r.seats)
            if (auto s = w.lock()) out.push_back(s);
        for (const auto& w : r.spectators)
            if (auto s = w.lock()) out.push_back(s);
        return out;
    }

    void send(const Frame& f) {
        if (state == State::Closed || closing) return;
        if (queued + f->size() > srv.limits.max_queued_bytes)
            return drop("does not read what it is sent");
        queue.push_back(f);
        queued += f->size();
        write();
    }

    void write() {
        if (writing || queue.empty()) return;
        writing = true;
        asio::async_write(sock, asio::buffer(*queue.front()),
                          [self = shared_from_this()](const std::error_code& ec, std::size_t) {
                              self->writing = false;
                              if (self->state == State::Closed) return;
                              if (ec) return self->drop("the connection closed");
                              self->queued -= self->queue.front()->size();
                              self->queue.pop_front();
                              if (self->queue.empty() && self->closing) return self->drop("");
                              self->write();
                          });
    }

    // Tells the client why, then closes once that is written (or after a second).
    void refuse(ErrorCode code, const std::string& why) {
        if (state == State::Closed || closing) return;
        ++srv.n_refused;
        srv.note(who + ": " + why);
        send(frame_of(Error{code, sanitize_chat(why)}));
        closing = true;
        leave_room();
        deadline.expires_after(std::chrono::seconds(1));
        deadline.async_wait([self = shared_from_this()](const std::error_code& ec) {
            if (!ec) self->drop("");
        });
        if (!writing && queue.empty()) drop("");
    }

    void leave(const std::string& why) {
        closing = true;
        drop(why);
    }

    void leave_room() {
        if (!room) return;
        const std::shared_ptr<Room> r = std::move(room);
        room.reset();
        if (seat == 1 || seat == 2) {
            r->seats[seat].reset();
        } else {
            std::erase_if(r->spectators, [this](const auto& w) {
                const auto s = w.lock();
                return !s || s.get() == this;
            });
        }
        const std::vector<std::shared_ptr<Session>> rest = members(*r);
        if (rest.empty() && r->started && !said_bye && srv.limits.empty_room_seconds > 0.0) {
            // The last one dropped (no bye): the room and its log wait for a seat's token a
            // while. Members who said bye ended the room.
            r->empty = std::make_unique<asio::steady_timer>(srv.io);
            r->empty->expires_after(std::chrono::milliseconds(
                static_cast<long long>(srv.limits.empty_room_seconds * 1000.0)));
            Server::Impl& server = srv;
            r->empty->async_wait(
                [&server, weak = std::weak_ptr<Room>(r)](const std::error_code& ec) {
                    const std::shared_ptr<Room> left = weak.lock();
                    if (ec || !left || !members(*left).empty()) return;
                    server.rooms.erase(left->code);
                    server.counts_changed();
                });
            return;
        }
        if (rest.empty()) {
            srv.rooms.erase(r->code);
            srv.counts_changed();
            return;
        }
        const Frame left = frame_of(PeerLeft{seat});
        for (const auto& member : rest)
            member->send(left);
    }

    void drop(const std::string& why) {
        if (state == State::Closed) return;
        if (!why.empty()) srv.note(who + ": " + why);
        leave_room();
        state = State::Closed;
        std::error_code ignored;
        deadline.cancel();
        sock.shutdown(tcp::socket::shutdown_both, ignored);
        sock.close(ignored);
        srv.sessions.erase(shared_from_this());
        srv.counts_changed();
    }
};

void Server::Impl::accept() {
    acceptor.async_accept([this](const std::error_code& ec, tcp::socket socket) {
        if (ec == asio::error::operation_aborted) return;
        if (!ec) {
            if (sessions.size() >= limits.max_connections) {
                ++n_refused;
                std::error_code ignored;
                socket.close(ignored);
            } else {
                auto s = std::make_shared<Session>(*this, std::move(socket));
                sessions.insert(s);
                counts_changed();
                s->start();
            }
        }
        accept();
    });
}

Server::Server(const std::string& host, std::uint16_t port, const ServerLimits& limits)
    : impl_(std::make_unique<Impl>()) {
    impl_->limits = limits;
    std::error_code ec;
    const asio::ip::address address = asio::ip::make_address(host, ec);
    if (ec) throw std::runtime_error("'" + host + "' is not an IP address");
    const tcp::endpoint endpoint(address, port);
    impl_->acceptor.open(endpoint.protocol(), ec);
    if (!ec) impl_->acceptor.set_option(tcp::acceptor::reuse_address(true), ec);
    if (!ec) impl_->acceptor.bind(endpoint, ec);
    if (!ec) impl_->acceptor.listen(asio::socket_base::max_listen_connections, ec);
    if (ec)
        throw std::runtime_error("cannot listen on " + host + ":" + std::to_string(port) + ": " +
                                 ec.message());
    impl_->accept();
}

Server::~Server() = default;

std::uint16_t Server::port() const {
    return impl_->acceptor.local_endpoint().port();
}

void Server::run() {
    impl_->io.run();
}

void Server::stop() {
    impl_->io.stop();
}

void Server::stop_on_signals() {
    impl_->signals.add(SIGINT);
    impl_->signals.add(SIGTERM);
    impl_->signals.async_wait([this](const std::error_code& ec, int) {
        if (!ec) impl_->io.stop();
    });
}

void Server::stop_after(double secs) {
    impl_->lifetime.expires_after(seconds(secs));
    impl_->lifetime.async_wait([this](const std::error_code& ec) {
        if (!ec) impl_->io.stop();
    });
}

ServerCounts Server::counts() const {
    return {impl_->n_connections.load(), impl_->n_rooms.load(), impl_->n_refused.load()};
}

void Server::set_log(std::function<void(const std::string&)> log) {
    const std::lock_guard<std::mutex> lock(impl_->log_mutex);
    impl_->log = std::move(log);
}

} // namespace billiards::net

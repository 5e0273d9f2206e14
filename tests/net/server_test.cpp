// The relay server against hostile and careless clients, on loopback with a port the
// system picks: each test runs its own server on a thread, with short timeouts, and every
// wait is bounded.
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <random>
#include <thread>
#include <vector>

#include "net/connection.hpp"
#include "net/protocol.hpp"
#include "net/server.hpp"

namespace billiards::net {
namespace {

constexpr double kWait = 5.0; // seconds any answer may take
constexpr std::uint64_t kPrint = 0x5eed;

class ServerTest : public testing::Test {
  protected:
    void start(ServerLimits limits) {
        server_ = std::make_unique<Server>("127.0.0.1", 0, limits);
        server_->stop_after(60.0); // whatever happens, the thread ends
        thread_ = std::thread([this] { server_->run(); });
    }
    void SetUp() override {
        ServerLimits limits;
        limits.handshake_seconds = 1.0;
        limits.idle_seconds = 3.0;
        limits.max_rooms = 4;
        start(limits);
    }
    void TearDown() override {
        server_->stop();
        thread_.join();
    }

    std::unique_ptr<Connection> connect() {
        return std::make_unique<Connection>("127.0.0.1", server_->port(), kWait);
    }
    std::unique_ptr<Connection> hello(std::uint64_t print = kPrint) {
        auto c = connect();
        c->send(Hello{kProtocolVersion, print, "test"});
        EXPECT_TRUE(std::holds_alternative<Welcome>(c->receive(kWait)));
        return c;
    }
    struct Pair {
        std::unique_ptr<Connection> one, two;
        std::string code;
        std::uint64_t token1 = 0, token2 = 0;
    };
    Pair room() {
        Pair p;
        p.one = hello();
        p.one->send(CreateRoom{"ai:hard"});
        const Message created = p.one->receive(kWait);
        EXPECT_TRUE(std::holds_alternative<RoomCreated>(created));
        p.code = std::get<RoomCreated>(created).code;
        p.token1 = std::get<RoomCreated>(created).token;
        p.two = hello();
        p.two->send(JoinRoom{p.code, 2, "ai:easy", 0});
        const Joined joined = std::get<Joined>(p.two->receive(kWait));
        EXPECT_EQ(joined.seat, 2);
        p.token2 = joined.token;
        EXPECT_NE(p.token1, 0u);
        EXPECT_NE(p.token2, 0u);
        EXPECT_NE(p.token1, p.token2);
        const PeerJoined first = std::get<PeerJoined>(p.two->receive(kWait));
        EXPECT_EQ(first.seat, 1);
        EXPECT_EQ(first.player, "ai:hard");
        EXPECT_TRUE(std::holds_alternative<CaughtUp>(p.two->receive(kWait)));
        const PeerJoined second = std::get<PeerJoined>(p.one->receive(kWait));
        EXPECT_EQ(second.seat, 2);
        EXPECT_EQ(second.player, "ai:easy");
        return p;
    }
    // The room still relays both ways.
    static void relays(Pair& p, std::uint32_t index) {
        game::GameInput in;
        in.stroke.shot = {0.5, 2.0, 0.0, 0.0, 0.0};
        p.one->send(Input{1, index, in});
        const Input got = std::get<Input>(p.two->receive(kWait));
        EXPECT_EQ(got.index, index);
        EXPECT_EQ(got.input.stroke.shot.speed, 2.0);
        p.two->send(EndHash{2, index + 1, 99});
        EXPECT_EQ(std::get<EndHash>(p.one->receive(kWait)).hash, 99u);
    }
    static ErrorCode refused(Connection& c) {
        const Message m = c.receive(kWait);
        EXPECT_TRUE(std::holds_alternative<Error>(m)) << to_string(type_of(m));
        const ErrorCode code =
            std::holds_alternative<Error>(m) ? std::get<Error>(m).code : ErrorCode::Unexpected;
        EXPECT_TRUE(c.closed_by_peer(kWait));
        return code;
    }

    std::unique_ptr<Server> server_;
    std::thread thread_;
};

TEST_F(ServerTest, TwoSeatsAreRelayedAndChatIsStampedWithTheSeat) {
    Pair p = room();
    relays(p, 0);
    p.two->send(Chat{1, "pretending to be seat 1"});
    const Chat chat = std::get<Chat>(p.one->receive(kWait));
    EXPECT_EQ(chat.seat, 2);
    p.two->send(Bye{});
    EXPECT_EQ(std::get<PeerLeft>(p.one->receive(kWait)).seat, 2);
}

TEST_F(ServerTest, GarbageRandomBytesAndASlowLorisLeaveTheOtherRoomsServed) {
    Pair p = room();
    // A web browser's request: its first four bytes are no length.
    auto garbage = connect();
    const std::string get = "GET / HTTP/1.1\r\nHost: x\r\n\r\n";
    garbage->send_bytes(reinterpret_cast<const std::uint8_t*>(get.data()), get.size());
    EXPECT_EQ(refused(*garbage), ErrorCode::Malformed);
    // 1 MB of random bytes: the server closes it at the first bad frame.
    auto noise = connect();
    std::mt19937_64 rng(7);
    std::vector<std::uint8_t> junk(1u << 20);
    for (auto& b : junk)
        b = static_cast<std::uint8_t>(rng());
    try {
        noise->send_bytes(junk.data(), junk.size());
    } catch (const NetError&) {
        // closed before it was all sent
    }
    EXPECT_TRUE(noise->closed_by_peer(kWait));
    // A slow loris: a valid hello, one byte every 150 ms, longer than the handshake allows.
    auto loris = connect();
    const std::vector<std::uint8_t> frame = encode(Hello{kProtocolVersion, kPrint, "slow"});
    const auto t0 = std::chrono::steady_clock::now();
    bool closed = false;
    for (std::size_t i = 0; i < frame.size() && !closed; ++i) {
        try {
            loris->send_bytes(&frame[i], 1);
        } catch (const NetError&) {
            closed = true;
        }
        relays(p, static_cast<std::uint32_t>(i)); // the room plays on meanwhile
        std::this_thread::sleep_for(std::chrono::milliseconds(150));
        if (std::chrono::steady_clock::now() - t0 > std::chrono::seconds(4)) break;
    }
    EXPECT_TRUE(closed || loris->closed_by_peer(kWait));
    EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(5));
    // After it all: the room still plays, and a new room opens.
    relays(p, 1000);
    Pair q = room();
    relays(q, 0);
    EXPECT_EQ(server_->counts().rooms, 2u);
    EXPECT_GE(server_->counts().refused, 3u);
}

TEST_F(ServerTest, AClientActsOnlyForItsOwnSeat) {
    Pair p = room();
    game::GameInput in;
    p.two->send(Input{1, 0, in}); // seat 2 plays as seat 1
    EXPECT_EQ(refused(*p.two), ErrorCode::NotYourSeat);
    EXPECT_EQ(std::get<PeerLeft>(p.one->receive(kWait)).seat, 2);
    p.one->send(Options{}); // seat 1 may still set its options
    // Seat 2 is kept for its player: a stranger with the code alone may not take it, nor may a
    // wrong token; the seat's own token takes it back.
    auto stranger = hello();
    stranger->send(JoinRoom{p.code, 2, "ai:medium", 0});
    EXPECT_EQ(refused(*stranger), ErrorCode::RoomFull);
    auto guess = hello();
    guess->send(JoinRoom{p.code, 2, "ai:medium", p.token2 ^ 1});
    EXPECT_EQ(refused(*guess), ErrorCode::NotYourSeat);
    auto back = hello();
    back->send(JoinRoom{p.code, 2, "", p.token2});
    const Joined joined = std::get<Joined>(back->receive(kWait));
    EXPECT_EQ(joined.seat, 2);
    EXPECT_EQ(joined.token, p.token2);
    EXPECT_EQ(std::get<PeerJoined>(back->receive(kWait)).seat, 1);
    EXPECT_TRUE(std::holds_alternative<Options>(back->receive(kWait)));
    EXPECT_TRUE(std::holds_alternative<CaughtUp>(back->receive(kWait)));
    const PeerJoined told = std::get<PeerJoined>(p.one->receive(kWait));
    EXPECT_EQ(told.seat, 2);
    EXPECT_EQ(told.player, "ai:easy"); // the seat's player, as it first joined
}

// A seat that drops gets the room's log on its return, and seat 1 may rejoin too.
TEST_F(ServerTest, ASeatRejoinsWithItsTokenAndGetsTheMatchSoFar) {
    Pair p = room();
    relays(p, 0);
    p.one.reset(); // seat 1's connection drops, no bye
    EXPECT_EQ(std::get<PeerLeft>(p.two->receive(kWait)).seat, 1);
    auto back = hello();
    back->send(JoinRoom{p.code, 1, "ai:hard", p.token1});
    EXPECT_EQ(std::get<Joined>(back->receive(kWait)).seat, 1);
    EXPECT_EQ(std::get<PeerJoined>(back->receive(kWait)).seat, 2);
    const Input logged = std::get<Input>(back->receive(kWait));
    EXPECT_EQ(logged.seat, 1); // its own input, as it sent it before it dropped
    EXPECT_EQ(std::get<EndHash>(back->receive(kWait)).seat, 2);
    EXPECT_TRUE(std::holds_alternative<CaughtUp>(back->receive(kWait)));
    EXPECT_EQ(std::get<PeerJoined>(p.two->receive(kWait)).seat, 1);
    p.one = std::move(back);
    relays(p, 1);
}

TEST_F(ServerTest, ABegunMatchWaitsForARejoinWhenBothSeatsDropped) {
    Pair p = room();
    relays(p, 0);
    p.one.reset(); // both drop, no bye
    p.two.reset();
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    EXPECT_EQ(server_->counts().rooms, 1u); // kept, with its log
    auto back = hello();
    back->send(JoinRoom{p.code, 2, "ai:easy", p.token2});
    EXPECT_EQ(std::get<Joined>(back->receive(kWait)).seat, 2);
    EXPECT_EQ(std::get<Input>(back->receive(kWait)).seat, 1);
    EXPECT_EQ(std::get<EndHash>(back->receive(kWait)).seat, 2);
    EXPECT_TRUE(std::holds_alternative<CaughtUp>(back->receive(kWait)));
    // The other seat is kept for its player: no one else takes it, even in an empty room.
    auto other = hello();
    other->send(JoinRoom{p.code, 1, "ai:hard", p.token1 ^ 1});
    EXPECT_EQ(refused(*other), ErrorCode::NotYourSeat);
}

TEST_F(ServerTest, ARoomWhoseLastMemberSaidByeEndsAtOnce) {
    Pair p = room();
    relays(p, 0);
    p.one->send(Bye{});
    EXPECT_EQ(std::get<PeerLeft>(p.two->receive(kWait)).seat, 1);
    p.two->send(Bye{});
    EXPECT_TRUE(p.two->closed_by_peer(kWait));
    auto late = hello();
    late->send(JoinRoom{p.code, 2, "ai:easy", p.token2});
    EXPECT_EQ(refused(*late), ErrorCode::NoRoom);
}

TEST_F(ServerTest, AnEmptyRoomEndsAfterItsWait) {
    TearDown();
    ServerLimits limits;
    limits.empty_room_seconds = 0.3;
    start(limits);
    Pair p = room();
    relays(p, 0);
    p.one.reset();
    p.two.reset();
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (server_->counts().rooms != 0 && std::chrono::steady_clock::now() < until)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    EXPECT_EQ(server_->counts().rooms, 0u);
    auto late = hello();
    late->send(JoinRoom{p.code, 1, "ai:hard", p.token1});
    EXPECT_EQ(refused(*late), ErrorCode::NoRoom);
}

TEST_F(ServerTest, ABuildThatWouldSimulateDifferentlyIsRefused) {
    auto one = hello();
    one->send(CreateRoom{"ai:hard"});
    const std::string code = std::get<RoomCreated>(one->receive(kWait)).code;
    auto other = hello(kPrint + 1);
    other->send(JoinRoom{code, 2, "ai:easy", 0});
    EXPECT_EQ(refused(*other), ErrorCode::Fingerprint);
}

TEST_F(ServerTest, OutOfPlaceMessagesCloseTheirConnection) {
    auto before_hello = connect();
    before_hello->send(CreateRoom{"ai"});
    EXPECT_EQ(refused(*before_hello), ErrorCode::Unexpected);
    auto lobby_input = hello();
    lobby_input->send(Input{});
    EXPECT_EQ(refused(*lobby_input), ErrorCode::Unexpected);
    auto server_message = hello();
    server_message->send(Welcome{});
    EXPECT_EQ(refused(*server_message), ErrorCode::Unexpected);
    auto no_room = hello();
    no_room->send(JoinRoom{"0000000000", 2, "ai", 0});
    EXPECT_EQ(refused(*no_room), ErrorCode::NoRoom);
    auto old = connect();
    old->send(Hello{kProtocolVersion + 1, kPrint, "future"});
    EXPECT_EQ(refused(*old), ErrorCode::Version);
}

TEST_F(ServerTest, AFloodIsCutOff) {
    Pair p = room();
    bool closed = false;
    try {
        for (int i = 0; i < 1000; ++i)
            p.two->send(Ping{});
    } catch (const NetError&) {
        closed = true;
    }
    EXPECT_TRUE(closed || refused(*p.two) == ErrorCode::Flood);
    EXPECT_EQ(std::get<PeerLeft>(p.one->receive(kWait)).seat, 2);
}

TEST_F(ServerTest, AnIdleConnectionIsClosedAndTheRoomCapHolds) {
    std::vector<std::unique_ptr<Connection>> owners;
    for (int i = 0; i < 4; ++i) {
        owners.push_back(hello());
        owners.back()->send(CreateRoom{"ai"});
        EXPECT_TRUE(std::holds_alternative<RoomCreated>(owners.back()->receive(kWait)));
    }
    auto fifth = hello();
    fifth->send(CreateRoom{"ai"});
    EXPECT_EQ(refused(*fifth), ErrorCode::ServerFull);
    // Nobody speaks: after the idle time (3 s) every room is gone.
    EXPECT_EQ(refused(*owners[0]), ErrorCode::Timeout);
    for (auto& c : owners)
        EXPECT_TRUE(c->closed_by_peer(kWait));
    EXPECT_EQ(server_->counts().rooms, 0u);
}

TEST_F(ServerTest, ASpectatorJoiningLateGetsTheMatchSoFar) {
    Pair p = room();
    Options o;
    o.mode = "8ball";
    p.one->send(o);
    EXPECT_EQ(std::get<Options>(p.two->receive(kWait)).mode, "8ball");
    relays(p, 0);
    auto watcher = hello();
    watcher->send(JoinRoom{p.code, kSpectator, "", 0});
    EXPECT_EQ(std::get<Joined>(watcher->receive(kWait)).seat, kSpectator);
    EXPECT_EQ(std::get<PeerJoined>(watcher->receive(kWait)).seat, 1);
    EXPECT_EQ(std::get<PeerJoined>(watcher->receive(kWait)).seat, 2);
    EXPECT_EQ(std::get<Options>(watcher->receive(kWait)).mode, "8ball");
    EXPECT_EQ(std::get<Input>(watcher->receive(kWait)).index, 0u);
    EXPECT_EQ(std::get<EndHash>(watcher->receive(kWait)).hash, 99u);
    EXPECT_TRUE(std::holds_alternative<CaughtUp>(watcher->receive(kWait)));
    game::GameInput in;
    watcher->send(Input{1, 1, in}); // a spectator has no seat to act for
    EXPECT_EQ(refused(*watcher), ErrorCode::NotYourSeat);
}

} // namespace
} // namespace billiards::net

// The protocol's frames: every message comes back as it was sent, and every malformed body
// (cut short, too long, another version, an unknown type, a field out of range) is refused.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <set>
#include <stdexcept>
#include <vector>

#include "net/protocol.hpp"

namespace billiards::net {
namespace {

using Bytes = std::vector<std::uint8_t>;

std::span<const std::uint8_t> body_of(const Bytes& frame) {
    return std::span(frame).subspan(kHeaderSize);
}

Bytes body_bytes(const Message& m) {
    const Bytes frame = encode(m);
    return Bytes(frame.begin() + kHeaderSize, frame.end());
}

std::optional<Message> decode(const Bytes& body, std::string* why = nullptr) {
    return decode_body(body, why);
}

std::vector<Message> every_kind() {
    game::GameInput stroke;
    stroke.kind = game::GameInput::Kind::Stroke;
    stroke.stroke.shot = {1.25, 3.5, -0.25, 0.125, 0.1};
    stroke.stroke.call = {8, 3};
    stroke.stroke.push_out = true;
    stroke.stroke.nominated = 5;
    game::GameInput place;
    place.kind = game::GameInput::Kind::PlaceCue;
    place.position = {-0.635, 0.1};
    game::GameInput decide;
    decide.kind = game::GameInput::Kind::Decide;
    decide.decision = game::Decision::Spot;
    game::GameInput concede;
    concede.kind = game::GameInput::Kind::Concede;
    concede.player = 1;
    game::GameInput rematch;
    rematch.kind = game::GameInput::Kind::Rematch;
    Options o;
    o.mode = "snooker";
    o.games = 3;
    o.seed = 0xfedcba9876543210ull;
    o.max_shots = 400;
    o.target = 15;
    o.innings_limit = 30;
    o.players[0] = "ai:hard";
    o.players[1] = "ai:easy";
    o.noise = "standard";
    o.turn_seconds = 45;
    o.table = "snooker-10ft";
    o.shaft = 1;
    o.breaker = 1;
    return {Hello{2, 0x0123456789abcdefull, "0.1.0"},
            Welcome{},
            CreateRoom{"ai:hard"},
            RoomCreated{"7K3QXM9D2A", 0x8000000000000001ull},
            JoinRoom{"7K3QXM9D2A", 2, "ai:medium", 0},
            JoinRoom{"7K3QXM9D2A", 1, "ai:hard", 12345},
            JoinRoom{"ZZZZZ00000", kSpectator, "", 0},
            Joined{2, 77},
            PeerJoined{1, "ai:hard", 42},
            o,
            Input{1, 0, stroke},
            Input{2, 17, place},
            Input{2, 18, decide},
            Input{1, 19, concede},
            Input{1, 20, rematch},
            EndHash{2, 21, 0xdeadbeefcafef00dull},
            Chat{1, "good shot! (~ 100%)"},
            Error{ErrorCode::Desync, "the games differ"},
            Bye{},
            PeerLeft{2},
            Ping{},
            CaughtUp{}};
}

TEST(Protocol, EveryMessageComesBackAsItWasSent) {
    std::set<Type> types;
    for (const Message& m : every_kind()) {
        const Bytes frame = encode(m);
        std::string why;
        const auto n = body_length(std::span(frame).first(kHeaderSize), &why);
        ASSERT_TRUE(n) << why;
        EXPECT_EQ(*n, frame.size() - kHeaderSize);
        const auto back = decode_body(body_of(frame), &why);
        ASSERT_TRUE(back) << to_string(type_of(m)) << ": " << why;
        EXPECT_EQ(type_of(*back), type_of(m));
        EXPECT_EQ(encode(*back), frame) << to_string(type_of(m));
        types.insert(type_of(m));
    }
    EXPECT_EQ(types.size(), std::variant_size_v<Message>); // every type tried
}

TEST(Protocol, AStrokeKeepsEveryBitOfItsNumbers) {
    game::GameInput in;
    in.stroke.shot = {std::nextafter(1.0, 2.0), 1e-300, -0.0, 0.3, 0.7};
    const auto back = decode(body_bytes(Input{1, 5, in}));
    ASSERT_TRUE(back);
    const auto& got = std::get<Input>(*back).input.stroke.shot;
    EXPECT_EQ(got.heading, std::nextafter(1.0, 2.0));
    EXPECT_EQ(got.speed, 1e-300);
    EXPECT_TRUE(std::signbit(got.side));
    EXPECT_EQ(got.elevation, 0.7);
}

TEST(Protocol, EveryCutShortBodyIsRefused) {
    for (const Message& m : every_kind()) {
        const Bytes frame = encode(m);
        const auto body = body_of(frame);
        for (std::size_t n = 0; n < body.size(); ++n) {
            std::string why;
            EXPECT_FALSE(decode_body(body.first(n), &why)) << to_string(type_of(m)) << " " << n;
            EXPECT_FALSE(why.empty());
        }
        Bytes longer(body.begin(), body.end());
        longer.push_back(0);
        std::string why;
        EXPECT_FALSE(decode(longer, &why)) << to_string(type_of(m));
        EXPECT_EQ(why, "bytes left over after the message");
    }
}

TEST(Protocol, LengthsOutsideTheBoundAreRefused) {
    std::string why;
    const Bytes zero{0, 0, 0, 0}, max{0, 0, 0x10, 0x00}, over{0, 0, 0x10, 0x01},
        huge{0x47, 0x45, 0x54, 0x20};
    EXPECT_FALSE(body_length(zero, &why));
    EXPECT_EQ(body_length(max, &why), kMaxMessage);
    EXPECT_FALSE(body_length(over, &why));
    EXPECT_EQ(why, "a message of 4097 bytes (1 to 4096 allowed)");
    EXPECT_FALSE(body_length(huge, &why)); // "GET " from a web browser
}

TEST(Protocol, AnotherVersionOrAnUnknownTypeIsRefused) {
    Bytes body = body_bytes(Welcome{});
    std::string why;
    body[0] = 1; // before the turn timer
    EXPECT_FALSE(decode(body, &why));
    EXPECT_EQ(why, "protocol version 1 (this build speaks 3)");
    body[0] = 2; // before the table and the cue in the options
    EXPECT_FALSE(decode(body, &why));
    EXPECT_EQ(why, "protocol version 2 (this build speaks 3)");
    body[0] = kProtocolVersion;
    for (const int t : {0, 17, 255}) {
        body[1] = static_cast<std::uint8_t>(t);
        EXPECT_FALSE(decode(body, &why));
        EXPECT_EQ(why, "unknown message type " + std::to_string(t));
    }
}

// The body of `m` with the byte at `at` (from the body's start) set to `value`.
Bytes with_byte(const Message& m, std::size_t at, std::uint8_t value) {
    const Bytes frame = encode(m);
    Bytes body(frame.begin() + kHeaderSize, frame.end());
    body.at(at) = value;
    return body;
}

TEST(Protocol, FieldsOutOfRangeAreRefused) {
    std::string why;
    // A seat other than 1 or 2 on an input (version, type, then the seat).
    EXPECT_FALSE(decode(with_byte(Input{}, 2, 3), &why));
    EXPECT_FALSE(decode(with_byte(Input{}, 2, 0), &why));
    // An input kind and a decision that do not exist.
    EXPECT_FALSE(decode(with_byte(Input{}, 7, 6), &why));
    EXPECT_EQ(why, "unknown input kind 6");
    game::GameInput decide;
    decide.kind = game::GameInput::Kind::Decide;
    EXPECT_FALSE(decode(with_byte(Input{1, 0, decide}, 8, 10), &why));
    // Joining as seat 1 without its token.
    EXPECT_FALSE(decode(with_byte(JoinRoom{"7K3QXM9D2A", 2, "", 0}, 14, 1), &why));
    EXPECT_EQ(why, "seat 1 creates the room; join as 2 or 0");
    // A room code with a letter outside the alphabet.
    EXPECT_FALSE(decode(with_byte(RoomCreated{"7K3QXM9D2A"}, 4, 'U'), &why));
    // A chat line with a control character.
    EXPECT_FALSE(decode(with_byte(Chat{1, "hello"}, 5, '\x1b'), &why));
    EXPECT_EQ(why, "the chat line holds a non-printable character");
    // An error code that does not exist.
    EXPECT_FALSE(decode(with_byte(Error{ErrorCode::Desync, ""}, 3, 0), &why));
    // Zero games.
    Options o;
    o.mode = "8ball";
    EXPECT_FALSE(decode(with_byte(o, 2 + 2 + 5 + 3, 0), &why));
    EXPECT_EQ(why, "games must be from 1 to 100000");
    // A turn timer beyond an hour (its two bytes come before the table, "": two bytes, the
    // shaft and the breaker).
    o.turn_seconds = kMaxTurnSeconds;
    const Bytes frame = encode(o);
    Bytes body(frame.begin() + kHeaderSize, frame.end());
    EXPECT_TRUE(decode(body, &why)) << why;
    Bytes late = body;
    late[late.size() - 6] = 0x0e;
    late[late.size() - 5] = 0x11; // 3601
    EXPECT_FALSE(decode(late, &why));
    EXPECT_EQ(why, "the turn timer must be from 0 to 3600 seconds");
    // A shaft that is not one, a breaker beyond seat 2, a table name too long.
    Bytes shaft = body;
    shaft[shaft.size() - 2] = 2;
    EXPECT_FALSE(decode(shaft, &why));
    EXPECT_EQ(why, "the shaft must be from 0 to 1");
    Bytes breaker = body;
    breaker[breaker.size() - 1] = 3;
    EXPECT_FALSE(decode(breaker, &why));
    EXPECT_EQ(why, "the breaker must be from 0 to 2");
    o.table = std::string(kMaxTableName + 1, 'x');
    EXPECT_THROW(encode(o), std::invalid_argument);
}

TEST(Protocol, NumbersThatAreNotFiniteAreRefused) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    game::GameInput in;
    const Bytes frame = encode(Input{1, 0, in});
    Bytes body(frame.begin() + kHeaderSize, frame.end());
    // The heading's 8 bytes follow version, type, seat, index (4) and kind.
    const std::uint64_t bits = std::bit_cast<std::uint64_t>(nan);
    for (int i = 0; i < 8; ++i)
        body[8 + static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(bits >> (56 - 8 * i));
    std::string why;
    EXPECT_FALSE(decode(body, &why));
    EXPECT_EQ(why, "the heading is not a finite number");
    in.stroke.shot.speed = std::numeric_limits<double>::infinity();
    EXPECT_THROW(encode(Input{1, 0, in}), std::invalid_argument);
    // Finite but beyond what a save may hold: refused as well.
    in.stroke.shot.speed = 101.0;
    EXPECT_FALSE(decode(body_bytes(Input{1, 0, in}), &why));
    EXPECT_EQ(why, "the speed is out of range");
    in.stroke.shot.speed = 2.0;
    in.stroke.shot.side = -1.5;
    EXPECT_FALSE(decode(body_bytes(Input{1, 0, in}), &why));
    EXPECT_EQ(why, "the side is out of range");
}

TEST(Protocol, TextsAreBoundedAndPrintable) {
    EXPECT_THROW(encode(Chat{1, std::string(kMaxChat + 1, 'a')}), std::invalid_argument);
    EXPECT_THROW(encode(Chat{1, "bell\a"}), std::invalid_argument);
    EXPECT_NO_THROW(encode(Chat{1, std::string(kMaxChat, 'a')}));
    const std::string clean = sanitize_chat("caf\xc3\xa9\n\x1b[2J" + std::string(300, 'x'));
    EXPECT_EQ(clean.size(), kMaxChat);
    EXPECT_EQ(clean.substr(0, 10), "caf??\?\?[2J");
    EXPECT_TRUE(printable(clean));
    EXPECT_NO_THROW(encode(Chat{1, clean}));
}

TEST(Protocol, RoomCodesAreRandomAndTypeable) {
    std::set<std::string> codes;
    for (int i = 0; i < 1000; ++i) {
        const std::string code = new_room_code();
        ASSERT_EQ(code.size(), kRoomCodeLength);
        EXPECT_EQ(normalize_room_code(code), code);
        codes.insert(code);
    }
    EXPECT_EQ(codes.size(), 1000u); // 50 bits: a repeat in 1000 has odds of about 4e-10
    // Every character of the alphabet turns up (1000 codes, 10 000 characters).
    std::set<char> seen;
    for (const std::string& c : codes)
        seen.insert(c.begin(), c.end());
    EXPECT_EQ(seen.size(), 32u);
    EXPECT_EQ(display_room_code("7K3QXM9D2A"), "7K3QX-M9D2A");
    EXPECT_EQ(normalize_room_code("7k3qx-m9d2a"), "7K3QXM9D2A");
    EXPECT_EQ(normalize_room_code("ok3qx-m9dLi"), "0K3QXM9D11"); // O as 0, I and L as 1
    EXPECT_FALSE(normalize_room_code("7K3QX-M9D2"));             // one short
    EXPECT_FALSE(normalize_room_code("7K3QX-M9D2AB"));           // one over
    EXPECT_FALSE(normalize_room_code("7K3QX-M9D2U"));            // U is not in the alphabet
}

} // namespace
} // namespace billiards::net

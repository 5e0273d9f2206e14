// The online protocol (docs/ONLINE.md): every message a length-prefixed frame, versioned,
// bounded and typed. Pure parse and serialise, no sockets: the server, the clients and the
// fuzzer share it. A message that does not parse closes its connection.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "game/game.hpp"

namespace billiards::net {

constexpr std::uint8_t kProtocolVersion = 3; // 3: the options carry the table and the cue
constexpr std::size_t kHeaderSize = 4;       // the body's length, big-endian
constexpr std::size_t kMaxMessage = 4096;    // a body's bytes at most
constexpr std::size_t kMaxChat = 200;        // a chat line's bytes at most
constexpr std::size_t kMaxText = 200;        // an error's text, a player's label, a build name
constexpr std::size_t kRoomCodeLength = 10;  // characters, without the dash
constexpr std::uint8_t kSpectator = 0;       // a seat number: 1 and 2 play, 0 watches
constexpr std::uint16_t kMaxTurnSeconds = 3600;
constexpr std::size_t kMaxTableName = 32; // a table's name in the options

enum class Type : std::uint8_t {
    Hello = 1,       // client: protocol version and determinism fingerprint
    Welcome = 2,     // server: the hello accepted
    CreateRoom = 3,  // client: a new room, this connection seat 1
    RoomCreated = 4, // server: its code
    JoinRoom = 5,    // client: a room by code, as seat 2 or a spectator
    Joined = 6,      // server: to the joiner, its seat
    PeerJoined = 7,  // server: to the others, who joined
    Options = 8,     // seat 1: the match's options (relayed)
    Input = 9,       // a seat's input to the game (relayed)
    EndHash = 10,    // a seat's game hash after a turn (relayed)
    Chat = 11,       // a line of chat (relayed)
    Error = 12,      // why the sender closes the connection (or refuses a request)
    Bye = 13,        // the sender leaves
    PeerLeft = 14,   // server: a member left the room
    Ping = 15,       // client: still here (keeps an idle connection open)
    CaughtUp = 16,   // server: the room's log so far has been sent to the joiner
};
const char* to_string(Type t);

struct Hello {
    std::uint16_t protocol = kProtocolVersion;
    std::uint64_t fingerprint = 0; // determinism_fingerprint() of the sender's build
    std::string build;             // the program's version, for messages
};
struct Welcome {};
struct CreateRoom {
    std::string player; // seat 1's player, as a match report names it ("ai:hard")
};
struct RoomCreated {
    std::string code;        // kRoomCodeLength characters of kRoomAlphabet
    std::uint64_t token = 0; // the seat's secret: it takes the seat back after a drop
};
struct JoinRoom {
    std::string code;
    std::uint8_t seat = 2; // 2, or kSpectator; 1 or 2 with the seat's token to rejoin
    std::string player;
    std::uint64_t token = 0; // 0: a first join
};
struct Joined {
    std::uint8_t seat = 2;
    std::uint64_t token = 0; // 0 for a spectator
};
struct PeerJoined {
    std::uint8_t seat = 1;
    std::string player;
    std::uint64_t fingerprint = 0;
};
// What `billiards match` takes, as seat 1 chose it.
struct Options {
    std::string mode; // "8ball", "9ball", "snooker", "three-cushion"
    std::uint32_t games = 1;
    std::uint64_t seed = 1;
    std::uint32_t max_shots = 300;
    std::uint32_t target = 40;
    std::uint32_t innings_limit = 0;
    std::string players[2];
    std::string noise = "level";
    std::uint16_t turn_seconds = 0; // the turn timer (0: none); its expiry: online_session
    // As a local game's setup chooses them: a standard table of the mode's ("": the mode's
    // own, as `billiards match` plays), the cue's shaft (game::Shaft), and who breaks at
    // three-cushion (-1 the lag, else seat 0 or 1).
    std::string table;
    std::uint8_t shaft = 0;
    std::int8_t breaker = -1;
};
struct Input {
    std::uint8_t seat = 1;
    std::uint32_t index = 0; // its place in game::Game::inputs()
    game::GameInput input;
};
struct EndHash {
    std::uint8_t seat = 1;
    std::uint32_t inputs = 0; // game::Game::inputs().size() when hashed
    std::uint64_t hash = 0;   // game_hash()
};
struct Chat {
    std::uint8_t seat = 0; // set by the server
    std::string text;      // printable ASCII, at most kMaxChat bytes
};
enum class ErrorCode : std::uint16_t {
    Malformed = 1,
    Version = 2,
    Fingerprint = 3,
    NoRoom = 4,
    RoomFull = 5,
    ServerFull = 6,
    NotYourSeat = 7,
    Timeout = 8,
    Flood = 9,
    Unexpected = 10,
    Desync = 11,
};
struct Error {
    ErrorCode code = ErrorCode::Malformed;
    std::string text;
};
struct Bye {};
struct PeerLeft {
    std::uint8_t seat = 0;
};
struct Ping {};
struct CaughtUp {};

using Message = std::variant<Hello, Welcome, CreateRoom, RoomCreated, JoinRoom, Joined, PeerJoined,
                             Options, Input, EndHash, Chat, Error, Bye, PeerLeft, Ping, CaughtUp>;
Type type_of(const Message& m);

// The whole frame: the 4-byte length, then the body (version, type, fields). Throws
// std::invalid_argument when the message would break a bound (a text too long, a chat line
// with a control character): senders sanitise first.
std::vector<std::uint8_t> encode(const Message& m);

// The body's length from a frame's first kHeaderSize bytes; none (with *why) when it is 0 or
// beyond kMaxMessage.
std::optional<std::size_t> body_length(std::span<const std::uint8_t> header, std::string* why);
// One body; none (with *why) when it is malformed: another version, an unknown type, a field
// out of range, bytes missing or left over.
std::optional<Message> decode_body(std::span<const std::uint8_t> body, std::string* why);

// A chat line as it may be sent and drawn: printable ASCII only (anything else becomes '?'),
// at most kMaxChat bytes.
std::string sanitize_chat(const std::string& text);
bool printable(const std::string& text);

// Room codes: kRoomCodeLength characters of Crockford's base 32 (no I, L, O, U: nothing to
// misread), 50 bits, from the system's CSPRNG; shown and typed as XXXXX-XXXXX, in either
// case, with or without the dash.
extern const char kRoomAlphabet[33];
std::string new_room_code();
// 64 random bits from the same source, never 0.
std::uint64_t new_token();
// The code as the server keeps it (upper case, no dash); none when it is not a code.
std::optional<std::string> normalize_room_code(const std::string& typed);
std::string display_room_code(const std::string& code);

} // namespace billiards::net

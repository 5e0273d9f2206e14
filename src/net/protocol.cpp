#include "net/protocol.hpp"

#include <sys/random.h>

#include <bit>
#include <cerrno>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <system_error>
#include <type_traits>

namespace billiards::net {

namespace {

using game::GameInput;

constexpr std::uint8_t kLastType = static_cast<std::uint8_t>(Type::CaughtUp);
constexpr std::uint8_t kLastInputKind = static_cast<std::uint8_t>(GameInput::Kind::Concede);
constexpr std::uint8_t kLastDecision = static_cast<std::uint8_t>(game::Decision::Spot);
constexpr std::uint16_t kLastError = static_cast<std::uint16_t>(ErrorCode::Desync);
constexpr std::size_t kMaxMode = 16;
constexpr std::uint32_t kMaxGames = 100000;
constexpr std::int32_t kMaxBallId = 1000000;
// The bounds of a save's strokes and placements (io): the games refuse more themselves.
constexpr double kMaxCoordinate = 1e4; // m
constexpr double kMaxHeading = 1e6;    // radians
constexpr double kMaxCueSpeed = 100.0; // m/s

class Writer {
  public:
    Writer() { out_.resize(kHeaderSize); }
    void u8(std::uint8_t v) { out_.push_back(v); }
    void u16(std::uint16_t v) {
        u8(static_cast<std::uint8_t>(v >> 8));
        u8(static_cast<std::uint8_t>(v));
    }
    void u32(std::uint32_t v) {
        u16(static_cast<std::uint16_t>(v >> 16));
        u16(static_cast<std::uint16_t>(v));
    }
    void u64(std::uint64_t v) {
        u32(static_cast<std::uint32_t>(v >> 32));
        u32(static_cast<std::uint32_t>(v));
    }
    void i32(std::int32_t v) { u32(static_cast<std::uint32_t>(v)); }
    void f64(double v) {
        if (!std::isfinite(v)) throw std::invalid_argument("a number is not finite");
        u64(std::bit_cast<std::uint64_t>(v));
    }
    void text(const std::string& s, std::size_t max) {
        if (s.size() > max) throw std::invalid_argument("a text is longer than its bound");
        if (!printable(s)) throw std::invalid_argument("a text holds a non-printable character");
        u16(static_cast<std::uint16_t>(s.size()));
        out_.insert(out_.end(), s.begin(), s.end());
    }
    std::vector<std::uint8_t> frame() {
        const std::size_t n = out_.size() - kHeaderSize;
        if (n > kMaxMessage) throw std::invalid_argument("a message is longer than its bound");
        for (std::size_t i = 0; i < kHeaderSize; ++i)
            out_[i] = static_cast<std::uint8_t>(n >> (8 * (kHeaderSize - 1 - i)));
        return std::move(out_);
    }

  private:
    std::vector<std::uint8_t> out_;
};

struct Malformed {
    std::string why;
};

class Reader {
  public:
    explicit Reader(std::span<const std::uint8_t> in) : in_(in) {}
    std::uint8_t u8() {
        if (pos_ >= in_.size()) throw Malformed{"the message ends early"};
        return in_[pos_++];
    }
    std::uint16_t u16() {
        const std::uint16_t hi = u8();
        return static_cast<std::uint16_t>(hi << 8 | u8());
    }
    std::uint32_t u32() {
        const std::uint32_t hi = u16();
        return hi << 16 | u16();
    }
    std::uint64_t u64() {
        const std::uint64_t hi = u32();
        return hi << 32 | u32();
    }
    std::int32_t i32() { return static_cast<std::int32_t>(u32()); }
    double f64(const char* what, double lo, double hi) {
        const double v = std::bit_cast<double>(u64());
        if (!std::isfinite(v)) throw Malformed{std::string(what) + " is not a finite number"};
        if (v < lo || v > hi) throw Malformed{std::string(what) + " is out of range"};
        return v;
    }
    std::string text(std::size_t max, const char* what) {
        const std::size_t n = u16();
        if (n > max)
            throw Malformed{std::string(what) + " is longer than " + std::to_string(max) +
                            " bytes"};
        if (in_.size() - pos_ < n) throw Malformed{"the message ends early"};
        std::string s(reinterpret_cast<const char*>(in_.data() + pos_), n);
        pos_ += n;
        if (!printable(s)) throw Malformed{std::string(what) + " holds a non-printable character"};
        return s;
    }
    std::uint8_t seat(bool spectator_ok) {
        const std::uint8_t s = u8();
        if (s > 2 || (s == kSpectator && !spectator_ok)) throw Malformed{"no such seat"};
        return s;
    }
    void end() const {
        if (pos_ != in_.size()) throw Malformed{"bytes left over after the message"};
    }

  private:
    std::span<const std::uint8_t> in_;
    std::size_t pos_ = 0;
};

void write_input(Writer& w, const GameInput& in) {
    w.u8(static_cast<std::uint8_t>(in.kind));
    switch (in.kind) {
    case GameInput::Kind::PlaceCue:
        w.f64(in.position.x);
        w.f64(in.position.y);
        break;
    case GameInput::Kind::Stroke: {
        const game::Stroke& s = in.stroke;
        w.f64(s.shot.heading);
        w.f64(s.shot.speed);
        w.f64(s.shot.side);
        w.f64(s.shot.height);
        w.f64(s.shot.elevation);
        w.i32(s.call.ball);
        w.i32(s.call.pocket);
        w.u8(s.push_out ? 1 : 0);
        w.i32(s.nominated);
        break;
    }
    case GameInput::Kind::Decide:
        w.u8(static_cast<std::uint8_t>(in.decision));
        break;
    case GameInput::Kind::Concede:
        w.u8(static_cast<std::uint8_t>(in.player));
        break;
    case GameInput::Kind::Undo:
    case GameInput::Kind::Rematch:
        break;
    }
}

std::int32_t id_or_none(Reader& r, const char* what) {
    const std::int32_t v = r.i32();
    if (v < -1 || v > kMaxBallId) throw Malformed{std::string(what) + " is out of range"};
    return v;
}

GameInput read_input(Reader& r) {
    GameInput in;
    const std::uint8_t kind = r.u8();
    if (kind > kLastInputKind) throw Malformed{"unknown input kind " + std::to_string(kind)};
    in.kind = static_cast<GameInput::Kind>(kind);
    switch (in.kind) {
    case GameInput::Kind::PlaceCue:
        in.position.x = r.f64("the cue ball's x", -kMaxCoordinate, kMaxCoordinate);
        in.position.y = r.f64("the cue ball's y", -kMaxCoordinate, kMaxCoordinate);
        break;
    case GameInput::Kind::Stroke: {
        game::Stroke& s = in.stroke;
        s.shot.heading = r.f64("the heading", -kMaxHeading, kMaxHeading);
        s.shot.speed = r.f64("the speed", 0.0, kMaxCueSpeed);
        s.shot.side = r.f64("the side", -1.0, 1.0);
        s.shot.height = r.f64("the height", -1.0, 1.0);
        s.shot.elevation = r.f64("the elevation", 0.0, std::numbers::pi / 2.0);
        s.call.ball = id_or_none(r, "the called ball");
        s.call.pocket = id_or_none(r, "the called pocket");
        const std::uint8_t push = r.u8();
        if (push > 1) throw Malformed{"push-out must be 0 or 1"};
        s.push_out = push == 1;
        s.nominated = id_or_none(r, "the nominated ball");
        break;
    }
    case GameInput::Kind::Decide: {
        const std::uint8_t d = r.u8();
        if (d > kLastDecision) throw Malformed{"unknown decision " + std::to_string(d)};
        in.decision = static_cast<game::Decision>(d);
        break;
    }
    case GameInput::Kind::Concede: {
        const std::uint8_t p = r.u8();
        if (p > 1) throw Malformed{"the conceding player must be 0 or 1"};
        in.player = p;
        break;
    }
    case GameInput::Kind::Undo:
    case GameInput::Kind::Rematch:
        break;
    }
    return in;
}

template <class... Ts> struct Overloaded : Ts... { using Ts::operator()...; };
template <class... Ts> Overloaded(Ts...) -> Overloaded<Ts...>;

void write_fields(Writer& w, const Message& m) {
    std::visit(Overloaded{
                   [&](const Hello& h) {
                       w.u16(h.protocol);
                       w.u64(h.fingerprint);
                       w.text(h.build, kMaxText);
                   },
                   [](const Welcome&) {},
                   [&](const CreateRoom& c) { w.text(c.player, kMaxText); },
                   [&](const RoomCreated& c) {
                       w.text(c.code, kRoomCodeLength);
                       w.u64(c.token);
                   },
                   [&](const JoinRoom& j) {
                       w.text(j.code, kRoomCodeLength);
                       w.u8(j.seat);
                       w.text(j.player, kMaxText);
                       w.u64(j.token);
                   },
                   [&](const Joined& j) {
                       w.u8(j.seat);
                       w.u64(j.token);
                   },
                   [&](const PeerJoined& p) {
                       w.u8(p.seat);
                       w.text(p.player, kMaxText);
                       w.u64(p.fingerprint);
                   },
                   [&](const Options& o) {
                       w.text(o.mode, kMaxMode);
                       w.u32(o.games);
                       w.u64(o.seed);
                       w.u32(o.max_shots);
                       w.u32(o.target);
                       w.u32(o.innings_limit);
                       w.text(o.players[0], kMaxText);
                       w.text(o.players[1], kMaxText);
                       w.text(o.noise, kMaxMode);
                       w.u16(o.turn_seconds);
                       w.text(o.table, kMaxTableName);
                       w.u8(o.shaft);
                       w.u8(static_cast<std::uint8_t>(o.breaker + 1));
                   },
                   [&](const Input& i) {
                       w.u8(i.seat);
                       w.u32(i.index);
                       write_input(w, i.input);
                   },
                   [&](const EndHash& h) {
                       w.u8(h.seat);
                       w.u32(h.inputs);
                       w.u64(h.hash);
                   },
                   [&](const Chat& c) {
                       w.u8(c.seat);
                       w.text(c.text, kMaxChat);
                   },
                   [&](const Error& e) {
                       w.u16(static_cast<std::uint16_t>(e.code));
                       w.text(e.text, kMaxText);
                   },
                   [](const Bye&) {},
                   [&](const PeerLeft& p) { w.u8(p.seat); },
                   [](const Ping&) {},
                   [](const CaughtUp&) {},
               },
               m);
}

std::uint32_t bounded(Reader& r, std::uint32_t lo, std::uint32_t hi, const char* what) {
    const std::uint32_t v = r.u32();
    if (v < lo || v > hi)
        throw Malformed{std::string(what) + " must be from " + std::to_string(lo) + " to " +
                        std::to_string(hi)};
    return v;
}

int bounded_u8(Reader& r, int lo, int hi, const char* what) {
    const int v = r.u8();
    if (v < lo || v > hi)
        throw Malformed{std::string(what) + " must be from " + std::to_string(lo) + " to " +
                        std::to_string(hi)};
    return v;
}

std::string code_field(Reader& r) {
    std::string code = r.text(kRoomCodeLength, "the room code");
    const std::optional<std::string> normal = normalize_room_code(code);
    if (!normal || *normal != code) throw Malformed{"the room code is not a code"};
    return code;
}

Message read_fields(Type t, Reader& r) {
    switch (t) {
    case Type::Hello: {
        Hello h;
        h.protocol = r.u16();
        h.fingerprint = r.u64();
        h.build = r.text(kMaxText, "the build");
        return h;
    }
    case Type::Welcome:
        return Welcome{};
    case Type::CreateRoom:
        return CreateRoom{r.text(kMaxText, "the player")};
    case Type::RoomCreated: {
        RoomCreated c;
        c.code = code_field(r);
        c.token = r.u64();
        return c;
    }
    case Type::JoinRoom: {
        JoinRoom j;
        j.code = code_field(r);
        j.seat = r.seat(true);
        j.player = r.text(kMaxText, "the player");
        j.token = r.u64();
        if (j.seat == 1 && j.token == 0) throw Malformed{"seat 1 creates the room; join as 2 or 0"};
        return j;
    }
    case Type::Joined: {
        Joined j;
        j.seat = r.seat(true);
        j.token = r.u64();
        return j;
    }
    case Type::PeerJoined: {
        PeerJoined p;
        p.seat = r.seat(true);
        p.player = r.text(kMaxText, "the player");
        p.fingerprint = r.u64();
        return p;
    }
    case Type::Options: {
        Options o;
        o.mode = r.text(kMaxMode, "the mode");
        o.games = bounded(r, 1, kMaxGames, "games");
        o.seed = r.u64();
        o.max_shots = bounded(r, 1, 100000, "the shot cap");
        o.target = bounded(r, 1, 1000, "the target");
        o.innings_limit = bounded(r, 0, 10000, "the innings limit");
        o.players[0] = r.text(kMaxText, "player 1");
        o.players[1] = r.text(kMaxText, "player 2");
        o.noise = r.text(kMaxMode, "the noise");
        o.turn_seconds = r.u16();
        if (o.turn_seconds > kMaxTurnSeconds)
            throw Malformed{"the turn timer must be from 0 to " + std::to_string(kMaxTurnSeconds) +
                            " seconds"};
        o.table = r.text(kMaxTableName, "the table");
        o.shaft = static_cast<std::uint8_t>(bounded_u8(r, 0, 1, "the shaft"));
        o.breaker = static_cast<std::int8_t>(bounded_u8(r, 0, 2, "the breaker") - 1);
        return o;
    }
    case Type::Input: {
        Input i;
        i.seat = r.seat(false);
        i.index = r.u32();
        i.input = read_input(r);
        return i;
    }
    case Type::EndHash: {
        EndHash h;
        h.seat = r.seat(false);
        h.inputs = r.u32();
        h.hash = r.u64();
        return h;
    }
    case Type::Chat: {
        Chat c;
        c.seat = r.seat(true);
        c.text = r.text(kMaxChat, "the chat line");
        return c;
    }
    case Type::Error: {
        Error e;
        const std::uint16_t code = r.u16();
        if (code < 1 || code > kLastError) throw Malformed{"unknown error code"};
        e.code = static_cast<ErrorCode>(code);
        e.text = r.text(kMaxText, "the error text");
        return e;
    }
    case Type::Bye:
        return Bye{};
    case Type::PeerLeft:
        return PeerLeft{r.seat(true)};
    case Type::Ping:
        return Ping{};
    case Type::CaughtUp:
        return CaughtUp{};
    }
    throw Malformed{"unknown message type"};
}

} // namespace

const char* to_string(Type t) {
    switch (t) {
    case Type::Hello:
        return "hello";
    case Type::Welcome:
        return "welcome";
    case Type::CreateRoom:
        return "create-room";
    case Type::RoomCreated:
        return "room-created";
    case Type::JoinRoom:
        return "join-room";
    case Type::Joined:
        return "joined";
    case Type::PeerJoined:
        return "peer-joined";
    case Type::Options:
        return "options";
    case Type::Input:
        return "input";
    case Type::EndHash:
        return "end-hash";
    case Type::Chat:
        return "chat";
    case Type::Error:
        return "error";
    case Type::Bye:
        return "bye";
    case Type::PeerLeft:
        return "peer-left";
    case Type::Ping:
        return "ping";
    case Type::CaughtUp:
        return "caught-up";
    }
    return "?";
}

Type type_of(const Message& m) {
    return static_cast<Type>(m.index() + 1);
}

std::vector<std::uint8_t> encode(const Message& m) {
    Writer w;
    w.u8(kProtocolVersion);
    w.u8(static_cast<std::uint8_t>(type_of(m)));
    write_fields(w, m);
    return w.frame();
}

std::optional<std::size_t> body_length(std::span<const std::uint8_t> header, std::string* why) {
    std::size_t n = 0;
    for (std::size_t i = 0; i < kHeaderSize && i < header.size(); ++i)
        n = n << 8 | header[i];
    if (header.size() < kHeaderSize || n == 0 || n > kMaxMessage) {
        if (why)
            *why = "a message of " + std::to_string(n) + " bytes (1 to " +
                   std::to_string(kMaxMessage) + " allowed)";
        return std::nullopt;
    }
    return n;
}

std::optional<Message> decode_body(std::span<const std::uint8_t> body, std::string* why) {
    try {
        if (body.size() > kMaxMessage) throw Malformed{"the message is too long"};
        Reader r(body);
        const std::uint8_t version = r.u8();
        if (version != kProtocolVersion)
            throw Malformed{"protocol version " + std::to_string(version) + " (this build speaks " +
                            std::to_string(kProtocolVersion) + ")"};
        const std::uint8_t type = r.u8();
        if (type < 1 || type > kLastType)
            throw Malformed{"unknown message type " + std::to_string(type)};
        Message m = read_fields(static_cast<Type>(type), r);
        r.end();
        return m;
    } catch (const Malformed& e) {
        if (why) *why = e.why;
        return std::nullopt;
    }
}

bool printable(const std::string& text) {
    for (const char c : text)
        if (c < 0x20 || c > 0x7e) return false;
    return true;
}

std::string sanitize_chat(const std::string& text) {
    std::string out = text.substr(0, kMaxChat);
    for (char& c : out)
        if (c < 0x20 || c > 0x7e) c = '?';
    return out;
}

const char kRoomAlphabet[33] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

namespace {

void random_bytes(std::uint8_t* bytes, std::size_t size) {
    std::size_t got = 0;
    while (got < size) {
        const ssize_t n = ::getrandom(bytes + got, size - got, 0);
        if (n < 0) {
            if (errno == EINTR) continue;
            throw std::system_error(errno, std::generic_category(), "getrandom");
        }
        got += static_cast<std::size_t>(n);
    }
}

} // namespace

std::uint64_t new_token() {
    std::uint64_t t = 0;
    while (t == 0) {
        std::uint8_t bytes[8];
        random_bytes(bytes, sizeof bytes);
        for (const std::uint8_t b : bytes)
            t = t << 8 | b;
    }
    return t;
}

std::string new_room_code() {
    std::uint8_t bytes[kRoomCodeLength];
    random_bytes(bytes, sizeof bytes);
    std::string code;
    for (const std::uint8_t b : bytes)
        code += kRoomAlphabet[b & 31u]; // 256 is a multiple of 32: no bias
    return code;
}

std::optional<std::string> normalize_room_code(const std::string& typed) {
    std::string code;
    for (char c : typed) {
        if (c == '-' || c == ' ') continue;
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
        // Crockford's reading of the letters it leaves out.
        if (c == 'O') c = '0';
        if (c == 'I' || c == 'L') c = '1';
        bool ok = false;
        for (const char a : std::string_view(kRoomAlphabet))
            ok = ok || a == c;
        if (!ok) return std::nullopt;
        code += c;
    }
    if (code.size() != kRoomCodeLength) return std::nullopt;
    return code;
}

std::string display_room_code(const std::string& code) {
    if (code.size() != kRoomCodeLength) return code;
    return code.substr(0, 5) + "-" + code.substr(5);
}

} // namespace billiards::net

#include "cli/online_match.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <memory>
#include <optional>
#include <variant>
#include <vector>

#include "cli/cli_output.hpp"
#include "net/connection.hpp"
#include "net/lockstep.hpp"
#include "net/protocol.hpp"

#ifndef BILLIARDS_VERSION
#define BILLIARDS_VERSION "unknown"
#endif

namespace billiards::cli {

namespace {

using net::Message;

constexpr double kConnectSeconds = 10.0;
constexpr double kPingEvery = 20.0; // seconds of waiting between pings (server idle: 120 s)

struct Stop {
    std::string why;
};

bool parse_seat_player(const std::string& text, game::Seat& seat) {
    seat.kind = game::SeatKind::Computer;
    if (text == "ai") {
        seat.level = game::AiLevel::Medium;
        return true;
    }
    if (text.rfind("ai:", 0) == 0) return game::parse_ai_level(text.substr(3), seat.level);
    return false;
}

// The next message that matters, pinging the server while waiting; chat goes to stderr.
Message next(net::Connection& c, double wait_seconds) {
    double waited = 0.0;
    for (;;) {
        const double slice = std::min(kPingEvery, wait_seconds - waited);
        if (slice <= 0.0)
            throw Stop{"the other side has not answered in " +
                       std::to_string(static_cast<int>(wait_seconds)) + " s"};
        std::optional<Message> m;
        try {
            m = c.receive(slice);
        } catch (const net::NetError& e) {
            if (std::string(e.what()).rfind("no answer", 0) != 0) throw Stop{e.what()};
        }
        if (!m) {
            waited += slice;
            c.send(net::Ping{});
            continue;
        }
        if (const auto* chat = std::get_if<net::Chat>(&*m)) {
            std::fprintf(stderr, "chat, seat %d: %s\n", chat->seat, chat->text.c_str());
            continue;
        }
        if (const auto* e = std::get_if<net::Error>(&*m)) throw Stop{"the server: " + e->text};
        if (const auto* left = std::get_if<net::PeerLeft>(&*m)) {
            if (left->seat == net::kSpectator) continue;
            throw Stop{"seat " + std::to_string(left->seat) + " left the room"};
        }
        return *m;
    }
}

template <class T> T expect(net::Connection& c, double wait_seconds) {
    const Message m = next(c, wait_seconds);
    if (const T* t = std::get_if<T>(&m)) return *t;
    throw Stop{std::string("the server sent ") + net::to_string(net::type_of(m)) + " where " +
               net::to_string(net::type_of(Message(T{}))) + " was due"};
}

std::string hex(std::uint64_t v) {
    char buf[20];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
    return buf;
}

// Every turn in lockstep: this seat's computer plays here and its inputs go out; the other
// seat's inputs come in and are fed. After each turn both sides send their game's hash and
// check the other's. The report counts the other seat's computer as a local match does: its
// turn is thought out again here on a copy of the game, which must come out as the inputs
// received (a peer that plays something else is not the player it said it was).
class OnlineTurns final : public TurnPlayer {
  public:
    OnlineTurns(net::Connection& c, std::size_t mine, double wait)
        : c_(c), mine_(mine), wait_(wait) {}

    bool play(game::Game& g, MatchDetails& d, std::size_t seat, MoveCount& count,
              std::string& problem) override {
        try {
            if (seat == mine_)
                own_turn(g, d, count);
            else
                their_turn(g, d, seat, count);
            return true;
        } catch (const Stop& s) {
            problem = s.why;
        } catch (const net::NetError& e) {
            problem = e.what();
        }
        return false;
    }

  private:
    std::uint8_t wire(std::size_t seat) const { return static_cast<std::uint8_t>(seat + 1); }

    void own_turn(game::Game& g, MatchDetails& d, MoveCount& count) {
        const std::size_t before = g.inputs().size();
        if (!g.play_computer_turn()) throw Stop{"the computer's move was refused"};
        count = d.after_move(g, mine_);
        const std::vector<game::GameInput> inputs = g.inputs();
        for (std::size_t i = before; i < inputs.size(); ++i)
            c_.send(net::Input{wire(mine_), static_cast<std::uint32_t>(i), inputs[i]});
        const net::EndHash h{wire(mine_), static_cast<std::uint32_t>(inputs.size()),
                             net::game_hash(g)};
        c_.send(h);
        const auto theirs = expect<net::EndHash>(c_, wait_);
        check(theirs, h, "the other side");
    }

    void their_turn(game::Game& g, MatchDetails& d, std::size_t seat, MoveCount& count) {
        const std::unique_ptr<game::Game> thought = g.clone();
        if (!thought->play_computer_turn()) throw Stop{"the computer's move was refused"};
        count = d.after_move(*thought, seat);
        for (;;) {
            const Message m = next(c_, wait_);
            if (const auto* in = std::get_if<net::Input>(&m)) {
                if (in->seat != wire(seat) || in->index != g.inputs().size())
                    throw Stop{"input " + std::to_string(in->index) + " of seat " +
                               std::to_string(in->seat) + " came out of turn"};
                std::string why;
                if (!g.feed(in->input, &why))
                    throw Stop{"the other side's input " + std::to_string(in->index) +
                               " does not fit: " + why};
                continue;
            }
            if (const auto* theirs = std::get_if<net::EndHash>(&m)) {
                const net::EndHash h{wire(mine_), static_cast<std::uint32_t>(g.inputs().size()),
                                     net::game_hash(g)};
                c_.send(h);
                check(*theirs, h, "the other side");
                if (net::game_hash(*thought) != h.hash)
                    throw Stop{"the other side's move is not the one " +
                               seat_label(g.seats()[seat]) + " plays here"};
                return;
            }
            throw Stop{std::string("the other side sent ") + net::to_string(net::type_of(m)) +
                       " during its turn"};
        }
    }

    static void check(const net::EndHash& theirs, const net::EndHash& ours, const char* who) {
        if (theirs.inputs != ours.inputs || theirs.hash != ours.hash)
            throw Stop{std::string("the games differ: after ") + std::to_string(ours.inputs) +
                       " inputs this side's hash is " + hex(ours.hash) + ", " + who + "'s " +
                       hex(theirs.hash) + " after " + std::to_string(theirs.inputs) +
                       "; the match stops here"};
    }

    net::Connection& c_;
    std::size_t mine_;
    double wait_;
};

net::Options options_of(const MatchRun& run, const std::string& noise) {
    net::Options o;
    o.mode = run.mode;
    o.games = static_cast<std::uint32_t>(run.games);
    o.seed = run.seed;
    o.max_shots = static_cast<std::uint32_t>(run.max_shots);
    o.target = static_cast<std::uint32_t>(run.target);
    o.innings_limit = static_cast<std::uint32_t>(run.innings_limit);
    o.noise = noise;
    return o;
}

// The match as the room's options make it; `run` gives what is this side's own (the output).
MatchRun run_of(const net::Options& o, MatchRun run) {
    if (!game::parse_game_kind(o.mode, run.kind)) throw Stop{"the room's mode '" + o.mode + "'"};
    run.mode = o.mode;
    run.games = static_cast<int>(o.games);
    run.seed = o.seed;
    run.max_shots = static_cast<int>(o.max_shots);
    run.target = static_cast<int>(o.target);
    run.innings_limit = static_cast<int>(o.innings_limit);
    game::Noise noise = game::Noise::Level;
    if (!game::parse_noise(o.noise, noise)) throw Stop{"the room's noise '" + o.noise + "'"};
    for (std::size_t i = 0; i < 2; ++i) {
        if (!parse_seat_player(o.players[i], run.seats[i]))
            throw Stop{"the room's player '" + o.players[i] + "'"};
        run.seats[i].noise = noise;
    }
    return run;
}

int play_online(const OnlineArgs& a, const MatchRun& mine, const std::string& player,
                const std::string& noise) {
    std::string host, why;
    std::uint16_t port = 0;
    if (!net::parse_endpoint(a.server, host, port, &why))
        return fail("match", "--online: " + why, 2);
    game::Seat probe;
    if (!parse_seat_player(player, probe))
        return fail("match",
                    "--players: online, one player for this seat: ai, ai:easy, ai:medium or "
                    "ai:hard, not '" +
                        player + "'",
                    2);
    const bool create = a.room == "new";
    std::string code;
    if (create) {
        if (a.seat != 1)
            return fail("match", "--room new: seat 1 creates the room; seat 2 joins it by code", 2);
    } else {
        const auto normal = net::normalize_room_code(a.room);
        if (!normal)
            return fail("match",
                        "--room: '" + a.room + "' is not a room code (" +
                            std::to_string(net::kRoomCodeLength) +
                            " letters and digits, e.g. 7K3QX-M9D2A) nor new",
                        2);
        if (a.seat == 1) return fail("match", "--room: seat 1 creates its room with --room new", 2);
        code = *normal;
    }
    const std::uint64_t fingerprint = net::determinism_fingerprint(BILLIARDS_VERSION);
    net::Connection c(host, port, kConnectSeconds);
    c.send(net::Hello{net::kProtocolVersion, fingerprint, BILLIARDS_VERSION});
    (void)expect<net::Welcome>(c, kConnectSeconds);
    MatchRun run;
    if (create) {
        c.send(net::CreateRoom{player});
        code = expect<net::RoomCreated>(c, kConnectSeconds).code;
        write_stdout("room " + net::display_room_code(code) + "\n");
        const auto peer = expect<net::PeerJoined>(c, a.wait_seconds);
        if (peer.seat != 2) throw Stop{"a spectator joined before seat 2"};
        net::Options o = options_of(mine, noise);
        o.players[0] = player;
        o.players[1] = peer.player;
        run = run_of(o, mine); // checks seat 2's player before anything is sent
        c.send(o);
    } else {
        c.send(net::JoinRoom{code, static_cast<std::uint8_t>(a.seat), player});
        const auto joined = expect<net::Joined>(c, kConnectSeconds);
        if (joined.seat != a.seat) throw Stop{"the server gave another seat"};
        for (;;) {
            const Message m = next(c, a.wait_seconds);
            if (std::holds_alternative<net::PeerJoined>(m)) continue;
            if (const auto* o = std::get_if<net::Options>(&m)) {
                if (o->mode != mine.mode)
                    throw Stop{"the room plays " + o->mode + ", not " + mine.mode};
                if (o->players[1] != player)
                    throw Stop{"the room has seat 2 as " + o->players[1] + ", not " + player};
                run = run_of(*o, mine);
                if (run.games != mine.games || run.seed != mine.seed)
                    std::fprintf(stderr,
                                 "billiards match: seat 1's choices rule: games %d, seed %llu\n",
                                 run.games, static_cast<unsigned long long>(run.seed));
                break;
            }
            throw Stop{std::string("the server sent ") + net::to_string(net::type_of(m)) +
                       " before the options"};
        }
    }
    OnlineTurns turns(c, static_cast<std::size_t>(a.seat - 1), a.wait_seconds);
    const int status = run_match(run, &turns);
    try {
        c.send(net::Bye{});
    } catch (const net::NetError&) {
        // The other side may have closed first; the match is over either way.
    }
    return status;
}

} // namespace

void add_online_options(CLI::App& cmd, OnlineArgs& args) {
    cmd.add_option("--online", args.server,
                   "Play one seat through `billiards server` at HOST:PORT (docs/ONLINE.md); "
                   "--players then names this seat's player");
    cmd.add_option("--room", args.room,
                   "Online: the room's code, or new (seat 1: the server makes one and its code "
                   "is the first line of standard output)");
    add_int_option(cmd, "--seat", args.seat, 1, 2, "Online: the seat to play, 1 or 2");
    add_real_option(cmd, "--wait-seconds", args.wait_seconds, 1.0, 86400.0,
                    "Online: how long to wait for the other side to join or answer");
}

int run_online_match(const OnlineArgs& online, const MatchRun& run, const std::string& player,
                     const std::string& noise) {
    if (online.server.empty()) return fail("match", "--room needs --online HOST:PORT", 2);
    if (online.room.empty()) return fail("match", "--online needs --room CODE (or --room new)", 2);
    game::GameKind kind{};
    if (!game::parse_game_kind(run.mode, kind))
        return fail("match",
                    "--mode: '" + run.mode +
                        "' is not a mode (use 8ball, 9ball, snooker or three-cushion)",
                    2);
    game::Noise parsed{};
    if (!game::parse_noise(noise, parsed))
        return fail("match",
                    "--noise: '" + noise + "' is not a noise model (use level, standard or none)",
                    2);
    try {
        return play_online(online, run, player, noise);
    } catch (const Stop& s) {
        return fail("match", s.why, 1);
    } catch (const net::NetError& e) {
        return fail("match", e.what(), 1);
    }
}

} // namespace billiards::cli

#include "cli/online_match.hpp"

#include <CLI/CLI.hpp>

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <memory>
#include <optional>
#include <variant>
#include <vector>

#include "cli/cli_output.hpp"
#include "io/scenario.hpp"
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
            if (left->seat != net::kSpectator)
                std::fprintf(stderr,
                             "billiards match: seat %d left the room; waiting up to %d s for it "
                             "to rejoin\n",
                             left->seat, static_cast<int>(wait_seconds));
            continue;
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
//
// A side that rejoins first plays the room's log (`backlog`, the inputs and hashes the server
// kept) through the same turns: its own moves are thought out again and checked against the
// log, and only what the log lacks is sent.
class OnlineTurns final : public TurnPlayer {
  public:
    OnlineTurns(net::Connection& c, std::size_t mine, double wait, std::deque<Message> backlog,
                int drop_after)
        : c_(c), mine_(mine), wait_(wait), backlog_(std::move(backlog)), drop_after_(drop_after) {}

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

    // The next message of the match: the log first, then what came early (below), then the
    // connection; `fresh`: skips what came early.
    Message pull(bool fresh = false) {
        for (;;) {
            Message m;
            if (!backlog_.empty()) {
                m = std::move(backlog_.front());
                backlog_.pop_front();
            } else if (!fresh && !early_.empty()) {
                m = std::move(early_.front());
                early_.pop_front();
            } else {
                m = next(c_, wait_);
            }
            if (const auto* back = std::get_if<net::PeerJoined>(&m)) {
                std::fprintf(stderr, "billiards match: seat %d is back\n", back->seat);
                continue;
            }
            return m;
        }
    }

    // This side's message as the log holds it, if it does (else it has to be sent).
    template <class T> std::optional<T> logged() {
        if (backlog_.empty()) return std::nullopt;
        const T* t = std::get_if<T>(&backlog_.front());
        if (!t || t->seat != wire(mine_)) return std::nullopt;
        T out = *t;
        backlog_.pop_front();
        return out;
    }

    void send_hash(const net::EndHash& h) {
        if (const auto before = logged<net::EndHash>()) {
            check(*before, h, "this side's earlier");
            return;
        }
        c_.send(h);
    }

    void own_turn(game::Game& g, MatchDetails& d, MoveCount& count) {
        const std::size_t before = g.inputs().size();
        if (!g.play_computer_turn()) throw Stop{"the computer's move was refused"};
        count = d.after_move(g, mine_);
        const std::vector<game::GameInput> inputs = g.inputs();
        for (std::size_t i = before; i < inputs.size(); ++i) {
            const net::Input in{wire(mine_), static_cast<std::uint32_t>(i), inputs[i]};
            if (const auto was = logged<net::Input>()) {
                if (net::encode(*was) != net::encode(in))
                    throw Stop{"input " + std::to_string(i) +
                               " is not the one this seat sent before it left"};
                continue;
            }
            c_.send(in);
            if (drop_after_ > 0 && ++sent_ >= drop_after_) std::_Exit(3); // as if killed
        }
        const net::EndHash h{wire(mine_), static_cast<std::uint32_t>(inputs.size()),
                             net::game_hash(g)};
        send_hash(h);
        for (;;) {
            Message m = pull(true);
            if (const auto* theirs = std::get_if<net::EndHash>(&m)) {
                if (theirs->seat != wire(mine_) && theirs->inputs > h.inputs) {
                    keep_early(std::move(m)); // its own next turn's hash, before its answer
                    continue;
                }
                check(*theirs, h, "the other side's");
                return;
            }
            // The other side may take its turn before it has read this hash (a game answers
            // it when its shot has stopped): its move waits here until the answer comes.
            if (const auto* in = std::get_if<net::Input>(&m); in && in->seat != wire(mine_)) {
                keep_early(std::move(m));
                continue;
            }
            throw Stop{std::string("the other side sent ") + net::to_string(net::type_of(m)) +
                       " where its hash was due"};
        }
    }

    void keep_early(Message m) {
        if (early_.size() >= kMaxEarly)
            throw Stop{"the other side sent too many messages before its hash"};
        early_.push_back(std::move(m));
    }

    void their_turn(game::Game& g, MatchDetails& d, std::size_t seat, MoveCount& count) {
        // A person plays that seat at the game: its moves are taken as sent (nothing to
        // think out again, and no computer's figures to count).
        const bool human = g.seats()[seat].kind == game::SeatKind::Human;
        std::unique_ptr<game::Game> thought;
        if (human) {
            count = {};
        } else {
            thought = g.clone();
            if (!thought->play_computer_turn()) throw Stop{"the computer's move was refused"};
            count = d.after_move(*thought, seat);
        }
        for (;;) {
            const Message m = pull();
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
                if (theirs->seat != wire(seat))
                    throw Stop{"a hash of seat " + std::to_string(theirs->seat) +
                               " came out of turn"};
                const net::EndHash h{wire(mine_), static_cast<std::uint32_t>(g.inputs().size()),
                                     net::game_hash(g)};
                send_hash(h);
                check(*theirs, h, "the other side's");
                if (thought && net::game_hash(*thought) != h.hash)
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
                       " inputs this side's hash is " + hex(ours.hash) + ", " + who + " " +
                       hex(theirs.hash) + " after " + std::to_string(theirs.inputs) +
                       "; the match stops here"};
    }

    net::Connection& c_;
    std::size_t mine_;
    double wait_;
    std::deque<Message> backlog_;
    std::deque<Message> early_; // the other side's next turn, come before its answer
    static constexpr std::size_t kMaxEarly = 256;
    int drop_after_ = 0;
    int sent_ = 0;
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
        if (!net::parse_player(o.players[i], run.seats[i]))
            throw Stop{"the room's player '" + o.players[i] + "'"};
        run.seats[i].noise = noise;
    }
    game::GameOptions setup;
    std::string why;
    if (!net::apply_room_setup(o, run.kind, io::kind_table, setup, &why)) throw Stop{why};
    run.table = setup.table;
    run.cue = setup.cue;
    run.breaker = setup.breaker;
    return run;
}

std::optional<std::uint64_t> parse_token(const std::string& text) {
    std::uint64_t v = 0;
    const char* last = text.data() + text.size();
    const auto [end, ec] = std::from_chars(text.data(), last, v, 16);
    if (text.empty() || ec != std::errc{} || end != last || v == 0) return std::nullopt;
    return v;
}

void say_token(const std::string& code, int seat, std::uint64_t token) {
    std::fprintf(stderr,
                 "billiards match: room %s, seat %d; to rejoin: --room %s --seat %d --token %s\n",
                 net::display_room_code(code).c_str(), seat, net::display_room_code(code).c_str(),
                 seat, hex(token).c_str());
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
    std::uint64_t token = 0;
    if (!a.token.empty()) {
        const auto t = parse_token(a.token);
        if (!t) return fail("match", "--token: '" + a.token + "' is not a seat's token", 2);
        token = *t;
    }
    if (create) {
        if (a.seat != 1)
            return fail("match", "--room new: seat 1 creates the room; seat 2 joins it by code", 2);
        if (token != 0) return fail("match", "--token: a new room has no token yet", 2);
    } else {
        const auto normal = net::normalize_room_code(a.room);
        if (!normal)
            return fail("match",
                        "--room: '" + a.room + "' is not a room code (" +
                            std::to_string(net::kRoomCodeLength) +
                            " letters and digits, e.g. 7K3QX-M9D2A) nor new",
                        2);
        if (a.seat == 1 && token == 0)
            return fail("match",
                        "--room: seat 1 creates its room with --room new (or rejoins it with "
                        "--token)",
                        2);
        code = *normal;
    }
    const std::uint64_t fingerprint = net::determinism_fingerprint(BILLIARDS_VERSION);
    net::Connection c(host, port, kConnectSeconds);
    c.send(net::Hello{net::kProtocolVersion, fingerprint, BILLIARDS_VERSION});
    (void)expect<net::Welcome>(c, kConnectSeconds);
    MatchRun run;
    std::deque<Message> backlog; // the room's inputs and hashes so far
    if (create) {
        c.send(net::CreateRoom{player});
        const auto created = expect<net::RoomCreated>(c, kConnectSeconds);
        code = created.code;
        write_stdout("room " + net::display_room_code(code) + "\n");
        say_token(code, 1, created.token);
        auto peer = expect<net::PeerJoined>(c, a.wait_seconds);
        while (peer.seat != 2) // spectators may come first
            peer = expect<net::PeerJoined>(c, a.wait_seconds);
        net::Options o = options_of(mine, noise);
        o.players[0] = player;
        o.players[1] = peer.player;
        run = run_of(o, mine); // checks seat 2's player before anything is sent
        c.send(o);
    } else {
        c.send(net::JoinRoom{code, static_cast<std::uint8_t>(a.seat), player, token});
        const auto joined = expect<net::Joined>(c, kConnectSeconds);
        if (joined.seat != a.seat) throw Stop{"the server gave another seat"};
        say_token(code, a.seat, joined.token);
        std::optional<net::Options> options;
        bool caught_up = false;
        while (!caught_up || !options) {
            const Message m = next(c, a.wait_seconds);
            if (std::holds_alternative<net::PeerJoined>(m)) continue;
            if (std::holds_alternative<net::CaughtUp>(m)) {
                caught_up = true;
            } else if (const auto* o = std::get_if<net::Options>(&m)) {
                options = *o;
            } else if (caught_up || !(std::holds_alternative<net::Input>(m) ||
                                      std::holds_alternative<net::EndHash>(m))) {
                throw Stop{std::string("the server sent ") + net::to_string(net::type_of(m)) +
                           " before the options"};
            } else {
                backlog.push_back(m);
            }
        }
        const std::size_t i = static_cast<std::size_t>(a.seat - 1);
        if (options->mode != mine.mode)
            throw Stop{"the room plays " + options->mode + ", not " + mine.mode};
        if (options->players[i] != player)
            throw Stop{"the room has seat " + std::to_string(a.seat) + " as " +
                       options->players[i] + ", not " + player};
        run = run_of(*options, mine);
        if (a.seat == 2 && (run.games != mine.games || run.seed != mine.seed))
            std::fprintf(stderr, "billiards match: seat 1's choices rule: games %d, seed %llu\n",
                         run.games, static_cast<unsigned long long>(run.seed));
        if (!backlog.empty())
            std::fprintf(stderr, "billiards match: rejoined; replaying %zu messages of the room\n",
                         backlog.size());
    }
    OnlineTurns turns(c, static_cast<std::size_t>(a.seat - 1), a.wait_seconds, std::move(backlog),
                      a.drop_after);
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
    cmd.add_option("--token", args.token,
                   "Online: rejoin a dropped seat with the token it was given (standard error "
                   "names it when the seat is taken)");
    add_int_option(cmd, "--drop-after", args.drop_after, 0, 1000000,
                   "Online, for tests: leave without a word after sending this many inputs, "
                   "as a killed process would (0: never)");
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

// The relay server under load: `billiards server` in its own process, N rooms at once, each
// replaying a whole recorded 8-ball game in lockstep (inputs, then both hashes, turn by turn)
// from two connections on one client thread per room. Prints the server's CPU time and
// memory, in all and per room (docs/BENCHMARKS.md). Outside CI:
//   build/ci/net_load [ROOMS] (default 200)
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "game/game.hpp"
#include "net/connection.hpp"
#include "net/lockstep.hpp"
#include "net/protocol.hpp"

extern char** environ;

namespace {

using namespace billiards;

struct Turn {
    std::uint8_t seat = 1;
    std::vector<net::Input> inputs;
    std::uint64_t hash = 0;
    std::uint32_t count = 0;
};

// A whole game between two easy computers, as each turn's inputs and the hash after it.
std::vector<Turn> record() {
    game::GameOptions o;
    for (game::Seat& s : o.seats) {
        s.kind = game::SeatKind::Computer;
        s.level = game::AiLevel::Easy;
    }
    o.seed = 5;
    o.max_shots = 300;
    const auto g = game::make_game(game::GameKind::EightBall, o);
    std::vector<Turn> turns;
    while (!g->over() && g->computer_to_act()) {
        Turn t;
        t.seat = static_cast<std::uint8_t>(g->next().shooter + 1);
        const std::size_t before = g->inputs().size();
        if (!g->play_computer_turn()) break;
        const auto inputs = g->inputs();
        for (std::size_t i = before; i < inputs.size(); ++i)
            t.inputs.push_back({t.seat, static_cast<std::uint32_t>(i), inputs[i]});
        t.count = static_cast<std::uint32_t>(inputs.size());
        t.hash = net::game_hash(*g);
        turns.push_back(std::move(t));
    }
    return turns;
}

struct Usage {
    double cpu_seconds = 0.0;
    long rss_kib = 0, peak_kib = 0;
};

Usage usage(pid_t pid) {
    Usage u;
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    std::getline(stat, line);
    std::istringstream fields(line.substr(line.rfind(')') + 2));
    std::string f;
    unsigned long long utime = 0, stime = 0;
    for (int i = 3; i <= 15 && fields >> f; ++i) {
        if (i == 14) utime = std::stoull(f);
        if (i == 15) stime = std::stoull(f);
    }
    u.cpu_seconds = static_cast<double>(utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    while (std::getline(status, line)) {
        if (line.rfind("VmRSS:", 0) == 0) u.rss_kib = std::stol(line.substr(6));
        if (line.rfind("VmHWM:", 0) == 0) u.peak_kib = std::stol(line.substr(6));
    }
    return u;
}

// One room: seat 1 creates it, seat 2 joins, both replay the recorded game in lockstep.
bool play_room(std::uint16_t port, std::uint64_t print, const std::vector<Turn>& turns,
               std::atomic<int>& ready, int rooms) {
    try {
        net::Connection one("127.0.0.1", port, 30.0), two("127.0.0.1", port, 30.0);
        for (net::Connection* c : {&one, &two}) {
            c->send(net::Hello{net::kProtocolVersion, print, "load"});
            (void)std::get<net::Welcome>(c->receive(30.0));
        }
        one.send(net::CreateRoom{"ai:easy"});
        const std::string code = std::get<net::RoomCreated>(one.receive(30.0)).code;
        two.send(net::JoinRoom{code, 2, "ai:easy", 0});
        for (int i = 0; i < 3; ++i) // joined, seat 1, caught up
            (void)two.receive(30.0);
        (void)std::get<net::PeerJoined>(one.receive(30.0));
        // Every room open before any plays: all of them at once on the server.
        ++ready;
        while (ready.load() < rooms)
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        for (const Turn& t : turns) {
            net::Connection& mover = t.seat == 1 ? one : two;
            net::Connection& other = t.seat == 1 ? two : one;
            for (const net::Input& in : t.inputs) {
                mover.send(in);
                (void)std::get<net::Input>(other.receive(30.0));
            }
            mover.send(net::EndHash{t.seat, t.count, t.hash});
            (void)std::get<net::EndHash>(other.receive(30.0));
            const std::uint8_t seat = t.seat == 1 ? 2 : 1;
            other.send(net::EndHash{seat, t.count, t.hash});
            (void)std::get<net::EndHash>(mover.receive(30.0));
        }
        one.send(net::Bye{});
        two.send(net::Bye{});
        return true;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "room: %s\n", e.what());
        return false;
    }
}

} // namespace

int main(int argc, char** argv) {
    const int rooms = argc > 1 ? std::stoi(argv[1]) : 200;
    const std::vector<Turn> turns = record();
    std::size_t inputs = 0;
    for (const Turn& t : turns)
        inputs += t.inputs.size();
    // The server, in its own process, its first line read for the port.
    int out[2];
    if (pipe(out) != 0) return 1;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    posix_spawn_file_actions_addclose(&actions, out[0]);
    const std::string rooms_arg = std::to_string(rooms);
    const std::string conns_arg = std::to_string(2 * rooms + 16);
    std::vector<std::string> args{BILLIARDS_EXE, "server",  "--listen",          "127.0.0.1:0",
                                  "--max-rooms", rooms_arg, "--max-connections", conns_arg,
                                  "--lifetime",  "600"};
    std::vector<char*> argv_c;
    for (std::string& a : args)
        argv_c.push_back(a.data());
    argv_c.push_back(nullptr);
    pid_t pid = 0;
    if (posix_spawn(&pid, BILLIARDS_EXE, &actions, nullptr, argv_c.data(), environ) != 0) {
        std::fprintf(stderr, "cannot start %s\n", BILLIARDS_EXE);
        return 1;
    }
    close(out[1]);
    std::string first;
    char ch = 0;
    while (read(out[0], &ch, 1) == 1 && ch != '\n')
        first += ch;
    const auto colon = first.rfind(':');
    if (colon == std::string::npos) {
        std::fprintf(stderr, "the server said: %s\n", first.c_str());
        return 1;
    }
    const auto port = static_cast<std::uint16_t>(std::stoi(first.substr(colon + 1)));
    const Usage idle = usage(pid);
    const std::uint64_t print = net::determinism_fingerprint("load");
    std::atomic<int> ready{0}, ok{0};
    Usage busy;
    const auto t0 = std::chrono::steady_clock::now();
    {
        std::vector<std::thread> threads;
        for (int r = 0; r < rooms; ++r)
            threads.emplace_back(
                [&] { ok += play_room(port, print, turns, ready, rooms) ? 1 : 0; });
        while (ready.load() < rooms && ok.load() == 0)
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        busy = usage(pid); // every room open
        for (std::thread& t : threads)
            t.join();
    }
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const Usage done = usage(pid);
    kill(pid, SIGTERM);
    waitpid(pid, nullptr, 0);
    const double cpu = done.cpu_seconds - idle.cpu_seconds;
    // What the server reads and relays: each input once, each turn's two hashes.
    const double messages = static_cast<double>(rooms) *
                            (static_cast<double>(inputs) + 2.0 * static_cast<double>(turns.size()));
    std::printf("rooms %d (finished %d), a game of %zu turns and %zu inputs each\n", rooms,
                ok.load(), turns.size(), inputs);
    std::printf("wall %.2f s; server cpu %.3f s (%.2f ms per room, %.1f us per message read and "
                "relayed, of %.0f)\n",
                wall, cpu, 1000.0 * cpu / rooms, 1e6 * cpu / messages, messages);
    std::printf("server rss: idle %ld KiB, every room open %ld KiB (%.1f KiB per room), peak %ld "
                "KiB\n",
                idle.rss_kib, busy.rss_kib,
                static_cast<double>(busy.rss_kib - idle.rss_kib) / rooms, done.peak_kib);
    return ok.load() == rooms ? 0 : 1;
}

// The game's Online menu played as a player plays it: a server in this process on loopback
// (a port the system picks), the game hosting a room through the menu's button, a headless
// `billiards match --online` process joining it with the room's code, and the game's human
// seat playing its turns through the loop's actions while the other seat's shots arrive and
// roll. Every wait is bounded; the files stay in the test's own folder.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <thread>

#include "../common/scratch_dir.hpp"
#include "app/game_driver.hpp"
#include "app/match_mode.hpp"
#include "app/online_lobby.hpp"
#include "game/cue.hpp"
#include "game/pool/match.hpp"
#include "game/pool/pool_game.hpp"
#include "game/rack.hpp"
#include "io/game_file.hpp"
#include "io/scenario.hpp"
#include "io/stats_db.hpp"
#include "net/connection.hpp"
#include "net/lockstep.hpp"
#include "net/server.hpp"

namespace billiards {
namespace {

using app::Mode;
using app::OnlineSession;
using Phase = OnlineSession::Phase;

std::string slurp(const std::filesystem::path& p) {
    std::ifstream in(p);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

class OnlineApp : public testing::Test {
  protected:
    void SetUp() override {
        server_ = std::make_unique<net::Server>("127.0.0.1", 0);
        thread_ = std::thread([this] { server_->run(); });
        address_ = "127.0.0.1:" + std::to_string(server_->port());
        app_.set_storage({(dir_ / "settings.json").string(),
                          (dir_ / "saved.json").string(),
                          (dir_ / "replays").string(),
                          {}});
    }
    void TearDown() override {
        app_.online().leave();
        if (!pid_.empty()) (void)std::system(("kill " + pid_ + " 2>/dev/null").c_str());
        server_->stop();
        thread_.join();
    }

    // Frames of the game (a tenth of a second of play each, at 8x: a shot rolls in a few)
    // until `done`, at most `seconds` of real time.
    template <class Done> bool pump(double seconds, Done done) {
        const auto until = std::chrono::steady_clock::now() +
                           std::chrono::milliseconds(static_cast<int>(seconds * 1000));
        while (std::chrono::steady_clock::now() < until) {
            app_.update(0.1);
            if (done()) return true;
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        return false;
    }

    // `billiards match --online` as seat 2 in the background; its pid kept for TearDown.
    void start_peer(const std::string& mode, const std::string& code) {
        const std::string cmd =
            "('" BILLIARDS_EXE "' match --mode " + mode + " --online " + address_ + " --room " +
            code + " --seat 2 --players ai:easy --wait-seconds 60 --out '" +
            (dir_ / "peer.json").string() + "' > '" + (dir_ / "peer.out").string() + "' 2> '" +
            (dir_ / "peer.err").string() + "'; echo $? > '" + (dir_ / "peer.status").string() +
            "') & echo $! > '" + (dir_ / "peer.pid").string() + "'";
        ASSERT_EQ(std::system(cmd.c_str()), 0);
        pid_ = slurp(dir_ / "peer.pid");
        while (!pid_.empty() && std::isspace(static_cast<unsigned char>(pid_.back())))
            pid_.pop_back();
    }

    // `billiards match --online ... --room new` as seat 1 (or `seat` 2 of its room): its
    // files are NAME.out, NAME.err, NAME.json, NAME.status.
    void start_headless(const std::string& name, const std::string& args) {
        const std::string cmd = "('" BILLIARDS_EXE "' match " + args + " --online " + address_ +
                                " --players ai:easy --wait-seconds 60 --out '" +
                                (dir_ / (name + ".json")).string() + "' > '" +
                                (dir_ / (name + ".out")).string() + "' 2> '" +
                                (dir_ / (name + ".err")).string() + "'; echo $? > '" +
                                (dir_ / (name + ".status")).string() + "') &";
        ASSERT_EQ(std::system(cmd.c_str()), 0);
    }
    // The room code a headless host printed (its first line), "" after 20 s.
    std::string headless_room(const std::string& name) {
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
        while (std::chrono::steady_clock::now() < until) {
            const std::string out = slurp(dir_ / (name + ".out"));
            const std::size_t nl = out.find('\n');
            if (out.rfind("room ", 0) == 0 && nl != std::string::npos) return out.substr(5, nl - 5);
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        return {};
    }

    // The game hosts an 8-ball room (seed 9) and a peer by hand joins it as seat 2, as
    // `player`; the match is on the table when this returns the peer's connection.
    std::unique_ptr<net::Connection> hand_peer(const std::string& player) {
        app::OnlineLobby& lobby = app_.online();
        lobby.open_menu(app_);
        lobby.menu().server = address_;
        lobby.seed = 9;
        EXPECT_TRUE(lobby.host(app_));
        EXPECT_TRUE(pump(20, [&] { return !lobby.session()->code().empty(); }));
        auto peer = std::make_unique<net::Connection>("127.0.0.1", server_->port(), 10);
        peer->send(net::Hello{net::kProtocolVersion,
                              net::determinism_fingerprint(BILLIARDS_VERSION), BILLIARDS_VERSION});
        EXPECT_TRUE(std::holds_alternative<net::Welcome>(peer->receive(10)));
        peer->send(net::JoinRoom{lobby.session()->code(), 2, player, 0});
        EXPECT_TRUE(std::holds_alternative<net::Joined>(peer->receive(10)));
        EXPECT_TRUE(pump(20, [&] { return lobby.session()->phase() == Phase::Playing; }))
            << lobby.session()->status();
        return peer;
    }

    // The human's turn as a player takes it: a decision's first choice; ball in hand placed
    // behind the head string; then aimed at the first ball it may hit and struck.
    bool play_turn() { return play_turn(app_); }
    static bool play_turn(app::DrivenGame& app) {
        const game::Game& g = *app.game();
        const game::Turn t = g.next();
        if (!t.decisions.empty()) return app.decide(t.decisions.front());
        if (t.place_cue && app.mode() != Mode::Placing) {
            app.begin_placement();
            const double hx = app.table().spec.length / 2;
            bool placed = false;
            for (double y = 0.0; y < 0.5 && !placed; y += 0.03)
                for (double s : {1.0, -1.0})
                    if (!placed && app.place_cue_ball({-hx * 0.6, s * y})) placed = true;
            if (!placed) return false;
        }
        const game::MatchView v = game::pool_match(*app.game())->view();
        if (v.legal_targets.empty()) // the break: at the rack
            app.aim_at(game::foot_spot(app.table().spec));
        else
            app.aim_at(app.world().ball(app.world().index_of(v.legal_targets.front())).position);
        if (v.must_call_pocket) app.call_pocket(0);
        return app.shoot(0.6);
    }

    template <class Done> static bool pump_game(app::DrivenGame& g, double seconds, Done done) {
        const auto until = std::chrono::steady_clock::now() +
                           std::chrono::milliseconds(static_cast<int>(seconds * 1000));
        while (std::chrono::steady_clock::now() < until) {
            g.update(0.1);
            if (done()) return true;
        }
        return false;
    }

    bool our_turn(int seat = 0) const {
        const game::Game* g = app_.game();
        return g && !g->over() && g->next().shooter == seat && app_.mode() != Mode::Rolling;
    }

    // A second game in this process: its files in a folder of their own.
    void guest_storage(app::DrivenGame& g) {
        std::filesystem::create_directories(dir_ / "guest");
        g.set_storage({(dir_ / "guest" / "settings.json").string(),
                       (dir_ / "guest" / "saved.json").string(),
                       (dir_ / "guest" / "replays").string(),
                       {}});
    }

    test::ScratchDir dir_;
    std::unique_ptr<net::Server> server_;
    std::thread thread_;
    std::string address_;
    std::string pid_;
    app::DrivenGame app_{game::build_table(game::TableSpec{}), "pool-9ft"};
};

// The turn timer's seconds in a status line ("... (42 s left)"), -1 without.
int seconds_left(const std::string& status) {
    const std::size_t end = status.rfind(" s left)");
    const std::size_t open = status.rfind('(', end);
    if (end == std::string::npos || open == std::string::npos) return -1;
    return std::stoi(status.substr(open + 1, end - open - 1));
}

// Every game in the statistics record of the data folder `folder`, by id.
std::vector<io::GameInfo> recorded(const std::filesystem::path& folder) {
    std::string notice;
    const auto db = io::StatsDb::open((folder / "stats.sqlite3").string(), &notice);
    std::vector<io::GameInfo> out;
    for (const std::int64_t id : db->game_ids())
        out.push_back(*db->game_info(id));
    return out;
}

// Any kind's turn as a player takes it: a decision's first choice; ball in hand placed at the
// first free point of a grid over the table; then aimed at the nearest ball and struck.
bool play_any_turn(app::DrivenGame& a) {
    const game::Turn t = a.game()->next();
    if (!t.decisions.empty()) return a.decide(t.decisions.front());
    const physics::World& w = a.world();
    if (t.place_cue && a.mode() != Mode::Placing) {
        a.begin_placement();
        const game::TableSpec& spec = a.table().spec;
        bool placed = false;
        for (double x = -0.45 * spec.length; x < 0.45 * spec.length && !placed; x += 0.05)
            for (double y = -0.4 * spec.width; y < 0.4 * spec.width && !placed; y += 0.05)
                placed = a.place_cue_ball({x, y});
        if (!placed) return false;
    }
    const Vec2 cue = w.ball(w.index_of(t.cue_ball)).position;
    std::optional<Vec2> target;
    for (int i = 0; i < w.ball_count(); ++i) {
        const physics::Ball& b = w.ball(i);
        if (b.id == t.cue_ball || b.state == physics::MotionState::Pocketed) continue;
        if (!target || length_sq(b.position - cue) < length_sq(*target - cue)) target = b.position;
    }
    if (!target) return false;
    a.aim_at(*target);
    return a.shoot(0.5);
}

// Two games in this process, each through its Online screen, on loopback: the host chooses
// `kind` on `table` with the low-squirt cue and a turn timer; the guest joins by the room's
// code. Both show the timer counting (the side that waits too); each seat plays a shot
// through the loop's actions; both tables end alike, each hash agreed.
void two_games_a_shot_each(app::DrivenGame& host, app::DrivenGame& guest, game::GameKind kind,
                           const std::string& table, const std::string& address) {
    app::OnlineLobby& hl = host.online();
    hl.open_menu(host);
    hl.menu().server = address;
    hl.menu().name = "Ann";
    hl.menu().setup.game = kind;
    if (kind == game::GameKind::Snooker) hl.menu().setup.snooker_table = table;
    hl.menu().setup.shaft = game::Shaft::LowSquirt;
    hl.menu().turn_seconds = 60;
    hl.seed = 11;
    ASSERT_TRUE(hl.host(host)) << hl.menu().message;
    auto both = [&](double seconds, auto done) {
        const auto until = std::chrono::steady_clock::now() +
                           std::chrono::milliseconds(static_cast<int>(seconds * 1000));
        while (std::chrono::steady_clock::now() < until) {
            host.update(0.1);
            guest.update(0.1);
            if (done()) return true;
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
        return false;
    };
    ASSERT_TRUE(both(20, [&] { return !hl.session()->code().empty(); })) << hl.session()->status();
    app::OnlineLobby& gl = guest.online();
    gl.open_menu(guest);
    gl.menu().server = address;
    gl.menu().name = "Bea";
    gl.menu().code = net::display_room_code(hl.session()->code());
    ASSERT_TRUE(gl.join(guest)) << gl.menu().message;
    ASSERT_TRUE(both(30,
                     [&] {
                         return hl.session()->phase() == Phase::Playing &&
                                gl.session()->phase() == Phase::Playing;
                     }))
        << hl.session()->status() << " / " << gl.session()->status();
    // The host's choices on both tables: its kind, its table, its cue.
    for (app::DrivenGame* a : {&host, &guest}) {
        EXPECT_EQ(a->game()->kind(), kind);
        EXPECT_EQ(a->game()->table().spec.name, table);
        EXPECT_EQ(a->game()->cue().end_mass, game::play_cue(game::Shaft::LowSquirt).end_mass);
    }
    // The clock counts on both sides, the waiting one's too.
    const int host_before = seconds_left(hl.session()->status());
    const int guest_before = seconds_left(gl.session()->status());
    EXPECT_NE(hl.session()->status().find("your turn ("), std::string::npos)
        << hl.session()->status();
    EXPECT_NE(gl.session()->status().find("waiting for Ann ("), std::string::npos)
        << gl.session()->status();
    EXPECT_GT(host_before, 55);
    EXPECT_GT(guest_before, 55);
    for (int i = 0; i < 30; ++i) { // 3 s of frames
        host.update(0.1);
        guest.update(0.1);
    }
    const int host_after = seconds_left(hl.session()->status());
    const int guest_after = seconds_left(gl.session()->status());
    EXPECT_TRUE(host_after >= host_before - 4 && host_after <= host_before - 2)
        << host_before << " then " << hl.session()->status();
    EXPECT_TRUE(guest_after >= guest_before - 4 && guest_after <= guest_before - 2)
        << guest_before << " then " << gl.session()->status();

    host.clock().set_time_scale(8.0);
    guest.clock().set_time_scale(8.0);
    std::array<int, 2> shots{};
    auto settled = [&] {
        return host.mode() != Mode::Rolling && guest.mode() != Mode::Rolling &&
               host.game()->inputs().size() == guest.game()->inputs().size();
    };
    for (int turn = 0; turn < 12 && (shots[0] == 0 || shots[1] == 0); ++turn) {
        ASSERT_TRUE(both(30, settled)) << hl.session()->status() << " / " << gl.session()->status();
        ASSERT_FALSE(host.game()->over());
        const int seat = host.game()->next().shooter;
        app::DrivenGame& side = seat == 0 ? host : guest;
        const bool shot = side.game()->next().decisions.empty();
        ASSERT_TRUE(play_any_turn(side)) << side.game()->status();
        if (shot) ++shots[static_cast<std::size_t>(seat)];
        ASSERT_TRUE(both(30, [&] {
            return settled() && host.game()->inputs().size() > 0 &&
                   hl.session()->hashes_agreed() + gl.session()->hashes_agreed() > 0;
        }));
    }
    EXPECT_GE(shots[0], 1);
    EXPECT_GE(shots[1], 1);
    ASSERT_TRUE(both(
        30,
        [&] { return settled() && net::game_hash(*host.game()) == net::game_hash(*guest.game()); }))
        << hl.session()->status() << " / " << gl.session()->status();
    EXPECT_EQ(hl.session()->phase(), Phase::Playing) << hl.session()->problem();
    EXPECT_EQ(gl.session()->phase(), Phase::Playing) << gl.session()->problem();
    EXPECT_GE(hl.session()->hashes_agreed(), 1);
    EXPECT_GE(gl.session()->hashes_agreed(), 1);
}

TEST_F(OnlineApp, SnookerFromTheOnlineScreenOnTheHostsTableAndCueAShotEach) {
    app::DrivenGame guest{game::build_table(game::TableSpec{}), "pool-9ft"};
    guest_storage(guest);
    two_games_a_shot_each(app_, guest, game::GameKind::Snooker, "snooker-10ft", address_);
}

TEST_F(OnlineApp, ThreeCushionFromTheOnlineScreenWithTheHostsCueAShotEach) {
    app::DrivenGame guest{game::build_table(game::TableSpec{}), "pool-9ft"};
    guest_storage(guest);
    two_games_a_shot_each(app_, guest, game::GameKind::ThreeCushion, "carom-10ft", address_);
}

TEST_F(OnlineApp, TheHostsHumanSeatPlaysAWholeGameAgainstAHeadlessPeerWithHashesAgreeing) {
    app::OnlineLobby& lobby = app_.online();
    lobby.open_menu(app_);
    lobby.menu().server = address_;
    lobby.menu().name = "Ann";
    lobby.menu().setup.game = game::GameKind::EightBall;
    lobby.menu().games = 1;
    lobby.seed = 5;
    lobby.max_shots = 8; // the game is declared at the cap: a whole game, short
    ASSERT_TRUE(lobby.host(app_));
    ASSERT_TRUE(pump(20, [&] { return !lobby.session()->code().empty(); }))
        << lobby.session()->status();
    EXPECT_EQ(lobby.session()->phase(), Phase::Waiting);
    EXPECT_NE(lobby.menu().room_code.find('-'), std::string::npos); // shown as XXXXX-XXXXX
    start_peer("8ball", lobby.session()->code());
    ASSERT_TRUE(pump(30, [&] { return lobby.session()->phase() == Phase::Playing; }))
        << lobby.session()->status() << slurp(dir_ / "peer.err");
    ASSERT_NE(game::pool_match(*app_.game()), nullptr);
    EXPECT_EQ(app_.game()->names()[0], "Ann");

    app_.clock().set_time_scale(8.0);
    int turns = 0;
    const bool over = pump(150, [&] {
        const Phase p = lobby.session()->phase();
        if (p == Phase::Over || p == Phase::Stopped) return true;
        if (our_turn() && lobby.session()->phase() == Phase::Playing) {
            // The other seat's turn refuses the human's hand; this one takes it.
            ++turns;
            const bool played = play_turn();
            EXPECT_TRUE(played) << app_.game()->status();
            return !played;
        }
        return false;
    });
    ASSERT_TRUE(over) << lobby.session()->status();
    ASSERT_EQ(lobby.session()->phase(), Phase::Over) << lobby.session()->problem();
    EXPECT_GT(turns, 0);
    const game::Game& g = *app_.game();
    EXPECT_TRUE(g.over());

    // The peer ends too, its report of the same game: the same shots, the same winner.
    ASSERT_TRUE(pump(30, [&] { return !slurp(dir_ / "peer.status").empty(); }));
    EXPECT_EQ(slurp(dir_ / "peer.status"), "0\n") << slurp(dir_ / "peer.err");
    const auto report = nlohmann::json::parse(slurp(dir_ / "peer.json"));
    EXPECT_EQ(report["players"][0], "human:Ann");
    EXPECT_EQ(report["players"][1], "ai:easy");
    ASSERT_EQ(report["games_played"], 1);
    EXPECT_EQ(report["games"][0]["shots"], g.shots());
    EXPECT_EQ(report["games"][0]["winner"], g.score().winner);
    // Every turn's hash compared (the other side's reply to each of ours, ours to each of
    // theirs): at least one a shot.
    EXPECT_GE(lobby.session()->hashes_agreed(), g.shots());

    // Recorded here as the game knows its seats, every shot once both sides agreed on it.
    const std::vector<io::GameInfo> games = recorded(dir_.path());
    ASSERT_EQ(games.size(), 1u);
    EXPECT_TRUE(games[0].finished);
    EXPECT_EQ(games[0].shots, g.shots());
    EXPECT_EQ(games[0].kind, "8-ball");
    EXPECT_EQ(games[0].players, g.names());

    // Autosaved after every turn: the file holds the game as it ended.
    const std::string save = (dir_ / "online-autosave.json").string();
    const io::LoadedGame loaded = io::read_game(io::read_text_file(save), save);
    EXPECT_EQ(loaded.game->inputs().size(), g.inputs().size());
    EXPECT_EQ(net::game_hash(*loaded.game), net::game_hash(g));
}

TEST_F(OnlineApp, ATurnsTimeRunningOutPlaysTheTimeOutShotWhichTheRulesCallAFoul) {
    app::OnlineLobby& lobby = app_.online();
    lobby.open_menu(app_);
    lobby.menu().server = address_;
    lobby.menu().turn_seconds = 2;
    lobby.seed = 5;
    lobby.max_shots = 6;
    ASSERT_TRUE(lobby.host(app_));
    ASSERT_TRUE(pump(20, [&] { return !lobby.session()->code().empty(); }));
    start_peer("8ball", lobby.session()->code());
    ASSERT_TRUE(pump(30, [&] { return lobby.session()->phase() == Phase::Playing; }))
        << lobby.session()->status() << slurp(dir_ / "peer.err");
    app_.clock().set_time_scale(8.0);
    // Nobody plays the game's seat. Its turn's clock runs 2 s of the game's frames; then the
    // time-out shot is played for it.
    ASSERT_TRUE(pump(60, [&] { return our_turn(); })) << lobby.session()->status();
    const std::size_t before = app_.game()->inputs().size();
    for (int i = 0; i < 15; ++i)
        app_.update(0.1);
    EXPECT_EQ(app_.game()->inputs().size(), before); // 1.5 s: not yet
    EXPECT_NE(lobby.session()->status().find("s left)"), std::string::npos)
        << lobby.session()->status();
    for (int i = 0; i < 6 && app_.game()->inputs().size() == before; ++i)
        app_.update(0.1);
    ASSERT_GT(app_.game()->inputs().size(), before);
    const game::GameInput shot = app_.game()->inputs().back();
    ASSERT_EQ(shot.kind, game::GameInput::Kind::Stroke);
    EXPECT_EQ(shot.stroke.shot.speed, 0.05);
    ASSERT_TRUE(pump(30, [&] { return app_.mode() != Mode::Rolling; }));
    // It touched no ball: a foul (or an illegal break), the other seat to act.
    EXPECT_EQ(app_.game()->next().shooter, 1) << app_.game()->status();
    // The other side took it as sent; the game goes on to its end with every time-out.
    ASSERT_TRUE(pump(120, [&] {
        const Phase p = lobby.session()->phase();
        return p == Phase::Over || p == Phase::Stopped;
    })) << lobby.session()->status();
    EXPECT_EQ(lobby.session()->phase(), Phase::Over) << lobby.session()->problem();
    ASSERT_TRUE(pump(30, [&] { return !slurp(dir_ / "peer.status").empty(); }));
    const auto report = nlohmann::json::parse(slurp(dir_ / "peer.json"));
    EXPECT_EQ(report["games"][0]["shots"], app_.game()->shots());
}

TEST_F(OnlineApp, AClosedGameRejoinsItsRoomFromTheMenuAndFinishesTheMatch) {
    app::OnlineLobby& lobby = app_.online();
    lobby.open_menu(app_);
    lobby.menu().server = address_;
    lobby.menu().name = "Ann";
    lobby.seed = 5;
    lobby.max_shots = 8;
    ASSERT_TRUE(lobby.host(app_));
    ASSERT_TRUE(pump(20, [&] { return !lobby.session()->code().empty(); }));
    start_peer("8ball", lobby.session()->code());
    ASSERT_TRUE(pump(30, [&] { return lobby.session()->phase() == Phase::Playing; }));
    app_.clock().set_time_scale(8.0);
    // One turn of this seat played, then the game goes (its room left, as a closed game's).
    int turns = 0;
    ASSERT_TRUE(pump(60, [&] {
        if (turns > 0 && app_.mode() != Mode::Rolling &&
            lobby.session()->hashes_agreed() >= app_.game()->shots())
            return true;
        if (our_turn() && turns == 0) {
            ++turns;
            EXPECT_TRUE(play_turn());
        }
        return false;
    }));
    const std::size_t played = app_.game()->inputs().size();
    lobby.leave();
    ASSERT_TRUE(std::filesystem::exists(dir_ / "online-room.json"));
    // The server has seen it go (the other side says so).
    ASSERT_TRUE(pump(20, [&] {
        return slurp(dir_ / "peer.err").find("seat 1 left the room") != std::string::npos;
    }));

    // A new start of the game, on the same data folder: the Online screen offers the room.
    app::DrivenGame again{game::build_table(game::TableSpec{}), "pool-9ft"};
    again.set_storage(app_.storage());
    app::OnlineLobby& back = again.online();
    back.open_menu(again);
    EXPECT_NE(back.menu().rejoin.find("Rejoin room"), std::string::npos);
    ASSERT_TRUE(back.rejoin(again));
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    again.clock().set_time_scale(8.0);
    bool started = false;
    while (std::chrono::steady_clock::now() < until) {
        again.update(0.1);
        const Phase p = back.session()->phase();
        if (p == Phase::Over || p == Phase::Stopped) break;
        if (p != Phase::Playing) continue;
        if (!started) { // the match so far, from the room's log
            EXPECT_GE(again.game()->inputs().size(), played);
            started = true;
        }
        const game::Game& g = *again.game();
        if (!g.over() && g.next().shooter == 0 && again.mode() != Mode::Rolling) {
            if (!play_turn(again)) break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    ASSERT_EQ(back.session()->phase(), Phase::Over)
        << back.session()->status() << slurp(dir_ / "peer.err") << slurp(dir_ / "peer.status");
    EXPECT_EQ(back.session()->seat(), 0);
    EXPECT_FALSE(std::filesystem::exists(dir_ / "online-room.json")); // nothing to rejoin
    ASSERT_TRUE(pump(30, [&] { return !slurp(dir_ / "peer.status").empty(); }));
    EXPECT_EQ(slurp(dir_ / "peer.status"), "0\n") << slurp(dir_ / "peer.err");
    const auto report = nlohmann::json::parse(slurp(dir_ / "peer.json"));
    EXPECT_EQ(report["games"][0]["shots"], again.game()->shots());
    back.leave();
}

TEST_F(OnlineApp, AGoneRoomsAutosaveContinuesHereAsALocalGameWithAMessage) {
    std::unique_ptr<net::Connection> peer = hand_peer("human:Bea");
    ASSERT_TRUE(peer);
    app_.clock().set_time_scale(8.0);
    ASSERT_TRUE(pump(20, [&] { return our_turn(); }));
    ASSERT_TRUE(play_turn());
    ASSERT_TRUE(pump(30, [&] { return app_.mode() != Mode::Rolling; }));
    const std::uint64_t hash = net::game_hash(*app_.game());
    const std::size_t inputs = app_.game()->inputs().size();
    ASSERT_TRUE(std::filesystem::exists(dir_ / "online-autosave.json"));
    // Both leave with a bye: the server ends the room.
    app_.online().leave();
    peer->send(net::Bye{});
    peer.reset();
    // The byes reach the server on its own thread: rejoining before it has ended the room
    // would find the room still there (a loaded machine made that happen once).
    const auto closed = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (server_->counts().rooms != 0 && std::chrono::steady_clock::now() < closed)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    ASSERT_EQ(server_->counts().rooms, 0u);

    // The next start: Rejoin finds no room; the menu says so and offers to go on here.
    app::DrivenGame again{game::build_table(game::TableSpec{}), "pool-9ft"};
    again.set_storage(app_.storage());
    app::OnlineLobby& back = again.online();
    back.open_menu(again);
    back.menu().server = address_;
    ASSERT_NE(back.menu().rejoin.find("Rejoin room"), std::string::npos);
    ASSERT_TRUE(back.rejoin(again));
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (back.session() && std::chrono::steady_clock::now() < until) {
        again.update(0.1);
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    ASSERT_EQ(back.session(), nullptr);
    EXPECT_EQ(back.menu().rejoin, "Continue the game here");
    EXPECT_NE(back.menu().message.find("is gone"), std::string::npos) << back.menu().message;
    EXPECT_TRUE(back.menu_open());

    ASSERT_TRUE(back.rejoin(again)); // the button now continues here
    EXPECT_FALSE(back.menu_open());
    EXPECT_EQ(back.session(), nullptr); // no room: a local game
    ASSERT_NE(again.game(), nullptr);
    EXPECT_EQ(again.game()->inputs().size(), inputs);
    EXPECT_EQ(net::game_hash(*again.game()), hash);
    EXPECT_FALSE(std::filesystem::exists(dir_ / "online-room.json")); // nothing to rejoin
    // Both seats play at this table: the next turn is taken here, whoever's it is.
    ASSERT_TRUE(pump_game(again, 30, [&] { return again.mode() != Mode::Rolling; }));
    EXPECT_FALSE(again.game()->next().computer);
    EXPECT_TRUE(play_turn(again));
}

TEST_F(OnlineApp, AJoinersHumanSeatPlaysAHeadlessHostsNineBallRoomToItsEnd) {
    start_headless("host", "--mode 9ball --room new --seat 1 --seed 3 --max-shots 8");
    const std::string code = headless_room("host");
    ASSERT_FALSE(code.empty()) << slurp(dir_ / "host.err");
    app::OnlineLobby& lobby = app_.online();
    lobby.open_menu(app_);
    lobby.menu().server = address_;
    lobby.menu().name = "Bea";
    lobby.menu().code = code;
    ASSERT_TRUE(lobby.join(app_));
    ASSERT_TRUE(pump(30, [&] { return lobby.session()->phase() == Phase::Playing; }))
        << lobby.session()->status() << slurp(dir_ / "host.err");
    EXPECT_EQ(lobby.session()->seat(), 1);
    EXPECT_EQ(app_.game()->kind(), game::GameKind::NineBall);
    app_.clock().set_time_scale(8.0);
    int turns = 0;
    ASSERT_TRUE(pump(150, [&] {
        const Phase p = lobby.session()->phase();
        if (p == Phase::Over || p == Phase::Stopped) return true;
        if (!our_turn(1) || p != Phase::Playing) return false;
        ++turns;
        const bool played = play_turn();
        EXPECT_TRUE(played) << app_.game()->status();
        return !played;
    })) << lobby.session()->status();
    ASSERT_EQ(lobby.session()->phase(), Phase::Over) << lobby.session()->problem();
    EXPECT_GT(turns, 0);
    ASSERT_TRUE(pump(30, [&] { return !slurp(dir_ / "host.status").empty(); }));
    EXPECT_EQ(slurp(dir_ / "host.status"), "0\n") << slurp(dir_ / "host.err");
    const auto report = nlohmann::json::parse(slurp(dir_ / "host.json"));
    EXPECT_EQ(report["players"][1], "human:Bea");
    EXPECT_EQ(report["seed"], 3);
    EXPECT_EQ(report["games"][0]["shots"], app_.game()->shots());
    EXPECT_EQ(report["games"][0]["winner"], app_.game()->score().winner);
}

TEST_F(OnlineApp, ASpectatorWatchesTwoHeadlessSeatsToTheEndOfTheirGame) {
    start_headless("one", "--mode 8ball --room new --seat 1 --seed 11 --max-shots 6");
    const std::string code = headless_room("one");
    ASSERT_FALSE(code.empty()) << slurp(dir_ / "one.err");
    app::OnlineLobby& lobby = app_.online();
    lobby.open_menu(app_);
    lobby.menu().server = address_;
    lobby.menu().code = code;
    ASSERT_TRUE(lobby.watch(app_));
    start_headless("two", "--mode 8ball --room " + code + " --seat 2");
    app_.clock().set_time_scale(8.0);
    ASSERT_TRUE(pump(40,
                     [&] {
                         const Phase p = lobby.session()->phase();
                         return p == Phase::Over || p == Phase::Stopped;
                     }))
        << lobby.session()->status() << slurp(dir_ / "one.err") << slurp(dir_ / "two.err");
    ASSERT_EQ(lobby.session()->phase(), Phase::Over) << lobby.session()->problem();
    EXPECT_TRUE(lobby.session()->watching());
    // Both seats' hashes matched the spectator's own game after every turn. The game is over
    // here as soon as the spectator's own copy ends: the seats' hashes of the last turn may
    // come a moment later.
    EXPECT_TRUE(
        pump(10, [&] { return lobby.session()->hashes_agreed() >= 2 * app_.game()->shots(); }))
        << lobby.session()->hashes_agreed() << " of " << 2 * app_.game()->shots();
    // Neither seat is the spectator's to play, nor its game in the spectator's record.
    EXPECT_FALSE(app_.shoot(0.5));
    EXPECT_TRUE(recorded(dir_.path()).empty());
    ASSERT_TRUE(pump(30, [&] { return !slurp(dir_ / "one.status").empty(); }));
    const auto report = nlohmann::json::parse(slurp(dir_ / "one.json"));
    EXPECT_EQ(report["games"][0]["shots"], app_.game()->shots());
    EXPECT_EQ(report["games"][0]["winner"], app_.game()->score().winner);
}

// Two games in this process play a whole short 8-ball game through their Online screens:
// each records it in its own data folder, with both seats' names, every shot, finished once.
TEST_F(OnlineApp, BothSidesRecordTheWholeGameInTheirOwnStatistics) {
    app::DrivenGame guest{game::build_table(game::TableSpec{}), "pool-9ft"};
    guest_storage(guest);
    app::OnlineLobby& hl = app_.online();
    hl.open_menu(app_);
    hl.menu().server = address_;
    hl.menu().name = "Ann";
    hl.menu().setup.game = game::GameKind::EightBall;
    hl.menu().games = 1;
    hl.seed = 5;
    hl.max_shots = 6;
    ASSERT_TRUE(hl.host(app_)) << hl.menu().message;
    auto both = [&](double seconds, auto done) {
        const auto until = std::chrono::steady_clock::now() +
                           std::chrono::milliseconds(static_cast<int>(seconds * 1000));
        while (std::chrono::steady_clock::now() < until) {
            app_.update(0.1);
            guest.update(0.1);
            if (done()) return true;
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
        return false;
    };
    ASSERT_TRUE(both(20, [&] { return !hl.session()->code().empty(); }));
    app::OnlineLobby& gl = guest.online();
    gl.open_menu(guest);
    gl.menu().server = address_;
    gl.menu().name = "Bea";
    gl.menu().code = net::display_room_code(hl.session()->code());
    ASSERT_TRUE(gl.join(guest)) << gl.menu().message;
    ASSERT_TRUE(both(30, [&] {
        return hl.session()->phase() == Phase::Playing && gl.session()->phase() == Phase::Playing;
    }));
    app_.clock().set_time_scale(8.0);
    guest.clock().set_time_scale(8.0);
    auto settled = [&] {
        return app_.mode() != Mode::Rolling && guest.mode() != Mode::Rolling &&
               app_.game()->inputs().size() == guest.game()->inputs().size();
    };
    for (int turn = 0; turn < 40 && !app_.game()->over(); ++turn) {
        ASSERT_TRUE(both(30, settled)) << hl.session()->status() << " / " << gl.session()->status();
        if (app_.game()->over()) break;
        app::DrivenGame& side = app_.game()->next().shooter == 0 ? app_ : guest;
        ASSERT_TRUE(play_any_turn(side)) << side.game()->status();
        ASSERT_TRUE(both(30, [&] { return settled() && side.mode() != Mode::Rolling; }));
    }
    ASSERT_TRUE(app_.game()->over());
    // The last shot is written once its hash is agreed on each side.
    ASSERT_TRUE(both(
        30, [&] { return settled() && app_.recorded_game() == 0 && guest.recorded_game() == 0; }))
        << hl.session()->status() << " / " << gl.session()->status();
    EXPECT_NE(hl.session()->phase(), Phase::Stopped) << hl.session()->problem();
    EXPECT_NE(gl.session()->phase(), Phase::Stopped) << gl.session()->problem();
    const int shots = app_.game()->shots();
    EXPECT_EQ(shots, 6); // declared at the cap
    for (const std::filesystem::path& folder : {dir_.path(), dir_.path() / "guest"}) {
        SCOPED_TRACE(folder.string());
        const std::vector<io::GameInfo> games = recorded(folder);
        ASSERT_EQ(games.size(), 1u);
        EXPECT_TRUE(games[0].finished);
        EXPECT_EQ(games[0].shots, shots);
        EXPECT_EQ(games[0].players, (std::array<std::string, 2>{"Ann", "Bea"}));
    }
    std::string notice;
    const auto db = io::StatsDb::open((dir_ / "guest" / "stats.sqlite3").string(), &notice);
    const std::vector<io::GameRow> ann = db->recent_games("Ann", 5),
                                   bea = db->recent_games("Bea", 5);
    ASSERT_EQ(ann.size(), 1u);
    ASSERT_EQ(bea.size(), 1u);
    EXPECT_EQ(ann[0].shots + bea[0].shots, shots);
}

TEST_F(OnlineApp, AHeadlessSeatKeepsAMoveSentBeforeTheAnswerToItsHash) {
    // A side may take its turn before it has answered the other side's hash: the game
    // answers once the other's shot has stopped on its table, and a player quick enough
    // shoots first. `billiards match` keeps that move until the answer comes and plays on
    // (it stopped the match with "sent input where its hash was due").
    start_headless("host", "--mode 8ball --room new --seat 1 --seed 3 --max-shots 6");
    const std::string code = headless_room("host");
    ASSERT_FALSE(code.empty()) << slurp(dir_ / "host.err");
    net::Connection peer("127.0.0.1", server_->port(), 10);
    peer.send(net::Hello{net::kProtocolVersion, net::determinism_fingerprint(BILLIARDS_VERSION),
                         BILLIARDS_VERSION});
    ASSERT_TRUE(std::holds_alternative<net::Welcome>(peer.receive(10)));
    peer.send(net::JoinRoom{*net::normalize_room_code(code), 2, "human:Hal", 0});
    ASSERT_TRUE(std::holds_alternative<net::Joined>(peer.receive(10)));
    std::optional<net::Options> options;
    for (int i = 0; i < 20 && !options; ++i)
        if (const net::Message m = peer.receive(10); std::holds_alternative<net::Options>(m))
            options = std::get<net::Options>(m);
    ASSERT_TRUE(options);
    std::string why;
    const std::unique_ptr<game::Game> g =
        net::make_room_game(*options, &why, io::kind_table, false);
    ASSERT_NE(g, nullptr) << why;
    // The host's turns, each answered, until this seat is to play; then this seat's move
    // goes out before the answer to the host's last hash.
    bool moved = false;
    for (int message = 0; message < 200 && !moved; ++message) {
        const net::Message m = peer.receive(10);
        if (const auto* in = std::get_if<net::Input>(&m)) {
            ASSERT_EQ(in->seat, 1);
            ASSERT_EQ(in->index, g->inputs().size());
            ASSERT_TRUE(g->feed(in->input, &why)) << why;
            continue;
        }
        const auto* theirs = std::get_if<net::EndHash>(&m);
        if (!theirs) continue; // the server's news
        const auto n = static_cast<std::uint32_t>(g->inputs().size());
        ASSERT_EQ(theirs->inputs, n);
        const std::uint64_t ours = net::game_hash(*g);
        ASSERT_EQ(theirs->hash, ours);
        ASSERT_FALSE(g->over());
        if (g->next().shooter != 1) { // the host plays on: answered at once
            peer.send(net::EndHash{2, n, ours});
            continue;
        }
        game::GameInput stroke;
        stroke.stroke.shot = {0.3, 2.0, 0.0, 0.0, 0.0};
        ASSERT_TRUE(g->feed(stroke, &why)) << why;
        peer.send(net::Input{2, n, stroke});
        peer.send(net::EndHash{2, n, ours});
        peer.send(net::EndHash{2, n + 1, net::game_hash(*g)});
        moved = true;
    }
    ASSERT_TRUE(moved);
    // The host answers this seat's hash with the same game, and the match goes on.
    std::optional<net::EndHash> answer;
    try {
        for (int i = 0; i < 50 && !answer; ++i)
            if (const net::Message m = peer.receive(10); std::holds_alternative<net::EndHash>(m))
                answer = std::get<net::EndHash>(m);
    } catch (const net::NetError& e) { // the host closed: its reason is in host.err
        FAIL() << e.what() << "\n" << slurp(dir_ / "host.err");
    }
    ASSERT_TRUE(answer) << slurp(dir_ / "host.err");
    EXPECT_EQ(answer->seat, 1);
    EXPECT_EQ(answer->inputs, g->inputs().size());
    EXPECT_EQ(answer->hash, net::game_hash(*g));
    EXPECT_EQ(slurp(dir_ / "host.err").find("where its hash was due"), std::string::npos)
        << slurp(dir_ / "host.err");
    peer.send(net::Bye{});
}

TEST_F(OnlineApp, AWrongHashFromThePeerStopsTheMatchWithAMessage) {
    // The peer answers the host's first turn with a wrong hash, or claims one for its own.
    const std::unique_ptr<net::Connection> owned = hand_peer("human:Bob");
    ASSERT_FALSE(HasFailure());
    net::Connection& peer = *owned;
    app::OnlineLobby& lobby = app_.online();
    // Chat both ways: the peer's line shown with its name, the game's sanitised before it
    // is sent.
    peer.send(net::Chat{0, "good luck"});
    ASSERT_TRUE(pump(10, [&] { return !lobby.session()->chat().empty(); }))
        << lobby.session()->status();
    EXPECT_EQ(lobby.session()->chat().back(), "Bob: good luck");
    lobby.session()->say("hi\x01 there\n");
    net::Message chat;
    for (int i = 0; i < 20 && !std::holds_alternative<net::Chat>(chat); ++i) {
        app_.update(0.0); // the worker sends it
        chat = peer.receive(10);
    }
    ASSERT_TRUE(std::holds_alternative<net::Chat>(chat));
    EXPECT_EQ(std::get<net::Chat>(chat).text, "hi? there?");
    EXPECT_EQ(std::get<net::Chat>(chat).seat, 1);
    app_.clock().set_time_scale(8.0);
    if (our_turn()) { // the host breaks: the peer answers its hash with another
        ASSERT_TRUE(play_turn());
        ASSERT_TRUE(pump(30, [&] { return app_.mode() != Mode::Rolling; }));
        std::optional<net::EndHash> theirs;
        for (int i = 0; i < 20 && !theirs; ++i) {
            app_.update(0.0);
            const net::Message m = peer.receive(10);
            if (const auto* h = std::get_if<net::EndHash>(&m)) theirs = *h;
        }
        ASSERT_TRUE(theirs);
        EXPECT_EQ(theirs->seat, 1);
        peer.send(net::EndHash{2, theirs->inputs, theirs->hash ^ 1});
    } else { // the peer breaks, then claims a hash its break did not make
        // The other seat is not the player's: its turn refuses the hand.
        EXPECT_FALSE(app_.shoot(0.6));
        game::GameInput in;
        in.stroke.shot = {0.0, 6.0, 0.0, 0.0, 0.0};
        peer.send(net::Input{2, 0, in});
        peer.send(net::EndHash{2, 1, 12345});
    }
    ASSERT_TRUE(pump(20, [&] { return lobby.session()->phase() == Phase::Stopped; }));
    EXPECT_NE(lobby.session()->problem().find("The games differ"), std::string::npos)
        << lobby.session()->problem();
    // Said in the game, and the table stays: the player may leave for the menu.
    bool said = false;
    for (const std::string& line : app_.messages())
        said = said || line.find("The games differ") != std::string::npos;
    EXPECT_TRUE(said);
    EXPECT_NE(app_.game(), nullptr);
    // The shot the sides disagree on is never recorded; the game stays unfinished.
    for (int i = 0; i < 5; ++i)
        app_.update(0.1);
    for (const io::GameInfo& game : recorded(dir_.path())) {
        EXPECT_FALSE(game.finished);
        EXPECT_EQ(game.shots, 0);
    }
}

TEST_F(OnlineApp, AMoveThePeerMayNotSendStopsTheMatchAndIsNotPlayed) {
    const std::unique_ptr<net::Connection> owned = hand_peer("human:Eve");
    ASSERT_FALSE(HasFailure());
    net::Connection& peer = *owned;
    app::OnlineLobby& lobby = app_.online();
    // The game's seat plays until the peer's seat is to play (the peer's replies to its
    // hashes are not needed for that).
    app_.clock().set_time_scale(8.0);
    ASSERT_TRUE(pump(60, [&] {
        if (our_turn()) {
            EXPECT_TRUE(play_turn());
        }
        return app_.mode() != Mode::Rolling && app_.game()->next().shooter == 1;
    }));
    // In its turn, a rematch of its own (each side makes it itself, never sends it).
    const std::size_t before = app_.game()->inputs().size();
    game::GameInput rematch;
    rematch.kind = game::GameInput::Kind::Rematch;
    peer.send(net::Input{2, static_cast<std::uint32_t>(before), rematch});
    ASSERT_TRUE(pump(20, [&] { return lobby.session()->phase() == Phase::Stopped; }));
    EXPECT_EQ(lobby.session()->problem(),
              "The other side sent a move no side sends; the match stops here");
    EXPECT_EQ(app_.game()->inputs().size(), before);
}

TEST_F(OnlineApp, ABadAddressOrCodeIsSaidOnTheMenu) {
    app::OnlineLobby& lobby = app_.online();
    lobby.open_menu(app_);
    lobby.menu().server = "no-port";
    EXPECT_FALSE(lobby.host(app_));
    EXPECT_TRUE(lobby.menu().error);
    EXPECT_NE(lobby.menu().message.find("HOST:PORT"), std::string::npos) << lobby.menu().message;
    lobby.menu().server = address_;
    lobby.menu().code = "hello";
    EXPECT_FALSE(lobby.join(app_));
    EXPECT_NE(lobby.menu().message.find("not a room code"), std::string::npos);
    // A code no room has: the server's answer on the menu, nothing started.
    lobby.menu().code = "00000-00000";
    ASSERT_TRUE(lobby.join(app_));
    ASSERT_TRUE(pump(20, [&] { return !lobby.menu().busy; }));
    EXPECT_TRUE(lobby.menu().error);
    EXPECT_NE(lobby.menu().message.find("server"), std::string::npos) << lobby.menu().message;
    EXPECT_EQ(app_.game(), nullptr);
}

} // namespace
} // namespace billiards

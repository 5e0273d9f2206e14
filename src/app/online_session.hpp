// One online match as the game plays it (docs/ONLINE.md): the room (hosted, joined or
// watched) through an OnlineLink, and the lockstep with the match mode. The local seat plays
// with the normal controls; the other seat's inputs arrive and are played as the computer's
// are (a stroke rolls on screen); after every turn both sides send the game's hash and compare.
// A mismatch, an error or a lost connection stops the match with a message, never a crash;
// nothing here waits on the network.
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>

#include "app/online_link.hpp"
#include "net/protocol.hpp"

namespace billiards::game {
class Game;
}

namespace billiards::app {

class GameApp;
class MatchMode;

class OnlineSession {
  public:
    enum class Phase {
        Connecting, // to the server, and into the room
        Waiting,    // hosting: for the other player; joining: for the room's options
        Playing,
        Over,   // the match is over
        Stopped // an error, a mismatch or the connection lost: problem() says which
    };

    // Hosting passes the match's options (players[0] this side's "human:NAME"; players[1]
    // is the joiner's). `autosave`: the match's file after every turn ("" none).
    // `room_file`: where this side's seat (server, code, seat, token) is kept while the match
    // lasts, for a rejoin after the game was closed or the connection lost ("" none).
    OnlineSession(LinkRequest request, std::optional<net::Options> host, std::string autosave,
                  std::string room_file = "");
    ~OnlineSession();
    OnlineSession(const OnlineSession&) = delete;
    OnlineSession& operator=(const OnlineSession&) = delete;

    // Once a frame, after the mode's: what came from the network, what this side played, the
    // turn timer (`real_seconds` since the last frame).
    void frame(GameApp& app, double real_seconds);
    void say(const std::string& line); // a chat line (sanitised)

    Phase phase() const { return phase_; }
    bool watching() const { return mine_ < 0; }
    int seat() const { return mine_; }                // 0 or 1; -1 watching
    const std::string& code() const { return code_; } // "" until the room is known
    std::string status() const;                       // one line for the screen
    const std::string& problem() const { return problem_; }
    // The server has no such room (any more): a rejoin after the room ended.
    bool room_gone() const { return room_gone_; }
    const std::deque<std::string>& chat() const { return chat_; }
    int hashes_agreed() const { return agreed_; }
    // The turn timer's seconds left for the seat to act; none without a timer.
    std::optional<double> time_left() const;
    const std::optional<net::Options>& options() const { return options_; }

  private:
    bool handle(const net::Message& m, GameApp& app, MatchMode* mm);
    void start(GameApp& app);
    void attach(MatchMode& mm);
    void moved(); // the mode's hook: an input taken, before the news
    void send_local();
    void next_game(MatchMode& mm);
    void compare(std::uint32_t n, std::uint64_t theirs, std::uint64_t ours);
    void stop(const std::string& why);
    void post(const std::string& line);
    void add_chat(const std::string& line);
    void keep_room() const; // the room file, once the seat and its token are known
    std::string name_of(int seat) const;
    void run_timer(MatchMode& mm, double real_seconds);
    void time_out(MatchMode& mm);

    std::unique_ptr<OnlineLink> link_;
    std::optional<net::Options> host_; // hosting: the options to send once seat 2 is in
    std::string autosave_;
    std::string room_file_;
    std::string server_; // HOST:PORT
    Phase phase_ = Phase::Connecting;
    std::string code_;
    int mine_ = 0; // this side's seat (0, 1), -1 watching
    std::uint64_t token_ = 0;
    std::optional<net::Options> options_;
    bool caught_up_ = false;
    std::deque<net::Message> inbox_;
    std::deque<net::Message> backlog_; // the room's log before caught-up (watching late)
    MatchMode* mode_ = nullptr;        // the match played (checked against the app's each frame)
    const game::Game* game_ = nullptr;
    std::size_t known_ = 0;       // inputs sent or received so far
    bool remote_pending_ = false; // a remote input is being played: its hook sends nothing
    bool owed_hash_ = false;      // this side played inputs since its last hash
    std::map<std::uint32_t, std::uint64_t> hash_at_; // this side's hash after N inputs
    std::map<std::uint32_t, double> sent_;           // hashes sent, awaiting the reply: when
    int agreed_ = 0;
    // The record (GameApp::online_agreed): the most inputs after which both games agreed, and
    // what the app was told of it and of a stop.
    std::uint32_t agreed_inputs_ = 0, told_inputs_ = 0;
    bool told_stop_ = false;
    double now_ = 0.0; // the app's real time
    // The turn timer: the turn it runs for (the seat to act and the inputs that are no
    // placement) and its seconds so far.
    int timer_seat_ = -1;
    std::size_t timer_key_ = 0;
    double timer_ = 0.0;
    bool timed_out_ = false;
    double last_heard_ = 0.0;
    bool peer_gone_ = false;
    std::string problem_;
    bool room_gone_ = false;
    std::deque<std::string> chat_;
    std::deque<std::string> news_; // posted through the app each frame
    std::shared_ptr<OnlineSession*> alive_ = std::make_shared<OnlineSession*>(this);
};

} // namespace billiards::app

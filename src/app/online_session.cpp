#include "app/online_session.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <variant>

#include "app/game_app.hpp"
#include "app/match_mode.hpp"
#include <nlohmann/json.hpp>

#include "core/vec.hpp"
#include "io/scenario.hpp"
#include "io/user_files.hpp"
#include "net/lockstep.hpp"

namespace billiards::app {

namespace {

constexpr std::size_t kChatLines = 8;    // kept for the screen
constexpr double kSilentSeconds = 30.0;  // a hash's reply overdue: said on screen
constexpr std::size_t kMaxInbox = 20000; // messages waiting for a shot to come to rest
constexpr double kTimeoutSpeed = 0.05;   // m/s: the time-out shot's nudge of the cue ball
constexpr int kEightBallId = 8;          // 8-ball's called ball
constexpr const char* kRoomFormat = "billiards-online-room/1";

double seconds_now() {
    using namespace std::chrono;
    return duration<double>(steady_clock::now().time_since_epoch()).count();
}

std::string hex(std::uint64_t v) {
    return fmt::format("{:016x}", v);
}

} // namespace

OnlineSession::OnlineSession(LinkRequest request, std::optional<net::Options> host,
                             std::string autosave, std::string room_file)
    : host_(std::move(host)), autosave_(std::move(autosave)), room_file_(std::move(room_file)) {
    server_ = request.host + ":" + std::to_string(request.port);
    if (request.kind == LinkRequest::Kind::Watch) mine_ = -1;
    if (request.kind == LinkRequest::Kind::Join) mine_ = request.seat - 1;
    if (request.kind != LinkRequest::Kind::Create) code_ = request.code;
    last_heard_ = seconds_now();
    link_ = std::make_unique<OnlineLink>(std::move(request));
}

OnlineSession::~OnlineSession() = default;

std::string OnlineSession::name_of(int seat) const {
    if (game_) return game_->names()[static_cast<std::size_t>(seat & 1)];
    return fmt::format("seat {}", seat + 1);
}

void OnlineSession::post(const std::string& line) {
    news_.push_back(line);
}

void OnlineSession::stop(const std::string& why) {
    if (phase_ == Phase::Stopped) return;
    phase_ = Phase::Stopped;
    problem_ = why;
    post(why);
}

std::string OnlineSession::status() const {
    const std::string room = code_.empty() ? "" : "Room " + net::display_room_code(code_) + ": ";
    switch (phase_) {
    case Phase::Connecting:
        return "Connecting to the server...";
    case Phase::Waiting:
        if (host_) return room + "waiting for the other player to join";
        return room + "waiting for the room's match";
    case Phase::Over:
        return room + "the match is over";
    case Phase::Stopped:
        return room + problem_;
    case Phase::Playing:
        break;
    }
    if (!game_) return room + "starting";
    if (peer_gone_) return room + "the other player left; waiting for them to rejoin";
    if (!sent_.empty() && now_ - sent_.begin()->second > kSilentSeconds)
        return room + fmt::format("the other side has not answered for {:.0f} s",
                                  now_ - sent_.begin()->second);
    const int shooter = game_->next().shooter;
    const std::optional<double> left = time_left();
    const std::string clock = left ? fmt::format(" ({:.0f} s left)", std::ceil(*left)) : "";
    if (mine_ < 0) return room + "watching; " + name_of(shooter) + " to play" + clock;
    if (shooter == mine_) return room + "your turn" + clock;
    return room + "waiting for " + name_of(shooter) + clock;
}

std::optional<double> OnlineSession::time_left() const {
    if (!options_ || options_->turn_seconds == 0 || !game_ || game_->over()) return std::nullopt;
    return std::max(0.0, options_->turn_seconds - timer_);
}

// The clock runs while the seat to act may act (not while a shot rolls); a new turn (another
// seat, or a shot or decision made) starts it again. Each side runs it for every seat, but
// only plays the time-out for its own: the other's is the other side's to play.
void OnlineSession::run_timer(MatchMode& mm, double real_seconds) {
    if (!options_ || options_->turn_seconds == 0) return;
    const game::Game& g = mm.play();
    if (g.over() || mm.state() == Mode::Rolling) return;
    const std::vector<game::GameInput> inputs = g.inputs();
    std::size_t key = 0;
    for (const game::GameInput& in : inputs)
        key += in.kind != game::GameInput::Kind::PlaceCue ? 1 : 0;
    const int seat = g.next().shooter;
    if (seat != timer_seat_ || key != timer_key_) {
        timer_seat_ = seat;
        timer_key_ = key;
        timer_ = 0.0;
        timed_out_ = false;
    }
    timer_ += std::max(real_seconds, 0.0);
    if (seat != mine_ || timed_out_ || timer_ < options_->turn_seconds) return;
    timed_out_ = true;
    time_out(mm);
}

// What a turn's time running out plays (docs/ONLINE.md): a pending decision takes the first
// choice offered; else the time-out shot, the cue ball nudged at kTimeoutSpeed away from every
// ball. It touches nothing, so each game's own rules judge it: a foul in pool and snooker, no
// point (the inning over) at three-cushion.
void OnlineSession::time_out(MatchMode& mm) {
    const game::Game& g = mm.play();
    const game::Turn t = g.next();
    post(name_of(mine_) + ": time is up");
    if (!t.may_shoot) {
        if (!t.decisions.empty()) mm.decide(t.decisions.front());
        return;
    }
    const physics::World& w = g.world();
    const int cue = w.index_of(t.cue_ball);
    if (cue < 0) return;
    const Vec2 at = w.ball(cue).position;
    double best = 0.0, heading = 0.0;
    for (int k = 0; k < 72; ++k) { // every 5 degrees: the one farthest from any ball's line
        const double h = k * kPi / 36.0;
        double nearest = kPi;
        for (int i = 0; i < w.ball_count(); ++i) {
            const physics::Ball& b = w.ball(i);
            if (i == cue || b.state == physics::MotionState::Pocketed) continue;
            const Vec2 d = b.position - at;
            const double off = std::abs(std::remainder(std::atan2(d.y, d.x) - h, 2.0 * kPi));
            nearest = std::min(nearest, off);
        }
        if (nearest > best) {
            best = nearest;
            heading = h;
        }
    }
    game::GameInput in;
    in.kind = game::GameInput::Kind::Stroke;
    in.stroke.shot = {heading, kTimeoutSpeed, 0.0, 0.0, 0.0};
    if (t.call_pocket) in.stroke.call = {kEightBallId, 0};
    std::string why;
    // Snooker with a colour on: the shot nominates one (black first, any on the table).
    for (const int colour : {-1, 7, 6, 5, 4, 3, 2}) {
        if (colour >= 0 && !t.nominate) break;
        in.stroke.nominated = colour;
        if (mm.play_remote(in, &why)) return;
    }
    post("The time-out shot was refused: " + why);
}

void OnlineSession::keep_room() const {
    if (room_file_.empty() || mine_ < 0 || token_ == 0) return;
    nlohmann::json j;
    j["format"] = kRoomFormat;
    j["server"] = server_;
    j["code"] = net::display_room_code(code_);
    j["seat"] = mine_ + 1;
    j["token"] = hex(token_);
    try {
        io::save_user_file(room_file_, j.dump(2) + "\n");
    } catch (const std::exception&) {
        // Only a rejoin after a drop needs it; the match goes on without.
    }
}

void OnlineSession::say(const std::string& line) {
    const std::string text = net::sanitize_chat(line);
    if (text.empty() || !link_ || phase_ == Phase::Stopped) return;
    link_->send(net::Chat{0, text});
    add_chat((mine_ >= 0 ? name_of(mine_) : std::string("you")) + ": " + text); // not echoed
}

void OnlineSession::add_chat(const std::string& line) {
    chat_.push_back(line);
    while (chat_.size() > kChatLines)
        chat_.pop_front();
}

// ---- the frame -----------------------------------------------------------------------------

void OnlineSession::frame(GameApp& app, double real_seconds) {
    now_ = seconds_now();
    if (!link_) return;
    for (net::Message& m : link_->take()) {
        last_heard_ = now_;
        inbox_.push_back(std::move(m));
    }
    if (inbox_.size() > kMaxInbox) stop("The other side sends more than this game can play");
    MatchMode* mm = nullptr;
    if (mode_) {
        mm = dynamic_cast<MatchMode*>(&app.game_mode());
        if (mm != mode_ || &mm->play() != game_) { // the player left for another game
            mode_ = nullptr;
            game_ = nullptr;
            link_.reset();
            if (phase_ == Phase::Playing) stop("You left the online match");
            told_stop_ = true;
            app.online_stopped(); // what was not agreed is never recorded
            return;
        }
    }
    while (!inbox_.empty() && phase_ != Phase::Stopped) {
        if (!handle(inbox_.front(), app, mm)) break; // waits: a shot still rolls
        inbox_.pop_front();
        if (!mm && mode_) mm = mode_; // the match began with that message
    }
    if (mm && phase_ == Phase::Playing) {
        send_local();
        next_game(*mm);
        run_timer(*mm, real_seconds);
    }
    if (phase_ != Phase::Stopped) {
        const std::string failure = link_->failure();
        if (!failure.empty() && inbox_.empty())
            stop(phase_ == Phase::Over ? "The match is over; the server has closed"
                                       : "The connection to the server is lost: " + failure);
    }
    // The record: the shots both sides agree on, then a match stopped before they did.
    if (agreed_inputs_ > told_inputs_) {
        told_inputs_ = agreed_inputs_;
        app.online_agreed(agreed_inputs_);
    }
    if (phase_ == Phase::Stopped && !told_stop_) {
        told_stop_ = true;
        app.online_stopped();
    }
    for (const std::string& line : news_)
        app.post(line);
    news_.clear();
}

bool OnlineSession::handle(const net::Message& m, GameApp& app, MatchMode* mm) {
    return std::visit(
        Overloaded{
            [&](const net::RoomCreated& r) {
                code_ = r.code;
                token_ = r.token;
                phase_ = Phase::Waiting;
                keep_room();
                return true;
            },
            [&](const net::Joined& j) {
                token_ = j.token;
                phase_ = Phase::Waiting;
                keep_room();
                return true;
            },
            [&](const net::PeerJoined& p) {
                if (p.seat == net::kSpectator) {
                    post("A spectator is watching");
                } else if (host_ && !options_ && p.seat == 2) {
                    net::Options o = *host_;
                    o.players[1] = p.player;
                    std::string why;
                    if (!net::make_room_game(o, &why, io::kind_table)) {
                        stop("The other player cannot play here: " + why);
                        return true;
                    }
                    link_->send(o);
                    options_ = o;
                    caught_up_ = true;
                    start(app);
                } else if (game_) {
                    peer_gone_ = false;
                    post(name_of(p.seat - 1) + " is back");
                }
                return true;
            },
            [&](const net::Options& o) {
                options_ = o;
                if (caught_up_) start(app);
                return true;
            },
            [&](const net::CaughtUp&) {
                caught_up_ = true;
                if (options_) start(app);
                return true;
            },
            [&](const net::Input& in) {
                if (!mm) {
                    backlog_.push_back(in);
                    return true;
                }
                if (mm->state() == Mode::Rolling) return false;
                const game::Game& g = mm->play();
                const int seat = in.seat - 1;
                using Kind = game::GameInput::Kind;
                if (in.input.kind == Kind::Undo || in.input.kind == Kind::Rematch) {
                    // Each side begins the next game itself; undo is practice only.
                    stop("The other side sent a move no side sends; the match stops here");
                    return true;
                }
                if (seat == mine_ || in.index != g.inputs().size() || g.over() ||
                    seat != g.next().shooter ||
                    (in.input.kind == Kind::Concede && in.input.player != seat)) {
                    stop(fmt::format("The other side's input {} came out of turn; the match "
                                     "stops here",
                                     in.index));
                    return true;
                }
                remote_pending_ = true;
                std::string why;
                if (!mm->play_remote(in.input, &why)) {
                    remote_pending_ = false;
                    stop("The other side's move does not fit this game (" + why +
                         "); the match stops here");
                    return true;
                }
                if (in.input.kind != game::GameInput::Kind::Stroke) {
                    remote_pending_ = false;
                    known_ = g.inputs().size();
                }
                return true;
            },
            [&](const net::EndHash& h) {
                if (!mm) {
                    backlog_.push_back(h);
                    return true;
                }
                if (mm->state() == Mode::Rolling || remote_pending_) return false;
                const std::size_t have = mm->play().inputs().size();
                auto ours = hash_at_.find(h.inputs);
                if (ours == hash_at_.end()) {
                    if (have < h.inputs) return false; // its inputs are still coming
                    if (have == h.inputs)
                        ours = hash_at_.emplace(h.inputs, net::game_hash(mm->play())).first;
                }
                if (ours == hash_at_.end()) {
                    stop(fmt::format("The other side's hash after {} inputs came out of turn",
                                     h.inputs));
                    return true;
                }
                if (mine_ >= 0 && !sent_.erase(h.inputs)) // the other side's turn: our reply
                    link_->send(
                        net::EndHash{static_cast<std::uint8_t>(mine_ + 1), h.inputs, ours->second});
                compare(h.inputs, h.hash, ours->second);
                return true;
            },
            [&](const net::Chat& c) {
                const std::string who =
                    c.seat == net::kSpectator ? std::string("spectator") : name_of(c.seat - 1);
                add_chat(who + ": " + net::sanitize_chat(c.text));
                return true;
            },
            [&](const net::PeerLeft& p) {
                if (p.seat != net::kSpectator && p.seat - 1 != mine_ && phase_ == Phase::Playing) {
                    peer_gone_ = true;
                    post(name_of(p.seat - 1) + " left the room; waiting for them to rejoin");
                }
                return true;
            },
            [&](const net::Error& e) {
                room_gone_ = e.code == net::ErrorCode::NoRoom;
                stop("The server: " + e.text);
                return true;
            },
            [](const auto&) { return true; }, // welcome, ping, bye: nothing to do
        },
        m);
}

void OnlineSession::compare(std::uint32_t n, std::uint64_t theirs, std::uint64_t ours) {
    if (theirs != ours) {
        stop(fmt::format("The games differ after {} inputs (this side {}, the other {}); the "
                         "match stops here. Both sides keep their saves.",
                         n, hex(ours), hex(theirs)));
        return;
    }
    ++agreed_;
    agreed_inputs_ = std::max(agreed_inputs_, n);
    while (hash_at_.size() > 64) // old turns are agreed: only the latest are still compared
        hash_at_.erase(hash_at_.begin());
}

// The match begins: the room's options make the game here as on the other side (every seat
// human here: the other side's computer plays there).
void OnlineSession::start(GameApp& app) {
    if (phase_ == Phase::Playing || phase_ == Phase::Stopped) return;
    std::string why;
    std::unique_ptr<game::Game> g = net::make_room_game(*options_, &why, io::kind_table, false);
    if (!g) {
        stop("The room's match cannot be played here: " + why);
        return;
    }
    // Joining late (watching, or a seat taken back): the log so far, played at once; its
    // hashes checked. A seat also answers what the log leaves open: the other side's last
    // hash without this side's reply, and this side's last move without its hash.
    std::set<std::uint32_t> open_theirs, open_ours, hashed_by_us;
    int last_input_seat = -1;
    for (const net::Message& m : backlog_) {
        if (const auto* in = std::get_if<net::Input>(&m)) {
            if (in->index != g->inputs().size() || !g->feed(in->input, &why)) {
                stop("The room's log does not fit this game: " + why);
                return;
            }
            last_input_seat = in->seat - 1;
            if (g->over()) { // its hash before the next game begins
                hash_at_[static_cast<std::uint32_t>(g->inputs().size())] = net::game_hash(*g);
                if (!g->match_over() &&
                    static_cast<std::uint32_t>(g->score().game_number) < options_->games)
                    g->rematch();
            }
        } else if (const auto* h = std::get_if<net::EndHash>(&m)) {
            if (!hash_at_.count(h->inputs) && g->inputs().size() == h->inputs)
                hash_at_[h->inputs] = net::game_hash(*g);
            const auto ours = hash_at_.find(h->inputs);
            if (ours != hash_at_.end()) compare(h->inputs, h->hash, ours->second);
            if (mine_ < 0) continue;
            if (h->seat - 1 == mine_) hashed_by_us.insert(h->inputs);
            auto& mine = h->seat - 1 == mine_ ? open_ours : open_theirs;
            auto& other = h->seat - 1 == mine_ ? open_theirs : open_ours;
            if (!other.erase(h->inputs)) mine.insert(h->inputs); // a reply closes it
        }
    }
    if (phase_ == Phase::Stopped) return;
    if (mine_ >= 0) {
        const auto seat = static_cast<std::uint8_t>(mine_ + 1);
        for (const std::uint32_t n : open_theirs) { // our reply, lost with the connection
            const auto ours = hash_at_.find(n);
            if (ours != hash_at_.end()) link_->send(net::EndHash{seat, n, ours->second});
        }
        for (const std::uint32_t n : open_ours) // the other side's reply is still to come
            sent_[n] = seconds_now();
        const auto n = static_cast<std::uint32_t>(g->inputs().size());
        const std::vector<game::GameInput> inputs = g->inputs();
        if (last_input_seat == mine_ && !hashed_by_us.count(n) && !inputs.empty() &&
            inputs.back().kind != game::GameInput::Kind::PlaceCue) {
            hash_at_[n] = net::game_hash(*g); // this side's move, its hash lost with it
            link_->send(net::EndHash{seat, n, hash_at_[n]});
            sent_[n] = seconds_now();
        }
    }
    backlog_.clear();
    const std::string table = g->table().spec.name;
    game_ = g.get();
    app.start_game(std::move(g), table, true);
    auto* mm = dynamic_cast<MatchMode*>(&app.game_mode());
    if (!mm) {
        stop("The match could not start");
        return;
    }
    attach(*mm);
    phase_ = Phase::Playing;
    post(mine_ < 0 ? "Watching room " + net::display_room_code(code_)
                   : "Online: you play " + name_of(mine_) + " against " + name_of(1 - mine_));
}

void OnlineSession::attach(MatchMode& mm) {
    mode_ = &mm;
    game_ = &mm.play();
    known_ = game_->inputs().size();
    MatchMode::Online o;
    for (int s = 0; s < 2; ++s)
        o.remote[static_cast<std::size_t>(s)] = s != mine_;
    // The mode may outlive this session (the player leaves the room, the match stays).
    o.moved = [weak = std::weak_ptr<OnlineSession*>(alive_)] {
        if (const auto self = weak.lock()) (*self)->moved();
    };
    o.autosave = autosave_;
    mm.go_online(std::move(o));
    mm.autosave();
}

// After a shot at rest or a decision, before the news (a snooker frame's end begins the next
// frame there): the hash of this turn, and this side's inputs with their hash.
void OnlineSession::moved() {
    if (!game_) return;
    const auto n = static_cast<std::uint32_t>(game_->inputs().size());
    hash_at_[n] = net::game_hash(*game_);
    if (remote_pending_) { // the other side's stroke came to rest
        remote_pending_ = false;
        known_ = n;
        return;
    }
    send_local();
    if (owed_hash_ && phase_ == Phase::Playing && mine_ >= 0) {
        link_->send(net::EndHash{static_cast<std::uint8_t>(mine_ + 1), n, hash_at_[n]});
        sent_[n] = seconds_now();
        owed_hash_ = false;
    }
}

// This side's new inputs go out as soon as the game has them (a rematch each side makes
// itself); the hash follows at the end of the turn (moved()).
void OnlineSession::send_local() {
    if (!game_ || remote_pending_ || mine_ < 0 || phase_ != Phase::Playing) return;
    const std::vector<game::GameInput> inputs = game_->inputs();
    for (; known_ < inputs.size(); ++known_) {
        if (inputs[known_].kind == game::GameInput::Kind::Rematch) continue;
        link_->send(net::Input{static_cast<std::uint8_t>(mine_ + 1),
                               static_cast<std::uint32_t>(known_), inputs[known_]});
        owed_hash_ = true;
    }
}

// A game over with more to play: both sides begin the next one themselves, as
// `billiards match` does (snooker's frames begin in its own news).
void OnlineSession::next_game(MatchMode& mm) {
    const game::Game& g = mm.play();
    if (!g.over() || mm.state() == Mode::Rolling || owed_hash_) return;
    if (!g.match_over() && static_cast<std::uint32_t>(g.score().game_number) < options_->games) {
        if (mm.next_game()) known_ = g.inputs().size();
        return;
    }
    phase_ = Phase::Over;
    post("The online match is over");
    if (!room_file_.empty()) {
        std::error_code ignored; // nothing to rejoin any more
        std::filesystem::remove(room_file_, ignored);
    }
}

} // namespace billiards::app

#include "game/pool/match.hpp"

#include <algorithm>
#include <cmath>

#include "core/random.hpp"
#include "game/cue_placement.hpp"
#include "game/rack.hpp"
#include "game/shot_events.hpp"
#include "game/strike.hpp"

namespace billiards::game {

namespace {

constexpr std::size_t kUndoDepth = 32;

} // namespace

const char* to_string(Phase p) {
    switch (p) {
    case Phase::Aiming:
        return "aiming";
    case Phase::Deciding:
        return "deciding";
    case Phase::Rolling:
        return "rolling";
    case Phase::GameOver:
        return "game over";
    }
    return "?";
}

// ---------------------------------------------------------------------------------------

Match::Match(const MatchConfig& config) : config_(config), table_(build_table(config.table)) {
    start_game(0);
}

std::array<std::string, 2> Match::names() const {
    std::array<std::string, 2> n{"Player 1", "Player 2"};
    for (std::size_t i = 0; i < 2; ++i)
        if (!config_.seats[i].name.empty()) n[i] = config_.seats[i].name;
    return n;
}

void Match::start_game(int breaker) {
    g_ = Game{};
    g_.world = racked_world(config_.kind, table_, config_.params,
                            mix(mix(config_.seed, static_cast<std::uint64_t>(game_number_)), 0));
    g_.rules = new_game(config_.kind, breaker, config_.rules, names());
    undo_.clear();
    rolling_ = false;
    post({"Game " + std::to_string(game_number_) + " (" + to_string(config_.kind) +
          "): " + g_.rules.names[static_cast<std::size_t>(breaker)] + " breaks"});
}

void Match::rerack() {
    ++g_.reracks;
    g_.world = racked_world(config_.kind, table_, config_.params,
                            mix(mix(config_.seed, static_cast<std::uint64_t>(game_number_)),
                                static_cast<std::uint64_t>(g_.reracks)));
    g_.rules.rerack = false;
    g_.tray = {};
    g_.has_last = false;
}

void Match::post(const std::vector<std::string>& messages) {
    g_.last_messages = messages;
    g_.log.insert(g_.log.end(), messages.begin(), messages.end());
}

Phase Match::phase() const {
    if (rolling_) return Phase::Rolling;
    if (g_.rules.game_over) return Phase::GameOver;
    if (g_.rules.pending != Pending::None) return Phase::Deciding;
    return Phase::Aiming;
}

MatchView Match::view() const {
    MatchView v;
    v.kind = config_.kind;
    v.names = g_.rules.names;
    for (std::size_t i = 0; i < 2; ++i)
        v.computer[i] = config_.seats[i].kind == SeatKind::Computer;
    v.game_number = game_number_;
    v.breaker = g_.rules.breaker;
    v.shooter = g_.rules.shooter;
    v.phase = phase();
    v.groups = g_.rules.groups;
    v.open_table = g_.rules.open_table();
    v.tray = g_.tray;
    v.on_table = balls_on_table(g_.world);
    if (config_.kind == GameKind::EightBall) {
        for (std::size_t i = 0; i < 2; ++i)
            for (int b : v.on_table)
                if (v.groups[i] != Group::None && group_of(b) == v.groups[i])
                    v.balls_left[i].push_back(b);
    }
    v.legal_targets = legal_targets(g_.rules, v.on_table);
    v.fouls = g_.fouls;
    v.consecutive_fouls = g_.rules.consecutive_fouls;
    v.games_won = games_won_;
    v.ball_in_hand = g_.rules.ball_in_hand && !g_.rules.game_over;
    v.kitchen_only = g_.rules.kitchen;
    v.must_call_pocket = must_call_pocket(g_.rules, v.on_table);
    v.push_out_available = g_.rules.push_out_available;
    v.pending = g_.rules.pending;
    v.shots = static_cast<int>(g_.history.size());
    v.game_over = g_.rules.game_over;
    v.winner = g_.rules.winner;
    v.capped = g_.capped;
    v.status = status_line(g_.rules, v.on_table);
    v.messages = g_.last_messages;
    v.can_undo = can_undo();
    return v;
}

bool Match::placement_ok(Vec2 p, std::string* why) const {
    if (phase() != Phase::Aiming || !g_.rules.ball_in_hand) {
        if (why) *why = "no ball in hand";
        return false;
    }
    return cue_placement_ok(g_.world, table_, p, g_.rules.kitchen, why);
}

bool Match::place_cue_ball(Vec2 p, std::string* why) {
    if (!placement_ok(p, why)) return false;
    g_.world.restore_ball(cue_index(), p);
    MatchInput in;
    in.kind = MatchInput::Kind::PlaceCue;
    in.position = p;
    inputs_.push_back(in);
    return true;
}

void Match::cue_ball_in_hand() {
    const int cue = cue_index();
    if (cue < 0 || g_.world.ball(cue).state != physics::MotionState::Pocketed) return;
    // The head spot, else the nearest free point on a small spiral around it.
    const Vec2 h = head_spot(table_.spec);
    Vec2 best = h;
    for (int ring = 0; ring < 40; ++ring) {
        bool found = false;
        const int n = ring == 0 ? 1 : 8 * ring;
        for (int k = 0; k < n && !found; ++k) {
            const double a = 2.0 * kPi * k / n;
            const Vec2 p = h + Vec2{std::cos(a), std::sin(a)} * (0.01 * ring);
            if (cue_placement_ok(g_.world, table_, p, g_.rules.kitchen)) {
                best = p;
                found = true;
            }
        }
        if (found) break;
    }
    g_.world.restore_ball(cue, best);
}

void Match::push_undo() {
    if (!config_.practice) return;
    undo_.push_back(g_);
    if (undo_.size() > kUndoDepth) undo_.erase(undo_.begin());
}

bool Match::undo() {
    if (!can_undo()) return false;
    g_ = undo_.back();
    undo_.pop_back();
    post({"Undo: back to before the last shot"});
    MatchInput in;
    in.kind = MatchInput::Kind::Undo;
    inputs_.push_back(in);
    return true;
}

bool Match::begin_shot(const CueShot& shot, const ShotCall& call, bool push_out, std::string* why) {
    auto fail = [why](const std::string& text) {
        if (why) *why = text;
        return false;
    };
    if (phase() != Phase::Aiming)
        return fail(std::string("cannot shoot now: ") + to_string(phase()));
    if (!std::isfinite(shot.heading) || !std::isfinite(shot.speed) || shot.speed < 0.0 ||
        shot.speed > 20.0)
        return fail("cue speed must be between 0 and 20 m/s");
    if (!tip_within_limit(shot, config_.cue)) return fail("miscue: tip offset beyond the limit");
    if (push_out && !g_.rules.push_out_available) return fail("push-out not available");
    const int pockets = static_cast<int>(table_.pockets.size());
    if (call.pocket < -1 || call.pocket >= pockets) return fail("no such pocket");
    const auto on = balls_on_table(g_.world);
    if (must_call_pocket(g_.rules, on) && call.pocket < 0)
        return fail("call a pocket for the 8-ball");
    const int cue = cue_index();
    if (cue < 0 || g_.world.ball(cue).state == physics::MotionState::Pocketed)
        return fail("the cue ball is not on the table");
    if (!g_.world.at_rest()) return fail("balls are still moving");
    push_undo();
    g_.world.clear_events();
    g_.world.set_record_events(true);
    shot_start_ = g_.world;
    pending_shot_ = shot;
    pending_call_ = call;
    pending_push_ = push_out;
    shot_start_time_ = g_.world.time();
    apply_strike(g_.world, shot, config_.cue);
    rolling_ = true;
    MatchInput in;
    in.kind = MatchInput::Kind::Shot;
    in.shot = shot;
    in.call = call;
    in.push_out = push_out;
    inputs_.push_back(in);
    return true;
}

void Match::step_shot() {
    if (rolling_ && !shot_at_rest()) g_.world.step();
}

bool Match::shot_at_rest() const {
    return g_.world.at_rest() || g_.world.time() - shot_start_time_ >= config_.max_shot_seconds;
}

const ShotRecord& Match::finish_shot() {
    if (!rolling_) {
        static const ShotRecord none{};
        return g_.history.empty() ? none : g_.history.back();
    }
    // Past the time cap (never with sane parameters): stop every ball where it is.
    if (!g_.world.at_rest()) stop_balls(g_.world);
    ShotInput in;
    in.on_table = balls_on_table(shot_start_);
    in.call = pending_call_;
    in.push_out = pending_push_;
    in.events = shot_events(g_.world, g_.world.events());
    ShotRecord rec;
    rec.number = static_cast<int>(g_.history.size()) + 1;
    rec.shooter = g_.rules.shooter;
    rec.shot = pending_shot_;
    rec.call = pending_call_;
    rec.push_out = pending_push_;
    rec.verdict = judge(g_.rules, in);
    g_.last.before = shot_start_;
    g_.last.shot = pending_shot_;
    g_.last.call = pending_call_;
    g_.last.push_out = pending_push_;
    g_.last.shooter = rec.shooter;
    g_.last.end_hash = g_.world.state_hash();
    g_.has_last = true;
    g_.world.set_record_events(false);
    g_.world.clear_events();
    rolling_ = false;
    g_.history.push_back(rec);
    after_shot(g_.history.back().verdict);
    return g_.history.back();
}

void Match::after_shot(const ShotVerdict& v) {
    const auto shooter = static_cast<std::size_t>(g_.rules.shooter);
    for (int b : v.pocketed)
        g_.tray[shooter].push_back(b);
    if (v.foul != Foul::None) ++g_.fouls[shooter];
    for (int id : v.respot) {
        const int i = g_.world.index_of(id);
        if (i < 0) continue;
        g_.world.restore_ball(i, spot_position(g_.world, table_.spec, g_.world.ball(i).radius, i));
        auto& tray = g_.tray[shooter];
        tray.erase(std::remove(tray.begin(), tray.end(), id), tray.end());
    }
    g_.rules = v.after;
    post(v.messages);
    if (g_.rules.ball_in_hand) cue_ball_in_hand();
    if (g_.rules.game_over) {
        if (g_.rules.winner >= 0) ++games_won_[static_cast<std::size_t>(g_.rules.winner)];
        return;
    }
    if (config_.max_shots > 0 && static_cast<int>(g_.history.size()) >= config_.max_shots)
        declare();
}

void Match::declare() {
    const auto on = balls_on_table(g_.world);
    std::array<int, 2> left{};
    std::array<int, 2> made{};
    for (std::size_t i = 0; i < 2; ++i) {
        made[i] = static_cast<int>(g_.tray[i].size());
        for (int b : on)
            if (g_.rules.groups[i] != Group::None && group_of(b) == g_.rules.groups[i]) ++left[i];
    }
    int winner = 1 - g_.rules.breaker;
    std::string why = "tie: the player who did not break";
    if (config_.kind == GameKind::EightBall && !g_.rules.open_table() && left[0] != left[1]) {
        winner = left[0] < left[1] ? 0 : 1;
        why = "fewer balls of the group left";
    } else if (made[0] != made[1]) {
        winner = made[0] > made[1] ? 0 : 1;
        why = "more balls pocketed";
    }
    g_.rules.game_over = true;
    g_.rules.winner = winner;
    g_.rules.pending = Pending::None;
    g_.rules.ball_in_hand = false;
    g_.capped = true;
    ++games_won_[static_cast<std::size_t>(winner)];
    post({"Shot cap reached (" + std::to_string(config_.max_shots) +
          " shots): " + g_.rules.names[static_cast<std::size_t>(winner)] +
          " is declared the winner (" + why + ")"});
}

const ShotRecord* Match::shoot(const CueShot& shot, const ShotCall& call, bool push_out,
                               std::string* why) {
    if (!begin_shot(shot, call, push_out, why)) return nullptr;
    return &complete_shot();
}

const ShotRecord& Match::complete_shot() {
    if (rolling_) {
        const double left = config_.max_shot_seconds - (g_.world.time() - shot_start_time_);
        if (left > 0.0) g_.world.run_until_rest(left);
    }
    return finish_shot();
}

bool Match::decide(Choice choice) {
    if (phase() != Phase::Deciding) return false;
    const DecisionResult r = game::decide(g_.rules, choice);
    if (!r.ok) return false;
    push_undo();
    g_.rules = r.after;
    post(r.messages);
    if (g_.rules.rerack) rerack();
    MatchInput in;
    in.kind = MatchInput::Kind::Decide;
    in.choice = choice;
    inputs_.push_back(in);
    return true;
}

bool Match::computer_to_act() const {
    const Phase p = phase();
    return (p == Phase::Aiming || p == Phase::Deciding) &&
           config_.seats[static_cast<std::size_t>(g_.rules.shooter)].kind == SeatKind::Computer;
}

AiRequest Match::ai_request() const {
    const auto seat = static_cast<std::size_t>(g_.rules.shooter);
    AiRequest r{g_.world, table_, g_.rules, {}, config_.cue, 0};
    const Seat& st = config_.seats[seat];
    r.config = st.ai ? *st.ai : ai_config(st.level);
    set_noise(r.config, st.noise, g_.world.ball(kCueBall).radius);
    std::uint64_t s = mix(config_.seed, 0xa1);
    s = mix(s, static_cast<std::uint64_t>(game_number_));
    s = mix(s, static_cast<std::uint64_t>(g_.reracks));
    s = mix(s, static_cast<std::uint64_t>(g_.history.size()));
    s = mix(s, seat);
    r.seed = s;
    return r;
}

bool Match::apply(const AiMove& move) {
    if (move.is_decision) return decide(move.choice);
    if (phase() != Phase::Aiming) return false;
    if (move.place_cue && g_.rules.ball_in_hand) place_cue_ball(move.cue_position);
    return shoot(move.shot, move.call, move.push_out) != nullptr;
}

bool Match::play_computer_turn() {
    if (!computer_to_act()) return false;
    last_ai_ = think();
    return apply(last_ai_);
}

void Match::rematch() {
    if (rolling_) return;
    ++game_number_;
    start_game((game_number_ - 1) % 2);
    MatchInput in;
    in.kind = MatchInput::Kind::Rematch;
    inputs_.push_back(in);
}

bool Match::feed(const MatchInput& input) {
    switch (input.kind) {
    case MatchInput::Kind::PlaceCue:
        return place_cue_ball(input.position);
    case MatchInput::Kind::Shot:
        return shoot(input.shot, input.call, input.push_out) != nullptr;
    case MatchInput::Kind::Decide:
        return decide(input.choice);
    case MatchInput::Kind::Undo:
        return undo();
    case MatchInput::Kind::Rematch:
        if (rolling_) return false;
        rematch();
        return true;
    }
    return false;
}

} // namespace billiards::game

#include "game/match.hpp"

#include <algorithm>
#include <cmath>

#include "core/random.hpp"
#include "game/rack.hpp"

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

std::vector<ShotEvent> shot_events(const physics::World& world,
                                   const std::vector<physics::Event>& events) {
    std::vector<ShotEvent> out;
    out.reserve(events.size());
    for (const physics::Event& e : events) {
        ShotEvent s;
        s.time = e.time;
        s.kind = e.kind;
        s.ball = world.ball(e.ball).id;
        s.other = e.kind == physics::EventKind::BallBall || e.kind == physics::EventKind::Cluster
                      ? world.ball(e.other).id
                      : e.other;
        out.push_back(s);
    }
    return out;
}

std::vector<int> balls_on_table(const physics::World& world) {
    std::vector<int> ids;
    for (const physics::Ball& b : world.balls())
        if (b.id != kCueBall && b.state != physics::MotionState::Pocketed) ids.push_back(b.id);
    std::sort(ids.begin(), ids.end());
    return ids;
}

void apply_strike(physics::World& world, const CueShot& shot, const CueParams& cue, int ball) {
    const int i = world.index_of(ball);
    if (i < 0) return;
    const physics::Ball& b = world.ball(i);
    const StrikeResult r = strike(shot, b.mass, b.radius, cue);
    world.set_motion(i, r.velocity, r.spin);
}

void stop_balls(physics::World& world) {
    for (int i = 0; i < world.ball_count(); ++i) {
        const physics::Ball& b = world.ball(i);
        if (b.state != physics::MotionState::Pocketed &&
            b.state != physics::MotionState::Stationary)
            world.restore_ball(i, b.position);
    }
}

namespace {

bool free_at(const physics::World& world, Vec2 p, double radius, int ignore_index) {
    for (int i = 0; i < world.ball_count(); ++i) {
        if (i == ignore_index) continue;
        const physics::Ball& b = world.ball(i);
        if (b.state == physics::MotionState::Pocketed) continue;
        const double d = radius + b.radius;
        if (length_sq(b.position - p) < d * d) return false;
    }
    return true;
}

} // namespace

Vec2 spot_position(const physics::World& world, const TableSpec& spec, double radius,
                   int ignore_index) {
    const Vec2 spot = foot_spot(spec);
    const double hx = spec.length / 2 - radius;
    constexpr double kStep = 0.0005;
    for (int k = 0;; ++k) {
        const Vec2 p{spot.x + kStep * k, spot.y};
        if (p.x > hx) break;
        if (free_at(world, p, radius, ignore_index)) return p;
    }
    for (int k = 1;; ++k) {
        const Vec2 p{spot.x - kStep * k, spot.y};
        if (p.x < -hx) break;
        if (free_at(world, p, radius, ignore_index)) return p;
    }
    return spot;
}

bool cue_placement_ok(const physics::World& world, const Table& table, Vec2 p, bool kitchen,
                      std::string* why) {
    auto fail = [why](const char* text) {
        if (why) *why = text;
        return false;
    };
    const int cue = world.index_of(kCueBall);
    const double r = cue >= 0 ? world.ball(cue).radius : physics::kBallRadius;
    const double hx = table.spec.length / 2, hy = table.spec.width / 2;
    if (!std::isfinite(p.x) || !std::isfinite(p.y)) return fail("not a position");
    if (std::abs(p.x) > hx - r || std::abs(p.y) > hy - r) return fail("off the cloth");
    if (kitchen && p.x > head_spot(table.spec).x) return fail("must be behind the head string");
    for (const physics::Pocket& pk : table.pockets)
        if (length(p - pk.center) <= pk.radius + 1e-9) return fail("in a pocket");
    for (const physics::Cushion& c : table.cushions) {
        const Vec2 ab = c.b - c.a;
        const double t = std::clamp(dot(p - c.a, ab) / length_sq(ab), 0.0, 1.0);
        if (length(p - (c.a + ab * t)) < r) return fail("touches a cushion");
    }
    if (!free_at(world, p, r, cue)) return fail("touches a ball");
    if (why) why->clear();
    return true;
}

physics::Params play_params() {
    physics::Params p;
    p.ball_contact = physics::BallContact::Hertz;
    p.cushion_model = physics::CushionModel::Mathavan;
    p.throw_model = physics::ThrowModel::Alciatore; // throw from the whole contact slip
    return p;
}

physics::Params carom_params() {
    physics::Params p = play_params();
    constexpr double kCaromRadius = 0.0615 / 2;
    p.rolling_friction = 0.006;     // heated cloth: slower to stop than pool's 0.01
    p.cushion_restitution = 0.90;   // livelier rubber than pool's 0.85
    p.cushion_height = 0.037;       // UMB: 37 mm nose height
    p.spin_friction = 4.0 * kCaromRadius / 9.81; // the same spin-down law as pool's, R = 30.75 mm
    return p;
}

physics::World racked_world(GameKind kind, const Table& table, const physics::Params& params,
                            std::uint64_t seed) {
    physics::World w(params, table.cushions, table.pockets);
    RackOptions o;
    o.seed = seed;
    const RackKind rk = kind == GameKind::EightBall ? RackKind::EightBall : RackKind::NineBall;
    for (const physics::BallDef& b : rack(rk, table.spec, o))
        w.add_ball(b);
    return w;
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

physics::World Match::replay_start(const LastShot& last, const CueParams& cue) {
    physics::World w = last.before;
    apply_strike(w, last.shot, cue, last.cue_ball);
    return w;
}

physics::World Match::replay(const LastShot& last, const CueParams& cue, double max_seconds) {
    physics::World w = replay_start(last, cue);
    w.run_until_rest(max_seconds);
    return w;
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

#include "game/carom/carom_game.hpp"

#include <cmath>
#include <utility>

#include "core/random.hpp"
#include "game/rack.hpp"
#include "game/shot_events.hpp"
#include "game/strike.hpp"

namespace billiards::game {

namespace {

constexpr double kBreakOffset = 0.182; // m, UMB: the breaker's ball beside the head spot

physics::World empty_world(const Table& t, const physics::Params& p) {
    return physics::World(p, t.cushions, t.pockets);
}

physics::BallDef ball(const TableSpec& spec, int id, Vec2 at) {
    physics::BallDef b;
    b.id = id;
    b.position = at;
    b.radius = spec.ball_radius;
    b.mass = spec.ball_mass;
    return b;
}

// Where a lagged ball stops: its distance from the head cushion's nose, m.
double lag_distance(const Table& t, const physics::Params& p, const CueParams& cue, double y,
                    const CueShot& shot) {
    physics::World w = empty_world(t, p);
    w.add_ball(ball(t.spec, 0, {head_spot(t.spec).x, y}));
    apply_strike(w, shot, cue, 0);
    w.run_until_rest(60.0);
    return w.ball(0).position.x + t.spec.length / 2;
}

// The balls as at the opening, `shooter` in the breaker's place (a frozen cue ball spotted).
void spot_balls(physics::World& w, const TableSpec& spec, int shooter) {
    for (const physics::BallDef& b : carom_break_balls(spec, shooter))
        w.set_ball(w.index_of(b.id), b);
}

} // namespace

std::vector<physics::BallDef> carom_balls(const TableSpec& spec, const std::array<Vec2, 3>& at) {
    return {ball(spec, kCaromWhite, at[kCaromWhite]), ball(spec, kCaromYellow, at[kCaromYellow]),
            ball(spec, kCaromRed, at[kCaromRed])};
}

std::vector<physics::BallDef> carom_break_balls(const TableSpec& spec, int breaker, int side) {
    const Vec2 head = head_spot(spec);
    const Vec2 beside = head + Vec2{0.0, side * kBreakOffset};
    return carom_balls(
        spec, {breaker == 0 ? beside : head, breaker == 1 ? beside : head, foot_spot(spec)});
}

int carom_lag(const Table& t, const physics::Params& p, const CueParams& cue,
              const std::array<AiLevel, 2>& levels, std::uint64_t seed) {
    const double r = t.spec.ball_radius;
    const double aim = 3.0 * r; // one diameter between ball and cushion
    const double y = t.spec.width / 4;
    // The stroke that stops there: bisection on the cue speed (farther the faster).
    double lo = 0.2, hi = 6.0;
    for (int i = 0; i < 30; ++i) {
        const double mid = (lo + hi) / 2;
        CueShot s;
        s.speed = mid;
        // Out and back: the ball stops short of the head cushion when it is slow.
        (lag_distance(t, p, cue, y, s) > aim ? lo : hi) = mid;
    }
    CueShot stroke;
    stroke.speed = (lo + hi) / 2;
    for (std::uint64_t round = 0;; ++round) {
        std::array<double, 2> d{};
        for (int k = 0; k < 2; ++k) {
            const CaromAiConfig c = carom_ai_config(levels[static_cast<std::size_t>(k)]);
            AiConfig noise;
            noise.heading_noise = c.heading_noise;
            noise.speed_noise = c.speed_noise;
            noise.tip_noise = 0.0;
            const CueShot s = perturb_shot(stroke, noise, cue,
                                           mix(mix(seed, round), static_cast<std::uint64_t>(k)));
            d[static_cast<std::size_t>(k)] = lag_distance(t, p, cue, k == 0 ? -y : y, s);
        }
        if (d[0] != d[1]) return d[0] < d[1] ? 0 : 1;
    }
}

CaromGame::CaromGame(const CaromGameConfig& config)
    : config_(config), table_(build_table(config.table)),
      world_(empty_world(table_, config.params)) {
    int breaker = config_.breaker;
    if (breaker < 0) {
        breaker = carom_lag(table_, config_.params, config_.cue, config_.levels,
                            mix(config_.seed, 0x6c6167ull));
        lag_winner_ = breaker;
    }
    const bool set_up = !config_.opening.empty();
    for (const physics::BallDef& b :
         set_up ? config_.opening : carom_break_balls(table_.spec, breaker))
        world_.add_ball(b);
    state_ = new_carom_game(config_.rules, breaker);
    state_.break_shot = !set_up;
}

int CaromGame::frozen_ball() const {
    if (rolling_ || state_.game_over || next_frozen_ != FrozenChoice::None) return -1;
    std::array<Vec2, 3> at{};
    for (int id = 0; id < 3; ++id)
        at[static_cast<std::size_t>(id)] = world_.ball(world_.index_of(id)).position;
    return game::frozen_ball(carom_cue_ball(state_.shooter), at, table_.spec.ball_radius);
}

bool CaromGame::choose_frozen(FrozenChoice c) {
    const int frozen = frozen_ball();
    if (frozen < 0 || c == FrozenChoice::None) return false;
    if (c == FrozenChoice::Spot) spot_balls(world_, table_.spec, state_.shooter);
    next_frozen_ = c;
    next_frozen_ball_ = frozen;
    return true;
}

CaromAiRequest CaromGame::ai_request() const {
    CaromAiRequest q;
    q.world = world_;
    q.world.clear_events();
    q.cue = carom_cue_ball(state_.shooter);
    q.break_shot = state_.break_shot;
    q.config = carom_ai_config(config_.levels[static_cast<std::size_t>(state_.shooter)]);
    set_noise(q.config, config_.noise[static_cast<std::size_t>(state_.shooter)],
              table_.spec.ball_radius);
    q.cue_params = config_.cue;
    q.seed = mix(config_.seed, static_cast<std::uint64_t>(history_.size()) + 1);
    if (const int frozen = frozen_ball(); frozen >= 0) {
        q.frozen = frozen;
        q.may_spot = true;
        q.spotted = q.world;
        spot_balls(q.spotted, table_.spec, state_.shooter);
    } else if (next_frozen_ == FrozenChoice::PlayAway) {
        q.frozen = next_frozen_ball_;
    }
    return q;
}

bool CaromGame::shoot(const CueShot& shot, const CaromMove& move) {
    if (!begin_shot(shot, move)) return false;
    world_.run_until_rest(config_.max_shot_seconds);
    finish_shot();
    return true;
}

bool CaromGame::begin_shot(const CueShot& shot, const CaromMove& move) {
    if (rolling_ || state_.game_over || !tip_within_limit(shot, config_.cue) ||
        !(shot.speed >= 0.0) || !(shot.speed <= 20.0) || !std::isfinite(shot.heading))
        return false;
    if (config_.practice) {
        undo_.push_back(
            {world_, state_, history_.size(), has_last_, last_, next_frozen_, next_frozen_ball_});
        if (undo_.size() > 50) undo_.erase(undo_.begin());
    }
    if (move.frozen != FrozenChoice::None) choose_frozen(move.frozen);
    choose_frozen(FrozenChoice::PlayAway); // shooting from contact is playing away
    const int cue = carom_cue_ball(state_.shooter);
    world_.clear_events();
    world_.set_record_events(true);
    start_ = world_;
    start_time_ = world_.time();
    apply_strike(world_, shot, config_.cue, cue);
    pending_ = {};
    pending_.number = static_cast<int>(history_.size()) + 1;
    pending_.shooter = state_.shooter;
    pending_.shot = shot;
    pending_.move = move;
    pending_.frozen = std::exchange(next_frozen_, FrozenChoice::None);
    pending_.frozen_ball = std::exchange(next_frozen_ball_, -1);
    rolling_ = true;
    return true;
}

void CaromGame::step_shot() {
    if (rolling_ && !shot_at_rest()) world_.step();
}

bool CaromGame::shot_at_rest() const {
    return world_.at_rest() || world_.time() - start_time_ >= config_.max_shot_seconds;
}

const CaromRecord& CaromGame::finish_shot() {
    if (!rolling_) {
        static const CaromRecord none{};
        return history_.empty() ? none : history_.back();
    }
    rolling_ = false;
    // Balls still rolling at the cap are stopped where they are.
    for (int i = 0; i < world_.ball_count(); ++i)
        if (world_.ball(i).state != physics::MotionState::Stationary) world_.set_motion(i, {}, {});
    const int cue = carom_cue_ball(pending_.shooter);
    CaromRecord rec = pending_;
    rec.result = judge_carom(cue, shot_events(world_, world_.events()), state_.break_shot,
                             rec.frozen == FrozenChoice::PlayAway ? rec.frozen_ball : -1);
    world_.clear_events();
    last_.before = start_;
    last_.before.clear_events();
    last_.shot = rec.shot;
    last_.shooter = rec.shooter;
    last_.cue_ball = cue;
    last_.end_hash = world_.state_hash();
    has_last_ = true;
    state_ = carom_after_shot(state_, rec.result.point);
    history_.push_back(rec);
    if (!state_.game_over && static_cast<int>(history_.size()) >= config_.max_shots) {
        capped_ = true;
        state_.game_over = true;
        state_.winner =
            state_.score[0] == state_.score[1] ? -1 : (state_.score[0] > state_.score[1] ? 0 : 1);
    }
    return history_.back();
}

bool CaromGame::undo() {
    if (!can_undo()) return false;
    Snapshot& s = undo_.back();
    world_ = std::move(s.world);
    state_ = s.state;
    history_.resize(s.shots);
    has_last_ = s.has_last;
    last_ = std::move(s.last);
    next_frozen_ = s.frozen;
    next_frozen_ball_ = s.frozen_ball;
    capped_ = false;
    undo_.pop_back();
    return true;
}

bool CaromGame::play_computer_turn() {
    if (state_.game_over) return false;
    const CaromMove m = carom_decide(ai_request());
    return shoot(m.shot, m);
}

} // namespace billiards::game

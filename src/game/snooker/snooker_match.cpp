#include "game/snooker/snooker_match.hpp"

#include "core/random.hpp"
#include "game/cue_placement.hpp"
#include "game/strike.hpp"

namespace billiards::game::snooker {

physics::Params play_params_for(const TableSpec& table) {
    physics::Params p = play_params();
    p.cushion_height = 0.64 * 2.0 * table.ball_radius;
    p.spin_friction = 4.0 * table.ball_radius / 9.81; // the same spin-down as pool's balls
    return p;
}

Match::Match(const MatchConfig& config) : config_(config), table_(build_table(config.table)) {
    score_.best_of = config.best_of;
    start_frame();
}

void Match::start_frame() {
    world_ = physics::World(config_.params, table_.cushions, table_.pockets);
    RackOptions o;
    o.seed = mix(mix(config_.seed, static_cast<std::uint64_t>(frame_number_)), 0);
    for (const physics::BallDef& b : rack(config_.table, o))
        world_.add_ball(b);
    std::array<std::string, 2> names{"Player 1", "Player 2"};
    for (std::size_t i = 0; i < 2; ++i)
        if (!config_.seats[i].name.empty()) names[i] = config_.seats[i].name;
    frame_ = new_frame(breaker_, names);
    history_.clear();
    capped_ = false;
    undo_.clear(); // undo stays within the frame
    has_last_ = false;
}

bool Match::placement_ok(Vec2 p, std::string* why) const {
    if (!in_d(markings(config_.table), p)) {
        if (why) *why = "must be in the D";
        return false;
    }
    return cue_placement_ok(world_, table_, p, false, why);
}

bool Match::place_cue_ball(Vec2 p, std::string* why) {
    if (!frame_.in_hand || frame_.frame_over || frame_.reply_pending) {
        if (why) *why = "the cue ball is not in hand";
        return false;
    }
    if (!placement_ok(p, why)) return false;
    world_.restore_ball(world_.index_of(kCue), p);
    MatchInput in;
    in.kind = MatchInput::Kind::PlaceCue;
    in.position = p;
    inputs_.push_back(in);
    return true;
}

void Match::put_cue_in_d() {
    const int cue = world_.index_of(kCue);
    const Markings m = markings(config_.table);
    // The usual places first (between brown and yellow or green), then a sweep of the D.
    for (double f : {0.5, 0.25, 0.75, 0.1, 0.9}) {
        for (double side : {-1.0, 1.0}) {
            const Vec2 p{m.baulk_x - 0.3 * f * m.d_radius, side * f * m.d_radius};
            if (placement_ok(p)) {
                world_.restore_ball(cue, p);
                return;
            }
        }
    }
    world_.restore_ball(cue, {m.baulk_x - 0.5 * m.d_radius, 0.0});
}

const StrokeRecord* Match::shoot(const CueShot& shot, int nominated, std::string* why) {
    if (!begin_stroke(shot, nominated, why)) return nullptr;
    const double left = config_.max_shot_seconds - (world_.time() - stroke_start_time_);
    if (left > 0.0) world_.run_until_rest(left);
    return &finish_stroke();
}

bool Match::begin_stroke(const CueShot& shot, int nominated, std::string* why) {
    auto fail = [why](const char* text) {
        if (why) *why = text;
        return false;
    };
    if (rolling_) return fail("a stroke is running");
    if (frame_.frame_over) return fail("the frame is over");
    if (frame_.reply_pending) return fail("play on or put the offender in first");
    if (!tip_within_limit(shot, config_.cue) || !(shot.speed >= 0.0)) return fail("miscue");
    const int cue = world_.index_of(kCue);
    if (cue < 0 || world_.ball(cue).state == physics::MotionState::Pocketed) put_cue_in_d();
    remember();
    before_ = world_;
    pending_ = ShotInput{};
    pending_.on_table = on_table();
    pending_.before = placed(world_);
    pending_.nominated = nominated;
    pending_.lot = static_cast<int>(
        mix(mix(config_.seed, static_cast<std::uint64_t>(frame_number_)), history_.size() + 1) &
        1u);
    last_.before = world_;
    last_.shot = shot;
    last_.shooter = frame_.shooter;
    pending_nominated_ = nominated;
    world_.clear_events();
    world_.set_record_events(true);
    apply_strike(world_, shot, config_.cue);
    stroke_start_time_ = world_.time();
    rolling_ = true;
    MatchInput input;
    input.shot = shot;
    input.nominated = nominated;
    inputs_.push_back(input);
    return true;
}

void Match::step_stroke() {
    if (rolling_ && !stroke_at_rest()) world_.step();
}

bool Match::stroke_at_rest() const {
    return world_.at_rest() || world_.time() - stroke_start_time_ >= config_.max_shot_seconds;
}

const StrokeRecord& Match::finish_stroke() {
    if (!rolling_) {
        static const StrokeRecord none{};
        return history_.empty() ? none : history_.back();
    }
    rolling_ = false;
    if (!world_.at_rest()) stop_balls(world_);
    ShotInput in = std::move(pending_);
    in.events = shot_events(world_, world_.events());
    in.after = placed(world_);
    last_.end_hash = world_.state_hash();
    has_last_ = true;
    world_.set_record_events(false);
    world_.clear_events();

    StrokeRecord rec;
    rec.number = static_cast<int>(history_.size()) + 1;
    rec.shooter = frame_.shooter;
    rec.shot = last_.shot;
    rec.nominated = pending_nominated_;
    rec.verdict = judge(frame_, config_.table, in);
    for (const Respot& r : rec.verdict.respot)
        world_.restore_ball(world_.index_of(r.id), r.position);
    frame_ = rec.verdict.after;
    if (frame_.in_hand) put_cue_in_d();
    history_.push_back(rec);
    if (!frame_.frame_over && config_.max_shots > 0 &&
        static_cast<int>(history_.size()) >= config_.max_shots) {
        // The shot cap: the higher score takes the frame, a tie the player who did not break.
        capped_ = true;
        frame_.frame_over = true;
        frame_.reply_pending = false;
        frame_.winner = frame_.scores[0] == frame_.scores[1]  ? 1 - breaker_
                        : frame_.scores[0] > frame_.scores[1] ? 0
                                                              : 1;
    }
    if (frame_.frame_over) frame_done();
    return history_.back();
}

void Match::remember() {
    if (!config_.practice) return;
    undo_.push_back({world_, before_, frame_, history_.size(), capped_, has_last_, last_});
}

bool Match::undo() {
    if (!can_undo()) return false;
    Snapshot& s = undo_.back();
    if (frame_.frame_over && frame_.winner >= 0)
        --score_.frames[static_cast<std::size_t>(frame_.winner)];
    world_ = std::move(s.world);
    before_ = std::move(s.before);
    frame_ = s.frame;
    history_.resize(s.history);
    capped_ = s.capped;
    has_last_ = s.has_last;
    last_ = std::move(s.last);
    undo_.pop_back();
    inputs_.push_back({MatchInput::Kind::Undo, {}, {}, -1, Reply::PlayOn, 0});
    return true;
}

bool Match::reply(Reply choice) {
    if (rolling_) return false;
    const ReplyResult r = snooker::reply(frame_, choice);
    if (!r.ok) return false;
    remember();
    inputs_.push_back({MatchInput::Kind::Reply, {}, {}, -1, choice, 0});
    if (r.replace_balls) world_ = before_;
    frame_ = r.after;
    if (frame_.in_hand) {
        const int cue = world_.index_of(kCue);
        if (world_.ball(cue).state == physics::MotionState::Pocketed) put_cue_in_d();
    }
    return true;
}

void Match::set_position(const physics::World& world, const FrameState& frame) {
    world_ = world;
    frame_ = frame;
    rolling_ = false;
    undo_.clear();
}

bool Match::concede(int player) {
    if (frame_.frame_over || (player != 0 && player != 1)) return false;
    frame_ = snooker::concede(frame_, player);
    inputs_.push_back({MatchInput::Kind::Concede, {}, {}, -1, Reply::PlayOn, player});
    frame_done();
    return true;
}

void Match::frame_done() {
    if (frame_.winner >= 0) ++score_.frames[static_cast<std::size_t>(frame_.winner)];
}

bool Match::next_frame() {
    if (!frame_.frame_over || over()) return false;
    ++frame_number_;
    breaker_ = 1 - breaker_;
    start_frame();
    inputs_.push_back({MatchInput::Kind::NextFrame, {}, {}, -1, Reply::PlayOn, 0});
    return true;
}

bool Match::feed(const MatchInput& in) {
    switch (in.kind) {
    case MatchInput::Kind::PlaceCue:
        return place_cue_ball(in.position);
    case MatchInput::Kind::Stroke:
        return shoot(in.shot, in.nominated) != nullptr;
    case MatchInput::Kind::Reply:
        return reply(in.reply);
    case MatchInput::Kind::Undo:
        return undo();
    case MatchInput::Kind::Concede:
        return concede(in.player);
    case MatchInput::Kind::NextFrame:
        return next_frame();
    }
    return false;
}

bool Match::computer_to_act() const {
    return !frame_.frame_over &&
           config_.seats[static_cast<std::size_t>(frame_.shooter)].kind == SeatKind::Computer;
}

AiRequest Match::ai_request() const {
    const Seat& seat = config_.seats[static_cast<std::size_t>(frame_.shooter)];
    AiRequest r;
    r.world = world_;
    r.table = table_;
    r.frame = frame_;
    r.config = seat.ai ? *seat.ai : ai_config(seat.level);
    set_noise(r.config, seat.noise, table_.spec.ball_radius);
    r.cue = config_.cue;
    r.max_shot_seconds = config_.max_shot_seconds;
    r.seed =
        mix(mix(mix(config_.seed, static_cast<std::uint64_t>(frame_number_)), history_.size() + 1),
            frame_.reply_pending ? 7u : 3u);
    return r;
}

bool Match::apply(const AiMove& move) {
    switch (move.kind) {
    case AiMove::Kind::Concede:
        return concede(frame_.shooter);
    case AiMove::Kind::Reply:
        return reply(move.reply);
    case AiMove::Kind::Shot:
        if (move.place_cue && frame_.in_hand && !place_cue_ball(move.cue_position)) return false;
        return shoot(move.shot, move.nominated) != nullptr;
    }
    return false;
}

bool Match::play_computer_turn() {
    if (!computer_to_act()) return false;
    last_ai_ = decide(ai_request());
    return apply(last_ai_);
}

} // namespace billiards::game::snooker

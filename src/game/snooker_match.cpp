#include "game/snooker_match.hpp"

#include "core/random.hpp"

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
    auto fail = [why](const char* text) -> const StrokeRecord* {
        if (why) *why = text;
        return nullptr;
    };
    if (frame_.frame_over) return fail("the frame is over");
    if (frame_.reply_pending) return fail("play on or put the offender in first");
    if (!tip_within_limit(shot, config_.cue) || !(shot.speed >= 0.0)) return fail("miscue");
    const int cue = world_.index_of(kCue);
    if (cue < 0 || world_.ball(cue).state == physics::MotionState::Pocketed) put_cue_in_d();
    before_ = world_;
    ShotInput in;
    in.on_table = on_table();
    in.before = placed(world_);
    in.nominated = nominated;
    in.lot = static_cast<int>(
        mix(mix(config_.seed, static_cast<std::uint64_t>(frame_number_)), history_.size() + 1) &
        1u);
    world_.clear_events();
    world_.set_record_events(true);
    apply_strike(world_, shot, config_.cue);
    world_.run_until_rest(config_.max_shot_seconds);
    if (!world_.at_rest()) stop_balls(world_);
    in.events = shot_events(world_, world_.events());
    in.after = placed(world_);
    world_.set_record_events(false);
    world_.clear_events();

    StrokeRecord rec;
    rec.number = static_cast<int>(history_.size()) + 1;
    rec.shooter = frame_.shooter;
    rec.shot = shot;
    rec.nominated = nominated;
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
    return &history_.back();
}

bool Match::reply(Reply choice) {
    const ReplyResult r = snooker::reply(frame_, choice);
    if (!r.ok) return false;
    if (r.replace_balls) world_ = before_;
    frame_ = r.after;
    if (frame_.in_hand) {
        const int cue = world_.index_of(kCue);
        if (world_.ball(cue).state == physics::MotionState::Pocketed) put_cue_in_d();
    }
    return true;
}

bool Match::concede(int player) {
    if (frame_.frame_over || (player != 0 && player != 1)) return false;
    frame_ = snooker::concede(frame_, player);
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
    return true;
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

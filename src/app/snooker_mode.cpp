#include "app/snooker_mode.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "io/snooker_file.hpp"

namespace billiards::app {

namespace snk = game::snooker;

SnookerMode::SnookerMode(ModeContext& ctx, std::unique_ptr<snk::Match> match,
                         std::string table_name)
    : TableMode(ctx), match_(std::move(match)), table_(match_->table()),
      table_name_(std::move(table_name)) {
    ctx_.clock.set_dt(match_->config().params.timestep);
    ctx_.events.clear();
    ctx_.clear_messages();
    Hand& h = ctx_.hand;
    h.heading = 0.0;
    h.side = h.height = 0.0;
    h.elevation = 0.0;
    after_change();
}

SnookerMode::~SnookerMode() = default; // the computer's job waits for its thread

void SnookerMode::save(const std::string& path) const {
    io::save_snooker_file(io::snooker_file_of(*match_, table_name_), path);
}

std::string SnookerMode::last_shot_file_name() const {
    if (!match_->last_shot()) return {};
    return fmt::format("snooker-frame{}-stroke{}.json", match_->frame_number(),
                       match_->history().size());
}

void SnookerMode::save_last_shot(const std::string& path) const {
    save_replay(path, match_->config().max_shot_seconds);
}

bool SnookerMode::shot_phase() const {
    const snk::FrameState& f = match_->frame();
    return !f.frame_over && !f.reply_pending && !match_->rolling();
}

bool SnookerMode::needs_nomination() const {
    const snk::FrameState& f = match_->frame();
    return shot_phase() && (f.on_colour || f.free_ball);
}

// ---- frame -------------------------------------------------------------------------------

void SnookerMode::advance(double real_seconds) {
    if (ctx_.at_table()) poll_computer();
    run_shot_frame(real_seconds, [&] { match_->step_stroke(); });
    if (state_ == Mode::Rolling && match_->rolling() && match_->stroke_at_rest()) {
        const snk::StrokeRecord& r = match_->finish_stroke();
        for (const std::string& m : r.verdict.messages)
            ctx_.post(m);
        moved();
    }
    if (state_ == Mode::Aiming) update_paths();
}

// ---- actions -----------------------------------------------------------------------------

bool SnookerMode::apply(const Action& action) {
    std::optional<bool> own = std::visit(
        Overloaded{
            [&](const act::Nominate& n) -> std::optional<bool> { // not under a menu
                return ctx_.at_table() && nominate(n.ball);
            },
            [&](const act::SnookerReply& r) -> std::optional<bool> { return answer(r.reply); },
            [&](const act::Undo&) -> std::optional<bool> { return undo(); },
            [&](const act::Rematch&) -> std::optional<bool> { return rematch(); },
            [&](const act::Key& k) -> std::optional<bool> {
                if (k.command == Command::Undo) return undo();
                return std::nullopt;
            },
            [](const auto&) -> std::optional<bool> { return std::nullopt; },
        },
        action);
    return own ? *own : TableMode::apply(action);
}

void SnookerMode::after_change() {
    ctx_.hand.drop_pull();
    nominated_ = -1;
    clear_paths();
    ctx_.sync(match_->world());
    state_ = match_->rolling() ? Mode::Rolling : Mode::Aiming;
}

void SnookerMode::moved() {
    const snk::FrameState& f = match_->frame();
    if (f.frame_over) {
        const int w = f.winner;
        const snk::MatchScore& s = match_->score();
        ctx_.post(fmt::format("Frame {} to {} ({}-{}); frames {}-{}", match_->frame_number(),
                              w >= 0 ? f.names[static_cast<std::size_t>(w)] : "nobody", f.scores[0],
                              f.scores[1], s.frames[0], s.frames[1]));
        if (!match_->over() && match_->next_frame()) // the next frame starts at once
            ctx_.post(fmt::format(
                "Frame {}: {} breaks", match_->frame_number(),
                match_->frame().names[static_cast<std::size_t>(match_->frame().shooter)]));
    }
    autosave();
    after_change();
}

bool SnookerMode::strike(const game::CueShot& shot) {
    if (match_->computer_to_act()) return false;
    if (!begin_struck(shot.speed, "Cannot shoot: ", [&](std::string* why) {
            return match_->begin_stroke(shot, nominated_, why);
        }))
        return false;
    shot_started();
    return true;
}

bool SnookerMode::placement_allowed(Vec2 p, std::string* why) const {
    return match_->placement_ok(p, why);
}

bool SnookerMode::put_cue_ball(Vec2 p) {
    std::string why;
    return placed(match_->place_cue_ball(p, &why), why);
}

bool SnookerMode::may_take_ball_in_hand() const {
    return shot_phase() && match_->frame().in_hand && !match_->computer_to_act();
}

bool SnookerMode::table_click(Vec2 p) {
    if (!may_take_ball_in_hand() || !cue_on_table()) return false;
    const physics::Ball& cue_ball = world().ball(cue_index());
    if (length(p - cue_ball.position) >= cue_ball.radius * 1.6) return false;
    begin_placement(); // picks the cue ball up: it goes anywhere in the D
    return true;
}

bool SnookerMode::nominate(int ball) {
    if (match_->computer_to_act() || !needs_nomination()) return false;
    const snk::FrameState& f = match_->frame();
    const std::vector<int> on = match_->on_table();
    const bool there = std::find(on.begin(), on.end(), ball) != on.end();
    // After a red a colour; a free ball may be any ball on the table.
    if (ball != -1 && (!there || (!f.free_ball && ball < snk::kYellow))) return false;
    nominated_ = ball;
    if (ball >= 0)
        ctx_.post(
            fmt::format("{} nominated{}", snk::ball_name(ball), f.free_ball ? " (free ball)" : ""));
    return true;
}

bool SnookerMode::answer(snk::Reply reply) {
    if (match_->computer_to_act() || !match_->frame().reply_pending) return false;
    const std::string who =
        match_->frame().names[static_cast<std::size_t>(match_->frame().shooter)];
    if (!match_->reply(reply)) return false;
    ctx_.post(fmt::format("{}: {}", who, snk::to_string(reply)));
    moved();
    return true;
}

bool SnookerMode::undo() {
    if (!match_->can_undo()) {
        ctx_.post(match_->config().practice ? "Nothing to undo" : "Undo is only in practice");
        return false;
    }
    computer_.cancel();
    if (!match_->undo()) return false;
    autosave();
    after_change();
    ctx_.post("Undone: back before the last stroke");
    return true;
}

bool SnookerMode::rematch() {
    if (!match_->over()) return false;
    snk::MatchConfig c = match_->config();
    c.seed = c.seed * 6364136223846793005ULL + 1442695040888963407ULL; // a new rack
    computer_.cancel();
    match_ = std::make_unique<snk::Match>(c);
    ctx_.clear_messages();
    shots_ = 0;
    autosave();
    after_change();
    ctx_.post("A new match: " + match_->status());
    return true;
}

// ---- the computer's turn -----------------------------------------------------------------

void SnookerMode::poll_computer() {
    computer_.poll(
        ctx_.real_time, match_->computer_to_act() && state_ != Mode::Rolling && !match_->rolling(),
        [this](const snk::AiMove& move) { computer_decided(move); },
        [this](const snk::AiMove& move) { computer_shoots(move); },
        [this] {
            computer_.start([request = match_->ai_request()] { return snk::decide(request); });
        });
}

void SnookerMode::computer_decided(const snk::AiMove& move) {
    if (!match_->computer_to_act()) return; // the match moved on (undo)
    const std::string who =
        match_->frame().names[static_cast<std::size_t>(match_->frame().shooter)];
    if (move.kind != snk::AiMove::Kind::Shot) {
        if (match_->apply(move)) {
            ctx_.post(move.kind == snk::AiMove::Kind::Concede
                          ? who + " concedes the frame"
                          : fmt::format("{}: {}", who, snk::to_string(move.reply)));
            moved();
        }
        return;
    }
    if (move.place_cue && match_->frame().in_hand) match_->place_cue_ball(move.cue_position);
    ctx_.sync(match_->world());
    line_up(move.shot);
    if (!move.plan.empty()) ctx_.post(fmt::format("{}: {}", who, move.plan));
    computer_.show(move, ctx_.real_time + kComputerAimSeconds);
}

void SnookerMode::computer_shoots(const snk::AiMove& move) {
    // A refusal is never expected: a bug, said plainly.
    if (begin_struck(move.shot.speed, "Computer shot refused: ", [&](std::string* why) {
            return match_->begin_stroke(move.shot, move.nominated, why);
        }))
        shot_started();
}

} // namespace billiards::app

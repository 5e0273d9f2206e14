#include "app/match_mode.hpp"

#include <fmt/format.h>

#include "io/match_file.hpp"

namespace billiards::app {

namespace {

std::string shooter_name(const game::MatchView& v) {
    return v.names[static_cast<std::size_t>(v.shooter)];
}

} // namespace

MatchMode::MatchMode(ModeContext& ctx, std::unique_ptr<game::Match> match, std::string table_name)
    : TableMode(ctx), match_(std::move(match)), table_(match_->table()),
      table_name_(std::move(table_name)) {
    ctx_.clock.set_dt(match_->config().params.timestep);
    ctx_.events.clear();
    ctx_.clear_messages();
    Hand& h = ctx_.hand;
    h.heading = 0.0;
    h.side = h.height = 0.0;
    h.elevation = 0.0;
    shots_ = static_cast<int>(match_->history().size());
    after_change();
}

MatchMode::~MatchMode() = default; // the computer's job waits for its thread

ui::PlayMode MatchMode::rules() const {
    return match_->config().kind == game::GameKind::NineBall ? ui::PlayMode::NineBall
                                                             : ui::PlayMode::EightBall;
}

void MatchMode::save(const std::string& path) const {
    io::save_match_file(io::match_file_of(*match_, table_name_), path);
}

std::string MatchMode::last_shot_file_name() const {
    if (!match_->last_shot()) return {};
    return "game" + std::to_string(match_->view().game_number) + "-shot" +
           std::to_string(match_->history().size()) + ".json";
}

void MatchMode::save_last_shot(const std::string& path) const {
    save_replay(path, match_->config().max_shot_seconds);
}

// ---- frame -------------------------------------------------------------------------------

void MatchMode::advance(double real_seconds) {
    if (ctx_.at_table()) poll_computer();
    run_shot_frame(real_seconds, [&] { match_->step_shot(); });
    if (state_ == Mode::Rolling && match_->phase() == game::Phase::Rolling &&
        match_->shot_at_rest())
        shot_done();
    if (state_ == Mode::Aiming) update_paths();
}

// ---- actions -----------------------------------------------------------------------------

bool MatchMode::apply(const Action& action) {
    std::optional<bool> own = std::visit(
        Overloaded{
            [&](const act::CallPocket& c) -> std::optional<bool> { return call_pocket(c.pocket); },
            [&](const act::SetPushOut& p) -> std::optional<bool> {
                set_push_out(p.on);
                return push_out_ == p.on;
            },
            [&](const act::Decide& d) -> std::optional<bool> { return decide(d.choice); },
            [&](const act::Undo&) -> std::optional<bool> { return undo(); },
            [&](const act::Rematch&) -> std::optional<bool> { return rematch(); },
            [&](const act::Key& k) -> std::optional<bool> {
                if (k.command == Command::PushOut) {
                    set_push_out(!push_out_);
                    return true;
                }
                if (k.command == Command::Undo) return undo();
                return std::nullopt;
            },
            [](const auto&) -> std::optional<bool> { return std::nullopt; },
        },
        action);
    return own ? *own : TableMode::apply(action);
}

void MatchMode::after_change() {
    ctx_.hand.drop_pull();
    called_pocket_ = -1;
    push_out_ = false;
    clear_paths();
    ctx_.sync(match_->world());
    // Ball in hand: the cue ball stays where the rules put it (a free spot, the kitchen
    // after a break scratch); the player may shoot from there or pick it up to move it.
    state_ = match_->phase() == game::Phase::Rolling ? Mode::Rolling : Mode::Aiming;
}

void MatchMode::moved() {
    for (const std::string& m : match_->view().messages)
        ctx_.post(m);
    autosave();
    after_change();
}

void MatchMode::shot_done() {
    match_->finish_shot();
    moved();
}

bool MatchMode::strike(const game::CueShot& shot) {
    if (match_->computer_to_act()) return false;
    const game::MatchView v = match_->view();
    game::ShotCall call;
    if (v.must_call_pocket) {
        if (called_pocket_ < 0) {
            ctx_.post("Call a pocket for the 8 first: click the pocket");
            return false;
        }
        call.ball = game::kEightBall;
        call.pocket = called_pocket_;
    }
    if (!begin_struck(shot.speed, "Cannot shoot: ", [&](std::string* why) {
            return match_->begin_shot(shot, call, push_out_, why);
        }))
        return false;
    shot_started();
    return true;
}

bool MatchMode::placement_allowed(Vec2 p, std::string* why) const {
    return match_->placement_ok(p, why);
}

bool MatchMode::put_cue_ball(Vec2 p) {
    std::string why;
    return placed(match_->place_cue_ball(p, &why), why);
}

bool MatchMode::may_take_ball_in_hand() const {
    return match_->view().ball_in_hand;
}

bool MatchMode::table_click(Vec2 p) {
    if (match_->view().ball_in_hand && cue_on_table()) {
        const physics::Ball& cue_ball = world().ball(cue_index());
        if (length(p - cue_ball.position) < cue_ball.radius * 1.6) { // picks the cue ball up
            begin_placement();
            return true;
        }
    }
    if (match_->view().must_call_pocket) {
        const int pocket = pocket_at(p);
        if (pocket >= 0) {
            call_pocket(pocket);
            return true;
        }
    }
    return false;
}

bool MatchMode::call_pocket(int pocket) {
    if (match_->computer_to_act() || !match_->view().must_call_pocket) return false;
    if (pocket < -1 || pocket >= static_cast<int>(table_.pockets.size())) return false;
    called_pocket_ = pocket;
    if (pocket >= 0) ctx_.post("8-ball called in the " + game::pocket_name(pocket));
    return true;
}

void MatchMode::set_push_out(bool on) {
    if (match_->computer_to_act()) return;
    if (on && !match_->view().push_out_available) {
        ctx_.post("A push-out is only allowed on the shot right after the break");
        return;
    }
    push_out_ = on;
    ctx_.post(on ? "Push-out: the next shot may hit anything; the opponent then chooses"
                 : "Push-out cancelled");
}

bool MatchMode::decide(game::Choice choice) {
    if (match_->phase() != game::Phase::Deciding || match_->computer_to_act()) return false;
    if (!match_->decide(choice)) return false;
    moved();
    return true;
}

bool MatchMode::rematch() {
    if (match_->phase() != game::Phase::GameOver) return false;
    match_->rematch();
    ctx_.clear_messages();
    shots_ = 0;
    autosave();
    after_change();
    const game::MatchView v = match_->view();
    ctx_.post(fmt::format("Game {}: {} breaks", v.game_number, shooter_name(v)));
    return true;
}

bool MatchMode::undo() {
    if (!match_->can_undo()) {
        ctx_.post(match_->config().practice ? "Nothing to undo" : "Undo is only in practice matches");
        return false;
    }
    computer_.cancel();
    if (!match_->undo()) return false;
    autosave();
    after_change();
    ctx_.post("Undone: back before the last shot");
    return true;
}

// ---- the computer's turn -----------------------------------------------------------------

void MatchMode::poll_computer() {
    computer_.poll(
        ctx_.real_time, match_->computer_to_act() && state_ != Mode::Rolling,
        [this](const game::AiMove& move) { computer_decided(move); },
        [this](const game::AiMove& move) { computer_shoots(move); },
        [this] {
            computer_.start([request = match_->ai_request()] { return game::ai_decide(request); });
        });
}

void MatchMode::computer_decided(const game::AiMove& move) {
    if (!match_->computer_to_act()) return; // the match moved on (undo, load)
    if (move.is_decision) {
        const std::string who = shooter_name(match_->view());
        if (match_->decide(move.choice)) {
            ctx_.post(fmt::format("{}: {}", who, ui::choice_label(move.choice)));
            moved();
        }
        return;
    }
    if (move.place_cue && match_->view().ball_in_hand) match_->place_cue_ball(move.cue_position);
    ctx_.sync(match_->world());
    line_up(move.shot);
    if (!move.plan.empty())
        ctx_.post(fmt::format("{}: {}", shooter_name(match_->view()), move.plan));
    computer_.show(move, ctx_.real_time + kComputerAimSeconds);
}

void MatchMode::computer_shoots(const game::AiMove& move) {
    // A refusal is never expected: a bug, said plainly.
    if (begin_struck(move.shot.speed, "Computer shot refused: ", [&](std::string* why) {
            return match_->begin_shot(move.shot, move.call, move.push_out, why);
        }))
        shot_started();
}

} // namespace billiards::app

#include "app/match_mode.hpp"

#include <fmt/format.h>

#include "app/hud_card.hpp"
#include "io/game_file.hpp"
#include "io/replay_file.hpp"

namespace billiards::app {

namespace {

// How long the computer's cue is shown lined up before it shoots when its path is drawn to be
// studied (practice at three-cushion), real seconds; else kComputerAimSeconds.
constexpr double kStudyAimSeconds = 2.5;

} // namespace

MatchMode::MatchMode(ModeContext& ctx, std::unique_ptr<game::Game> game, std::string table_name)
    : TableMode(ctx), game_(std::move(game)), hud_(make_hud(game_->kind())), table_(game_->table()),
      table_name_(std::move(table_name)) {
    ctx_.clock.set_dt(game_->world().params().timestep);
    ctx_.events.clear();
    ctx_.clear_messages();
    ctx_.hand.heading = 0.0;
    after_change(); // the first shooter's fresh cue: nothing carries over from the mode before
}

MatchMode::~MatchMode() = default; // the computer's job waits for its thread

std::string MatchMode::name(int seat) const {
    return game_->names()[static_cast<std::size_t>(seat)];
}

bool MatchMode::game_over() const {
    return game_->over();
}

bool MatchMode::computer_turn() const {
    if (game_->over()) return false;
    const game::Turn t = game_->next();
    return t.computer || (online_ && online_->remote[static_cast<std::size_t>(t.shooter & 1)]);
}

void MatchMode::autosave() {
    if (!online_) return TableMode::autosave();
    if (online_->autosave.empty()) return;
    try {
        save(online_->autosave);
    } catch (const std::exception& e) {
        ctx_.post(std::string("Autosave failed: ") + e.what());
    }
}

bool MatchMode::play_remote(const game::GameInput& in, std::string* why) {
    using Kind = game::GameInput::Kind;
    if (state_ == Mode::Rolling) {
        if (why) *why = "a shot is still rolling";
        return false;
    }
    const std::string who = name(game_->next().shooter);
    if (in.kind == Kind::PlaceCue) {
        if (!game_->place_cue_ball(in.position, why)) return false;
        ctx_.sync(game_->world());
        return true;
    }
    if (in.kind == Kind::Stroke) {
        hand_to_shooter(); // the stroke shown on the shooter's own cue
        line_up(in.stroke.shot);
        if (!begin_struck(in.stroke.shot.speed,
                          "The other side's shot does not fit: ", [&](std::string* w) {
                              const bool ok = game_->begin_shot(in.stroke, w);
                              if (!ok && why) *why = *w;
                              return ok;
                          }))
            return false;
        shot_started();
        return true;
    }
    if (!game_->feed(in, why)) return false;
    if (online_ && online_->moved) online_->moved();
    if (in.kind == Kind::Decide) hud_->decision_news(*this, who, in.decision, true);
    if (in.kind == Kind::Concede) hud_->decision_news(*this, who, std::nullopt, true);
    autosave();
    after_change();
    return true;
}

void MatchMode::save(const std::string& path) const {
    io::save_game_file(*game_, table_name_, path,
                       ctx_.saved_record ? ctx_.saved_record(*game_) : std::nullopt);
}

void MatchMode::save_last_shot(const std::string& path) const {
    save_replay(path, hud_->max_shot_seconds(*game_));
}

std::string MatchMode::last_shot_code() const {
    return replay_code(hud_->max_shot_seconds(*game_));
}

std::optional<game::Scenario> MatchMode::last_shot_scenario() const {
    const game::LastShot* last = last_shot();
    if (!last) return std::nullopt;
    return io::scenario_of_replay(
        io::replay_of(*last, table_name(), cue(), hud_->max_shot_seconds(*game_)));
}

void MatchMode::replace_game(std::unique_ptr<game::Game> game, bool fresh_hand) {
    computer_.cancel();
    game_ = std::move(game);
    table_ = game_->table();
    ctx_.clock.set_dt(game_->world().params().timestep);
    if (fresh_hand) {
        ctx_.hand.heading = 0.0;
        ctx_.hand.take(CueSettings{});
        seat_cue_ = {};
        hand_seat_ = -1;
    }
    computer_path_.clear();
    after_change();
}

// ---- frame -------------------------------------------------------------------------------

void MatchMode::advance(double real_seconds) {
    if (ctx_.at_table()) poll_computer();
    run_shot_frame(real_seconds, [&] { game_->step_shot(); });
    if (state_ == Mode::Rolling && game_->rolling() && game_->shot_at_rest()) shot_done();
    if (state_ == Mode::Aiming) update_paths();
}

void MatchMode::describe(render::SceneView& v) const {
    TableMode::describe(v);
    if (!computer_path_.empty() && (computer_aim_shown() || state_ == Mode::Rolling))
        v.paths = computer_path_;
    hud_->describe_table(v, *this);
}

GameMode::Request MatchMode::draw_cards() {
    card_up_ = hud_->draw_choices(*this); // drawn before the scene: its messages make room
    if (card_up_) return Request::None;
    std::optional<ui::GameOverInfo> info = hud_->game_over_card(*this);
    if (!info) return Request::None;
    info->can_replay = game_->last_shot() != nullptr;
    return hud::game_over(*info, [this] { rematch(); });
}

// ---- actions -----------------------------------------------------------------------------

bool MatchMode::apply(const Action& action) {
    std::optional<bool> own = std::visit(
        Overloaded{
            [&](const act::CallPocket& c) -> std::optional<bool> { return call_pocket(c.pocket); },
            [&](const act::SetPushOut& p) -> std::optional<bool> {
                set_push_out(p.on);
                return stroke_.push_out == p.on;
            },
            [&](const act::Decide& d) -> std::optional<bool> { return decide(d.decision); },
            [&](const act::Nominate& n) -> std::optional<bool> { // not under a menu
                if (!ctx_.at_table() || computer_turn()) return false;
                if (hud_->nominate(*this, n.ball)) return true;
                ctx_.post(game_->next().nominate && state_ != Mode::Rolling
                              ? "That ball cannot be nominated"
                              : "Nothing to nominate now (snooker: a colour after a red)");
                return false;
            },
            [&](const act::Undo&) -> std::optional<bool> { return undo(); },
            [&](const act::Rematch&) -> std::optional<bool> { return rematch(); },
            [&](const act::Key& k) -> std::optional<bool> {
                if (k.command == Command::PushOut) {
                    if (computer_turn()) return false;
                    if (game_->kind() != game::GameKind::NineBall) {
                        ctx_.post("No push-out in this game: it is a 9-ball rule");
                        return false;
                    }
                    const bool was = stroke_.push_out;
                    set_push_out(!was); // a refusal is posted
                    return stroke_.push_out != was;
                }
                if (k.command == Command::Undo) return undo();
                return std::nullopt;
            },
            [](const auto&) -> std::optional<bool> { return std::nullopt; },
        },
        action);
    return own ? *own : TableMode::apply(action);
}

void MatchMode::hand_to_shooter() {
    const int shooter = game_->next().shooter;
    if (shooter == hand_seat_ || shooter < 0 || shooter > 1) return;
    if (hand_seat_ >= 0) seat_cue_[static_cast<std::size_t>(hand_seat_)] = ctx_.hand.settings();
    ctx_.hand.take(seat_cue_[static_cast<std::size_t>(shooter)]);
    hand_seat_ = shooter;
}

void MatchMode::after_change() {
    ctx_.hand.drop_pull();
    hand_to_shooter();
    stroke_ = {};
    clear_paths();
    ctx_.sync(game_->world());
    // Ball in hand: the cue ball stays where the rules put it (a free spot, the kitchen
    // after a break scratch); the player may shoot from there or pick it up to move it.
    state_ = game_->rolling() ? Mode::Rolling : Mode::Aiming;
}

void MatchMode::shot_done() {
    const game::ShotOutcome outcome = game_->finish_shot();
    if (online_ && online_->moved) online_->moved();
    // A game played here (a spectator's is not: both its seats are played elsewhere).
    const bool watching = online_ && online_->remote[0] && online_->remote[1];
    if (!watching && ctx_.shot_played) ctx_.shot_played(*game_, outcome, online_.has_value());
    computer_path_.clear();
    hud_->shot_news(*this, outcome);
    autosave();
    after_change();
    if (hud_->aim_after_shot()) aim_at_mouse();
}

bool MatchMode::strike(const game::CueShot& shot) {
    if (computer_turn()) return false;
    const game::Turn turn = game_->next();
    game::Stroke stroke = stroke_;
    stroke.shot = shot;
    stroke.call = {};
    if (turn.call_pocket) {
        if (stroke_.call.pocket < 0) {
            ctx_.post("Call a pocket for the 8 first: click the pocket");
            return false;
        }
        stroke.call = {game::kEightBall, stroke_.call.pocket};
    }
    if (!begin_struck(shot.speed, "", [&](std::string* why) {
            std::string reason;
            if (game_->begin_shot(stroke, &reason)) return true;
            *why = hud_->refusal(*game_, reason);
            return false;
        }))
        return false;
    shot_started();
    return true;
}

bool MatchMode::placement_allowed(Vec2 p, std::string* why) const {
    return game_->placement_ok(p, why);
}

bool MatchMode::put_cue_ball(Vec2 p) {
    std::string why;
    return placed(game_->place_cue_ball(p, &why), why);
}

bool MatchMode::may_take_ball_in_hand() const {
    return game_->next().place_cue && !computer_turn(); // nor a seat played elsewhere
}

std::string MatchMode::no_ball_in_hand() const {
    if (computer_turn())
        return game_->next().computer ? "Wait: it is the computer's turn"
                                      : "Wait: it is " + name(game_->next().shooter) + "'s turn";
    return "No ball in hand: the cue ball is played from where it lies (ball in hand comes "
           "after a foul)";
}

bool MatchMode::table_click(Vec2 p) {
    if (may_take_ball_in_hand() && cue_on_table()) {
        const physics::Ball& cue_ball = world().ball(cue_index());
        if (length(p - cue_ball.position) < cue_ball.radius * 1.6) { // picks the cue ball up
            begin_placement();
            return true;
        }
    }
    if (game_->next().call_pocket) {
        const int pocket = pocket_at(p);
        if (pocket >= 0) {
            call_pocket(pocket);
            return true;
        }
    }
    return false;
}

int MatchMode::pocket_at(Vec2 p) const {
    int best = -1;
    double best_d = 0.0;
    for (std::size_t i = 0; i < table_.pockets.size(); ++i) {
        const physics::Pocket& pk = table_.pockets[i];
        const double d = length(p - pk.center);
        if (d < pk.radius * 1.9 && (best < 0 || d < best_d)) {
            best = static_cast<int>(i);
            best_d = d;
        }
    }
    return best;
}

bool MatchMode::call_pocket(int pocket) {
    if (computer_turn() || !game_->next().call_pocket) return false;
    if (pocket < -1 || pocket >= static_cast<int>(table_.pockets.size())) return false;
    stroke_.call.pocket = pocket;
    if (pocket >= 0) ctx_.post("8-ball called in the " + game::pocket_name(pocket));
    return true;
}

void MatchMode::set_push_out(bool on) {
    if (computer_turn()) return;
    if (on && !game_->next().push_out) {
        ctx_.post("A push-out is only allowed on the shot right after the break");
        return;
    }
    stroke_.push_out = on;
    ctx_.post(on ? "Push-out: the next shot may hit anything; the opponent then chooses"
                 : "Push-out cancelled");
}

bool MatchMode::decide(game::Decision d) {
    if (computer_turn()) return false;
    const std::string who = name(game_->next().shooter);
    if (!game_->decide(d)) return false;
    if (online_ && online_->moved) online_->moved();
    hud_->decision_news(*this, who, d, false);
    autosave();
    after_change();
    return true;
}

bool MatchMode::undo() {
    if (!game_->can_undo()) {
        ctx_.post(game_->practice() ? "Nothing to undo" : hud_->undo_refused());
        return false;
    }
    computer_.cancel();
    computer_path_.clear();
    if (!game_->undo()) return false;
    hud_->after_undo();
    autosave();
    after_change();
    ctx_.post(hud_->undone());
    return true;
}

bool MatchMode::rematch() {
    if (online_) return false; // both sides begin the next game themselves (online_session)
    return game_over() && hud_->rematch(*this);
}

// ---- the computer's turn -----------------------------------------------------------------

void MatchMode::poll_computer() {
    computer_.poll(
        ctx_.real_time, game_->computer_to_act() && state_ != Mode::Rolling,
        [this](game::ComputerMove move) { computer_decided(std::move(move)); },
        [this](const game::ComputerMove& move) { computer_shoots(move); },
        [this] { computer_.start(game_->computer_thinking()); });
}

void MatchMode::computer_decided(game::ComputerMove move) {
    if (!game_->computer_to_act() || state_ == Mode::Rolling) return; // the game moved on
    const std::string who = name(game_->next().shooter);
    if (!move.is_shot()) {
        if (game_->computer_prepares(move)) {
            hud_->decision_news(*this, who, move.decision, true);
            autosave();
            after_change();
        }
        return;
    }
    game_->computer_prepares(move); // the cue ball placed, the balls spotted
    ctx_.sync(game_->world());
    hand_to_shooter(); // the line-up goes on the computer's own cue
    line_up(move.shot);
    if (!move.plan.empty()) ctx_.post(hud::plan_words(who, move.plan));
    computer_path_.clear();
    for (auto& [id, points] : move.paths)
        computer_path_.push_back({id, std::move(points), false});
    const double aim = move.paths.empty() ? kComputerAimSeconds : kStudyAimSeconds;
    move.paths.clear();
    computer_.show(std::move(move), ctx_.real_time + aim);
}

void MatchMode::computer_shoots(const game::ComputerMove& move) {
    // A refusal is never expected: a bug, said plainly.
    if (begin_struck(move.shot.speed, "Computer shot refused: ", [&](std::string* why) {
            return game_->begin_computer_shot(move, why);
        }))
        shot_started();
}

std::unique_ptr<GameHud> make_hud(game::GameKind kind) {
#define BILLIARDS_KIND_HUD(id, cli, name, label, noun, folder) &make_##folder##_hud,
    using Maker = std::unique_ptr<GameHud> (*)();
    constexpr std::array<Maker, game::kGameKinds.size()> makers{
        BILLIARDS_GAME_KINDS(BILLIARDS_KIND_HUD)};
#undef BILLIARDS_KIND_HUD
    return makers.at(game::index(kind))();
}

} // namespace billiards::app

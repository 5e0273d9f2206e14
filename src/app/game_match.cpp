// GameApp's match mode: a game::Match drives the world; this file feeds it the player's
// shots, placements, calls and decisions, plays computer turns from a worker thread, and
// turns the match into HUD cards, pocket marks and status lines.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>

#include "app/game_app.hpp"
#include "game/match_aim.hpp"
#include "io/scenario.hpp"

namespace billiards::app {

namespace {

// How long the computer's cue is shown lined up before it shoots (real seconds).
constexpr double kComputerAimSeconds = 0.9;

std::string seat_name(const game::MatchView& v, int seat) {
    return v.names[static_cast<std::size_t>(seat)];
}

} // namespace

// ---- starting and leaving ----------------------------------------------------------------

void GameApp::apply_table(const std::string& table_name) {
    table_ = io::load_standard_table(table_name);
    table_name_ = table_name;
    set_output_size(output_w_, output_h_);
}

void GameApp::cancel_computer() {
    if (ai_job_.valid()) ai_job_.wait(); // its answer is for a position that is gone
    ai_job_ = {};
    ai_move_.reset();
}

void GameApp::start_match(const game::MatchConfig& config, const std::string& table_name) {
    // The table is named (the save file keeps the name), so the name decides the spec.
    game::MatchConfig c = config;
    c.table = io::load_standard_table(table_name).spec;
    adopt_match(std::make_unique<game::Match>(c), table_name);
    const game::MatchView v = match_->view();
    post(fmt::format("{}: {} breaks", game::to_string(v.kind), seat_name(v, v.shooter)));
}

void GameApp::adopt_match(std::unique_ptr<game::Match> match, const std::string& table_name) {
    cancel_computer();
    replay_.reset();
    match_ = std::move(match);
    table_ = match_->table();
    table_name_ = table_name;
    set_output_size(output_w_, output_h_);
    screen_ = Screen::Play;
    pause_menu_ = false;
    clock_.set_paused(false);
    clock_.set_dt(match_->config().params.timestep);
    cue_params_ = match_->config().cue; // the aim aid and the strike use the match's cue
    events_.clear();
    messages_.clear();
    heading_ = 0.0;
    side_ = height_ = 0.0;
    elevation_ = 0.0;
    shots_ = static_cast<int>(match_->history().size());
    match_after_change();
}

void GameApp::start_sandbox(const std::string& table_name) {
    cancel_computer();
    replay_.reset();
    match_.reset();
    apply_table(table_name);
    world_.set_params(game::play_params()); // rack() keeps the world's parameters
    cue_params_ = game::play_cue(choices_.shaft);
    screen_ = Screen::Play;
    pause_menu_ = false;
    clock_.set_paused(false);
    messages_.clear();
    rack(game::RackKind::EightBall);
    messages_.clear();
    post("Sandbox: break the rack. Drag back from the cue ball and release to shoot.");
}

void GameApp::sandbox_from_match() {
    if (!match_ && !replay_) return;
    physics::World copy = world(); // as shown, moving balls included
    autosave();                    // the match as it stands (its inputs) for Continue
    cancel_computer();
    replay_.reset();
    match_.reset();
    world_ = std::move(copy);
    screen_ = Screen::Play;
    pause_menu_ = false;
    world_replaced();
    for (const physics::Ball& b : world_.balls())
        if (b.state == physics::MotionState::Pocketed) tray_.push_back(b.id);
    messages_.clear();
    post("Sandbox: a copy of the match table. Continue on the main menu resumes the match.");
}

bool GameApp::start_from_choices() {
    const ui::MenuChoices& c = choices_;
    const auto& names = io::standard_table_names();
    if (std::find(names.begin(), names.end(), c.table) == names.end()) {
        set_ui_message("Unknown table " + c.table, true);
        return false;
    }
    if (c.mode == ui::PlayMode::Sandbox) {
        start_sandbox(c.table);
        save_settings();
        return true;
    }
    game::MatchConfig config;
    config.kind =
        c.mode == ui::PlayMode::NineBall ? game::GameKind::NineBall : game::GameKind::EightBall;
    for (std::size_t k = 0; k < 2; ++k) {
        config.seats[k].kind = c.seats[k];
        config.seats[k].level = c.levels[k];
        std::string name = c.names[k];
        name.erase(0, name.find_first_not_of(' '));
        if (name.empty()) name = c.seats[k] == game::SeatKind::Computer ? "Computer" : "Player";
        config.seats[k].name = name;
    }
    if (config.seats[0].name == config.seats[1].name) {
        config.seats[0].name += " 1";
        config.seats[1].name += " 2";
    }
    config.table = io::load_standard_table(c.table).spec;
    config.params = game::play_params(); // as the sandbox: hertz contact, mathavan cushions
    config.cue = game::play_cue(c.shaft);
    config.practice = c.practice;
    // A new rack each match; the seed goes into the save file, so a reload is exact.
    config.seed =
        static_cast<std::uint64_t>(std::chrono::system_clock::now().time_since_epoch().count()) |
        1u;
    start_match(config, c.table);
    save_settings();
    set_ui_message("", false);
    return true;
}

void GameApp::show_menu() {
    screen_ = Screen::Menu;
    pause_menu_ = false;
    dragging_ = false;
    pull_ = 0.0;
}

void GameApp::open_pause_menu(bool open) {
    if (screen_ != Screen::Play) return;
    pause_menu_ = open;
    dragging_ = false;
    pull_ = 0.0;
    clock_.set_paused(open);
    if (open) set_ui_message("", false);
}

void GameApp::set_ui_message(std::string text, bool error) {
    ui_message_ = std::move(text);
    ui_error_ = error;
}

// ---- the shot flow -----------------------------------------------------------------------

void GameApp::match_after_change() {
    dragging_ = false;
    pull_ = 0.0;
    called_pocket_ = -1;
    push_out_ = false;
    paths_.clear();
    paths_key_[0] = 1e300;
    sync_interpolation();
    const game::Phase phase = match_->phase();
    if (phase == game::Phase::Rolling) {
        mode_ = Mode::Rolling;
        return;
    }
    // Ball in hand: the cue ball stays where the rules put it (a free spot, the kitchen
    // after a break scratch); the player may shoot from there or pick it up to move it.
    mode_ = Mode::Aiming;
}

void GameApp::match_moved() {
    for (const std::string& m : match_->view().messages)
        post(m);
    autosave();
    match_after_change();
}

void GameApp::match_shot_started() {
    events_logged_ = 0;
    ++shots_;
    dragging_ = false;
    pull_ = 0.0;
    mode_ = Mode::Rolling;
    sync_interpolation();
}

bool GameApp::match_shoot(const game::CueShot& shot) {
    if (match_->computer_to_act()) return false;
    const game::MatchView v = match_->view();
    game::ShotCall call;
    if (v.must_call_pocket) {
        if (called_pocket_ < 0) {
            post("Call a pocket for the 8 first: click the pocket");
            return false;
        }
        call.ball = game::kEightBall;
        call.pocket = called_pocket_;
    }
    std::string why;
    const double cue_x = cue_on_table() ? world().ball(cue_index()).position.x : 0.0;
    if (!match_->begin_shot(shot, call, push_out_, &why)) {
        post("Cannot shoot: " + why);
        return false;
    }
    match_shot_started();
    cue_sound(shot.speed, cue_x);
    return true;
}

bool GameApp::match_place(Vec2 p) {
    std::string why;
    if (!match_->place_cue_ball(p, &why)) {
        post("The cue ball cannot go there: " + why);
        return false;
    }
    sync_interpolation();
    mode_ = Mode::Aiming;
    return true;
}

void GameApp::log_new_events(const physics::World& w) {
    const std::vector<physics::Event>& events = w.events();
    for (std::size_t k = events_logged_; k < events.size(); ++k) {
        ui::LoggedEvent le;
        if (ui::logged_event(w, events[k], le)) events_.push(le);
    }
    events_logged_ = events.size();
}

void GameApp::match_update_step() {
    match_->step_shot(); // nothing once the shot rests
    log_new_events(match_->world());
}

void GameApp::match_shot_done() {
    match_->finish_shot();
    match_moved();
}

void GameApp::poll_computer() {
    if (screen_ != Screen::Play || pause_menu_ || replay_ || help_open_) return;
    if (ai_job_.valid()) {
        if (ai_job_.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return;
        game::AiMove move = ai_job_.get();
        ai_job_ = {};
        if (!match_->computer_to_act()) return; // the match moved on (undo, load)
        if (move.is_decision) {
            const std::string who = seat_name(match_->view(), match_->view().shooter);
            if (match_->decide(move.choice)) {
                post(fmt::format("{}: {}", who, ui::choice_label(move.choice)));
                match_moved();
            }
            return;
        }
        if (move.place_cue && match_->view().ball_in_hand)
            match_->place_cue_ball(move.cue_position);
        sync_interpolation();
        heading_ = move.shot.heading;
        side_ = move.shot.side;
        height_ = move.shot.height;
        elevation_ = move.shot.elevation;
        key_power_ = power_for_cue_speed(move.shot.speed);
        if (!move.plan.empty())
            post(fmt::format("{}: {}", seat_name(match_->view(), match_->view().shooter),
                             move.plan));
        ai_move_ = move;
        ai_shoot_at_ = real_time_ + kComputerAimSeconds;
        return;
    }
    if (ai_move_) {
        if (real_time_ < ai_shoot_at_) return;
        const game::AiMove move = *ai_move_;
        ai_move_.reset();
        std::string why;
        const double cue_x = cue_on_table() ? world().ball(cue_index()).position.x : 0.0;
        if (!match_->begin_shot(move.shot, move.call, move.push_out, &why)) {
            post("Computer shot refused: " + why); // never expected: a bug, said plainly
            return;
        }
        match_shot_started();
        cue_sound(move.shot.speed, cue_x);
        return;
    }
    if (match_->computer_to_act() && mode_ != Mode::Rolling)
        ai_job_ = std::async(std::launch::async,
                             [request = match_->ai_request()] { return game::ai_decide(request); });
}

void GameApp::wait_for_computer() {
    if (ai_job_.valid()) ai_job_.wait();
}

bool GameApp::decide(game::Choice choice) {
    if (!match_ || match_->phase() != game::Phase::Deciding || match_->computer_to_act())
        return false;
    if (!match_->decide(choice)) return false;
    match_moved();
    return true;
}

bool GameApp::rematch() {
    if (!match_ || match_->phase() != game::Phase::GameOver) return false;
    match_->rematch();
    replay_.reset();
    messages_.clear();
    shots_ = 0;
    autosave();
    match_after_change();
    const game::MatchView v = match_->view();
    post(fmt::format("Game {}: {} breaks", v.game_number, seat_name(v, v.shooter)));
    return true;
}

bool GameApp::undo() {
    if (!match_ || !match_->can_undo()) {
        post(match_ && !match_->config().practice ? "Undo is only in practice matches"
                                                  : "Nothing to undo");
        return false;
    }
    cancel_computer();
    replay_.reset();
    if (!match_->undo()) return false;
    autosave();
    match_after_change();
    post("Undone: back before the last shot");
    return true;
}

const game::LastShot* GameApp::last_shot() const {
    if (match_) return match_->last_shot();
    return sandbox_last_ ? &*sandbox_last_ : nullptr;
}

bool GameApp::replay_last_shot() {
    if (mode_ == Mode::Rolling) return false;
    const game::LastShot* last = last_shot();
    if (!last) {
        post("No shot to replay yet");
        return false;
    }
    replay_ = game::Match::replay_start(*last, cue_params_);
    // Its events make the replay's sounds (recording them changes nothing in the physics).
    replay_->clear_events();
    replay_->set_record_events(true);
    const int cue = replay_->index_of(game::kCueBall);
    cue_sound(last->shot.speed, cue >= 0 ? replay_->ball(cue).position.x : 0.0);
    pause_menu_ = false;
    clock_.set_paused(false);
    sync_interpolation();
    return true;
}

bool GameApp::call_pocket(int pocket) {
    if (!match_ || match_->computer_to_act() || !match_->view().must_call_pocket) return false;
    if (pocket < -1 || pocket >= static_cast<int>(table_.pockets.size())) return false;
    called_pocket_ = pocket;
    if (pocket >= 0) post("8-ball called in the " + game::pocket_name(pocket));
    return true;
}

void GameApp::set_push_out(bool on) {
    if (!match_ || match_->computer_to_act()) return;
    if (on && !match_->view().push_out_available) {
        post("A push-out is only allowed on the shot right after the break");
        return;
    }
    push_out_ = on;
    post(on ? "Push-out: the next shot may hit anything; the opponent then chooses"
            : "Push-out cancelled");
}

int GameApp::pocket_at(Vec2 p) const {
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

// ---- aim aid -----------------------------------------------------------------------------

void GameApp::update_paths() {
    const bool practice = !match_ || match_->config().practice;
    if (!choices_.predicted_path || !practice || mode_ != Mode::Aiming || !cue_on_table() ||
        (match_ && match_->computer_to_act())) {
        paths_.clear();
        return;
    }
    const double power = dragging_ ? std::clamp(pull_ / kMaxPull, 0.0, 1.0) : key_power_;
    const double key[5] = {heading_, power, side_, height_, elevation_};
    if (std::equal(key, key + 5, paths_key_)) return;
    std::copy(key, key + 5, paths_key_);
    game::CueShot shot{heading_, cue_speed_for_power(std::max(power, 0.02)), side_, height_,
                       elevation_};
    paths_.clear();
    // Bounded: a few seconds of the real physics, every 4th step.
    for (const game::BallPath& bp : game::predict_paths(world(), shot, cue_params_, 8.0, 4))
        paths_.push_back({bp.id, bp.points, bp.pocketed});
}

// ---- what the HUD shows ------------------------------------------------------------------

std::string GameApp::match_status() const {
    const game::MatchView v = match_->view();
    const std::string who = seat_name(v, v.shooter);
    if (v.game_over) return v.status;
    if (match_->computer_to_act()) {
        if (ai_move_) return who + " shoots";
        return v.pending != game::Pending::None ? who + " is deciding..." : who + " is thinking...";
    }
    if (mode_ == Mode::Rolling) return "Balls rolling...";
    if (v.pending != game::Pending::None) return v.status;
    std::string s = v.status;
    if (mode_ == Mode::Placing)
        s += placement_valid_ ? ". Click to place the cue ball" : ". " + placement_why_;
    else if (v.ball_in_hand)
        s += ". Click the cue ball (or B) to move it";
    if (v.must_call_pocket)
        s += called_pocket_ < 0 ? ". Click a pocket to call the 8"
                                : ". 8 called: " + game::pocket_name(called_pocket_);
    if (push_out_)
        s += ". Push-out declared (O to cancel)";
    else if (v.push_out_available)
        s += ". O: push-out";
    return s;
}

void GameApp::match_view(render::SceneView& v) const {
    const game::MatchView m = match_->view();
    v.hud.players.clear();
    for (int k = 0; k < 2; ++k) {
        const auto i = static_cast<std::size_t>(k);
        render::PlayerView p;
        p.name = m.names[i];
        std::string detail;
        if (m.kind == game::GameKind::EightBall)
            detail = m.open_table ? "open table" : game::to_string(m.groups[i]);
        else if (m.shooter == k && !m.game_over && !m.legal_targets.empty())
            detail = fmt::format("on the {}", m.legal_targets.front()); // the lowest ball
        detail += fmt::format("{}{} {}", detail.empty() ? "" : "  \xc2\xb7  ", m.games_won[i],
                              m.games_won[i] == 1 ? "game" : "games");
        if (m.computer[i])
            detail +=
                fmt::format("  \xc2\xb7  {} AI", game::to_string(match_->config().seats[i].level));
        if (m.consecutive_fouls[i] > 0)
            detail += fmt::format("  \xc2\xb7  {} foul{} in a row", m.consecutive_fouls[i],
                                  m.consecutive_fouls[i] == 1 ? "" : "s");
        p.detail = detail;
        p.tray = m.tray[i];
        p.active = !m.game_over && m.shooter == k;
        p.winner = m.game_over && m.winner == k;
        v.hud.players.push_back(std::move(p));
    }
    v.hud.title =
        fmt::format("{}  \xc2\xb7  game {}  \xc2\xb7  {} \xe2\x80\x93 {}{}",
                    game::to_string(m.kind), m.game_number, m.games_won[0], m.games_won[1],
                    match_->config().practice ? "  \xc2\xb7  practice" : "");
    if (clock_.paused() && !pause_menu_) v.hud.title += "  (paused)";
    v.hud.pocketed.clear();
    const bool human = !match_->computer_to_act();
    v.pockets.visible = m.must_call_pocket && human && mode_ == Mode::Aiming && !replay_;
    v.pockets.called = called_pocket_;
    v.pockets.hover = mouse_known_ ? pocket_at(layout_.to_table(mouse_)) : -1;
    if (show_keys_)
        v.hud.help = fmt::format(
            "Mouse: aim   Drag back + release: shoot   Left/Right: fine aim   "
            "W A S D: spin   {}R: replay   {}Esc: menu   M: mute   H: help   K: hide keys",
            m.kind == game::GameKind::NineBall ? "O: push-out   " : "Click a pocket: call the 8   ",
            match_->config().practice ? "Ctrl+Z: undo   " : "");
}

void GameApp::ui_match_overlays() {
    const game::MatchView m = match_->view();
    if (m.phase == game::Phase::Deciding && !match_->computer_to_act()) {
        game::Choice choice{};
        if (ui::draw_decision(ui::decision_info(m.pending, seat_name(m, m.shooter)), choice))
            decide(choice);
        return;
    }
    if (m.phase == game::Phase::GameOver) {
        ui::GameOverInfo info;
        info.title = m.winner >= 0 ? seat_name(m, m.winner) + " wins" : "Game over";
        const std::vector<std::string>& log = match_->log();
        info.reason = m.messages.empty() ? (log.empty() ? "" : log.back()) : m.messages.back();
        info.score = fmt::format("Games won: {} {}  \xe2\x80\x93  {} {}", m.names[0],
                                 m.games_won[0], m.games_won[1], m.names[1]);
        info.stats =
            fmt::format("{} shots, fouls {} \xe2\x80\x93 {}", m.shots, m.fouls[0], m.fouls[1]);
        info.can_replay = match_->last_shot() != nullptr;
        switch (ui::draw_game_over(info)) {
        case ui::GameOverAction::Rematch:
            rematch();
            break;
        case ui::GameOverAction::Replay:
            replay_last_shot();
            break;
        case ui::GameOverAction::MainMenu:
            show_menu();
            break;
        case ui::GameOverAction::None:
            break;
        }
    }
}

} // namespace billiards::app

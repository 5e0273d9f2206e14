#include "app/carom_mode.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <exception>

#include "core/random.hpp"
#include "io/carom_file.hpp"

namespace billiards::app {

namespace {

// How long the computer's cue is shown lined up before it shoots (real seconds); longer in
// practice, where its path is drawn to be studied.
constexpr double kComputerAimSeconds = 0.9;
constexpr double kPracticeAimSeconds = 2.5;

} // namespace

CaromMode::CaromMode(ModeContext& ctx, const game::CaromGameConfig& config, CaromPlayers players,
                     std::string table_name)
    : TableMode(ctx), players_(std::move(players)), table_name_(std::move(table_name)) {
    ctx_.events.clear();
    ctx_.clear_messages();
    new_game(config);
}

CaromMode::CaromMode(ModeContext& ctx, std::unique_ptr<game::CaromGame> game,
                     CaromPlayers players, std::string table_name)
    : TableMode(ctx), players_(std::move(players)), table_name_(std::move(table_name)) {
    ctx_.events.clear();
    ctx_.clear_messages();
    adopt(std::move(game));
    ctx_.post(game::carom_status(game_->state()));
}

CaromMode::~CaromMode() {
    cancel_computer();
}

void CaromMode::new_game(const game::CaromGameConfig& config) {
    adopt(std::make_unique<game::CaromGame>(config));
    autosave();
    const game::CaromState& s = game_->state();
    const std::string who = name(s.breaker);
    ctx_.post(game_->lag_winner() >= 0
                  ? fmt::format("Three-cushion to {}: {} wins the lag and breaks", s.options.target, who)
                  : fmt::format("Three-cushion to {}: {} breaks", s.options.target, who));
}

void CaromMode::adopt(std::unique_ptr<game::CaromGame> game) {
    cancel_computer();
    game_ = std::move(game);
    table_ = game_->table();
    ctx_.clock.set_dt(game_->config().params.timestep);
    Hand& h = ctx_.hand;
    h.heading = 0.0; // along the table, towards the red
    h.side = h.height = h.elevation = 0.0;
    verdict_.clear();
    computer_path_.clear();
    after_change();
}

void CaromMode::cancel_computer() {
    if (ai_job_.valid()) ai_job_.wait(); // its answer is for a position that is gone
    ai_job_ = {};
    ai_move_.reset();
}

void CaromMode::wait_for_computer() {
    if (ai_job_.valid()) ai_job_.wait();
}

bool CaromMode::computer_turn() const {
    const game::CaromState& s = game_->state();
    return !s.game_over &&
           players_.seats[static_cast<std::size_t>(s.shooter)] == game::SeatKind::Computer;
}

bool CaromMode::placement_allowed(Vec2, std::string* why) const {
    if (why) *why = "no ball in hand in three-cushion";
    return false;
}

// ---- frame -------------------------------------------------------------------------------

void CaromMode::advance(double real_seconds) {
    if (ctx_.at_table()) poll_computer();
    ctx_.run_frame(
        real_seconds, game_->world(),
        [&] {
            const std::size_t seen = events_logged_;
            game_->step_shot(); // nothing once the shot rests
            events_logged_ = ctx_.log_events(game_->world(), events_logged_);
            const std::span<const physics::Event> all(game_->world().events());
            return all.subspan(std::min(seen, all.size()));
        },
        [] {});
    if (state_ == Mode::Rolling && game_->rolling() && game_->shot_at_rest()) shot_done();
}

// ---- actions -----------------------------------------------------------------------------

bool CaromMode::apply(const Action& action) {
    if (std::holds_alternative<act::Undo>(action)) return undo();
    if (std::holds_alternative<act::Rematch>(action)) return rematch();
    if (const auto* k = std::get_if<act::Key>(&action); k && k->command == Command::Undo)
        return undo();
    return TableMode::apply(action);
}

void CaromMode::after_change() {
    ctx_.hand.drop_pull();
    ctx_.sync(game_->world());
    state_ = game_->rolling() ? Mode::Rolling : Mode::Aiming;
}

bool CaromMode::strike(const game::CueShot& shot) {
    if (computer_turn()) return false;
    if (!game_->begin_shot(shot)) {
        ctx_.post(game_over() ? "The game is over" : "Cannot shoot: the tip or speed is out of range");
        return false;
    }
    shot_started(shot);
    return true;
}

void CaromMode::shot_started(const game::CueShot& shot) {
    events_logged_ = 0;
    ctx_.hand.drop_pull();
    state_ = Mode::Rolling;
    ctx_.sync(game_->world());
    const int ci = cue_index();
    ctx_.cue_sound(world(), shot.speed, ci >= 0 ? world().ball(ci).position.x : 0.0);
}

void CaromMode::shot_done() {
    const game::CaromRecord& rec = game_->finish_shot();
    computer_path_.clear();
    verdict_ = fmt::format("{}: {}", name(rec.shooter), rec.result.message);
    ctx_.post(verdict_);
    const game::CaromState& s = game_->state();
    if (s.game_over)
        ctx_.post(s.winner >= 0 ? name(s.winner) + " wins" : "A draw");
    else if (s.shooter != rec.shooter)
        ctx_.post(name(s.shooter) + " to shoot");
    autosave();
    after_change();
    aim_at_mouse();
}

bool CaromMode::undo() {
    if (!game_->can_undo()) {
        ctx_.post(game_->config().practice ? "Nothing to undo" : "Undo is only in practice games");
        return false;
    }
    cancel_computer();
    computer_path_.clear();
    game_->undo();
    verdict_.clear();
    autosave();
    after_change();
    ctx_.post("Undone: back before the last shot");
    return true;
}

bool CaromMode::rematch() {
    if (!game_over()) return false;
    game::CaromGameConfig c = game_->config();
    c.breaker = 1 - game_->state().breaker; // breaks alternate
    c.seed = mix(c.seed, 0x7265ull);
    new_game(c);
    return true;
}

void CaromMode::autosave() {
    if (ctx_.storage.autosave.empty()) return;
    try {
        save(ctx_.storage.autosave);
    } catch (const std::exception& e) {
        ctx_.post(std::string("Autosave failed: ") + e.what());
    }
}

void CaromMode::save(const std::string& path) const {
    io::save_carom_file(io::carom_file_of(*game_, table_name_, players_.names, players_.seats),
                        path);
}

bool CaromMode::restart() {
    game::CaromGameConfig c = game_->config();
    c.seed = mix(c.seed, 0x7273ull); // a new lag
    new_game(c);
    return true;
}

// ---- the computer's turn -----------------------------------------------------------------

void CaromMode::poll_computer() {
    if (ai_job_.valid()) {
        if (ai_job_.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return;
        Decision d = ai_job_.get();
        ai_job_ = {};
        if (!computer_turn() || state_ == Mode::Rolling) return; // the game moved on
        if (d.move.frozen == game::FrozenChoice::Spot && game_->choose_frozen(d.move.frozen))
            after_change(); // the balls spotted before its aim shows
        Hand& h = ctx_.hand;
        h.heading = d.move.shot.heading;
        h.side = d.move.shot.side;
        h.height = d.move.shot.height;
        h.elevation = d.move.shot.elevation;
        h.key_power = power_for_cue_speed(d.move.shot.speed);
        if (!d.move.plan.empty())
            ctx_.post(fmt::format("{}: {}", name(game_->state().shooter), d.move.plan));
        computer_path_ = std::move(d.path);
        ai_move_ = d.move;
        ai_shoot_at_ = ctx_.real_time +
                       (game_->config().practice ? kPracticeAimSeconds : kComputerAimSeconds);
        return;
    }
    if (ai_move_) {
        if (ctx_.real_time < ai_shoot_at_) return;
        const game::CaromMove move = *ai_move_;
        ai_move_.reset();
        if (!game_->begin_shot(move.shot, move)) {
            ctx_.post("Computer shot refused"); // never expected: a bug, said plainly
            return;
        }
        shot_started(move.shot);
        return;
    }
    if (computer_turn() && state_ != Mode::Rolling)
        ai_job_ = std::async(std::launch::async, [request = game_->ai_request(),
                                                  practice = game_->config().practice] {
            Decision d;
            d.move = game::carom_decide(request);
            if (!practice) return d;
            // The path it means to play (its intended shot, without the execution noise).
            const auto paths = game::carom_path(game::carom_move_world(request, d.move),
                                                request.cue, d.move.intended, request.cue_params);
            for (std::size_t i = 0; i < paths.size(); ++i)
                d.path.push_back(
                    {request.world.ball(static_cast<int>(i)).id, paths[i], false});
            return d;
        });
}

} // namespace billiards::app

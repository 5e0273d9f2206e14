#include "app/carom_mode.hpp"

#include <fmt/format.h>

#include "core/random.hpp"
#include "io/carom_file.hpp"

namespace billiards::app {

namespace {

// How long the computer's cue is shown lined up before it shoots in practice (real seconds),
// where its path is drawn to be studied; else kComputerAimSeconds.
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

CaromMode::~CaromMode() = default; // the computer's job waits for its thread

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
    computer_.cancel();
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
    run_shot_frame(real_seconds, [&] { game_->step_shot(); });
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
    if (!begin_struck(shot.speed, "", [&](std::string* why) {
            if (game_->begin_shot(shot)) return true;
            *why = game_over() ? "The game is over"
                               : "Cannot shoot: the tip or speed is out of range";
            return false;
        }))
        return false;
    shot_started();
    return true;
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
    computer_.cancel();
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

void CaromMode::save(const std::string& path) const {
    io::save_carom_file(io::carom_file_of(*game_, table_name_, players_.names, players_.seats),
                        path);
}

std::string CaromMode::last_shot_file_name() const {
    if (!game_->last_shot()) return {};
    return fmt::format("three-cushion-shot{}.json", game_->history().size());
}

void CaromMode::save_last_shot(const std::string& path) const {
    save_replay(path, game_->config().max_shot_seconds);
}

bool CaromMode::restart() {
    game::CaromGameConfig c = game_->config();
    c.seed = mix(c.seed, 0x7273ull); // a new lag
    new_game(c);
    return true;
}

// ---- the computer's turn -----------------------------------------------------------------

void CaromMode::poll_computer() {
    computer_.poll(
        ctx_.real_time, computer_turn() && state_ != Mode::Rolling,
        [this](Decision d) { computer_decided(std::move(d)); },
        [this](const Decision& d) { computer_shoots(d.move); }, [this] { start_thinking(); });
}

void CaromMode::start_thinking() {
    computer_.start([request = game_->ai_request(), practice = game_->config().practice] {
        Decision d;
        d.move = game::carom_decide(request);
        if (!practice) return d;
        // The path it means to play (its intended shot, without the execution noise).
        const auto paths = game::carom_path(game::carom_move_world(request, d.move),
                                            request.cue, d.move.intended, request.cue_params);
        for (std::size_t i = 0; i < paths.size(); ++i)
            d.path.push_back({request.world.ball(static_cast<int>(i)).id, paths[i], false});
        return d;
    });
}

void CaromMode::computer_decided(Decision d) {
    if (!computer_turn() || state_ == Mode::Rolling) return; // the game moved on
    if (d.move.frozen == game::FrozenChoice::Spot && game_->choose_frozen(d.move.frozen))
        after_change(); // the balls spotted before its aim shows
    line_up(d.move.shot);
    if (!d.move.plan.empty())
        ctx_.post(fmt::format("{}: {}", name(game_->state().shooter), d.move.plan));
    computer_path_ = std::move(d.path);
    d.path.clear();
    const double aim_seconds = game_->config().practice ? kPracticeAimSeconds : kComputerAimSeconds;
    computer_.show(std::move(d), ctx_.real_time + aim_seconds);
}

void CaromMode::computer_shoots(const game::CaromMove& move) {
    // A refusal is never expected: a bug, said plainly.
    if (begin_struck(move.shot.speed, "Computer shot refused", [&](std::string*) {
            return game_->begin_shot(move.shot, move);
        }))
        shot_started();
}

} // namespace billiards::app

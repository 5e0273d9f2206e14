// What a three-cushion game shows: the status line, the players' cards (score, ball, innings,
// high run), the title (target, innings limit), the computer's path in practice, the key bar,
// the frozen-ball card and the game-over card.
#include <fmt/format.h>

#include "app/carom_mode.hpp"
#include "app/hud_card.hpp"
#include "game/carom/carom_diamonds.hpp"

namespace billiards::app {

namespace {

const char* ball_name(int player) {
    return player == 0 ? "white" : "yellow";
}

const char* object_name(int id) {
    return id == game::kCaromRed ? "red" : id == game::kCaromWhite ? "white" : "yellow";
}

// UMB, balls in contact: the shooter's choice, at the side so the table stays in view.
ui::OptionsCard frozen_card(const std::string& who, int shooter, int frozen) {
    ui::OptionsCard card;
    card.id = "##carom_frozen";
    card.side = true;
    card.title = "Frozen ball";
    card.text = fmt::format("{}: the {} ball touches the {}. Play away from it (it counts only "
                            "after a cushion or the {}), or have the balls spotted as at the "
                            "break.",
                            who, ball_name(shooter), object_name(frozen),
                            object_name(3 - game::carom_cue_ball(shooter) - frozen));
    card.labels = {"Play away", "Spot the balls"};
    return card;
}

} // namespace

std::string CaromMode::status() const {
    const game::CaromState& s = game_->state();
    if (s.game_over) {
        const std::string score = fmt::format("{} - {}", s.score[0], s.score[1]);
        return s.winner >= 0 ? fmt::format("{} wins {}", name(s.winner), score)
                             : "Draw " + score;
    }
    const std::string who = fmt::format("{} ({})", name(s.shooter), ball_name(s.shooter));
    if (state_ == Mode::Rolling) return "Balls rolling...";
    std::string t;
    if (computer_turn())
        t = who + (computer_aim_shown() ? " shoots" : " is thinking...");
    else
        t = who + (s.break_shot ? " to break: hit the red first" : " to shoot");
    if (const int frozen = game_->frozen_ball(); frozen >= 0 && !computer_turn())
        t += fmt::format(" (frozen to the {}: play away or spot the balls)", object_name(frozen));
    if (s.last_inning) t += " (last inning)";
    if (!verdict_.empty()) t += "   \xc2\xb7   last shot: " + verdict_;
    return t;
}

void CaromMode::describe(render::SceneView& v) const {
    TableMode::describe(v);
    if (!computer_path_.empty() && (computer_aim_shown() || state_ == Mode::Rolling))
        v.paths = computer_path_;
    if (ctx_.choices.diamond_aid && state_ == Mode::Aiming && !computer_turn() && !game_over())
        describe_diamonds(v);
}

// The diamond aid: the cue ball's line to its first two rails, the diamond at each hit.
void CaromMode::describe_diamonds(render::SceneView& v) const {
    const int ci = cue_index();
    if (ci < 0) return;
    const physics::Ball& b = world().ball(ci);
    const Hand& h = ctx_.hand;
    const game::CueShot now{h.heading, 0.0, h.side, h.height, h.elevation};
    const double heading = game::launch_heading(now, b.mass, cue());
    render::PathView line{b.id, {b.position}, false};
    for (const game::RailHit& hit : game::diamond_path(table_.spec, b.position, heading, b.radius)) {
        line.points.push_back(hit.centre);
        // The number sits just outside the cushion nose, where the diamonds are.
        const bool long_rail = hit.rail == game::Rail::Top || hit.rail == game::Rail::Bottom;
        const double out = b.radius + table_.spec.rail_width * 0.5;
        Vec2 at = hit.centre;
        if (long_rail)
            at.y += hit.rail == game::Rail::Top ? out : -out;
        else
            at.x += hit.rail == game::Rail::Foot ? out : -out;
        v.labels.push_back({at, fmt::format("{:.1f}", hit.diamond)});
    }
    v.paths.push_back(std::move(line));
}

void CaromMode::describe_hud(render::SceneView& v) const {
    const game::CaromState& s = game_->state();
    v.hud.players.clear();
    for (int k = 0; k < 2; ++k) {
        const auto i = static_cast<std::size_t>(k);
        std::string detail = fmt::format("{} ball{}{} innings{}high run {}", ball_name(k),
                                         hud::kDot, s.innings[i], hud::kDot, s.high_run[i]);
        if (!s.game_over && s.shooter == k && s.run > 0)
            detail += fmt::format("{}run {}", hud::kDot, s.run);
        if (players_.seats[i] == game::SeatKind::Computer)
            detail += hud::ai_tag(game_->config().levels[i]);
        v.hud.players.push_back(hud::player(fmt::format("{}  {}", players_.names[i], s.score[i]),
                                            detail, !s.game_over && s.shooter == k,
                                            s.game_over && s.winner == k));
    }
    v.hud.title = fmt::format("Three-cushion  \xc2\xb7  to {}{}  \xc2\xb7  {} \xe2\x80\x93 {}{}",
                              s.options.target,
                              s.options.innings_limit > 0
                                  ? fmt::format(" in {} innings", s.options.innings_limit)
                                  : "",
                              s.score[0], s.score[1],
                              game_->config().practice ? "  \xc2\xb7  practice" : "");
    hud::mark_paused(v.hud.title, ctx_);
    v.hud.pocketed.clear();
    if (ctx_.display.keys) v.hud.help = hud::key_bar("", game_->config().practice);
}

GameMode::Request CaromMode::draw_cards() {
    const game::CaromState& s = game_->state();
    const int frozen = game_->frozen_ball();
    if (frozen >= 0 && !computer_turn() && state_ == Mode::Aiming && !ctx_.over.replay) {
        const int picked = hud::choose(frozen_card(name(s.shooter), s.shooter, frozen));
        if (picked < 0) return Request::None;
        const bool spot = picked == 1;
        game_->choose_frozen(spot ? game::FrozenChoice::Spot : game::FrozenChoice::PlayAway);
        autosave(); // the choice is part of the game (the file's next_frozen)
        after_change();
        ctx_.post(spot ? name(s.shooter) + " has the balls spotted"
                       : name(s.shooter) + " plays away from the " + object_name(frozen));
        return Request::None;
    }
    if (!s.game_over || state_ == Mode::Rolling) return Request::None;
    ui::GameOverInfo info;
    info.title = s.winner >= 0 ? name(s.winner) + " wins" : "A draw";
    info.reason = verdict_;
    info.score = hud::score_line(players_.names, s.score[0], s.score[1]);
    info.stats = fmt::format("{} shots, innings {} \xe2\x80\x93 {}, high runs {} \xe2\x80\x93 {}",
                             game_->history().size(), s.innings[0], s.innings[1], s.high_run[0],
                             s.high_run[1]);
    info.can_replay = game_->last_shot() != nullptr;
    return hud::game_over(info, [this] { rematch(); });
}

} // namespace billiards::app

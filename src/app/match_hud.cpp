// What a match shows: the status line, the players' cards, the title, the pocket marks for a
// called 8, the key bar, and the Dear ImGui cards over the table (a decision, game over).
#include <fmt/format.h>

#include "app/hud_card.hpp"
#include "app/match_mode.hpp"
#include "game/match_aim.hpp"

namespace billiards::app {

namespace {

std::string seat_name(const game::MatchView& v, int seat) {
    return v.names[static_cast<std::size_t>(seat)];
}

} // namespace

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

std::string MatchMode::status() const {
    const game::MatchView v = match_->view();
    const std::string who = seat_name(v, v.shooter);
    if (v.game_over) return v.status;
    if (match_->computer_to_act()) {
        if (computer_aim_shown()) return who + " shoots";
        return v.pending != game::Pending::None ? who + " is deciding..." : who + " is thinking...";
    }
    if (state_ == Mode::Rolling) return "Balls rolling...";
    if (v.pending != game::Pending::None) return v.status;
    std::string s = v.status;
    if (state_ == Mode::Placing)
        s += placement_valid() ? ". Click to place the cue ball" : ". " + placement_why();
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

void MatchMode::describe_hud(render::SceneView& v) const {
    const game::MatchView m = match_->view();
    v.hud.players.clear();
    for (int k = 0; k < 2; ++k) {
        const auto i = static_cast<std::size_t>(k);
        std::string detail;
        if (m.kind == game::GameKind::EightBall)
            detail = m.open_table ? "open table" : game::to_string(m.groups[i]);
        else if (m.shooter == k && !m.game_over && !m.legal_targets.empty())
            detail = fmt::format("on the {}", m.legal_targets.front()); // the lowest ball
        detail += fmt::format("{}{} {}", detail.empty() ? "" : "  \xc2\xb7  ", m.games_won[i],
                              m.games_won[i] == 1 ? "game" : "games");
        if (m.computer[i]) detail += hud::ai_tag(match_->config().seats[i].level);
        if (m.consecutive_fouls[i] > 0)
            detail += fmt::format("  \xc2\xb7  {} foul{} in a row", m.consecutive_fouls[i],
                                  m.consecutive_fouls[i] == 1 ? "" : "s");
        render::PlayerView p = hud::player(m.names[i], detail, !m.game_over && m.shooter == k,
                                           m.game_over && m.winner == k);
        p.tray = m.tray[i];
        v.hud.players.push_back(std::move(p));
    }
    v.hud.title =
        fmt::format("{}  \xc2\xb7  game {}  \xc2\xb7  {} \xe2\x80\x93 {}{}",
                    game::to_string(m.kind), m.game_number, m.games_won[0], m.games_won[1],
                    match_->config().practice ? "  \xc2\xb7  practice" : "");
    hud::mark_paused(v.hud.title, ctx_);
    v.hud.pocketed.clear();
    const bool human = !match_->computer_to_act();
    v.pockets.visible =
        m.must_call_pocket && human && state_ == Mode::Aiming && !ctx_.over.replay;
    v.pockets.called = called_pocket_;
    v.pockets.hover = ctx_.hand.mouse_known ? pocket_at(ctx_.layout.to_table(ctx_.hand.mouse)) : -1;
    if (ctx_.display.keys)
        v.hud.help = hud::key_bar(
            m.kind == game::GameKind::NineBall ? "O: push-out   " : "Click a pocket: call the 8   ",
            match_->config().practice);
}

GameMode::Request MatchMode::draw_cards() {
    const game::MatchView m = match_->view();
    if (m.phase == game::Phase::Deciding && !match_->computer_to_act()) {
        game::Choice choice{};
        if (ui::draw_decision(ui::decision_info(m.pending, seat_name(m, m.shooter)), choice))
            decide(choice);
        return Request::None;
    }
    if (m.phase != game::Phase::GameOver) return Request::None;
    ui::GameOverInfo info;
    info.title = m.winner >= 0 ? seat_name(m, m.winner) + " wins" : "Game over";
    const std::vector<std::string>& log = match_->log();
    info.reason = m.messages.empty() ? (log.empty() ? "" : log.back()) : m.messages.back();
    info.score = "Games won: " + hud::score_line(m.names, m.games_won[0], m.games_won[1]);
    info.stats = fmt::format("{} shots, fouls {} \xe2\x80\x93 {}", m.shots, m.fouls[0], m.fouls[1]);
    info.can_replay = match_->last_shot() != nullptr;
    return hud::game_over(info, [this] { rematch(); });
}

} // namespace billiards::app

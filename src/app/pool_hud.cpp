// What 8-ball and 9-ball show in the match mode: the status line, the players' cards, the
// title, the pocket marks for a called 8, the key bar, the decision and game-over cards, and
// the news after each shot.
#include <fmt/format.h>

#include "app/game_hud.hpp"
#include "app/hud_card.hpp"
#include "app/match_mode.hpp"
#include "game/pool/match.hpp"
#include "game/pool/pool_game.hpp"

namespace billiards::app {

namespace {

std::string seat_name(const game::MatchView& v, int seat) {
    return v.names[static_cast<std::size_t>(seat)];
}

// The help screen's rules, short and as game/pool/rules.cpp judges them.
constexpr const char* kNineBallRules = R"(
Every shot must first hit the lowest-numbered ball on the table, then pocket a ball or send a
ball to a rail. Any ball pocketed on a legal shot keeps you at the table.

Break: pocket a ball or drive at least four balls to a rail, or it is a foul.

On the shot right after the break, the shooter may declare a push-out (O): it may hit anything,
only a scratch is a foul; the other player then shoots or passes the shot back.

Fouls (cue ball pocketed, no ball hit, wrong ball first, no rail, illegal break) give the other
player ball in hand anywhere; a 9 pocketed on a foul is re-spotted. Three fouls in a row lose
the game.

Pocket the 9 on a legal shot to win, on the break or with a combination too.
)";

constexpr const char* kEightBallRules = R"(
Break: pocket a ball or drive at least four object balls to a rail. Otherwise the other player
accepts the table or has it re-racked. An 8 pocketed on the break is re-spotted; a scratch on
the break gives ball in hand behind the head string.

The table is open until a player pockets a ball on a legal shot after the break: that ball's
group (solids 1-7 or stripes 9-15) becomes theirs.

Every shot must first hit a ball of your group (on an open table any ball but the 8), then
pocket a ball or send a ball to a rail.

Pocketing a ball of your group keeps you at the table; otherwise the turn passes.

Fouls (cue ball pocketed, no ball hit, wrong ball first, no rail) give the other player ball in
hand anywhere.

Your group cleared, call a pocket for the 8 (click the pocket) and pocket it there to win.
Pocketing the 8 early, in another pocket, without a call or on a foul loses the game.
)";

class PoolHud final : public GameHud {
  public:
    const char* rules_text(game::GameKind kind) const override {
        return kind == game::GameKind::NineBall ? kNineBallRules : kEightBallRules;
    }
    std::string status(const MatchMode& m) const override;
    void describe_hud(render::SceneView& v, const MatchMode& m) const override;
    bool draw_choices(MatchMode& m) override;
    std::optional<ui::GameOverInfo> game_over_card(const MatchMode& m) const override;

    const char* undo_refused() const override { return "Undo is only in practice matches"; }

    void started(MatchMode& m) override {
        const game::MatchView v = match(m.play()).view();
        m.context().post(
            fmt::format("{}: {} breaks", game::to_string(v.kind), seat_name(v, v.shooter)));
    }
    void shot_news(MatchMode& m, const game::ShotOutcome&) override { post_messages(m); }
    // The decision in a sentence about its player, in place of the rules' own note of it
    // ("Re-rack: Ann breaks" does not say who chose).
    void decision_news(MatchMode& m, const std::string& who, std::optional<game::Decision> d,
                       bool) override {
        if (!d) return;
        const game::MatchView v = match(m.play()).view();
        std::string words = hud::decision_words(*d, who, hud::other_name(v.names, who));
        if (*d == game::Decision::AcceptTable && v.ball_in_hand)
            words += v.kitchen_only ? ", with ball in hand behind the head string"
                                    : ", with ball in hand";
        m.context().post(words);
    }
    bool rematch(MatchMode& m) override {
        if (!m.play().rematch()) return false;
        m.context().clear_messages();
        m.restart_count();
        m.autosave();
        m.after_change();
        const game::MatchView v = match(m.play()).view();
        m.context().post(fmt::format("Game {}: {} breaks", v.game_number, seat_name(v, v.shooter)));
        return true;
    }

    std::string last_shot_file_name(const game::Game& g) const override {
        if (!g.last_shot()) return {};
        return "game" + std::to_string(match(g).view().game_number) + "-shot" +
               std::to_string(match(g).history().size()) + ".json";
    }
    double max_shot_seconds(const game::Game& g) const override {
        return match(g).config().max_shot_seconds;
    }

  private:
    static const game::Match& match(const game::Game& g) { return *game::pool_match(g); }
    static void post_messages(MatchMode& m) {
        for (const std::string& text : match(m.play()).view().messages)
            m.context().post(text);
    }
};

std::string PoolHud::status(const MatchMode& m) const {
    const game::Match& pool = match(m.play());
    const game::MatchView v = pool.view();
    const std::string who = seat_name(v, v.shooter);
    if (v.game_over) return v.status;
    if (pool.computer_to_act()) {
        if (m.computer_aim_shown()) return who + " shoots";
        return v.pending != game::Pending::None ? who + " is deciding..." : who + " is thinking...";
    }
    if (m.state() == Mode::Rolling) return "Balls rolling...";
    if (v.pending != game::Pending::None) return v.status;
    std::string s = v.status;
    if (m.state() == Mode::Placing)
        s += m.placement_valid() ? ". Click to place the cue ball"
                                 : ". Not here: " + m.placement_why();
    else if (v.ball_in_hand)
        s += ". Click the cue ball (or B) to move it";
    if (v.must_call_pocket)
        s += m.called_pocket() < 0 ? ". Click a pocket to call the 8"
                                   : ". 8 called: " + game::pocket_name(m.called_pocket());
    if (m.push_out())
        s += ". Push-out declared (O to cancel)";
    else if (v.push_out_available)
        s += ". O: push-out";
    return s;
}

void PoolHud::describe_hud(render::SceneView& v, const MatchMode& mode) const {
    const game::Match& pool = match(mode.play());
    const game::MatchView m = pool.view();
    const ModeContext& ctx = mode.context();
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
        if (m.computer[i]) detail += hud::ai_tag(pool.config().seats[i].level);
        if (m.consecutive_fouls[i] > 0)
            detail += fmt::format("  \xc2\xb7  {} foul{} in a row", m.consecutive_fouls[i],
                                  m.consecutive_fouls[i] == 1 ? "" : "s");
        render::PlayerView p = hud::player(m.names[i], detail, !m.game_over && m.shooter == k,
                                           m.game_over && m.winner == k);
        p.tray = m.tray[i];
        v.hud.players.push_back(std::move(p));
    }
    v.hud.title = fmt::format("{}  \xc2\xb7  game {}  \xc2\xb7  {} \xe2\x80\x93 {}{}",
                              game::to_string(m.kind), m.game_number, m.games_won[0],
                              m.games_won[1], mode.play().practice() ? "  \xc2\xb7  practice" : "");
    hud::mark_paused(v.hud.title, ctx);
    v.hud.pocketed.clear();
    const bool human = !pool.computer_to_act();
    v.pockets.visible =
        m.must_call_pocket && human && mode.state() == Mode::Aiming && !ctx.over.replay;
    v.pockets.called = mode.called_pocket();
    v.pockets.hover =
        ctx.hand.mouse_known ? mode.pocket_at(ctx.layout.to_table(ctx.hand.mouse)) : -1;
    // The key bar offers only what may be done now.
    const bool push_out = human && (m.push_out_available || mode.push_out());
    if (ctx.display.keys)
        v.hud.help = hud::key_bar(push_out                      ? "O: push-out   "
                                  : m.must_call_pocket && human ? "Click a pocket: call the 8   "
                                                                : "",
                                  mode.play().practice());
}

bool PoolHud::draw_choices(MatchMode& mode) {
    const game::Match& pool = match(mode.play());
    const game::MatchView m = pool.view();
    if (m.phase != game::Phase::Deciding || pool.computer_to_act()) return false;
    game::Choice choice{};
    if (ui::draw_decision(ui::decision_info(m.pending, seat_name(m, m.shooter)), choice,
                          hud::dock(mode.context())))
        mode.decide(game::decision_of(choice));
    return true;
}

std::optional<ui::GameOverInfo> PoolHud::game_over_card(const MatchMode& mode) const {
    const game::Match& pool = match(mode.play());
    const game::MatchView m = pool.view();
    if (m.phase != game::Phase::GameOver) return std::nullopt;
    ui::GameOverInfo info;
    info.title = m.winner >= 0 ? seat_name(m, m.winner) + " wins" : "Game over";
    const std::vector<std::string>& log = pool.log();
    info.reason = m.messages.empty() ? (log.empty() ? "" : log.back()) : m.messages.back();
    info.score = "Games won: " + hud::score_line(m.names, m.games_won[0], m.games_won[1]);
    info.stats = fmt::format("{} shots, fouls {} \xe2\x80\x93 {}", m.shots, m.fouls[0], m.fouls[1]);
    return info;
}

} // namespace

std::unique_ptr<GameHud> make_pool_hud() {
    return std::make_unique<PoolHud>();
}

} // namespace billiards::app

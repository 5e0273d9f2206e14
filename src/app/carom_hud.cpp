// What three-cushion shows in the match mode: the status line, the players' cards (score,
// ball, innings, high run), the title (target, innings limit), the diamond aid, the key bar,
// the frozen-ball and game-over cards, and the news of each shot and game.
#include <fmt/format.h>

#include "app/game_aim.hpp"
#include "app/game_hud.hpp"
#include "app/hud_card.hpp"
#include "app/match_mode.hpp"
#include "core/random.hpp"
#include "game/carom/carom_diamonds.hpp"
#include "game/carom/carom_game.hpp"
#include "game/carom/three_cushion_game.hpp"

namespace billiards::app {

namespace {

// The help screen's rules, short and as the carom rules judge them.
constexpr const char* kRules = R"(
Three balls, no pockets: white is player 1's cue ball, yellow player 2's, red is an object ball
for both.

A point: your cue ball hits both other balls, and touches the cushions at least three times
before it hits the second ball (cushion first counts).

A point keeps you at the table; a miss ends your inning. The break must hit the red first.

First to the points to win; the second player then gets the last inning to equalize (a draw).
With an innings limit, the higher score after it wins.

Your cue ball touching a ball (frozen): play away from it (it counts only after a cushion or the
other ball), or have the balls spotted as at the break (card).
)";

const char* ball_name(int player) {
    return player == 0 ? "white" : "yellow";
}

const char* object_name(int id) {
    return id == game::kCaromRed ? "red" : id == game::kCaromWhite ? "white" : "yellow";
}

const game::CaromGame& carom(const game::Game& g) {
    return *game::carom_game(g);
}

// UMB, balls in contact: the shooter's choice, at the side so the table stays in view.
ui::OptionsCard frozen_card(const std::string& who, int shooter, int frozen) {
    ui::OptionsCard card;
    card.id = "##carom_frozen";
    card.title = "Frozen ball";
    card.text = fmt::format("{}: the {} ball touches the {}. Play away from it (it counts only "
                            "after a cushion or the {}), or have the balls spotted as at the "
                            "break.",
                            who, ball_name(shooter), object_name(frozen),
                            object_name(3 - game::carom_cue_ball(shooter) - frozen));
    card.labels = {"Play away", "Spot the balls"};
    return card;
}

class CaromHud final : public GameHud {
  public:
    const char* rules_text(game::GameKind) const override { return kRules; }
    std::string status(const MatchMode& m) const override;
    void describe_hud(render::SceneView& v, const MatchMode& m) const override;
    void describe_table(render::SceneView& v, const MatchMode& m) const override;
    bool draw_choices(MatchMode& m) override;
    std::optional<ui::GameOverInfo> game_over_card(const MatchMode& m) const override;

    bool paths_allowed(const game::Game&) const override { return false; } // pool's cue ball
    std::string refusal(const game::Game& g, const std::string&) const override {
        return g.over() ? "The game is over" : "Cannot shoot: the tip or speed is out of range";
    }
    const char* undo_refused() const override { return "Undo is only in practice games"; }
    void after_undo() override { verdict_.clear(); }

    void started(MatchMode& m) override {
        m.autosave();
        const game::CaromGame& g = carom(m.play());
        const game::CaromState& s = g.state();
        const std::string who = m.name(s.breaker);
        m.context().post(
            g.lag_winner() >= 0
                ? fmt::format("Three-cushion to {}: {} wins the lag and breaks", s.options.target,
                              who)
                : fmt::format("Three-cushion to {}: {} breaks", s.options.target, who));
    }
    void shot_news(MatchMode& m, const game::ShotOutcome& outcome) override {
        verdict_ = fmt::format("{}: {}", m.name(outcome.shooter), outcome.messages.front());
        m.context().post(verdict_);
        const game::CaromState& s = carom(m.play()).state();
        if (s.game_over)
            m.context().post(s.winner >= 0 ? m.name(s.winner) + " wins" : "A draw");
        else if (s.shooter != outcome.shooter)
            m.context().post(m.name(s.shooter) + " to shoot");
    }
    void decision_news(MatchMode& m, const std::string& who, std::optional<game::Decision> d,
                       bool) override {
        if (d)
            m.context().post(hud::decision_words(*d, who, hud::other_name(m.play().names(), who),
                                                 frozen_ >= 0 ? object_name(frozen_) : ""));
    }
    bool aim_after_shot() const override { return true; }

    // The game's own rematch (the breaks alternate, the next game's seed the match's), so
    // that the save keeps one match of games.
    bool rematch(MatchMode& m) override {
        if (!m.play().rematch()) return false;
        Hand& h = m.context().hand;
        h.heading = 0.0;
        h.side = h.height = h.elevation = 0.0;
        m.after_change();
        verdict_.clear();
        started(m);
        return true;
    }
    bool restart(MatchMode& m) override {
        game::GameOptions o = m.play().options();
        o.seed = mix(o.seed, 0x7273ull); // a new lag
        m.replace_game(game::make_game(game::GameKind::ThreeCushion, o), true);
        verdict_.clear();
        started(m);
        return true;
    }

    std::string last_shot_file_name(const game::Game& g) const override {
        if (!g.last_shot()) return {};
        return fmt::format("three-cushion-shot{}.json", carom(g).history().size());
    }
    double max_shot_seconds(const game::Game& g) const override {
        return carom(g).config().max_shot_seconds;
    }

  private:
    std::string verdict_; // the last shot's, for the HUD
    int frozen_ = -1;     // the ball of the frozen card answered
};

std::string CaromHud::status(const MatchMode& m) const {
    const game::CaromState& s = carom(m.play()).state();
    if (s.game_over) {
        const std::string score = fmt::format("{} - {}", s.score[0], s.score[1]);
        return s.winner >= 0 ? fmt::format("{} wins {}", m.name(s.winner), score) : "Draw " + score;
    }
    const std::string who = fmt::format("{} ({})", m.name(s.shooter), ball_name(s.shooter));
    if (m.state() == Mode::Rolling) return "Balls rolling...";
    std::string t;
    if (m.computer_turn())
        t = who + (m.computer_aim_shown() ? " shoots" : " is thinking...");
    else
        t = who + (s.break_shot ? " to break: hit the red first" : " to shoot");
    if (const int frozen = carom(m.play()).frozen_ball(); frozen >= 0 && !m.computer_turn())
        t += fmt::format(" (frozen to the {}: play away or spot the balls)", object_name(frozen));
    if (s.last_inning) t += " (last inning)";
    if (!verdict_.empty()) t += "   \xc2\xb7   last shot: " + verdict_;
    return t;
}

// The diamond aid: the cue ball's line to its first two rails, the diamond at each hit.
void CaromHud::describe_table(render::SceneView& v, const MatchMode& m) const {
    if (!m.context().choices.diamond_aid || m.state() != Mode::Aiming || m.computer_turn() ||
        m.game_over())
        return;
    const physics::World& w = m.world();
    const int ci = w.index_of(m.play().next().cue_ball);
    if (ci < 0) return;
    const physics::Ball& b = w.ball(ci);
    const Hand& h = m.context().hand;
    const game::CueShot now{h.heading, 0.0, h.side, h.height, h.elevation};
    const double heading = game::launch_heading(now, b.mass, m.cue());
    const game::TableSpec& spec = m.table().spec;
    render::PathView line{b.id, {b.position}, false};
    for (const game::RailHit& hit : game::diamond_path(spec, b.position, heading, b.radius)) {
        // The line stops at the first ball it would hit: past it, the path is not this one.
        const Vec2 from = line.points.back();
        const double len = length(hit.centre - from);
        if (len > 0.0) {
            const Vec2 d = (hit.centre - from) / len;
            const double s = first_ball_along(w, ci, from, d, b.radius, len);
            if (s < len) {
                line.points.push_back(from + d * s);
                break;
            }
        }
        line.points.push_back(hit.centre);
        // The number sits just outside the cushion nose, where the diamonds are.
        const bool long_rail = hit.rail == game::Rail::Top || hit.rail == game::Rail::Bottom;
        const double out = b.radius + spec.rail_width * 0.5;
        Vec2 at = hit.centre;
        if (long_rail)
            at.y += hit.rail == game::Rail::Top ? out : -out;
        else
            at.x += hit.rail == game::Rail::Foot ? out : -out;
        v.labels.push_back({at, fmt::format("{:.1f}", hit.diamond)});
    }
    v.paths.push_back(std::move(line));
}

void CaromHud::describe_hud(render::SceneView& v, const MatchMode& m) const {
    const game::CaromGame& g = carom(m.play());
    const game::CaromState& s = g.state();
    const std::array<game::Seat, 2> seats = m.play().seats();
    v.hud.players.clear();
    for (int k = 0; k < 2; ++k) {
        const auto i = static_cast<std::size_t>(k);
        std::string detail = fmt::format("{} ball{}{} innings{}high run {}", ball_name(k),
                                         hud::kDot, s.innings[i], hud::kDot, s.high_run[i]);
        if (!s.game_over && s.shooter == k && s.run > 0)
            detail += fmt::format("{}run {}", hud::kDot, s.run);
        if (seats[i].kind == game::SeatKind::Computer) detail += hud::ai_tag(g.config().levels[i]);
        v.hud.players.push_back(hud::player(fmt::format("{}  {}", m.name(k), s.score[i]), detail,
                                            !s.game_over && s.shooter == k,
                                            s.game_over && s.winner == k));
    }
    v.hud.title = fmt::format(
        "Three-cushion  \xc2\xb7  to {}{}  \xc2\xb7  {} \xe2\x80\x93 {}{}", s.options.target,
        s.options.innings_limit > 0 ? fmt::format(" in {} innings", s.options.innings_limit) : "",
        s.score[0], s.score[1], g.config().practice ? "  \xc2\xb7  practice" : "");
    hud::mark_paused(v.hud.title, m.context());
    v.hud.pocketed.clear();
    if (m.context().display.keys) v.hud.help = hud::key_bar("", g.config().practice);
}

bool CaromHud::draw_choices(MatchMode& m) {
    const game::CaromGame& g = carom(m.play());
    const game::CaromState& s = g.state();
    const int frozen = g.frozen_ball();
    if (frozen < 0 || m.computer_turn() || m.state() != Mode::Aiming || m.context().over.replay)
        return false;
    const int picked = hud::choose(frozen_card(m.name(s.shooter), s.shooter, frozen), m.context());
    if (picked >= 0) {
        frozen_ = frozen;
        m.decide(picked == 1 ? game::Decision::Spot : game::Decision::PlayAway);
    }
    return true;
}

std::optional<ui::GameOverInfo> CaromHud::game_over_card(const MatchMode& m) const {
    const game::CaromGame& g = carom(m.play());
    const game::CaromState& s = g.state();
    if (!s.game_over || m.state() == Mode::Rolling) return std::nullopt;
    ui::GameOverInfo info;
    info.title = s.winner >= 0 ? m.name(s.winner) + " wins" : "A draw";
    info.reason = verdict_;
    const std::array<std::string, 2> names = m.play().names();
    info.score = hud::score_line(names, s.score[0], s.score[1]);
    info.stats =
        fmt::format("{} shots, innings {} \xe2\x80\x93 {}, high runs {} \xe2\x80\x93 {}",
                    g.history().size(), s.innings[0], s.innings[1], s.high_run[0], s.high_run[1]);
    return info;
}

} // namespace

std::unique_ptr<GameHud> make_carom_hud() {
    return std::make_unique<CaromHud>();
}

} // namespace billiards::app

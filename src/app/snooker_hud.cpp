// What snooker shows in the match mode: both scores and frames, the break, the points
// remaining, the ball on and what to nominate; the cards for a nomination, the reply to a
// foul and the end of the match; the news of each stroke and frame.
#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

#include "app/game_hud.hpp"
#include "app/hud_card.hpp"
#include "app/match_mode.hpp"
#include "game/snooker/snooker_game.hpp"
#include "game/snooker/snooker_match.hpp"

namespace billiards::app {

namespace {

// The help screen's rules, short and as the snooker rules judge them.
constexpr const char* kRules = R"(
15 reds and six colours. While reds remain, pot a red (1) then a colour (yellow 2, green 3,
brown 4, blue 5, pink 6, black 7), which is re-spotted; then the colours in that order. A pot
keeps you at the table.

The first ball the cue ball hits must be a ball on. After a red, nominate the colour on the card
(otherwise the first colour hit counts).

Fouls give the opponent the value of the ball on or the ball involved, at least 4. After a foul
the opponent plays on or has the offender play again; after a miss also with the balls replaced.
Snookered after a foul: a free ball (nominate it).

Cue ball in hand: anywhere in the D. The frame goes to the higher score; a tie on the black
re-spots it. Matches are best of N frames.
)";

namespace snk = game::snooker;

const std::string& name_of(const snk::FrameState& f, int seat) {
    return f.names[static_cast<std::size_t>(seat)];
}

// The colours on the table, in value order: what may be nominated.
std::vector<int> colours_on(const std::vector<int>& on_table) {
    std::vector<int> out;
    for (int id = snk::kYellow; id <= snk::kBlack; ++id)
        if (std::find(on_table.begin(), on_table.end(), id) != on_table.end()) out.push_back(id);
    return out;
}

const snk::Match& match(const game::Game& g) {
    return *snk::snooker_match(g);
}

// The player may strike (no reply due, the balls at rest).
bool shot_phase(const snk::Match& s) {
    const snk::FrameState& f = s.frame();
    return !f.frame_over && !f.reply_pending && !s.rolling();
}

bool needs_nomination(const snk::Match& s) { // after a red or with a free ball
    return shot_phase(s) && (s.frame().on_colour || s.frame().free_ball);
}

class SnookerHud final : public GameHud {
  public:
    const char* rules_text(game::GameKind) const override { return kRules; }
    std::string status(const MatchMode& m) const override;
    void describe_hud(render::SceneView& v, const MatchMode& m) const override;
    bool draw_choices(MatchMode& m) override;
    std::optional<ui::GameOverInfo> game_over_card(const MatchMode& m) const override;

    const char* undo_refused() const override { return "Undo is only in practice"; }
    const char* undone() const override { return "Undone: back before the last stroke"; }
    bool nominate(MatchMode& m, int ball) override;

    void started(MatchMode& m) override {
        const snk::MatchConfig& c = match(m.play()).config();
        m.context().post(fmt::format("Snooker, best of {}: {} breaks", c.best_of, c.seats[0].name));
    }
    void shot_news(MatchMode& m, const game::ShotOutcome& outcome) override {
        for (const std::string& text : outcome.messages)
            m.context().post(text);
        frame_news(m);
    }
    void decision_news(MatchMode& m, const std::string& who, std::optional<game::Decision> d,
                       bool) override {
        const snk::FrameState& f = match(m.play()).frame();
        std::string words = who + " concedes the frame";
        if (d) words = hud::decision_words(*d, who, hud::other_name(f.names, who));
        if (d == game::Decision::PlayOn && f.free_ball) words += ", with a free ball";
        m.context().post(words);
        frame_news(m);
    }
    bool rematch(MatchMode& m) override {
        snk::MatchConfig c = match(m.play()).config();
        c.seed = c.seed * 6364136223846793005ULL + 1442695040888963407ULL; // a new rack
        m.replace_game(snk::make_snooker_game(std::make_unique<snk::Match>(c)), false);
        m.context().clear_messages();
        m.restart_count();
        m.autosave();
        m.after_change();
        m.context().post("A new match: " + match(m.play()).status());
        return true;
    }

    std::string last_shot_file_name(const game::Game& g) const override {
        if (!g.last_shot()) return {};
        return fmt::format("snooker-frame{}-stroke{}.json", match(g).frame_number(),
                           match(g).history().size());
    }
    double max_shot_seconds(const game::Game& g) const override {
        return match(g).config().max_shot_seconds;
    }

  private:
    // A frame won: said, and the next one begun at once unless the match is over.
    static void frame_news(MatchMode& m) {
        const snk::Match& s = match(m.play());
        const snk::FrameState& f = s.frame();
        if (!f.frame_over) return;
        const int w = f.winner;
        const snk::MatchScore& score = s.score();
        m.context().post(fmt::format("Frame {} to {} ({}-{}); frames {}-{}", s.frame_number(),
                                     w >= 0 ? f.names[static_cast<std::size_t>(w)] : "nobody",
                                     f.scores[0], f.scores[1], score.frames[0], score.frames[1]));
        if (!s.over() && m.play().rematch())
            m.context().post(fmt::format("Frame {}: {} breaks", s.frame_number(),
                                         name_of(s.frame(), s.frame().shooter)));
    }
};

bool SnookerHud::nominate(MatchMode& m, int ball) {
    const snk::Match& s = match(m.play());
    if (!needs_nomination(s)) return false;
    const snk::FrameState& f = s.frame();
    const std::vector<int> on = s.on_table();
    const bool there = std::find(on.begin(), on.end(), ball) != on.end();
    // After a red a colour; a free ball may be any ball on the table.
    if (ball != -1 && (!there || (!f.free_ball && ball < snk::kYellow))) return false;
    m.set_nominated(ball);
    if (ball >= 0)
        m.context().post(
            fmt::format("{} nominated{}", snk::ball_name(ball), f.free_ball ? " (free ball)" : ""));
    return true;
}

// Short pieces, one thing each (the scores, the frames, the break and the points remaining
// are on the cards and in the title above it).
std::string SnookerHud::status(const MatchMode& m) const {
    const snk::Match& s = match(m.play());
    const snk::FrameState& f = s.frame();
    const std::string who = name_of(f, f.shooter);
    if (s.over()) {
        const int w = s.score().winner();
        return w >= 0 ? name_of(f, w) + " wins the match" : "Match over";
    }
    if (s.computer_to_act()) {
        if (m.computer_aim_shown()) return who + " shoots";
        return f.reply_pending ? who + " is deciding..." : who + " is thinking...";
    }
    if (m.state() == Mode::Rolling) return "Balls rolling...";
    if (f.frame_over)
        return f.winner >= 0 ? name_of(f, f.winner) + " wins the frame" : "Frame over";
    if (f.reply_pending)
        return fmt::format("{}: play on, or have {} play again", who, name_of(f, f.offender));
    const std::vector<int> on = snk::balls_on(f, s.on_table());
    std::vector<std::string> parts;
    const std::string ball_on = f.on_colour  ? "a colour"
                                : on.empty() ? "nothing"
                                : snk::is_red(on.front())
                                    ? "a red"
                                    : fmt::format("the {}", snk::ball_name(on.front()));
    parts.push_back(who + " on " + ball_on + (f.free_ball ? " (free ball)" : ""));
    if (m.state() == Mode::Placing)
        parts.push_back(m.placement_valid() ? "Click in the D to place the cue ball"
                                            : "Not here: " + m.placement_why());
    else if (f.in_hand)
        parts.push_back("Ball in hand: click it (or B) to move it in the D");
    if (needs_nomination(s))
        parts.push_back(m.nominated() >= 0 ? fmt::format("Nominated: {} (2..7 to change)",
                                                         snk::ball_name(m.nominated()))
                        : f.free_ball      ? "Nominate a ball"
                                           : "Nominate a colour (2..7), or the first hit counts");
    std::string text;
    for (const std::string& p : parts)
        text += (text.empty() ? "" : hud::kDot) + p;
    return text;
}

void SnookerHud::describe_hud(render::SceneView& v, const MatchMode& m) const {
    const snk::Match& s = match(m.play());
    const snk::FrameState& f = s.frame();
    const snk::MatchScore& score = s.score();
    const std::vector<int> on = s.on_table();
    v.hud.players.clear();
    for (int k = 0; k < 2; ++k) {
        const auto i = static_cast<std::size_t>(k);
        std::string detail =
            fmt::format("{} points{}{} {}", f.scores[i], hud::kDot, score.frames[i],
                        score.frames[i] == 1 ? "frame" : "frames");
        if (f.shooter == k && !f.frame_over && f.break_points > 0)
            detail += fmt::format("{}break {}", hud::kDot, f.break_points);
        const game::Seat& seat = s.config().seats[i];
        if (seat.kind == game::SeatKind::Computer) detail += hud::ai_tag(seat.level);
        v.hud.players.push_back(hud::player(f.names[i], detail, !f.frame_over && f.shooter == k,
                                            s.over() && score.winner() == k));
    }
    const std::vector<int> ball_on = snk::balls_on(f, on);
    std::string on_text = f.on_colour       ? "a colour"
                          : ball_on.empty() ? "-"
                                            : snk::ball_name(ball_on.front());
    v.hud.title =
        fmt::format("Snooker{}frame {} of best of {}{}remaining {}{}on: {}{}", hud::kDot,
                    s.frame_number(), score.best_of, hud::kDot, snk::points_remaining(f, on),
                    hud::kDot, on_text, s.config().practice ? "  (practice)" : "");
    hud::mark_paused(v.hud.title, m.context());
    v.hud.pocketed.clear();
    if (m.context().display.keys)
        v.hud.help = hud::key_bar(
            needs_nomination(s) && !s.computer_to_act() ? "2..7 or card: nominate   " : "",
            s.config().practice);
}

bool SnookerHud::draw_choices(MatchMode& m) {
    const snk::Match& s = match(m.play());
    const snk::FrameState& f = s.frame();
    const bool human = !s.computer_to_act();
    if (human && f.reply_pending && !s.over()) {
        ui::OptionsCard card;
        card.id = "##snooker_reply";
        card.title = f.miss ? "Foul and a miss" : "Foul";
        card.text = name_of(f, f.shooter) + ": play on from here, or have " +
                    name_of(f, f.offender) + " play again" +
                    (f.miss ? " (from here, or with the balls put back after the miss)." : ".");
        std::vector<game::Decision> replies{game::Decision::PlayOn,
                                            game::Decision::OffenderPlaysAgain};
        card.labels = {f.free_ball_offered ? "Play on (free ball)" : "Play on",
                       "Offender plays again"};
        if (f.miss) {
            replies.push_back(game::Decision::ReplaceAndReplay);
            card.labels.emplace_back("Replace the balls, offender plays again");
        }
        if (const int picked = hud::choose(card, m.context()); picked >= 0)
            m.decide(replies[static_cast<std::size_t>(picked)]);
        return true;
    }
    // The card goes once a colour is nominated (2..7 still change it): the power meter
    // under it is needed for the shot.
    if (human && needs_nomination(s) && m.nominated() < 0 && m.state() == Mode::Aiming &&
        !m.context().over.replay) {
        ui::OptionsCard card;
        card.id = "##snooker_nominate";
        card.title = f.free_ball ? "Free ball" : "Nominate";
        card.text = std::string(f.free_ball ? "Nominate the ball to play as the ball on"
                                            : "The colour you play for") +
                    " (or press its value, 2..7)";
        const std::vector<int> colours = colours_on(s.on_table());
        for (int id : colours)
            card.labels.emplace_back(fmt::format("{} ({}){}", snk::ball_name(id), snk::value(id),
                                                 id == m.nominated() ? "  (nominated)" : ""));
        card.highlighted = -1;
        if (const int picked = hud::choose(card, m.context()); picked >= 0)
            nominate(m, colours[static_cast<std::size_t>(picked)]);
        return true;
    }
    return false;
}

std::optional<ui::GameOverInfo> SnookerHud::game_over_card(const MatchMode& m) const {
    const snk::Match& s = match(m.play());
    const snk::FrameState& f = s.frame();
    if (!s.over()) return std::nullopt;
    ui::GameOverInfo info;
    const int w = s.score().winner();
    info.title = w >= 0 ? name_of(f, w) + " wins" : "Match over";
    info.reason = fmt::format("Last frame {} \xe2\x80\x93 {}", f.scores[0], f.scores[1]);
    info.score = "Frames: " + hud::score_line(f.names, s.score().frames[0], s.score().frames[1]);
    info.stats = fmt::format("best of {}", s.score().best_of);
    return info;
}

} // namespace

std::unique_ptr<GameHud> make_snooker_hud() {
    return std::make_unique<SnookerHud>();
}

} // namespace billiards::app

// What a snooker match shows: both scores and frames, the break, the points remaining, the
// ball on and what to nominate; the Dear ImGui cards for a nomination, the reply to a foul
// and the end of the match.
#include <fmt/format.h>

#include <algorithm>

#include "app/hud_card.hpp"
#include "app/snooker_mode.hpp"

namespace billiards::app {

namespace snk = game::snooker;

namespace {

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

} // namespace

std::string SnookerMode::status() const {
    const snk::FrameState& f = match_->frame();
    const std::string who = name_of(f, f.shooter);
    if (match_->over()) {
        const int w = match_->score().winner();
        return w >= 0 ? name_of(f, w) + " wins the match" : "Match over";
    }
    if (match_->computer_to_act()) {
        if (computer_aim_shown()) return who + " shoots";
        return f.reply_pending ? who + " is deciding..." : who + " is thinking...";
    }
    if (state_ == Mode::Rolling) return "Balls rolling...";
    std::string s = match_->status();
    if (f.reply_pending) return s + ". " + who + ": play on or have the offender play again";
    if (state_ == Mode::Placing)
        s += placement_valid() ? ". Click to place the cue ball in the D" : ". " + placement_why();
    else if (f.in_hand)
        s += ". Cue ball in hand: click it (or B) to move it in the D";
    if (needs_nomination())
        s += nominated_ >= 0 ? fmt::format(". Nominated: {}", snk::ball_name(nominated_))
             : f.free_ball   ? ". Free ball: nominate a ball"
                             : ". Nominate a colour (or the first hit counts)";
    return s;
}

void SnookerMode::describe_hud(render::SceneView& v) const {
    const snk::FrameState& f = match_->frame();
    const snk::MatchScore& score = match_->score();
    const std::vector<int> on = match_->on_table();
    v.hud.players.clear();
    for (int k = 0; k < 2; ++k) {
        const auto i = static_cast<std::size_t>(k);
        std::string detail =
            fmt::format("{} points{}{} {}", f.scores[i], hud::kDot, score.frames[i],
                        score.frames[i] == 1 ? "frame" : "frames");
        if (f.shooter == k && !f.frame_over && f.break_points > 0)
            detail += fmt::format("{}break {}", hud::kDot, f.break_points);
        const game::Seat& seat = match_->config().seats[i];
        if (seat.kind == game::SeatKind::Computer) detail += hud::ai_tag(seat.level);
        v.hud.players.push_back(hud::player(f.names[i], detail, !f.frame_over && f.shooter == k,
                                            match_->over() && score.winner() == k));
    }
    const std::vector<int> ball_on = snk::balls_on(f, on);
    std::string on_text = f.on_colour       ? "a colour"
                          : ball_on.empty() ? "-"
                                            : snk::ball_name(ball_on.front());
    v.hud.title =
        fmt::format("Snooker{}frame {} of best of {}{}remaining {}{}on: {}{}", hud::kDot,
                    match_->frame_number(), score.best_of, hud::kDot, snk::points_remaining(f, on),
                    hud::kDot, on_text, match_->config().practice ? "  (practice)" : "");
    hud::mark_paused(v.hud.title, ctx_);
    v.hud.pocketed.clear();
    if (ctx_.display.keys)
        v.hud.help = hud::key_bar("2..7 or card: nominate   ", match_->config().practice);
}

GameMode::Request SnookerMode::draw_cards() {
    const snk::FrameState& f = match_->frame();
    const bool human = !match_->computer_to_act();
    if (human && f.reply_pending && !match_->over()) {
        ui::OptionsCard card;
        card.id = "##snooker_reply";
        card.title = f.miss ? "Foul and a miss" : "Foul";
        card.text = name_of(f, f.shooter) + ": play on from here, or have " +
                    name_of(f, f.offender) + " play again" +
                    (f.miss ? " (from here, or with the balls put back after the miss)." : ".");
        std::vector<snk::Reply> replies{snk::Reply::PlayOn, snk::Reply::OffenderPlaysAgain};
        card.labels = {f.free_ball_offered ? "Play on (free ball)" : "Play on",
                       "Offender plays again"};
        if (f.miss) {
            replies.push_back(snk::Reply::ReplaceAndReplay);
            card.labels.emplace_back("Replace the balls, offender plays again");
        }
        if (const int picked = hud::choose(card); picked >= 0)
            answer(replies[static_cast<std::size_t>(picked)]);
        return Request::None;
    }
    if (human && needs_nomination() && state_ == Mode::Aiming && !ctx_.over.replay) {
        ui::OptionsCard card;
        card.id = "##snooker_nominate";
        card.side = true;
        card.title = f.free_ball ? "Free ball" : "Nominate";
        card.text = std::string(f.free_ball ? "Nominate the ball to play as the ball on"
                                            : "The colour you play for") +
                    " (or press its value, 2..7)";
        const std::vector<int> colours = colours_on(match_->on_table());
        for (int id : colours)
            card.labels.emplace_back(
                fmt::format("{} ({}){}", snk::ball_name(id), snk::value(id),
                            id == nominated_ ? "  (nominated)" : ""));
        card.highlighted = -1;
        if (const int picked = hud::choose(card); picked >= 0)
            nominate(colours[static_cast<std::size_t>(picked)]);
        return Request::None;
    }
    if (!match_->over()) return Request::None;
    ui::GameOverInfo info;
    const int w = match_->score().winner();
    info.title = w >= 0 ? name_of(f, w) + " wins" : "Match over";
    info.reason = fmt::format("Last frame {} \xe2\x80\x93 {}", f.scores[0], f.scores[1]);
    info.score =
        "Frames: " + hud::score_line(f.names, match_->score().frames[0], match_->score().frames[1]);
    info.stats = fmt::format("best of {}", match_->score().best_of);
    info.can_replay = match_->last_shot() != nullptr;
    return hud::game_over(info, [this] { rematch(); });
}

} // namespace billiards::app

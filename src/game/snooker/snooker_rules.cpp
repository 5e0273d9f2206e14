#include "game/snooker/snooker_rules.hpp"

#include <algorithm>
#include <cmath>

namespace billiards::game::snooker {

const char* to_string(Foul f) {
    switch (f) {
    case Foul::None:
        return "none";
    case Foul::NoContact:
        return "no contact";
    case Foul::WrongBallFirst:
        return "wrong ball first";
    case Foul::PottedNotOn:
        return "potted a ball not on";
    case Foul::InOff:
        return "in-off";
    case Foul::SnookeredBehindFreeBall:
        return "snookered behind the free ball";
    }
    return "?";
}

const char* to_string(Reply r) {
    switch (r) {
    case Reply::PlayOn:
        return "play on";
    case Reply::OffenderPlaysAgain:
        return "offender plays again";
    case Reply::ReplaceAndReplay:
        return "replace and replay";
    }
    return "?";
}

namespace {

bool has(const std::vector<int>& v, int x) {
    return std::find(v.begin(), v.end(), x) != v.end();
}

int count_reds(const std::vector<int>& on_table) {
    return static_cast<int>(std::count_if(on_table.begin(), on_table.end(), is_red));
}

int lowest_colour(const std::vector<int>& on_table) {
    int best = -1;
    for (int id : on_table)
        if (is_colour(id) && (best < 0 || id < best)) best = id;
    return best;
}

bool only_black(const std::vector<int>& on_table) {
    return on_table.size() == 1 && on_table.front() == kBlack;
}

std::vector<int> ids_of(const std::vector<Placed>& balls) {
    std::vector<int> ids;
    for (const Placed& b : balls)
        if (b.id != kCue) ids.push_back(b.id);
    std::sort(ids.begin(), ids.end());
    return ids;
}

// The frame ends on the last black: the higher score wins; a tie re-spots the black.
void end_frame(ShotVerdict& v, const TableSpec& spec, const ShotInput& in) {
    FrameState& a = v.after;
    a.on_colour = false;
    a.free_ball = false;
    a.reply_pending = false;
    a.miss = false;
    a.free_ball_offered = false;
    if (a.scores[0] != a.scores[1]) {
        a.frame_over = true;
        a.winner = a.scores[0] > a.scores[1] ? 0 : 1;
        v.respot.clear();
        v.messages.insert(v.messages.begin(), a.names[static_cast<std::size_t>(a.winner)] +
                                                  " wins the frame " + std::to_string(a.scores[0]) +
                                                  "-" + std::to_string(a.scores[1]));
        return;
    }
    // Re-spotted black: the cue ball in hand, the loser of the draw plays first.
    std::vector<Placed> others;
    for (const Placed& b : in.after)
        if (b.id != kCue && b.id != kBlack) others.push_back(b);
    v.respot = {{kBlack, respot_positions(spec, others, {kBlack}).front()}};
    a.respotted_black = true;
    a.in_hand = true;
    a.shooter = in.lot == 0 ? 1 : 0;
    a.break_points = 0;
    v.messages.insert(v.messages.begin(), "Scores level: re-spotted black, " +
                                              a.names[static_cast<std::size_t>(a.shooter)] +
                                              " plays from the D");
}

} // namespace

FrameState new_frame(int breaker, const std::array<std::string, 2>& names) {
    FrameState s;
    s.names = names;
    s.shooter = breaker;
    s.in_hand = true;
    return s;
}

std::vector<int> balls_on(const FrameState& s, const std::vector<int>& on_table) {
    std::vector<int> on;
    if (s.on_colour) {
        for (int id : on_table)
            if (is_colour(id)) on.push_back(id);
        return on;
    }
    if (count_reds(on_table) > 0) {
        for (int id : on_table)
            if (is_red(id)) on.push_back(id);
        return on;
    }
    const int c = lowest_colour(on_table);
    if (c >= 0) on.push_back(c);
    return on;
}

int points_remaining(const FrameState& s, const std::vector<int>& on_table) {
    int p = s.on_colour ? 7 : 0;
    for (int id : on_table)
        p += is_red(id) ? 8 : value(id);
    return p;
}

bool needs_snookers(const FrameState& s, const std::vector<int>& on_table, int player) {
    const auto p = static_cast<std::size_t>(player);
    return s.scores[1 - p] - s.scores[p] > points_remaining(s, on_table);
}

bool cannot_win(const FrameState& s, const std::vector<int>& on_table, int player) {
    const auto p = static_cast<std::size_t>(player);
    return only_black(on_table) && s.scores[1 - p] - s.scores[p] > 7;
}

bool any_part_visible(const std::vector<Placed>& balls, double radius, const std::vector<int>& on) {
    const auto cue =
        std::find_if(balls.begin(), balls.end(), [](const Placed& b) { return b.id == kCue; });
    if (cue == balls.end()) return true; // in hand: the player chooses where to play from
    std::vector<Placed> obstacles;
    for (const Placed& b : balls)
        if (b.id != kCue && !has(on, b.id)) obstacles.push_back(b);
    const double contact = 2.0 * radius;
    constexpr int kRays = 16;
    for (const Placed& t : balls) {
        if (!has(on, t.id)) continue;
        const Vec2 ct = t.position - cue->position;
        const double dist = length(ct);
        if (dist <= contact + 1e-9) return true;
        const double alpha = std::asin(std::min(contact * (1.0 - 1e-6) / dist, 1.0));
        const double base = std::atan2(ct.y, ct.x);
        for (int k = 0; k <= kRays; ++k) {
            const double off_angle = alpha * (2.0 * k / kRays - 1.0);
            const Vec2 dir{std::cos(base + off_angle), std::sin(base + off_angle)};
            const double off = dist * std::sin(std::abs(off_angle));
            const double along = dist * std::cos(off_angle) -
                                 std::sqrt(std::max(contact * contact - off * off, 0.0));
            if (clear_path(obstacles, radius, cue->position, cue->position + dir * along, kCue,
                           t.id))
                return true;
        }
    }
    return false;
}

ShotVerdict judge(const FrameState& before, const TableSpec& spec, const ShotInput& in) {
    ShotVerdict v;
    v.after = before;
    FrameState& a = v.after;
    const auto me = static_cast<std::size_t>(before.shooter);
    const auto opp = 1 - me;
    const std::string& name = before.names[me];

    std::vector<ShotEvent> events = in.events;
    std::stable_sort(events.begin(), events.end(),
                     [](const ShotEvent& x, const ShotEvent& y) { return x.time < y.time; });
    for (const ShotEvent& e : events) {
        if (e.kind == physics::EventKind::BallBall && v.first_contact < 0) {
            if (e.ball == kCue)
                v.first_contact = e.other;
            else if (e.other == kCue)
                v.first_contact = e.ball;
        } else if (e.kind == physics::EventKind::Pocketed) {
            if (e.ball == kCue)
                v.cue_pocketed = true;
            else if (!has(v.pocketed, e.ball))
                v.pocketed.push_back(e.ball);
        }
    }

    const bool red_stage = !before.on_colour && count_reds(in.on_table) > 0;
    const bool colour_stage = !before.on_colour && !red_stage;
    const int lowest = lowest_colour(in.on_table);
    const bool last_black = only_black(in.on_table);

    // The nomination: given, else the referee's obvious case (the first ball hit).
    int nom = -1;
    const bool given = in.nominated != kCue && has(in.on_table, in.nominated) &&
                       (before.free_ball || (before.on_colour && is_colour(in.nominated)));
    if (given)
        nom = in.nominated;
    else if (before.on_colour && is_colour(v.first_contact))
        nom = v.first_contact;
    else if (before.free_ball && v.first_contact > 0)
        nom = v.first_contact;
    v.nominated = nom;
    const bool free_nom = before.free_ball && nom > 0;

    int on_value = 0;
    if (before.on_colour)
        on_value = nom > 0 ? value(nom) : 0;
    else if (red_stage)
        on_value = 1;
    else if (lowest > 0)
        on_value = value(lowest);

    auto legal = [&](int id) {
        if (free_nom && id == nom) return true;
        if (before.on_colour) return nom > 0 && id == nom;
        if (red_stage) return is_red(id);
        return id == lowest;
    };

    // Fouls: the penalty is the highest of 4, the ball on and every ball involved (3.15).
    int worst = 0;
    bool seven = false;
    auto foul = [&](Foul f, int involved) {
        if (v.foul == Foul::None) v.foul = f;
        worst = std::max(worst, value(involved));
    };
    if (v.first_contact < 0) {
        foul(Foul::NoContact, -1);
    } else if (!legal(v.first_contact)) {
        foul(Foul::WrongBallFirst, v.first_contact);
        // Playing at reds in successive strokes (a red first when a colour is on): 7.
        if (before.on_colour && is_red(v.first_contact)) seven = true;
    }
    for (int p : v.pocketed)
        if (!legal(p)) foul(Foul::PottedNotOn, p);
    if (v.cue_pocketed) foul(Foul::InOff, -1);
    // A free ball must not snooker the opponent on the balls on, except on pink and black.
    const bool nom_down = has(v.pocketed, nom);
    if (v.foul == Foul::None && free_nom && !nom_down && !v.cue_pocketed &&
        in.on_table.size() > 2) {
        std::vector<int> after_ids = ids_of(in.after);
        FrameState next = before;
        next.free_ball = false;
        next.on_colour = false;
        const std::vector<int> on_next = balls_on(next, after_ids);
        std::vector<Placed> without;
        for (const Placed& b : in.after)
            if (b.id != nom) without.push_back(b);
        if (v.pocketed.empty() && snookered(in.after, spec.ball_radius, on_next) &&
            !snookered(without, spec.ball_radius, on_next))
            foul(Foul::SnookeredBehindFreeBall, -1);
    }

    std::vector<int> respot_ids;
    if (v.foul != Foul::None) {
        v.penalty = std::min(7, std::max({4, on_value, worst}));
        if (seven || (before.on_colour && nom < 0)) v.penalty = 7;
        a.scores[opp] += v.penalty;
        a.break_points = 0;
        a.on_colour = false;
        a.free_ball = false;
        v.messages.push_back("Foul (" + std::string(to_string(v.foul)) +
                             "): " + std::to_string(v.penalty) + " to " + before.names[opp]);
        if (last_black) {
            end_frame(v, spec, in);
            return v;
        }
        for (int p : v.pocketed)
            if (is_colour(p)) respot_ids.push_back(p);
    } else {
        int pts = 0;
        if (red_stage) {
            pts = static_cast<int>(v.pocketed.size()); // every red; the free ball as a red
            if (free_nom && nom_down && is_colour(nom)) respot_ids.push_back(nom);
        } else if (before.on_colour) {
            if (nom_down) {
                pts = value(nom);
                respot_ids.push_back(nom); // the colour after a red always comes back
            }
        } else if (colour_stage && (has(v.pocketed, lowest) || nom_down)) {
            pts = value(lowest); // the free ball and the ball on score once (3.12)
            if (free_nom && nom_down && nom != lowest) respot_ids.push_back(nom);
        }
        if (pts > 0) {
            a.scores[me] += pts;
            a.break_points += pts;
            a.on_colour = red_stage;
            a.free_ball = false;
            a.in_hand = false;
            v.points = pts;
            v.messages.push_back(name + " scores " + std::to_string(pts) + " (break " +
                                 std::to_string(a.break_points) + ")");
            if (colour_stage && last_black && has(v.pocketed, kBlack)) {
                end_frame(v, spec, in);
                return v;
            }
        } else {
            a.shooter = static_cast<int>(opp);
            a.break_points = 0;
            a.on_colour = false;
            a.free_ball = false;
            a.in_hand = false;
            v.messages.push_back(name + " fails to score; " + before.names[opp] + " to play");
        }
    }

    // Re-spot the colours: where they go depends on the balls at rest.
    std::vector<Placed> table;
    for (const Placed& b : in.after)
        if (b.id != kCue || !v.cue_pocketed) table.push_back(b);
    if (!respot_ids.empty()) {
        const std::vector<Vec2> at = respot_positions(spec, table, respot_ids);
        for (std::size_t i = 0; i < at.size(); ++i) {
            v.respot.push_back({respot_ids[i], at[i]});
            table.push_back({respot_ids[i], at[i]});
        }
    }

    if (v.foul != Foul::None) {
        const std::vector<int> ids_after = ids_of(table);
        std::vector<int> on_before = balls_on(before, in.on_table);
        if (free_nom) on_before.push_back(nom);
        const bool snookers_needed =
            needs_snookers(before, in.on_table, 0) || needs_snookers(before, in.on_table, 1) ||
            needs_snookers(a, ids_after, 0) || needs_snookers(a, ids_after, 1);
        v.miss = (v.foul == Foul::NoContact || v.foul == Foul::WrongBallFirst) && !last_black &&
                 !snookers_needed && any_part_visible(in.before, spec.ball_radius, on_before);
        a.in_hand = v.cue_pocketed;
        FrameState incoming = a;
        incoming.shooter = static_cast<int>(opp);
        v.free_ball =
            !v.cue_pocketed && snookered(table, spec.ball_radius, balls_on(incoming, ids_after));
        a.shooter = static_cast<int>(opp);
        a.reply_pending = true;
        a.offender = static_cast<int>(me);
        a.miss = v.miss;
        a.free_ball_offered = v.free_ball;
        a.replay_on_colour = before.on_colour;
        a.replay_free_ball = before.free_ball;
        a.replay_in_hand = before.in_hand;
        if (v.miss) v.messages.push_back("Foul and a miss");
        if (v.free_ball) v.messages.push_back("Free ball");
        v.messages.push_back(before.names[opp] + ": play on or have " + name + " play again");
    }
    return v;
}

ReplyResult reply(const FrameState& before, Reply choice) {
    ReplyResult r;
    r.after = before;
    if (!before.reply_pending || before.frame_over) return r;
    if (choice == Reply::ReplaceAndReplay && !before.miss) return r;
    FrameState& a = r.after;
    const std::string chooser = before.names[static_cast<std::size_t>(before.shooter)];
    a.reply_pending = false;
    a.miss = false;
    a.free_ball = false;
    switch (choice) {
    case Reply::PlayOn:
        a.free_ball = before.free_ball_offered;
        r.messages.push_back(chooser + " plays on" + (a.free_ball ? " with a free ball" : ""));
        break;
    case Reply::OffenderPlaysAgain:
        a.shooter = before.offender;
        r.messages.push_back(chooser + " puts " +
                             before.names[static_cast<std::size_t>(before.offender)] + " in");
        break;
    case Reply::ReplaceAndReplay:
        a.shooter = before.offender;
        a.on_colour = before.replay_on_colour;
        a.free_ball = before.replay_free_ball;
        a.in_hand = before.replay_in_hand;
        r.replace_balls = true;
        r.messages.push_back(
            "Balls replaced: " + before.names[static_cast<std::size_t>(before.offender)] +
            " plays again");
        break;
    }
    a.free_ball_offered = false;
    a.offender = -1;
    r.ok = true;
    return r;
}

FrameState concede(const FrameState& before, int player) {
    FrameState a = before;
    a.frame_over = true;
    a.conceded = true;
    a.reply_pending = false;
    a.winner = 1 - player;
    return a;
}

std::string status_line(const FrameState& s, const std::vector<int>& on_table) {
    const auto& n = s.names;
    std::string t =
        n[0] + " " + std::to_string(s.scores[0]) + " - " + std::to_string(s.scores[1]) + " " + n[1];
    if (s.frame_over) {
        return t + ": " + n[static_cast<std::size_t>(s.winner)] + " wins the frame" +
               (s.conceded ? " (conceded)" : "");
    }
    t += "; " + n[static_cast<std::size_t>(s.shooter)];
    if (s.reply_pending) return t + " to choose: play on or put the offender in";
    const std::vector<int> on = balls_on(s, on_table);
    std::string what = s.on_colour          ? "a colour"
                       : on.empty()         ? "nothing"
                       : is_red(on.front()) ? "a red"
                                            : ball_name(on.front());
    t += " on " + what;
    if (s.free_ball) t += " (free ball)";
    if (s.in_hand) t += ", in hand in the D";
    t += ", break " + std::to_string(s.break_points) + ", " +
         std::to_string(points_remaining(s, on_table)) + " remaining";
    return t;
}

} // namespace billiards::game::snooker

#include "game/pool/rules.hpp"

#include <algorithm>

namespace billiards::game {

const char* to_string(Group g) {
    switch (g) {
    case Group::None:
        return "open";
    case Group::Solids:
        return "solids";
    case Group::Stripes:
        return "stripes";
    }
    return "?";
}

const char* to_string(Foul f) {
    switch (f) {
    case Foul::None:
        return "none";
    case Foul::Scratch:
        return "scratch";
    case Foul::NoContact:
        return "no contact";
    case Foul::WrongBallFirst:
        return "wrong ball first";
    case Foul::NoRail:
        return "no rail after contact";
    case Foul::IllegalBreak:
        return "illegal break";
    }
    return "?";
}

const char* to_string(Pending p) {
    switch (p) {
    case Pending::None:
        return "none";
    case Pending::IllegalBreak:
        return "illegal break";
    case Pending::PushOutReply:
        return "push-out reply";
    }
    return "?";
}

const char* to_string(Choice c) {
    switch (c) {
    case Choice::AcceptTable:
        return "accept table";
    case Choice::Rerack:
        return "re-rack";
    case Choice::RerackOpponentBreaks:
        return "re-rack, opponent breaks";
    case Choice::ShootAfterPushOut:
        return "shoot";
    case Choice::PassBack:
        return "pass back";
    }
    return "?";
}

Group group_of(int ball) {
    if (ball >= 1 && ball <= 7) return Group::Solids;
    if (ball >= 9 && ball <= 15) return Group::Stripes;
    return Group::None;
}

namespace {

Group other_group(Group g) {
    if (g == Group::Solids) return Group::Stripes;
    if (g == Group::Stripes) return Group::Solids;
    return Group::None;
}

// Puts a message first (the most important one).
void prepend(std::vector<std::string>& messages, std::string text) {
    messages.push_back(std::move(text));
    std::rotate(messages.begin(), messages.end() - 1, messages.end());
}

bool contains(const std::vector<int>& v, int x) {
    return std::find(v.begin(), v.end(), x) != v.end();
}

// "the 3", "the 3 and 11", "the 3, 5 and 11".
std::string ball_list(const std::vector<int>& balls) {
    std::string s = "the ";
    for (std::size_t i = 0; i < balls.size(); ++i) {
        if (i > 0) s += (i + 1 == balls.size()) ? " and " : ", ";
        s += std::to_string(balls[i]);
    }
    return s;
}

std::string foul_reason(Foul f, int first_contact, const RulesState& s,
                        const std::vector<int>& on_table) {
    switch (f) {
    case Foul::Scratch:
        return "cue ball scratched";
    case Foul::NoContact:
        return "no ball contacted";
    case Foul::WrongBallFirst: {
        std::string need;
        if (s.kind == GameKind::NineBall) {
            const auto t = legal_targets(s, on_table);
            need = t.empty() ? std::string("the lowest ball") : "the " + std::to_string(t.front());
        } else if (on_eight(s, s.shooter, on_table)) {
            need = "the 8-ball";
        } else if (s.open_table()) {
            need = "any ball but the 8";
        } else {
            need = s.groups[static_cast<std::size_t>(s.shooter)] == Group::Solids ? "a solid"
                                                                                  : "a stripe";
        }
        return "wrong ball first (hit the " + std::to_string(first_contact) + ", must hit " + need +
               ")";
    }
    case Foul::NoRail:
        return "no ball reached a rail after contact";
    case Foul::IllegalBreak:
        return "illegal break (fewer than four balls reached a rail)";
    case Foul::None:
        break;
    }
    return "none";
}

// What happened on the shot, read from the event list.
struct Facts {
    int first_contact = -1;
    double first_time = 0.0;
    bool rail_after_contact = false;
    bool cue_pocketed = false;
    std::vector<int> pocketed;  // object balls, time order
    std::vector<int> pocket_of; // pocket index per entry of `pocketed`
    std::vector<int> rails;     // distinct object balls that reached a cushion
};

Facts read_events(std::vector<ShotEvent> events) {
    std::stable_sort(events.begin(), events.end(),
                     [](const ShotEvent& a, const ShotEvent& b) { return a.time < b.time; });
    Facts f;
    for (const ShotEvent& e : events) {
        switch (e.kind) {
        case physics::EventKind::BallBall:
            if (f.first_contact < 0 && (e.ball == kCueBall || e.other == kCueBall)) {
                f.first_contact = e.ball == kCueBall ? e.other : e.ball;
                f.first_time = e.time;
            }
            break;
        case physics::EventKind::BallCushion:
            if (e.ball != kCueBall && !contains(f.rails, e.ball)) f.rails.push_back(e.ball);
            break;
        case physics::EventKind::Cluster: // its contacts are listed one by one too
            break;
        case physics::EventKind::Pocketed:
            if (e.ball == kCueBall) {
                f.cue_pocketed = true;
            } else if (!contains(f.pocketed, e.ball)) {
                f.pocketed.push_back(e.ball);
                f.pocket_of.push_back(e.other);
            }
            break;
        }
    }
    // A cushion at or after the first contact (same instant included, in any list order).
    if (f.first_contact >= 0)
        for (const ShotEvent& e : events)
            if (e.kind == physics::EventKind::BallCushion && e.time >= f.first_time)
                f.rail_after_contact = true;
    return f;
}

int pocket_of(const Facts& f, int ball) {
    for (std::size_t i = 0; i < f.pocketed.size(); ++i)
        if (f.pocketed[i] == ball) return f.pocket_of[i];
    return -1;
}

void win(ShotVerdict& v, int player, const std::string& why) {
    v.after.game_over = true;
    v.after.winner = player;
    v.after.ball_in_hand = false;
    v.after.kitchen = false;
    v.after.pending = Pending::None;
    v.after.push_out_available = false;
    v.turn_continues = false;
    prepend(v.messages, why);
}

// Ball in hand for the opponent after a foul (not game-ending).
void foul_turnover(ShotVerdict& v, const RulesState& s, const std::string& reason, bool kitchen) {
    v.after.shooter = s.opponent();
    v.after.ball_in_hand = true;
    v.after.kitchen = kitchen;
    v.after.pending = Pending::None;
    v.messages.push_back("Foul: " + reason + ". Ball in hand " +
                         std::string(kitchen ? "behind the head string " : "") + "for " +
                         s.names[static_cast<std::size_t>(s.opponent())]);
}

void judge_eight_break(const RulesState& s, const Facts& f, ShotVerdict& v) {
    const std::string& me = s.names[static_cast<std::size_t>(s.shooter)];
    const std::string& them = s.names[static_cast<std::size_t>(s.opponent())];
    v.legal_break = !f.pocketed.empty() || f.rails.size() >= 4;
    const bool eight_down = contains(f.pocketed, kEightBall);
    if (eight_down) v.respot.push_back(kEightBall);
    std::vector<int> others;
    for (int b : f.pocketed)
        if (b != kEightBall) others.push_back(b);
    auto& fouls = v.after.consecutive_fouls[static_cast<std::size_t>(s.shooter)];
    if (f.cue_pocketed) {
        v.foul = Foul::Scratch;
        ++fouls;
    } else {
        fouls = 0;
    }
    if (!v.legal_break) {
        v.after.shooter = s.opponent();
        v.after.pending = Pending::IllegalBreak;
        v.after.ball_in_hand = f.cue_pocketed;
        v.after.kitchen = f.cue_pocketed;
        v.messages.push_back(std::string("Illegal break: fewer than four balls reached a rail") +
                             (f.cue_pocketed ? " and the cue ball scratched" : "") + ". " + them +
                             " chooses: accept the table or re-rack");
        return;
    }
    if (eight_down)
        v.messages.push_back("8-ball pocketed on the break: re-spotted on the foot spot");
    if (f.cue_pocketed) {
        foul_turnover(v, s, "cue ball scratched on the break", true);
    } else if (!f.pocketed.empty()) {
        v.scored = true;
        v.turn_continues = true;
        v.messages.push_back((others.empty() ? me + " continues"
                                             : me + " pocketed " + ball_list(others) +
                                                   " on the break and continues") +
                             ". The table is open");
    } else {
        v.after.shooter = s.opponent();
        v.messages.push_back("Legal break. " + them + " to shoot. The table is open");
    }
}

void judge_eight(const RulesState& s, const ShotInput& in, const Facts& f, ShotVerdict& v) {
    const auto me_i = static_cast<std::size_t>(s.shooter);
    const auto them_i = static_cast<std::size_t>(s.opponent());
    const std::string& me = s.names[me_i];
    const std::string& them = s.names[them_i];
    const auto targets = legal_targets(s, in.on_table);
    const bool was_on_eight = on_eight(s, s.shooter, in.on_table);

    if (f.cue_pocketed)
        v.foul = Foul::Scratch;
    else if (f.first_contact < 0)
        v.foul = Foul::NoContact;
    else if (!contains(targets, f.first_contact))
        v.foul = Foul::WrongBallFirst;
    else if (f.pocketed.empty() && !f.rail_after_contact)
        v.foul = Foul::NoRail;

    auto& fouls = v.after.consecutive_fouls[me_i];
    fouls = v.foul == Foul::None ? 0 : fouls + 1;

    if (contains(f.pocketed, kEightBall)) {
        const int pocket = pocket_of(f, kEightBall);
        if (!was_on_eight) {
            win(v, s.opponent(), me + " pocketed the 8-ball early. " + them + " wins");
        } else if (v.foul != Foul::None) {
            win(v, s.opponent(),
                me + " pocketed the 8-ball on a foul (" +
                    foul_reason(v.foul, f.first_contact, s, in.on_table) + "). " + them + " wins");
        } else if (in.call.pocket < 0) {
            win(v, s.opponent(),
                me + " pocketed the 8-ball without calling a pocket. " + them + " wins");
        } else if (pocket != in.call.pocket) {
            win(v, s.opponent(),
                "8-ball in the wrong pocket (called " + pocket_name(in.call.pocket) + ", went in " +
                    pocket_name(pocket) + "). " + them + " wins");
        } else {
            v.scored = true;
            win(v, s.shooter, me + " pocketed the 8-ball in the called pocket and wins");
        }
        return;
    }

    if (v.foul != Foul::None) {
        foul_turnover(v, s, foul_reason(v.foul, f.first_contact, s, in.on_table), false);
        return;
    }

    const bool called = s.options.call_shots || in.call.ball >= 0;
    auto called_in = [&]() {
        return in.call.ball >= 0 && contains(f.pocketed, in.call.ball) &&
               (in.call.pocket < 0 || pocket_of(f, in.call.ball) == in.call.pocket);
    };
    if (s.open_table()) {
        Group g = Group::None;
        if (called && called_in() && group_of(in.call.ball) != Group::None) {
            g = group_of(in.call.ball);
        } else if (!s.options.call_shots) {
            for (int b : f.pocketed)
                if (group_of(b) != Group::None) {
                    g = group_of(b);
                    break;
                }
        }
        if (g != Group::None) {
            v.after.groups[me_i] = g;
            v.after.groups[them_i] = other_group(g);
            v.group_assigned = true;
            v.scored = true;
            v.messages.push_back(me + " is " + to_string(g) + ", " + them + " is " +
                                 to_string(other_group(g)));
        }
    } else {
        const Group own = s.groups[me_i];
        if (s.options.call_shots) {
            v.scored = called_in() && group_of(in.call.ball) == own;
        } else {
            for (int b : f.pocketed)
                if (group_of(b) == own) v.scored = true;
        }
    }
    if (v.scored) {
        v.turn_continues = true;
        v.messages.push_back(me + " pocketed " + ball_list(f.pocketed) + " and continues");
    } else {
        v.after.shooter = s.opponent();
        v.messages.push_back((f.pocketed.empty() ? std::string("No ball pocketed")
                                                 : me + " pocketed " + ball_list(f.pocketed) +
                                                       ", none of them scores") +
                             ". " + them + " to shoot");
    }
}

void judge_nine(const RulesState& s, const ShotInput& in, const Facts& f, ShotVerdict& v) {
    const auto me_i = static_cast<std::size_t>(s.shooter);
    const std::string& me = s.names[me_i];
    const std::string& them = s.names[static_cast<std::size_t>(s.opponent())];
    const auto targets = legal_targets(s, in.on_table);
    const bool nine_down = contains(f.pocketed, kNineBall);
    const bool push = !s.break_shot && in.push_out && s.push_out_available;
    v.push_out = push;
    v.after.push_out_available = false;
    if (in.push_out && !push)
        v.messages.push_back("Push-out not available: played as a normal shot");

    if (s.break_shot) v.legal_break = !f.pocketed.empty() || f.rails.size() >= 4;
    if (f.cue_pocketed)
        v.foul = Foul::Scratch;
    else if (push)
        v.foul = Foul::None;
    else if (f.first_contact < 0)
        v.foul = Foul::NoContact;
    else if (!contains(targets, f.first_contact))
        v.foul = Foul::WrongBallFirst;
    else if (s.break_shot && !v.legal_break)
        v.foul = Foul::IllegalBreak;
    else if (!s.break_shot && f.pocketed.empty() && !f.rail_after_contact)
        v.foul = Foul::NoRail;

    auto& fouls = v.after.consecutive_fouls[me_i];
    if (v.foul != Foul::None) {
        ++fouls;
        if (nine_down) v.respot.push_back(kNineBall);
        const std::string reason = foul_reason(v.foul, f.first_contact, s, in.on_table);
        if (fouls >= 3) {
            v.messages.push_back("Foul: " + reason);
            win(v, s.opponent(), me + " fouled three times in a row. " + them + " wins");
            return;
        }
        foul_turnover(v, s, reason, false);
        if (nine_down) v.messages.push_back("9-ball re-spotted on the foot spot");
        if (fouls == 2) v.messages.push_back(me + " is on two fouls");
        return;
    }
    fouls = 0;
    if (push) {
        if (nine_down) {
            v.respot.push_back(kNineBall);
            v.messages.push_back("9-ball re-spotted on the foot spot");
        }
        v.after.shooter = s.opponent();
        v.after.pending = Pending::PushOutReply;
        prepend(v.messages, "Push-out by " + me + ". " + them + ": shoot or pass the shot back");
        return;
    }
    if (nine_down) {
        v.scored = true;
        win(v, s.shooter,
            s.break_shot ? "9-ball on the break: " + me + " wins"
                         : me + " pocketed the 9-ball and wins");
        return;
    }
    if (s.break_shot) v.after.push_out_available = true;
    if (!f.pocketed.empty()) {
        v.scored = true;
        v.turn_continues = true;
        v.messages.push_back(me + " pocketed " + ball_list(f.pocketed) +
                             (s.break_shot ? " on the break" : "") + " and continues");
    } else {
        v.after.shooter = s.opponent();
        v.messages.push_back(
            (s.break_shot ? std::string("Legal break. ") : std::string("No ball pocketed. ")) +
            them + " to shoot");
    }
    if (s.break_shot) v.messages.push_back("Push-out available on the next shot");
}

} // namespace

RulesState new_game(GameKind kind, int breaker, const RulesOptions& options,
                    const std::array<std::string, 2>& names) {
    RulesState s;
    s.kind = kind;
    s.options = options;
    s.names = names;
    s.shooter = breaker;
    s.breaker = breaker;
    s.break_shot = true;
    s.ball_in_hand = true;
    s.kitchen = true;
    return s;
}

ShotVerdict judge(const RulesState& before, const ShotInput& shot) {
    ShotVerdict v;
    v.after = before;
    v.after.rerack = false;
    v.after.ball_in_hand = false;
    v.after.kitchen = false;
    v.after.pending = Pending::None;
    v.break_shot = before.break_shot;
    const Facts f = read_events(shot.events);
    v.first_contact = f.first_contact;
    v.cue_pocketed = f.cue_pocketed;
    v.pocketed = f.pocketed;
    v.rails = f.rails;
    if (before.game_over || before.pending != Pending::None) {
        v.messages.push_back(before.game_over ? "The game is over" : "A decision is pending");
        v.after = before;
        return v;
    }
    if (before.kind == GameKind::EightBall) {
        if (before.break_shot)
            judge_eight_break(before, f, v);
        else
            judge_eight(before, shot, f, v);
    } else {
        judge_nine(before, shot, f, v);
    }
    v.after.break_shot = false;
    if (v.after.shooter != before.shooter && !v.after.game_over) v.turn_continues = false;
    return v;
}

DecisionResult decide(const RulesState& before, Choice choice) {
    DecisionResult r;
    r.after = before;
    const std::string& me = before.names[static_cast<std::size_t>(before.shooter)];
    const std::string& them = before.names[static_cast<std::size_t>(before.opponent())];
    if (before.pending == Pending::IllegalBreak) {
        switch (choice) {
        case Choice::AcceptTable:
            r.ok = true;
            r.after.pending = Pending::None;
            r.messages.push_back(
                me + " accepts the table" +
                (before.ball_in_hand ? ", ball in hand behind the head string" : ""));
            break;
        case Choice::Rerack:
        case Choice::RerackOpponentBreaks: {
            r.ok = true;
            const int breaker = choice == Choice::Rerack ? before.shooter : before.opponent();
            r.after = new_game(before.kind, breaker, before.options, before.names);
            r.after.rerack = true;
            r.messages.push_back("Re-rack: " + before.names[static_cast<std::size_t>(breaker)] +
                                 " breaks");
            break;
        }
        default:
            break;
        }
    } else if (before.pending == Pending::PushOutReply) {
        if (choice == Choice::ShootAfterPushOut) {
            r.ok = true;
            r.after.pending = Pending::None;
            r.messages.push_back(me + " takes the shot");
        } else if (choice == Choice::PassBack) {
            r.ok = true;
            r.after.pending = Pending::None;
            r.after.shooter = before.opponent();
            r.messages.push_back(me + " passes the shot back to " + them);
        }
    }
    if (!r.ok) {
        r.after = before;
        r.messages.push_back(std::string("Not a valid choice now: ") + to_string(choice));
    }
    return r;
}

bool on_eight(const RulesState& s, int player, const std::vector<int>& on_table) {
    if (s.kind != GameKind::EightBall) return false;
    const Group g = s.groups[static_cast<std::size_t>(player)];
    if (g == Group::None) return false;
    return std::none_of(on_table.begin(), on_table.end(), [g](int b) { return group_of(b) == g; });
}

bool must_call_pocket(const RulesState& s, const std::vector<int>& on_table) {
    return !s.break_shot && on_eight(s, s.shooter, on_table);
}

std::vector<int> legal_targets(const RulesState& s, const std::vector<int>& on_table) {
    std::vector<int> t;
    if (s.kind == GameKind::NineBall) {
        if (!on_table.empty()) t.push_back(*std::min_element(on_table.begin(), on_table.end()));
        return t;
    }
    if (s.break_shot) return t;
    if (on_eight(s, s.shooter, on_table)) {
        if (contains(on_table, kEightBall)) t.push_back(kEightBall);
        return t;
    }
    const Group own = s.groups[static_cast<std::size_t>(s.shooter)];
    for (int b : on_table) {
        if (b == kEightBall || group_of(b) == Group::None) continue;
        if (own == Group::None || group_of(b) == own) t.push_back(b);
    }
    std::sort(t.begin(), t.end());
    return t;
}

bool is_scoring_ball(const RulesState& s, const std::vector<int>& on_table, int ball) {
    if (s.kind == GameKind::NineBall) return ball != kCueBall;
    if (ball == kEightBall) return on_eight(s, s.shooter, on_table);
    const Group own = s.groups[static_cast<std::size_t>(s.shooter)];
    return group_of(ball) != Group::None && (own == Group::None || group_of(ball) == own);
}

std::string status_line(const RulesState& s, const std::vector<int>& on_table) {
    const std::string& me = s.names[static_cast<std::size_t>(s.shooter)];
    if (s.game_over)
        return s.winner >= 0 ? s.names[static_cast<std::size_t>(s.winner)] + " wins" : "Game over";
    if (s.pending == Pending::IllegalBreak) return me + ": accept the table or re-rack?";
    if (s.pending == Pending::PushOutReply) return me + ": shoot or pass the shot back?";
    std::string line = me + (s.break_shot ? " to break" : " to shoot");
    if (!s.break_shot) {
        if (s.kind == GameKind::EightBall) {
            if (on_eight(s, s.shooter, on_table))
                line += " (on the 8: call the pocket)";
            else if (s.open_table())
                line += " (open table)";
            else
                line += std::string(" (") +
                        to_string(s.groups[static_cast<std::size_t>(s.shooter)]) + ")";
        } else {
            const auto t = legal_targets(s, on_table);
            if (!t.empty()) line += " (lowest ball: " + std::to_string(t.front()) + ")";
        }
    }
    if (s.ball_in_hand)
        line += s.kitchen ? ", ball in hand behind the head string" : ", ball in hand";
    if (s.push_out_available) line += ", push-out available";
    return line;
}

} // namespace billiards::game

#include "game/carom/carom_rules.hpp"

#include <algorithm>

namespace billiards::game {

namespace {

const char* ball_name(int id) {
    switch (id) {
    case kCaromWhite:
        return "white";
    case kCaromYellow:
        return "yellow";
    case kCaromRed:
        return "red";
    default:
        return "ball";
    }
}

const char* player_name(int player) {
    return player == 0 ? "White" : "Yellow";
}

std::string score_text(const CaromState& s) {
    return std::to_string(s.score[0]) + " - " + std::to_string(s.score[1]);
}

} // namespace

CaromShot judge_carom(int cue, const std::vector<ShotEvent>& events, bool break_shot, int frozen) {
    std::vector<ShotEvent> ev = events;
    std::stable_sort(ev.begin(), ev.end(),
                     [](const ShotEvent& a, const ShotEvent& b) { return a.time < b.time; });
    CaromShot r;
    for (const ShotEvent& e : ev) {
        if (e.kind == physics::EventKind::BallCushion && e.ball == cue) {
            ++r.cushions;
            if (r.second < 0) ++r.cushions_before_second;
            continue;
        }
        if (e.kind != physics::EventKind::BallBall) continue;
        if (e.ball != cue && e.other != cue) continue; // a kiss between the object balls
        const int hit = e.ball == cue ? e.other : e.ball;
        if (hit == frozen && r.first < 0 && r.cushions == 0) continue; // still leaving it
        if (r.first < 0) {
            r.first = hit;
        } else if (r.second < 0 && hit != r.first) {
            r.second = hit;
        }
    }
    r.break_foul = break_shot && r.first != kCaromRed;
    r.point = !r.break_foul && r.second >= 0 && r.cushions_before_second >= 3;
    if (r.break_foul) {
        r.message =
            r.first < 0
                ? "No point: the opening shot must hit the red (it hit nothing)"
                : std::string("No point: the opening shot must hit the red first (it hit ") +
                      ball_name(r.first) + ")";
    } else if (r.point) {
        r.message = "Point: " + std::to_string(r.cushions_before_second) +
                    " cushions before the second ball";
    } else if (r.first < 0) {
        r.message = "No point: missed both balls";
    } else if (r.second < 0) {
        r.message = std::string("No point: only the ") + ball_name(r.first) + " was hit";
    } else {
        r.message = "No point: " + std::to_string(r.cushions_before_second) +
                    " cushions before the second ball (3 needed)";
    }
    return r;
}

int frozen_ball(int cue, const std::array<Vec2, 3>& at, double radius) {
    int best = -1;
    double best_gap = kFrozenGap;
    for (int id = 0; id < 3; ++id) {
        if (id == cue) continue;
        const double gap =
            length(at[static_cast<std::size_t>(id)] - at[static_cast<std::size_t>(cue)]) -
            2.0 * radius;
        if (gap < best_gap) {
            best = id;
            best_gap = gap;
        }
    }
    return best;
}

const char* frozen_choice_name(FrozenChoice c) {
    switch (c) {
    case FrozenChoice::PlayAway:
        return "play_away";
    case FrozenChoice::Spot:
        return "spot";
    case FrozenChoice::None:
        break;
    }
    return "none";
}

CaromState new_carom_game(const CaromOptions& options, int breaker) {
    CaromState s;
    s.options = options;
    s.breaker = breaker;
    s.shooter = breaker;
    s.innings[static_cast<std::size_t>(breaker)] = 1;
    return s;
}

CaromState carom_after_shot(const CaromState& before, bool point) {
    CaromState s = before;
    s.break_shot = false;
    const int p = s.shooter, other = 1 - p;
    const auto pi = static_cast<std::size_t>(p), oi = static_cast<std::size_t>(other);
    const bool second_player = p != s.breaker;
    auto end_game = [&](int winner) {
        s.game_over = true;
        s.winner = winner;
        s.run = 0;
    };
    auto by_score = [&] {
        end_game(s.score[0] == s.score[1] ? -1 : (s.score[0] > s.score[1] ? 0 : 1));
    };
    if (point) {
        ++s.score[pi];
        ++s.run;
        s.high_run[pi] = std::max(s.high_run[pi], s.run);
        if (s.score[pi] < s.options.target) return s;
        if (second_player) {
            // Innings are equal now: a breaker at the target too means a draw.
            end_game(s.score[0] == s.score[1] ? -1 : p);
            return s;
        }
        // The breaker is at the target: the other player gets the last inning.
        s.last_inning = true;
    } else if (s.last_inning) {
        end_game(s.breaker); // the equalizing inning fell short
        return s;
    } else if (second_player && s.options.innings_limit > 0 &&
               s.innings[pi] >= s.options.innings_limit) {
        by_score();
        return s;
    }
    // The inning ends: the other player comes to the table.
    s.shooter = other;
    ++s.innings[oi];
    s.run = 0;
    return s;
}

std::string carom_status(const CaromState& s) {
    if (s.draw()) return "Draw " + score_text(s);
    if (s.game_over)
        return std::string(player_name(s.winner)) + " wins " + score_text(s) + " in " +
               std::to_string(s.innings[static_cast<std::size_t>(s.breaker)]) + " innings";
    std::string t = std::string(player_name(s.shooter)) + " to shoot: " + score_text(s) +
                    ", inning " + std::to_string(s.innings[static_cast<std::size_t>(s.shooter)]);
    if (s.last_inning) t += " (last inning)";
    return t;
}

} // namespace billiards::game

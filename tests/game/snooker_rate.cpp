// The snooker computer's strength on demand: seeded frames computer against computer at one
// level, with the share of pots made, the breaks, safeties, fouls and the CPU per decision:
//   snooker_rate [LEVEL] [FRAMES] [FIRST_SEED] [NOISE]
// NOISE: level (the default: each level's own), standard or none, as `billiards match --noise`.
// With SNOOKER_RATE_TRACE set, each stroke on stderr, a line "T" then: seat, pot chance (the
// computer's trials), value, points, the break so far, the cue ball's distance to the ball
// it pots (m, -1: no pot), the reds on the table, the strokes simulated; "|", then for a pot:
// whether the ball went in (1/0), the chance of its line by the geometry (ai::pot_lines at
// the level's aim noise), its cut (degrees), d1 and d2 (m), the chance of the best next pot
// from where the stroke without noise leaves the cue ball and from where it really stopped
// (-1: none scored), and the cue speed (m/s); "|", the plan. With SNOOKER_RATE_SPREAD too,
// before each pot a line "S" with, for the stroke without noise and then under each part
// of the noise alone (aim, speed, tip, elevation; 16 draws each): the draws that potted and
// the mean chance of the best next pot after them.
#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string_view>

#include "core/random.hpp"
#include "game/levels.hpp"
#include "game/snooker/snooker_ai_pots.hpp"
#include "game/snooker/snooker_match.hpp"
#include "game/strike.hpp"

using namespace billiards;
namespace sn = game::snooker;

namespace {

int usage() {
    std::fprintf(stderr, "snooker_rate: usage: snooker_rate [easy|medium|hard|pro] [FRAMES] "
                         "[FIRST_SEED] [level|standard|none]\n");
    return 2;
}

// A whole number below a billion, digits only.
bool parse_count(std::string_view s, unsigned long long& out) {
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && end == s.data() + s.size() && !s.empty() && s.size() <= 9;
}

struct Tally {
    int attempts = 0, made = 0, safeties = 0, fouls = 0, decisions = 0, frames = 0;
    int breaks = 0, break_points = 0, highest = 0;
    double cpu = 0.0;
};

bool contains(const std::vector<int>& v, int id) {
    return std::find(v.begin(), v.end(), id) != v.end();
}

// One frame to its end, the computer in both seats; false when a move is refused.
bool play_frame(std::uint64_t seed, game::AiLevel level, game::Noise noise, Tally& t) {
    sn::MatchConfig c;
    c.seed = seed;
    c.params = sn::play_params_for(c.table);
    c.cue = game::play_cue();
    c.max_shots = 300; // as `billiards match`
    for (auto& s : c.seats) {
        s.kind = game::SeatKind::Computer;
        s.level = level;
        s.noise = noise;
    }
    sn::Match m(c);
    int visit = 0; // points of the visit so far
    while (!m.frame().frame_over) {
        const std::clock_t t0 = std::clock();
        const sn::AiMove mv = sn::decide(m.ai_request());
        t.cpu += static_cast<double>(std::clock() - t0) / CLOCKS_PER_SEC;
        const std::size_t before = m.history().size();
        int reds = 0;
        for (const auto& b : m.world().balls())
            reds += sn::is_red(b.id) && b.state != physics::MotionState::Pocketed ? 1 : 0;
        double reach = -1.0; // the cue ball to the ball it pots
        if (mv.pot_target >= 0) {
            const auto& w = m.world();
            reach = length(w.ball(w.index_of(mv.pot_target)).position -
                           w.ball(w.index_of(sn::kCue)).position);
        }
        // For the trace: the pot's line by the geometry, and the best next pot's chance from
        // where the intended stroke (no noise) leaves the cue ball.
        const bool trace = std::getenv("SNOOKER_RATE_TRACE") != nullptr;
        const sn::AiRequest rq = m.ai_request();
        sn::ai::PotLine line;
        double ideal = -1.0;
        if (trace && mv.pot_target >= 0 && mv.kind == sn::AiMove::Kind::Shot) {
            physics::World w = m.world();
            if (mv.place_cue) w.restore_ball(w.index_of(sn::kCue), mv.cue_position);
            const std::vector<sn::Placed> bb = sn::placed(w);
            double bestd = 1e9;
            for (const auto& l :
                 sn::ai::pot_lines(rq.table, bb, {mv.pot_target}, rq.config.heading_noise, true)) {
                const double d =
                    std::abs(std::remainder(l.heading - mv.intended.heading, 2.0 * kPi));
                if (d < bestd) {
                    bestd = d;
                    line = l;
                }
            }
            if (std::getenv("SNOOKER_RATE_SPREAD")) {
                // The position after the pot under each part of the noise alone.
                std::fprintf(stderr, "S");
                for (int comp = 0; comp < 5; ++comp) {
                    game::AiConfig cfg = rq.config;
                    if (comp != 1) cfg.heading_noise = 0;
                    if (comp != 2) cfg.speed_noise_abs = 0, cfg.speed_noise = 0;
                    if (comp != 3) cfg.tip_noise = 0;
                    if (comp != 4) cfg.elevation_noise = 0;
                    double sum = 0;
                    int pots = 0;
                    for (int k = 0; k < (comp == 0 ? 1 : 16); ++k) {
                        physics::World x = w;
                        game::apply_strike(
                            x,
                            game::perturb_shot(mv.intended, cfg, rq.cue,
                                               mix(99, static_cast<std::uint64_t>(k))),
                            rq.cue);
                        x.run_until_rest(120.0);
                        const auto af = sn::placed(x);
                        if (sn::ai::present(af, mv.pot_target) || !sn::ai::present(af, sn::kCue))
                            continue;
                        const auto nx = sn::ai::pot_lines(rq.table, af,
                                                          sn::ai::targets_after(bb, mv.pot_target),
                                                          rq.config.heading_noise, true);
                        sum += nx.empty() ? 0.0 : nx.front().chance;
                        ++pots;
                    }
                    std::fprintf(stderr, " %d %.3f", pots, pots ? sum / pots : -1.0);
                }
                std::fprintf(stderr, "\n");
            }
            game::apply_strike(w, mv.intended, rq.cue);
            w.run_until_rest(120.0);
            const std::vector<sn::Placed> after = sn::placed(w);
            if (!sn::ai::present(after, mv.pot_target)) {
                const auto next =
                    sn::ai::pot_lines(rq.table, after, sn::ai::targets_after(bb, mv.pot_target),
                                      rq.config.heading_noise, true);
                ideal = next.empty() ? 0.0 : next.front().chance;
            }
        }
        if (!m.apply(mv)) return false;
        if (mv.kind != sn::AiMove::Kind::Shot) continue;
        ++t.decisions;
        t.safeties += mv.plan.rfind("plays safe", 0) == 0 ? 1 : 0;
        if (m.history().size() == before) continue;
        const sn::ShotVerdict& v = m.history().back().verdict;
        t.fouls += v.foul != sn::Foul::None ? 1 : 0;
        if (mv.pot_target >= 0) {
            ++t.attempts;
            t.made += v.foul == sn::Foul::None && contains(v.pocketed, mv.pot_target) ? 1 : 0;
        }
        if (trace) {
            double actual = -1.0; // the best next pot's chance where the cue ball stopped
            if (v.foul == sn::Foul::None && v.points > 0 && !v.after.frame_over &&
                v.after.shooter == m.history().back().shooter) {
                const auto after = sn::placed(m.world());
                std::vector<int> on;
                for (const auto& b : after)
                    if (b.id != sn::kCue) on.push_back(b.id);
                const auto next = sn::ai::pot_lines(rq.table, after, sn::balls_on(v.after, on),
                                                    rq.config.heading_noise, true);
                actual = next.empty() ? 0.0 : next.front().chance;
            }
            std::fprintf(stderr,
                         "T %d %.2f %.2f %d %d %.2f %d %d | %d %.2f %.1f %.2f %.2f %.2f %.2f "
                         "%.2f | %s\n",
                         m.history().back().shooter, mv.pot_chance, mv.score, v.points, visit,
                         reach, reds, mv.simulations,
                         mv.pot_target >= 0 && contains(v.pocketed, mv.pot_target) ? 1 : 0,
                         line.chance, rad_to_deg(std::acos(std::clamp(line.cut, -1.0, 1.0))),
                         line.d1, line.d2, ideal, actual, mv.intended.speed, mv.plan.c_str());
        }
        const bool scored = v.foul == sn::Foul::None && v.points > 0;
        visit = scored ? visit + v.points : visit;
        if (!scored || v.after.shooter != m.history().back().shooter || v.after.frame_over) {
            if (visit > 0) {
                ++t.breaks;
                t.break_points += visit;
                t.highest = std::max(t.highest, visit);
            }
            visit = 0;
        }
    }
    ++t.frames;
    return true;
}

} // namespace

int main(int argc, char** argv) {
    game::AiLevel level = game::AiLevel::Hard;
    unsigned long long frames = 2, seed = 1;
    game::Noise noise = game::Noise::Level;
    if (argc > 5) return usage();
    if (argc > 1 && !game::parse_ai_level(argv[1], level)) return usage();
    if (argc > 2 && (!parse_count(argv[2], frames) || frames == 0)) return usage();
    if (argc > 3 && !parse_count(argv[3], seed)) return usage();
    if (argc > 4 && !game::parse_noise(argv[4], noise)) return usage();
    Tally t;
    for (unsigned long long k = 0; k < frames; ++k) {
        if (!play_frame(seed + k, level, noise, t)) {
            std::fprintf(stderr, "snooker_rate: frame with seed %llu: a move was refused\n",
                         seed + k);
            return 1;
        }
    }
    const auto per = [](double a, int b) { return b > 0 ? a / b : 0.0; };
    std::printf("%s, %d frames: %d pot attempts, %d made (%.0f %%), breaks mean %.1f "
                "highest %d, %d safeties, %d fouls, %d decisions, %.3f s CPU per decision\n",
                game::to_string(level), t.frames, t.attempts, t.made,
                100.0 * per(t.made, t.attempts), per(t.break_points, t.breaks), t.highest,
                t.safeties, t.fouls, t.decisions, per(t.cpu, t.decisions));
    return 0;
}

// The computer opponent's planner behind ai_decide (ai.hpp), private to src/game: the
// candidate shots (ai_candidates.cpp), their evaluation by simulation in copies of the world
// (ai_evaluate.cpp) and the search that picks one within the work budget (ai_plan.cpp). The
// level presets are data (levels.cpp).
#pragma once

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "core/segment.hpp"
#include "core/vec.hpp"
#include "game/cue.hpp"
#include "game/pool/ai.hpp"
#include "game/pool/rules.hpp"
#include "physics/world.hpp"

namespace billiards::game::ai {

inline Vec2 unit_at(double a) {
    return {std::cos(a), std::sin(a)};
}
inline double angle_of(Vec2 v) {
    return std::atan2(v.y, v.x);
}
inline double wrap(double a) {
    return std::remainder(a, 2.0 * kPi);
}

// Keeps the n items of highest prior, highest first (equal priors keep their order).
template <class T> void keep_best(std::vector<T>& items, std::size_t n) {
    std::stable_sort(items.begin(), items.end(),
                     [](const T& a, const T& b) { return a.prior > b.prior; });
    if (items.size() > n) items.resize(n);
}

constexpr std::uint64_t kEventWork = 15; // an event costs about 15 steps of time

enum class Kind { Break, Pot, Bank, Kick, Safety, Sweep, Swerve, Masse };

struct Variant {
    Kind kind = Kind::Pot;
    int target = -1; // ball id
    int pocket = -1;
    CueShot shot{};
    ShotCall call{};
    double prior = 0.0;
    Vec2 cue_position{};
    // Trial statistics.
    double sum = 0.0;
    int n = 0;
    int pots = 0;
    bool confirmed = false; // had the final trials
    double mean() const { return n > 0 ? sum / n : -1e9; }
};

struct Pockets {
    std::vector<Vec2> aim;    // where the object ball's centre is sent
    std::vector<Vec2> inward; // direction into the pocket
    std::vector<bool> side;
};

class Planner {
  public:
    explicit Planner(const AiRequest& r);

    AiMove run();

    // The chance of potting ball `id` from a good place for the cue ball: the best, over the
    // pockets it has an open path to, of the pot chance from 0.35 m behind its ghost ball,
    // straight or at a 20-degree cut either side, where the cue ball's line is open too.
    // kStuckBall when no pocket and place qualify (a ball that needs a bank or a break-out).
    double ball_chance(const physics::World& w, int id, double sigma) const;
    static constexpr double kStuckBall = 0.2;

    // The rack's run-out chance for the shooter of `s`: the product of ball_chance over the
    // balls the shooter still has to pot (8-ball: its group and the 8, the better group on
    // an open table; 9-ball: every ball). 1 when the game is over.
    double runout_chance(const physics::World& w, const RulesState& s, double sigma) const;

    // For tools and tests (tests/game/pool_pots.cpp): the chance pot_chance gives the pot of
    // `target` into pocket p from where the cue ball stands in w, and the stroke the planner
    // plays for it (the ghost-ball heading, refined for throw when the level refines, at
    // `speed_factor` times base_speed, tip `height` up, no side; with `centre`, moved to the
    // middle of its window of headings that pot, as AiConfig::centre_aim does).
    double line_chance(const physics::World& w, int target, int p) const;
    CueShot pot_stroke(const physics::World& w, int target, int p, double speed_factor,
                       double height, bool centre = false);
    Vec2 pocket_aim(int p) const { return pockets_.aim[static_cast<std::size_t>(p)]; }
    // For tools and tests (tests/game/pool_break_rate.cpp): the value the planner gives the
    // outcome `v` that left the balls as in `after` (what a trial scores), and the best
    // chance of a next pot for the shooter of `s` (0 when the game is over).
    double outcome_value(const physics::World& after, const ShotVerdict& v) const {
        return value(after, v);
    }
    double next_pot_chance(const physics::World& w, const RulesState& s) const {
        return best_quality(w, s, cfg_.heading_noise);
    }
    // For tests: the leave of `w` for the shooter of `s` two shots deep, with the cue ball's
    // stops guessed (follow_up_quality) or played (played_follow_up, AiConfig::deep_top).
    double guessed_leave(const physics::World& w, const RulesState& s) const {
        return follow_up_quality(w, s, cfg_.heading_noise);
    }
    double played_leave(const physics::World& w, const RulesState& s) {
        return played_follow_up(w, s);
    }
    Vec2 pocket_inward(int p) const { return pockets_.inward[static_cast<std::size_t>(p)]; }

  private:
    // --- geometry -------------------------------------------------------------------
    Vec2 pos(const physics::World& w, int id) const { return w.ball(w.index_of(id)).position; }

    bool path_clear(const physics::World& w, Vec2 a, Vec2 b, int skip1, int skip2,
                    int skip3 = -1) const;

    // Half-width of the window the object ball's centre must pass, for an approach along u.
    double pocket_window(int p, Vec2 u) const;

    // Geometric chance of potting object ball O into pocket p from cue position C with
    // heading noise sigma (0 when the cut is too thin or the pocket faces away).
    double pot_chance(Vec2 c, Vec2 o, int p, double sigma, Vec2 aim) const;

    // AiConfig::fitted_pot_chance's model of the same: d1 from the cue ball to the ghost
    // ball, d2 from the object ball to the aim point, u its direction.
    double fitted_pot_chance(double d1, double d2, double cos_cut, int p, Vec2 u,
                             double sigma) const;

    // Best geometric pot chance for the shooter of `s` in world w.
    double best_quality(const physics::World& w, const RulesState& s, double sigma) const;

    // Best pot chance from cue position c on the legal targets among `on`, ignoring `gone`
    // (a ball just potted) in the paths.
    double best_pot_from(const physics::World& w, Vec2 c, const std::vector<int>& targets, int gone,
                         double sigma) const;

    // Two shots deep: over the best next pots, the chance of each times (one half plus one
    // half the chance of the best pot after it, from the best of the places a stun, follow
    // or draw would leave the cue ball). A pot that wins the game needs no follow-up.
    double follow_up_quality(const physics::World& w, const RulesState& s, double sigma) const;

    // AiConfig::deep_top: follow_up_quality with the places the cue ball stops played, not
    // guessed. Over the best deep_lines next pots, each pot's chance times (one half plus
    // one half the best chance of the pot after it from where the cue ball stops after the
    // pot's noise-free strokes (pot_stroke at kPlayedSpeeds times its base speed by
    // kPlayedHeights), a stroke that misses the pot or scratches counted as nothing).
    double played_follow_up(const physics::World& w, const RulesState& s);
    // Spread as the screen's speeds are (1.2 to 6 times), fewer: a draw needs pace.
    static constexpr std::array<double, 4> kPlayedSpeeds{1.3, 2.2, 3.8, 6.0};
    static constexpr std::array<double, 3> kPlayedHeights{0.0, 0.4, -0.4}; // stun, follow, draw

    struct NextPot {
        double q;  // pot_chance
        int t, p;  // ball, pocket
        Vec2 o, u; // the ball, the direction to the pocket's aim point
    };
    // The n likeliest pots of `targets` from cue position c with open paths, likeliest
    // first (those of chance 0.05 or less left out).
    std::vector<NextPot> open_pots(const physics::World& w, const std::vector<int>& targets, Vec2 c,
                                   double sigma, std::size_t n) const;

    // --- simulation -----------------------------------------------------------------
    struct Outcome {
        ShotVerdict verdict;
        double value = 0.0;
    };

    // Runs to rest (as World::run_until_rest does) and counts the work: one unit per step
    // and kEventWork per event (impacts and motion transitions), which tracks the time taken.
    // A trial that grows too long (a cluster chattering through tens of thousands of tiny
    // impacts) is cut off and judged on the events so far.
    void run_to_rest(physics::World& w);

    // Work for steps stepped with that many events among them (kEventWork an event).
    void count_steps(std::uint64_t steps, std::uint64_t events) {
        work_ += steps + kEventWork * events;
    }

    // A copy of base with the shot struck and its events recorded (one simulation).
    physics::World struck(const physics::World& base, const CueShot& shot);

    Outcome simulate(const physics::World& base, const CueShot& shot, const ShotCall& call);

    double value(const physics::World& after, const ShotVerdict& v) const;
    // True when the shooter keeps the table after v with no foul (and the level values
    // position): the value is then keep_value's.
    bool keeps_table(const ShotVerdict& v) const;
    // The value of keeping the table with a leave of next-shot quality q.
    double keep_value(const physics::World& after, const RulesState& s, double q) const;

    // Trial k's noise: antithetic pairs (k, k + 1 mirror each other) whose heading
    // magnitudes follow a low-discrepancy sequence over the half-normal distribution, so
    // even a few trials sample both sides evenly and no variant wins on a lucky draw.
    CueShot trial_shot(const CueShot& shot, int k) const;

    void trial(const physics::World& base, Variant& v, int k);

    // 8-ball on the 8: every shot needs a called pocket; when the plan names none (safety,
    // kick), call the pocket nearest the 8.
    void ensure_call(const physics::World& w, Variant& v) const;

    void evaluate(const physics::World& base, Variant& v, int trials);

    bool budget_left(double fraction) const;

    // Geometric departure angle of the object ball for a cue heading h (ghost-ball model).
    double geo_angle(Vec2 c, Vec2 o, double h, bool& hit) const;

    // Simulates until the cue ball's first contact: the signed error of the object ball's
    // departure direction from `want`. False when the first contact is not the target.
    bool departure_error(const physics::World& base, int target, Vec2 want, const CueShot& s,
                         double& err);

    // True when a noise-free run of s pots `target` in pocket p (stops once it drops).
    bool pots_line(const physics::World& base, const CueShot& s, int target, int p);

    // AiConfig::centre_aim: the middle of the window of headings about s's that pot `target`
    // in pocket p (window_middle); s's own heading when none within 1 mrad does.
    double centred(const physics::World& base, const CueShot& s, int target, int p);

    // Corrects the heading so the object ball leaves along `want` (throw, spin).
    bool refine(const physics::World& base, int target, Vec2 want, CueShot& s);

    // Cue speed that sends the object ball about `dist` after a cut with cos_cut.
    static double base_speed(double d1, double dist, double cos_cut);

    std::vector<double> speed_factors() const;
    std::vector<double> heights() const;

    ShotCall call_for(int target, int pocket) const;

    // --- candidates -----------------------------------------------------------------
    struct PotLine {
        Kind kind;
        int target;
        int pocket;
        Vec2 want;      // object ball direction
        double heading; // ghost-ball heading
        double d1, dist, cos_cut;
        double prior;
    };

    std::vector<PotLine> pot_lines(const physics::World& w) const;

    // The lines worth strokes: the likeliest pot_candidates of pot_lines, at most three of
    // them banks.
    std::vector<PotLine> candidate_lines(const physics::World& w) const;

    std::vector<Variant> pot_variants(const physics::World& w);

    // AiConfig::centre_aim for a pot line: its stun stroke at twice the base speed, aimed
    // for l.want, is centred in its window (centred), and l.want becomes the direction
    // the object ball then leaves in. Unchanged when the stroke's first contact misses.
    void centre_line(const physics::World& base, PotLine& l);

    // The two-stage search's first stage (AiConfig::screen_speeds > 0): each pot line's
    // strokes over the screening grid of speeds and tips, each aimed by refine() and run
    // once without noise (or screen_runs times with the speed and tip set off by the noise's
    // deviations), valued by value(), in batches (the budget checked between them).
    // Returns the best screen_keep strokes of each line, of those the best screen_total
    // overall (by the line's pot chance times the stroke's value, a miss counted as -0.6),
    // aimed and with empty trial statistics.
    std::vector<Variant> screened_pot_variants(const physics::World& w);
    std::vector<double> screen_factors() const;
    // A screened stroke's value: its runs' mean (AiConfig::screen_runs).
    double screen_value(const physics::World& w, const CueShot& shot, const ShotCall& call);

    std::vector<Variant> safety_variants(const physics::World& w) const;

    std::vector<Variant> kick_variants(const physics::World& w) const;

    std::vector<Variant> sweep_variants(const physics::World& w);
    // Runs v once; a shot that does not foul joins `out`, its outcome's value as its prior.
    void add_if_no_foul(const physics::World& w, Variant v, std::vector<Variant>& out);

    // --- curved shots -----------------------------------------------------------------
    // An elevated cue with english curves the cue ball while it slides: right english
    // (side > 0) bends its path clockwise, left english counter-clockwise. A curved shot
    // starts to one side of the ball in the way and bends back onto the line it needs.
    static constexpr double kCurveSide = 0.4;

    // Turns s.heading away from h0, on the side the english curves back from, until the
    // first contact sends `target` along `want`. A coarse scan outwards finds offsets whose
    // first contact is the target; from each, Newton's method on the departure error (its
    // slope from a neighbouring offset) closes in on the aim. False when none converges.
    bool curve_heading(const physics::World& w, int target, Vec2 want, double h0, CueShot& s);

    // Pots whose object-ball path is open but whose cue-ball line is blocked: swerve shots
    // (a cue raised 20 or 35 degrees, english either side) aimed by simulation.
    std::vector<Variant> swerve_variants(const physics::World& w);

    // Snookered: steep masse shots that start well wide of a legal ball hidden behind
    // another and curve onto it (a little draw helps them come round). Screened by one
    // simulation each, as the sweep is.
    std::vector<Variant> masse_variants(const physics::World& w);

    // --- planning -------------------------------------------------------------------
    // Runs f(planner, i) for each i in [first, first + n), each on its own copy of this
    // planner that starts from the work done so far, spread over the threads; then adds
    // their work up in order. The result does not depend on the number of threads.
    template <class F> void in_batch(std::size_t first, std::size_t n, F f);
    // Runs f(planner, i) for each i below `count`: in batches of AiConfig::batch (in_batch)
    // when the level batches, else one at a time on this planner; before each batch or
    // step after the first, stops unless more() answers true.
    template <class F, class More> void in_batches(std::size_t count, F f, More more);

    // The best variant from one cue-ball position, within the budget up to `limit`. With
    // `deep` (and AiConfig::deep_top), the final choice is deep_pick's among the best by
    // the trials, not the trials' leader after extra trials.
    Variant plan(const physics::World& w, std::uint64_t limit, bool deep = true);

    // AiConfig::deep_top: each candidate (vs[i], from bases[i]) played deep_trials fresh
    // trials whose leaves are valued by played_follow_up, in batches, whatever the budget;
    // returns the index of the best mean. The candidates' statistics are replaced.
    std::size_t deep_pick(const std::vector<const physics::World*>& bases,
                          std::vector<Variant>& vs);

    Variant plan_break(const physics::World& w);

    // Ball in hand: the cue-ball positions worth a full search.
    std::vector<Vec2> hand_positions(const physics::World& w) const;

    std::string describe(const Variant& v) const;

    const AiRequest& req_;
    const AiConfig& cfg_;
    RulesState rules_;
    int me_ = 0;
    int cue_ = -1;
    double radius_ = physics::kBallRadius;
    double hx_ = 0.0, hy_ = 0.0;
    double opp_noise_ = 0.0;
    double runout_before_ = 0.0; // runout_chance of the table as it stands (runout_weight)
    double rotation_ = 0.0;
    std::chrono::steady_clock::time_point t0_ = std::chrono::steady_clock::now();
    std::vector<int> on_table_;
    std::vector<int> targets_;
    Pockets pockets_;
    std::uint64_t work_ = 0;
    std::uint64_t start_ = 0;
    std::uint64_t limit_ = 0;
    // The whole decision stops here whatever the stage minimums ask: 1.5 budgets.
    std::uint64_t ceiling_ = ~std::uint64_t{0};
    int sims_ = 0;
    int evaluated_ = 0;
    bool deep_ = false; // trials value a kept table by played_follow_up (deep_pick)
};

} // namespace billiards::game::ai

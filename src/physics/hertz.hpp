// Compliant contact: balls as elastic spheres (Hertz) with the damping law of Tsuji, Tanaka
// and Ishida (1992), and the integrator for a cluster of balls in contact. Pure functions
// and a self-contained integrator: no world state (see World for when a cluster forms).
//
// Force along the normal while two bodies overlap by d (closing at d' = dd/dt):
//   F = k d^(3/2) + c d^(1/4) d',   k = 4/3 E* sqrt(R*),   c = alpha sqrt(m* k),
// never pulling (F >= 0). With this damping the contact is scale-free: an isolated head-on
// impact gives the same restitution at every speed and stiffness, a function of alpha alone
// (restitution_of), which damping_for inverts.
#pragma once

#include <utility>
#include <vector>

#include "physics/types.hpp"

namespace billiards::physics::hertz {

// E* of two balls of the same material, E / (2 (1 - nu^2)); a cushion is taken as a flat
// face of the same material (R* = the ball's radius).
double pair_modulus(const Params& p);
// k in F = k d^(3/2) for effective modulus e_star and reduced radius r_star.
double stiffness(double e_star, double r_star);

// The head-on impact in scale-free units (overlap in units of (m* v^2 / k)^(2/5), time in
// that over v): the restitution and the contact's duration for damping alpha.
struct Scaled {
    double restitution = 1.0;
    double duration = 0.0;
};
Scaled scaled_impact(double alpha);

// The damping alpha that gives restitution e (0 < e <= 1; alpha = 0 for e = 1), with the
// scale-free duration of that contact. Found by bracketed root finding on scaled_impact;
// cached (a few values, shared by every thread).
struct Damping {
    double alpha = 0.0;
    double duration = 0.0;
};
Damping damping_for(double e);

// Duration of a head-on contact closing at `speed` (reduced mass m_star, stiffness k) whose
// scale-free duration is `scaled`: scaled (m* v^2 / k)^(2/5) / v.
double contact_duration(double m_star, double k, double scaled, double speed);

// A body of a cluster: a ball, its centre in the table's plane, its spin in 3D.
struct Body {
    Vec2 r{};
    Vec2 v{};
    Vec3 w{};
    double radius = 0.0;
    double mass = 0.0;
};

// A contact's Coulomb friction over one step: balls a and b along t = perp(n), n from a to
// b, or ball a and a cushion (b < 0) with n from the cushion to a; `most` is mu times the
// step's normal impulse (`normal`), `impulse` the tangential impulse on a along t and `lift`
// its vertical part (ball pairs under the contact and alciatore models; set by rub).
struct Rub {
    int a = 0;
    int b = -1;
    Vec2 t{};
    double most = 0.0;
    double impulse = 0.0;
    double normal = 0.0;
    double lift = 0.0;
};

// Applies the contacts' friction at once: every impulse from the same velocities, so the
// result does not depend on their order. Each is at most `most` and opposes its contact's
// slip, capped at stopping it with each body's mass shared among its contacts (a body in n
// contacts counts n times lighter): then together they never add energy, whatever the
// others do. A contact alone on both its bodies gets the two-ball rule exactly. `count` is
// scratch. `model` is the ball pairs' (throw_model.hpp): horizontal acts on their horizontal
// slip, the others on the whole slip (with alciatore the cap is its coefficient at the
// slip's speed times `normal`, and `most` is unused).
void rub(std::vector<Body>& bodies, std::vector<Rub>& rubs, std::vector<int>& count,
         ThrowModel model = ThrowModel::Horizontal);

// Restitutions below this are taken as this in compliant contact: a contact damped to no
// rebound at all would never end (the damping needed grows without bound).
constexpr double kLeastRestitution = 0.01;
// Inside a cluster no ball is lighter than this share of its heaviest (see Cluster::run).
constexpr double kLightest = 1e-6;
// The Hertz law holds for overlaps small against the radii. Past kDeep times the smaller
// radius of a pair (the ball's, against a cushion) the elastic force is stiffened, without
// bound towards twice that: however fast, no ball passes through another or a cushion.
constexpr double kDeep = 0.25;

// The contact laws a cluster uses, from the world's parameters.
struct Laws {
    double e_star = 0.0;        // effective modulus of every contact
    double alpha_ball = 0.0;    // damping for ball_restitution
    double alpha_wall = 0.0;    // damping for cushion_restitution
    double duration_ball = 0.0; // scale-free contact durations for those dampings
    double duration_wall = 0.0;
    double mu_ball = 0.0;                            // ball-ball Coulomb friction (throw)
    double mu_wall = 0.0;                            // ball-cushion Coulomb friction
    double mu_cloth = 0.0;                           // sliding friction on the cloth
    ThrowModel throw_model = ThrowModel::Horizontal; // which slip mu_ball acts on, and how
    double gravity = 0.0;
    double tolerance = 1e-9; // per-step error, see Params::contact_tolerance
    static Laws from(const Params& p);
};

// A contact that began inside a cluster (for the event list): balls a and b, or ball a and
// cushion `wall` (b < 0).
struct Onset {
    double time = 0.0;
    int a = 0;
    int b = 0;
    int wall = -1;
};

// Integrates balls and cushions in contact with an embedded Runge-Kutta pair (Dormand-
// Prince 5(4)) under adaptive step control. The normal forces are pairwise equal and
// opposite, so momentum is kept to rounding; Coulomb friction acts on the contact points'
// slip as an impulse per step of mu times the step's normal impulse (capped at stopping the
// slip), the instantaneous impact's rule applied step by step to every contact at once (see
// rub); the cloth's sliding friction
// acts the same way on each ball's slip on the cloth (mu_s m g per unit time). Rolling and
// spin friction are left out: a cluster lasts milliseconds, in which they change a speed
// by about 0.1 mm/s.
// Where a contact begins or its force is clamped to zero the force is not smooth; steps are
// cut in advance at those predicted switches, and closing pairs are integrated with the
// damping's impulse, and while young the Hertz force's, taken out of the momenta (see
// Pair::smooth, Pair::v_ref and DESIGN.md).
class Cluster {
  public:
    Cluster() = default;
    void reset(const Laws& laws, double time);
    void add_body(const Body& b) { bodies_.push_back(b); }
    void add_wall(const Cushion& c) { walls_.push_back(c); }
    int body_count() const { return static_cast<int>(bodies_.size()); }
    const Body& body(int k) const { return bodies_[static_cast<std::size_t>(k)]; }
    double time() const { return time_; }
    // Contacts closed now, as (a, b) with b = -1 - wall for a cushion. Set the seeds' contact
    // before the first run (it closes at once), and a suspended cluster's on resuming.
    const std::vector<std::pair<int, int>>& touching() const { return touching_; }
    void set_touching(std::vector<std::pair<int, int>> t) { touching_ = std::move(t); }
    // The step to try next (0: chosen from the speeds); kept when a cluster is resumed.
    double next_step() const { return h_; }
    void set_next_step(double h) { h_ = h; }

    // Integrates until no two bodies (or a body and a cushion) overlap after at least one
    // step, or until `until`. True when every contact has opened.
    bool run(double until);

    // Contacts that began since reset (ascending time).
    const std::vector<Onset>& onsets() const { return onsets_; }
    std::uint64_t steps() const { return steps_; }
    std::uint64_t rejected() const { return rejected_; }

  private:
    // A pair's normal (from a to b, or from the cushion to a), overlap (negative: gap) and
    // its rate at a step's start, and the lighter body's mass.
    struct Approach {
        Vec2 n{};
        double depth = 0.0, rate = 0.0, mass = 0.0;
    };
    struct Pair {
        int a = 0;
        int b = 0; // ball index, or -1 - wall index
        double k = 0.0;
        double c = 0.0;
        std::size_t ia = 0, ib = 0; // where a's and b's (a ball) states start in the state
        double reach = 0.0;         // the distance at which they touch, and its square
        double reach_sq = 0.0;
        double inv_a = 0.0, inv_b = 0.0; // 1 / mass of a and of b (a ball)
        // Past an overlap of `deep` the elastic force stiffens without bound towards
        // deep + 1 / inv_span (see stiffening).
        double deep = 0.0, inv_span = 0.0;
        double impulse = 0.0; // normal impulse over the current step
        double first = 0.0;   // normal force at the step's start
        // Integrated with the damping's impulse taken out of its bodies' velocities: the
        // damping force c d^(1/4) d' is the rate of G = 4/5 c d^(5/4), so the state carries
        // m v -+ G n, whose rate has no d^(1/4) at the contact's onset (set for a step).
        bool smooth = false;
        double gain = 0.0;      // closing acceleration at the step's start
        bool plausible = false; // scratch for find_plausible
        bool candidate = false; // may touch within the step (see pick_candidates)
        bool forced = false;    // found touching at a step's end unforeseen: a candidate
        // With smooth, the closing rate the step began with (0: none): the state also
        // carries 2/5 k d^(5/2) / v_ref of the Hertz force's impulse, the elastic impulse
        // of a contact closing at v_ref, so that an onset's rate is k d^(3/2) (1 - d'/v_ref).
        double v_ref = 0.0;
        double k_ref = 0.0; // k / v_ref (0: no elastic part)
        Approach now{};
    };
    struct Contact {
        Vec2 n{};
        double depth = 0.0, dist = 0.0, q = 0.0; // q = depth^(1/4)
        double inv_dist = 0.0;
        double g = 0.0;     // the momentum shift (smooth pairs, set by the force pass)
        bool turns = false; // n turns as the bodies move
    };
    static double momentum_shift(const Pair& pr, const Contact& c);
    static double stiffening(const Pair& pr, double d);
    bool contact(const Pair& pr, const double* y, Contact& c) const;
    static bool ball_contact(const Pair& pr, double dx, double dy, double dist_sq, Contact& c);
    void shift_pair(const Pair& pr, const Contact& c, double* v, double g) const;
    void shift(const std::vector<std::size_t>& pairs, const double* y, double* v, double sign,
               bool known) const;
    void find_near(double h);
    void prepare(Pair& pr, double young, double h);
    void find_touching(double young, double h, bool same_pairs);
    void find_plausible(double young, double h, bool list_near);
    bool near(const Pair& pr, double h) const;
    void find_pairs(double h);
    // A step's force passes: at its start (every body, every pair that can touch within
    // it), at the inner stages (the bodies and pairs of the candidates), at its end (the
    // candidates' bodies, every pair that can touch: an unforeseen contact rejects it).
    enum class Pass { Start, Inner, End };
    void forces(const std::vector<double>& y, std::vector<double>& dy, double weight, Pass pass);
    void pick_candidates(double h);
    double closing_gain(const Pair& pr) const;
    void uniform_end(double h);
    double error_norm(const std::vector<double>& err) const;
    bool overlaps_outside_pairs(const std::vector<double>& y) const;
    void apply_friction(double h);
    std::vector<Rub> rubs_; // scratch for apply_friction
    std::vector<int> rub_count_;
    Approach approach(const Pair& pr) const;
    double switch_limit(double h, double allowed);

    Laws laws_{};
    double time_ = 0.0;
    double h_ = 0.0; // next step to try (0: choose)
    double v_scale_ = 1.0;
    double pairs_built_ = -1.0; // when pairs_ was listed (negative: list anew)
    std::vector<Body> bodies_;
    std::vector<Cushion> walls_;
    std::vector<Pair> pairs_;
    std::vector<Onset> onsets_;
    std::vector<std::pair<int, int>> touching_, now_touching_;
    std::vector<double> y_, y_new_, err_, tmp_;
    std::vector<char> listed_;         // pairs_ as a matrix: ball rows, ball then cushion columns
    std::vector<Vec2> anchor_;         // the bodies' centres when pairs_ was listed
    bool smooth_pairs_ = false;        // any pair in the smooth form this step
    std::vector<Contact> contacts_;    // by pair, in the state forces() last saw
    std::vector<std::size_t> touched_; // the pairs that touch there
    std::vector<std::size_t> near_;    // the pairs that can touch within the step
    std::vector<std::size_t> start_touched_; // those touching at its start
    std::vector<std::size_t> plausible_;     // those whose switches it foresees
    std::vector<std::size_t> candidates_;    // those foreseen to touch in it
    std::vector<std::size_t> active_;        // their bodies (the others move uniformly)
    std::vector<char> is_active_;
    bool unforeseen_ = false;    // a pair not among the candidates touches at the step's end
    double v_bound_ = 0.0;       // no body is faster (from the cluster's energy)
    std::vector<double> accel0_; // the bodies' true accelerations at the step's start,
                                 // laid out as the state (x, y in a body's first two)
    double free_gap_ = 0.0;      // how far a body may move from there before an unlisted
                                 // pair could touch
    std::vector<double> k_[7];
    std::uint64_t steps_ = 0;
    std::uint64_t rejected_ = 0;
};

} // namespace billiards::physics::hertz

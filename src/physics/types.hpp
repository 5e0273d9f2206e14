// Plain data of the ball world: parameters, balls, cushions, pockets, events.
#pragma once

#include <cstdint>
#include <vector>

#include "core/vec.hpp"

namespace billiards::physics {

// Standard pool ball (DESIGN.md, Defaults).
constexpr double kBallRadius = 0.028575;
constexpr double kBallMass = 0.170;

// How touching balls push each other (see hertz.hpp and the design notes).
enum class BallContact : std::uint8_t {
    Ideal, // every impact instantaneous, pair by pair
    Hertz  // clusters of touching balls integrated as elastic spheres in contact
};

const char* to_string(BallContact c);

// How a ball and a cushion meet (see cushion_model.hpp and the design notes).
enum class CushionModel : std::uint8_t {
    Reflect, // one Coulomb impulse at the centre's height: v_n -> -e v_n
    Mathavan // the nose above the centre and the cloth below, integrated over the impulse
};

const char* to_string(CushionModel c);

// Which slip of two balls' contact points ball-ball friction acts on, and with what
// coefficient (see throw_model.hpp and the design notes).
enum class ThrowModel : std::uint8_t {
    Horizontal, // the horizontal slip only (side spin and tangential velocity), mu = ball_friction
    Contact,    // the whole slip, horizontal and vertical (top and bottom spin), mu = ball_friction
    Alciatore,  // the whole slip, mu falling with the slip speed (Alciatore's fit to Marlow's data)
    Mathavan    // the impact integrated with ball-ball and ball-cloth friction (throw_mathavan.hpp)
};

const char* to_string(ThrowModel m);

struct Params {
    double timestep = 1.0 / 240.0;
    double gravity = 9.81;
    double ball_restitution = 0.95;
    double ball_friction = 0.06; // ball-ball sliding friction (throw); 0 = frictionless
    double cushion_restitution = 0.85;
    // Cushion-ball sliding friction: side spin and the ball's speed along the rail change
    // the rebound angle and speed. 0 = plain reflection (v_n -> -e v_n, v_t kept).
    double cushion_friction = 0.2;
    double sliding_friction = 0.2;  // cloth, while the contact point slips
    double rolling_friction = 0.01; // cloth, while rolling
    // Spin-down 5 mu_sp g / 2R = 10 rad/s^2 for the standard ball.
    double spin_friction = 4.0 * kBallRadius / 9.81;
    BallContact ball_contact = BallContact::Ideal;
    // Phenolic resin pool balls (Crown's values, see the design notes): with these a head-on
    // contact at 1 m/s lasts about 0.4 ms.
    double ball_young_modulus = 5.84e9; // Pa
    double ball_poisson_ratio = 0.34;
    // Error the cluster integrator allows per step, relative to a ball's radius (positions)
    // and to the cluster's largest speed (velocities).
    double contact_tolerance = 1e-9;
    CushionModel cushion_model = CushionModel::Reflect;
    // Height of the cushion's nose above the table, m (0.64 of the ball's diameter on pool
    // tables); used by the Mathavan model, which needs it between a ball's centre and top.
    double cushion_height = 0.64 * 2.0 * kBallRadius;
    ThrowModel throw_model = ThrowModel::Horizontal;
    // Impulse steps of the mathavan throw model's integration (its resolution; unused by the
    // other models).
    int throw_steps = 1000;
};

enum class MotionState : std::uint8_t { Stationary, Sliding, Rolling, Spinning, Pocketed };

const char* to_string(MotionState s);

struct BallDef {
    int id = 0;
    Vec2 position{};
    Vec2 velocity{};
    Vec3 spin{}; // (wx, wy, wz) rad/s; rolling along +x has wy = v / R
    double radius = kBallRadius;
    double mass = kBallMass;
};

// A cushion is a segment hit from either side; its end points act as rounded jaws.
struct Cushion {
    Vec2 a{};
    Vec2 b{};
};

// A ball whose centre enters the capture circle is pocketed.
struct Pocket {
    Vec2 center{};
    double radius = 0.0;
};

// Cluster: balls (and cushions) in compliant contact, integrated together from `time` to
// `end`; its BallBall and BallCushion contacts are also listed, with in_cluster set.
enum class EventKind : std::uint8_t { BallBall, BallCushion, Pocketed, Cluster };

const char* to_string(EventKind k);

struct Event {
    double time = 0.0; // world time, exact (not a step boundary)
    EventKind kind = EventKind::BallBall;
    int ball = 0;             // index of the (first) ball
    int other = 0;            // second ball index, cushion index or pocket index
    double end = 0.0;         // Cluster: when its last contact opened
    bool in_cluster = false;  // a contact inside a cluster (its onset)
    std::vector<int> members; // Cluster: ball indices, ascending
};

struct EventCounts {
    std::uint64_t ball_ball = 0;
    std::uint64_t ball_cushion = 0;
    std::uint64_t pocketed = 0;
    std::uint64_t clusters = 0;
};

} // namespace billiards::physics

#include "physics/throw_model.hpp"

#include <cmath>

namespace billiards::physics::throw_model {

double alciatore_mu(double slip_speed) {
    return kA + kB * std::exp(-kC * slip_speed);
}

double coefficient(ThrowModel m, double mu, double slip_speed) {
    return m == ThrowModel::Alciatore ? alciatore_mu(slip_speed) : mu;
}

} // namespace billiards::physics::throw_model

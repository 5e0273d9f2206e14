#include <gtest/gtest.h>
#include "core/poly.hpp"
using namespace billiards;
TEST(Poly, QuadraticRoots) {
    Poly p{{-1.0, 0.0, 1.0, 0.0, 0.0}};
    std::array<double, 4> r{};
    ASSERT_EQ(roots_in(p, -2.0, 2.0, r), 2);
    EXPECT_DOUBLE_EQ(r[0], -1.0);
    EXPECT_DOUBLE_EQ(r[1], 1.0);
}

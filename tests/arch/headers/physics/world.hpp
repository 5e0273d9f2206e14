// Not compiled: a public header that includes a private one (cmake/HeaderCheck.cmake refuses
// it; installed, it would name a header the install does not hold).
#pragma once
#include "physics/world_impl.hpp"

// Not compiled: the engine's layout is private to physics (cmake/ArchCheck.cmake).
#include "physics/world_impl.hpp"

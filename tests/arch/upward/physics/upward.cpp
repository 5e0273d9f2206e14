// Not compiled: arch.upward_include_fails checks that cmake/ArchCheck.cmake refuses these.
#include "game/match.hpp" // physics may not use game
#include <SDL.h>          // nor any window

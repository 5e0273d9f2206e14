// Not compiled: pool's folder reaches into snooker's (cmake/ArchCheck.cmake).
#include "game/snooker/snooker_match.hpp"

// Not compiled: a shared game file includes a discipline (only the factory may).
#include "game/carom/carom_game.hpp"

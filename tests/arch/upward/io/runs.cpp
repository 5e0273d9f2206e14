// Not compiled: io is file formats only and never reaches up to the shell.
#include "app/game_app.hpp"

// Not compiled: a HUD piece of a game mode draws through the shared cards, never SDL itself.
#include <SDL.h>

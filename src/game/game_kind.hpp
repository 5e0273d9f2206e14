// Which pool game is played: 8-ball or 9-ball (the rules, the rack and the save files read it).
#pragma once

#include <cstdint>

namespace billiards::game {

enum class GameKind : std::uint8_t { EightBall, NineBall };

const char* to_string(GameKind k); // "8-ball", "9-ball"

} // namespace billiards::game

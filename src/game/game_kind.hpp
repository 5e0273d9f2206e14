// Which game is played: the two pool games (their rules, racks and save files read it) and
// the other disciplines, one enum for every kind (game.hpp's make_game builds any of them).
#pragma once

#include <array>
#include <cstdint>

namespace billiards::game {

enum class GameKind : std::uint8_t { EightBall, NineBall, Snooker, ThreeCushion };

inline constexpr std::array<GameKind, 4> kGameKinds{GameKind::EightBall, GameKind::NineBall,
                                                    GameKind::Snooker, GameKind::ThreeCushion};

const char* to_string(GameKind k); // "8-ball", "9-ball", "snooker", "three-cushion"

} // namespace billiards::game

// Who plays a seat of any game: a person or the computer at a level.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "game/levels.hpp"

namespace billiards::game {

enum class SeatKind : std::uint8_t { Human, Computer };

struct Seat {
    SeatKind kind = SeatKind::Human;
    AiLevel level = AiLevel::Medium;
    std::string name;           // empty: "Player 1" / "Player 2"
    std::optional<AiConfig> ai; // instead of ai_config(level), e.g. a smaller budget in tests
    Noise noise = Noise::Level; // the execution noise it plays with
};

} // namespace billiards::game

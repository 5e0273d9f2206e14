#include "game/game_kind.hpp"

namespace billiards::game {

const char* to_string(GameKind k) {
    switch (k) {
    case GameKind::EightBall:
        return "8-ball";
    case GameKind::NineBall:
        return "9-ball";
    case GameKind::Snooker:
        return "snooker";
    case GameKind::ThreeCushion:
        return "three-cushion";
    }
    return "?";
}

} // namespace billiards::game

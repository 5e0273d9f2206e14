#include "game/game_kind.hpp"

namespace billiards::game {

const char* to_string(GameKind k) {
    switch (k) {
    case GameKind::EightBall:
        return "8-ball";
    case GameKind::NineBall:
        return "9-ball";
    }
    return "?";
}

} // namespace billiards::game

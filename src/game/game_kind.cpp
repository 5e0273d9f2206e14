#include "game/game_kind.hpp"

namespace billiards::game {

const char* to_string(GameKind k) {
    return index(k) < kKindInfos.size() ? info(k).name : "?";
}

std::optional<GameKind> kind_of_cli_name(std::string_view text) {
    for (const KindInfo& i : kKindInfos)
        if (text == i.cli_name) return i.kind;
    return std::nullopt;
}

} // namespace billiards::game

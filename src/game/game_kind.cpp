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

std::string cli_names_text() {
    std::string names;
    for (std::size_t i = 0; i < kKindInfos.size(); ++i)
        names += std::string(i == 0                       ? ""
                             : i + 1 == kKindInfos.size() ? " or "
                                                          : ", ") +
                 kKindInfos[i].cli_name;
    return names;
}

} // namespace billiards::game

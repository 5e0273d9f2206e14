// Which game is played: every discipline on one line of BILLIARDS_GAME_KINDS, the one table
// that the enum, the names, the factory (game.cpp's make_game), the desktop game's HUD
// (app's make_hud), its menu and its autosaves are all made from. A new game is one line
// here, its folder src/game/FOLDER/ and its HUD file src/app/FOLDER_hud.cpp.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

// X(id, command-line name, name, menu label, what one game of it is called, folder)
//  - name: in saves, reports and on screen ("8-ball"); the command line's has no dash.
//  - folder: src/game/FOLDER/ defines game::make_FOLDER_game(GameKind, const GameOptions&),
//    src/app/FOLDER_hud.cpp defines app::make_FOLDER_hud(); kinds may share a folder.
// The order is the menu's (the sandbox follows the pool games) and the enum's.
#define BILLIARDS_GAME_KINDS(X)                                                                    \
    X(EightBall, "8ball", "8-ball", "8-ball", "match", pool)                                       \
    X(NineBall, "9ball", "9-ball", "9-ball", "match", pool)                                        \
    X(Snooker, "snooker", "snooker", "Snooker", "match", snooker)                                  \
    X(ThreeCushion, "three-cushion", "three-cushion", "3-cushion", "game", carom)

namespace billiards::game {

#define BILLIARDS_KIND_ID(id, cli, name, label, noun, folder) id,
enum class GameKind : std::uint8_t { BILLIARDS_GAME_KINDS(BILLIARDS_KIND_ID) };
#undef BILLIARDS_KIND_ID

// What the table says of one kind.
struct KindInfo {
    GameKind kind;
    const char* cli_name; // "8ball", "9ball", "snooker", "three-cushion"
    const char* name;     // "8-ball", "9-ball", "snooker", "three-cushion"
    const char* label;    // the menu's: "8-ball", "9-ball", "Snooker", "3-cushion"
    const char* noun;     // "match", or "game" (three-cushion): "8-ball match"
    const char* folder;   // "pool", "snooker", "carom"
};

#define BILLIARDS_KIND_INFO(id, cli, name, label, noun, folder)                                    \
    KindInfo{GameKind::id, cli, name, label, noun, #folder},
inline constexpr std::array kKindInfos{BILLIARDS_GAME_KINDS(BILLIARDS_KIND_INFO)};
#undef BILLIARDS_KIND_INFO

#define BILLIARDS_KIND_VALUE(id, cli, name, label, noun, folder) GameKind::id,
inline constexpr std::array kGameKinds{BILLIARDS_GAME_KINDS(BILLIARDS_KIND_VALUE)};
#undef BILLIARDS_KIND_VALUE

constexpr const KindInfo& info(GameKind k) {
    return kKindInfos[static_cast<std::size_t>(k)];
}
constexpr std::size_t index(GameKind k) {
    return static_cast<std::size_t>(k);
}

const char* to_string(GameKind k); // its name: "8-ball", "9-ball", "snooker", "three-cushion"

// The kind of a command-line name ("8ball", ..., "three-cushion"); none otherwise.
std::optional<GameKind> kind_of_cli_name(std::string_view text);
// Every kind's command-line name, for messages: "8ball, 9ball, snooker or three-cushion".
std::string cli_names_text();

} // namespace billiards::game

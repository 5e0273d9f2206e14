// The game's "Online" screen and the online card beside the table (drawn here, acted on by
// app/online_lobby.cpp): the server's address, hosting a game with its choices, joining or
// watching a room by its code; during the match, the room's state and the chat.
#pragma once

#include <string>
#include <vector>

#include "game/game_kind.hpp"
#include "io/settings.hpp"
#include "ui/menus.hpp"

namespace billiards::ui {

struct OnlineMenu {
    // Edited here.
    std::string server; // HOST:PORT
    std::string name;   // this player's name
    // Hosting: the game and its table, its own choices and the cue, on the main menu's rows
    // (the settings' copy: the game is always one, never the sandbox).
    io::Settings setup;
    MenuInfo tables;      // the tables offered (pool's, snooker's)
    int games = 1;        // pool and three-cushion: games of the match
    int turn_seconds = 0; // the turn timer (0: none)
    std::string code;     // the room to join or watch
    std::string rejoin;   // non-empty: "Rejoin room CODE" is offered (this side's last seat)
    // Shown.
    bool busy = false;     // a room is being made or joined: Cancel instead of the buttons
    std::string room_code; // hosting: the code to give the other player
    std::string status;
    std::string message;
    bool error = false;
};

enum class OnlineAction { None, Host, Join, Watch, Rejoin, Cancel, Back };

OnlineAction draw_online_menu(OnlineMenu& m);

// The card beside the table during an online match; true when `typing` holds a line to send.
struct OnlineCard {
    std::string status;
    bool problem = false;
    std::vector<std::string> chat;
    std::string typing;
    float x = 0.0f, y = 0.0f, width = 260.0f; // output pixels
};
bool draw_online_card(OnlineCard& card);

} // namespace billiards::ui

// The game's "Online" menu and what it starts: hosting a room (the match's choices, the code
// shown), joining one by its code, or watching one; then the OnlineSession of that match, its
// card beside the table (the room's state and the chat). GameApp holds one (online()).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "app/online_session.hpp"
#include "ui/online_menu.hpp"

namespace billiards::app {

class GameApp;

class OnlineLobby {
  public:
    bool menu_open() const { return menu_open_; }
    void open_menu(GameApp& app); // from the main menu: the server and name from the settings

    // The menu's buttons (tests press them here): false with the menu's message when the
    // address, the name or the code is not one. The server and the name are kept in the
    // settings.
    bool host(GameApp& app);
    bool join(GameApp& app);
    bool watch(GameApp& app);
    // Takes this side's seat back in the room it last played (the room file: after the
    // game was closed or the connection lost); the server replays the match so far.
    bool rejoin(GameApp& app);
    void leave(); // the room left (the match stays on the table, stopped)
    // Once a rejoin found the room gone: the online autosave played on as a local game (both
    // seats at this table), offered in the Rejoin button's place.
    bool continue_here(GameApp& app);
    // Scripts (--online): the Online screen open, `action` ("" none, host, join:CODE,
    // watch:CODE) pressed, `say` said once the match is on the table. "" or what is wrong.
    std::string script(GameApp& app, const std::string& action, const std::string& say);

    ui::OnlineMenu& menu() { return menu_; }
    std::uint64_t seed = 0; // hosting: the match's seed (0: the clock's)
    int max_shots = 300;    // hosting: a game's shot cap (tests make short games)
    OnlineSession* session() { return session_.get(); }

    void frame(GameApp& app, double real_seconds); // once a frame, after the mode's
    void draw_menu(GameApp& app);                  // the Online screen over the main menu
    void draw_card(GameApp& app);                  // at the table, during an online match
    bool playing() const;                          // a match of this session is on the table

  private:
    bool open(GameApp& app, LinkRequest::Kind kind);
    std::string room_file(const GameApp& app) const;
    std::string autosave_file(const GameApp& app) const;
    void refresh_rejoin(const GameApp& app);

    bool menu_open_ = false;
    ui::OnlineMenu menu_;
    ui::OnlineCard card_;
    std::unique_ptr<OnlineSession> session_;
    std::string say_;         // a script's chat line, once playing
    bool print_code_ = false; // a script hosting: `room CODE` on standard output
    bool rejoining_ = false;  // the session is a rejoin
    bool room_gone_ = false;  // a rejoin found no room: continue_here is offered
};

} // namespace billiards::app

// What one kind of game shows and says in the match mode (match_mode.hpp), which plays every
// kind the same way: the status line, the players' cards and the title, the cards over the
// table, the news after a shot or a decision, and what a rematch is. One file each:
// pool_hud.cpp, snooker_hud.cpp, carom_hud.cpp; a new game adds its own FOLDER_hud.cpp,
// which make_hud finds by game_kind.hpp's table.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/game_mode.hpp"
#include "game/game.hpp"
#include "render/view.hpp"

namespace billiards::app {

class MatchMode;

class GameHud {
  public:
    virtual ~GameHud() = default;

    // The rules on the help screen (H), short, a paragraph each: rules_text's paragraphs
    // (hud::paragraphs).
    std::vector<std::string> rules(game::GameKind kind) const;
    // The rules as prose: paragraphs apart by a blank line.
    virtual const char* rules_text(game::GameKind kind) const = 0;
    virtual std::string status(const MatchMode& m) const = 0;
    virtual void describe_hud(render::SceneView& v, const MatchMode& m) const = 0;
    // Drawn on the table over the mode's own (an aim aid).
    virtual void describe_table(render::SceneView&, const MatchMode&) const {}
    // The Dear ImGui cards over the table that ask the player to act: a decision, a
    // nomination (true while one is up: the game-over card waits).
    virtual bool draw_choices(MatchMode& m) = 0;
    // The game-over card's words, once the game (the match) is over; none before.
    virtual std::optional<ui::GameOverInfo> game_over_card(const MatchMode& m) const = 0;

    // The predicted paths (in practice).
    virtual bool paths_allowed(const game::Game& g) const { return g.practice(); }
    // Posted when a shot the rules refuse: `why` is the game's reason.
    virtual std::string refusal(const game::Game&, const std::string& why) const {
        return "Cannot shoot: " + why;
    }
    // What undo is refused with outside practice, and what it says when done.
    virtual const char* undo_refused() const = 0;
    virtual const char* undone() const { return "Undone: back before the last shot"; }
    virtual void after_undo() {}
    // Snooker: `ball` nominated (false when it cannot be).
    virtual bool nominate(MatchMode&, int) { return false; }
    // A new game began (not a loaded one): its first news.
    virtual void started(MatchMode& m) = 0;

    // The news, posted through the mode: after a shot came to rest (the game has judged
    // it), after a decision (`who` made it; nullopt: the frame conceded).
    virtual void shot_news(MatchMode& m, const game::ShotOutcome& outcome) = 0;
    virtual void decision_news(MatchMode& m, const std::string& who,
                               std::optional<game::Decision> d, bool by_computer) = 0;
    virtual bool aim_after_shot() const { return false; } // at the mouse, once at rest

    // The game-over card's Rematch and the pause menu's Restart: false when there is none.
    virtual bool rematch(MatchMode& m) = 0;
    virtual bool restart(MatchMode&) { return false; }

    // The files: the last shot's replay file name, and the rules' time limit of a shot.
    virtual std::string last_shot_file_name(const game::Game& g) const = 0;
    virtual double max_shot_seconds(const game::Game& g) const = 0;
};

// Each kind's HUD, by game_kind.hpp's table: FOLDER_hud.cpp defines make_FOLDER_hud.
#define BILLIARDS_KIND_HUD(id, cli, name, label, noun, folder)                                     \
    std::unique_ptr<GameHud> make_##folder##_hud();
BILLIARDS_GAME_KINDS(BILLIARDS_KIND_HUD)
#undef BILLIARDS_KIND_HUD
// The kind's own.
std::unique_ptr<GameHud> make_hud(game::GameKind kind);

} // namespace billiards::app

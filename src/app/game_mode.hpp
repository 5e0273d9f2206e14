// One mode of the desktop game: the sandbox, a match or a replay. Each owns one world (a
// match's inside its game::Match) and answers the same few questions; the shell (GameApp)
// holds the current one and switches between them. A new game (another kind of match)
// slots in as another GameMode. No SDL here: input arrives as Actions (action.hpp).
#pragma once

#include <optional>
#include <stdexcept>
#include <string>

#include "app/action.hpp"
#include "app/game_storage.hpp"
#include "app/mode_context.hpp"
#include "game/cue.hpp"
#include "game/game.hpp"
#include "game/simulation.hpp"
#include "game/table.hpp"
#include "physics/world.hpp"
#include "render/view.hpp"
#include "ui/debug_panel.hpp"
#include "ui/menus.hpp"

namespace billiards::app {

class GameMode {
  public:
    virtual ~GameMode() = default;

    // One frame of real seconds: the fixed physics steps (ModeContext::run_frame), then the
    // shot flow.
    virtual void advance(double real_seconds) = 0;
    // A player's action; false when it does nothing here and now.
    virtual bool apply(const Action& action) = 0;
    // What to draw: balls, cue, aim aid, HUD lines and cards.
    virtual void describe(render::SceneView& v) const = 0;
    // The HUD's title, cards, tray and key bar (shown under a replay of this mode's shot too).
    virtual void describe_hud(render::SceneView& v) const = 0;

    virtual const physics::World& world() const = 0;
    virtual const game::Table& table() const = 0;
    virtual const std::string& table_name() const = 0;
    virtual Mode state() const { return Mode::Aiming; }
    virtual const game::CueParams& cue() const = 0;
    // The game whose rules the help screen explains (none: the sandbox's).
    virtual std::optional<game::GameKind> rules() const = 0;
    virtual int shots() const { return 0; }
    // The last shot played, for a replay (null: none yet).
    virtual const game::LastShot* last_shot() const { return nullptr; }
    // The game played, if this mode is a match.
    virtual const game::Game* game() const { return nullptr; }

    // ---- a game with rules and turns (a match; the sandbox and a replay are none): the
    // match's keys, the menus' Continue, Undo and Save, and its files
    virtual bool is_match() const { return false; }
    virtual bool can_undo() const { return false; }
    virtual bool game_over() const { return false; }
    // The kind of game, for its own autosave file (none: the sandbox and a replay).
    virtual std::optional<game::GameKind> saved_game() const { return std::nullopt; }
    virtual void autosave() {} // to the storage's autosave file of its kind, when there is one
    virtual bool restart() { return false; } // the pause menu's Restart of a game like this
    virtual bool computer_thinking() const { return false; }
    virtual void wait_for_computer() {} // blocks until the computer's decision is in (tests)
    // Writes the game as a save file (its inputs); throws on failure.
    virtual void save(const std::string& path) const {
        throw std::runtime_error("nothing to save: " + path);
    }
    // The last shot as a replay file: its name in the replays folder ("" without one), and
    // the writing (throws on failure).
    virtual std::string last_shot_file_name() const { return {}; }
    virtual void save_last_shot(const std::string& path) const {
        throw std::runtime_error("no shot to save: " + path);
    }
    // The last shot as a share code (io/share_code.hpp); empty when there is none.
    virtual std::string last_shot_code() const { return {}; }
    // The last shot as a scenario (the position before it, the shot struck at time 0), for
    // its video; none when there is no shot. Throws as save_last_shot does.
    virtual std::optional<game::Scenario> last_shot_scenario() const { return std::nullopt; }

    // ---- the debug panel: the table it shows (it changes it only with a world to edit), a
    // world it may edit (null: it only reads world()), the cue it may edit, and what it did
    virtual game::Table& panel_table() = 0;
    virtual std::string& panel_table_name() = 0;
    virtual physics::World* edit_world() { return nullptr; }
    virtual game::CueParams* edit_cue() { return nullptr; }
    virtual void after_panel(const ui::PanelResult&) {}

    // ---- Dear ImGui cards over the table (through ui/menus.hpp), and what the shell must
    // do after them
    enum class Request { None, Replay, MainMenu };
    virtual Request draw_cards() { return Request::None; }
};

} // namespace billiards::app

// The game's Dear ImGui screens: the main menu (mode, players, difficulty, table, options,
// sound), the pause menu, the game-over card, the shooter's decisions (illegal break, push-out
// reply), the help screen and the first start's tip. Each draws one window between
// ImGui::NewFrame() and ImGui::Render() and returns what the player chose this frame; the game acts
// on it. No game state lives here.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "game/carom/carom_rules.hpp"
#include "game/game_kind.hpp"
#include "game/pool/ai.hpp"
#include "game/pool/rules.hpp"
#include "game/seats.hpp"
#include "io/settings.hpp"

namespace billiards::ui {

// Adds the menu fonts (body and title sizes) to ImGui's atlas; call before the first frame.
// Without it the menus use ImGui's default font.
void load_menu_fonts(const std::string& regular_ttf, const std::string& bold_ttf);

// The sound row (volume slider and mute), on the main and the pause menu. The menus edit the
// settings (io/settings.hpp) in place: the game plays what they say and the file keeps them.
void sound_controls(io::Settings& choices);

struct MenuInfo {
    std::vector<std::string> tables;
    std::vector<std::string> snooker_tables;
    std::string continue_label; // non-empty: "Continue" is offered (the latest autosave)
    std::string resume_label;   // non-empty: the chosen game's own autosave is offered too
    bool can_load = false;      // a saved match exists
    int slots = 0;              // named saves (the Saved games screen)
    std::string message;        // shown under the buttons (an error in red when `error`)
    bool error = false;
};

enum class MenuAction : std::uint8_t {
    None,
    Start,
    Continue,
    Resume,
    Load,
    Drills,
    Statistics,
    Saves,
    PasteCode, // a shot or table code from the clipboard, into the sandbox
    Online,
    Quit
};

MenuAction draw_main_menu(io::Settings& choices, const MenuInfo& info);
// The main menu's hint lines under its buttons: the keyboard's, and the gamepad's.
const char* main_menu_key_hint();
const char* main_menu_pad_hint();

struct PauseInfo {
    bool in_match = false;
    bool can_undo = false;
    bool can_replay = false;
    bool video_busy = false; // a video is being made: not a second one
    std::string message;
    bool error = false;
};

enum class PauseAction : std::uint8_t {
    None,
    Resume,
    Undo,
    Replay,
    Save,
    SaveAs,    // under a name of the player's (the save dialog)
    SaveShot,  // the last shot as a replay file
    SaveVideo, // the last shot as a video file
    CopyShot,  // the last shot as a share code on the clipboard
    Restart,   // sandbox: re-rack; match: abandon and start the same match again
    MainMenu,
    Quit
};

// Named saves. The save dialog: a name field (edited in place) and Save; when a save of that
// name exists (`replace` names it) it asks before replacing it.
struct SaveDialogInfo {
    std::string replace; // non-empty: a save of this name exists, asking
    std::string message;
    bool error = false;
};
enum class SaveDialogAction : std::uint8_t { None, Save, Replace, Cancel };
SaveDialogAction draw_save_dialog(const SaveDialogInfo& info, std::string& name);

// The Saved games screen: a row per save, newest first, with Load and Delete (asked first).
struct SlotRow {
    std::string name, date, game, score;
    bool readable = false;
};
struct SavesInfo {
    std::vector<SlotRow> rows;
    std::string delete_asked; // non-empty: Delete of this one was pressed, asking
    std::string message;
    bool error = false;
};
struct SavesChoice {
    enum class Kind : std::uint8_t {
        None,
        Load,
        Delete,
        ConfirmDelete,
        KeepIt,
        Back
    } kind = Kind::None;
    std::string name;
};
SavesChoice draw_saves_screen(const SavesInfo& info);

// A small card at the bottom of the screen: `text` over a progress bar (0..1).
void draw_progress(const std::string& text, float fraction);

// The pause menu edits the sound too.
PauseAction draw_pause_menu(const PauseInfo& info, io::Settings& choices);

struct GameOverInfo {
    std::string title;  // "Player 1 wins"
    std::string reason; // "pocketed the 8 in the called pocket"
    std::string score;  // "Games: Player 1 2 - 1 Computer"
    std::string stats;  // shots and fouls
    bool can_replay = false;
};

enum class GameOverAction : std::uint8_t { None, Rematch, Replay, MainMenu };

GameOverAction draw_game_over(const GameOverInfo& info);

// The choices a pending decision offers, with the words on their buttons.
struct DecisionInfo {
    std::string title;
    std::string text;
    std::vector<game::Choice> choices;
};
DecisionInfo decision_info(game::Pending pending, const std::string& chooser);

// Where a card of choices stands: the column beside the table (render::Layout's side), in
// output pixels, so that it never covers the balls; an empty one centres it. `h`: the most
// it may take downwards (0: no limit); a taller card scrolls.
struct CardDock {
    float x = 0.0f, y = 0.0f, w = 0.0f, h = 0.0f;
};

// Returns true and sets `choice` when a button was pressed.
bool draw_decision(const DecisionInfo& info, game::Choice& choice, const CardDock& dock = {});

// A card of buttons (snooker's reply to a foul, its nomination): true and `picked` (an
// index into labels) when one was pressed.
struct OptionsCard {
    std::string id; // ImGui's window id: "##snooker_reply"
    std::string title;
    std::string text; // centred only: docked, the messages above it and the status say it
    std::vector<std::string> labels;
    int highlighted = 0; // drawn as the primary button (-1: none)
    CardDock dock;       // beside the table; none: centred
};
bool draw_options(const OptionsCard& card, int& picked);

// Text on a choice's button: "Play the table as it lies", ...
const char* choice_label(game::Choice c);

// The help screen: every control and the rules of the game being played.
struct HelpRow {
    std::string keys; // "Left / Right", "Drag back, release"
    std::string what;
};
struct HelpSection {
    std::string title; // "Mouse", "Keys: everywhere", ...
    std::vector<HelpRow> rows;
    int column = 0; // 0, 1 or 2 (the third column ends with the rules)
};
struct HelpInfo {
    std::vector<HelpSection> controls;
    std::string rules_title; // "Rules: 9-ball"
    std::vector<std::string> rules;
};
// Everything as plain lines (tests, and the same words as on screen).
std::string help_text(const HelpInfo& info);
// True when its Close button was pressed.
bool draw_help(const HelpInfo& info);

// A small card at the top of the screen (the first start's tip); alpha fades it out.
void draw_tip(const std::string& text, float alpha);

} // namespace billiards::ui

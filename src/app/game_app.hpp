// The game without its window: the shell around the current mode. It holds the main menu,
// the pause menu, help, settings, storage, sound and the debug panel, and one GameMode: the
// sandbox (sandbox_mode.hpp), a match (match_mode.hpp), with a replay (replay_mode.hpp) over
// it while one plays. It switches modes, routes the player's actions (action.hpp; input.cpp
// makes them from SDL events) and describes each frame as a render::SceneView plus Dear ImGui
// windows (draw_ui). The loop (loop.hpp) owns the window, SDL and ImGui; tests drive GameApp
// directly or through the loop.
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "app/action.hpp"
#include "app/game_mode.hpp"
#include "app/game_storage.hpp"
#include "app/mode_context.hpp"
#include "app/pad_input.hpp"
#include "app/save_slots.hpp"
#include "app/table_mode.hpp"
#include "game/game.hpp"
#include "io/settings.hpp"
#include "io/stats_db.hpp"
#include "ui/debug_panel.hpp"
#include "ui/menus.hpp"

union SDL_Event; // input.cpp turns it into Actions

namespace billiards::render {
class ShotVideo;
}

namespace billiards::app {

class MatchMode;
class ReplayMode;
class OnlineLobby;
struct GameRecording;

struct SettingsLoad {
    io::Settings settings; // defaults when the file is missing or broken
    std::string message;   // a broken file: what was wrong and what was used instead
};
SettingsLoad load_game_settings(const std::string& path);

class GameApp {
  public:
    GameApp(game::Table table, std::string table_name, std::uint64_t seed = 1);
    ~GameApp();
    GameApp(const GameApp&) = delete;
    GameApp& operator=(const GameApp&) = delete;

    // --- driven by the loop ---------------------------------------------------------
    // An SDL event as the player's action (input.cpp). Mouse positions in renderer output
    // pixels (the loop scales window coordinates).
    void handle_event(const SDL_Event& e);
    // The gamepad's state this frame, `real_seconds` after the last (input.cpp): its actions
    // through apply(), as the keys' and the mouse's.
    void pad_frame(const PadState& pad, double real_seconds);
    double pad_pull() const { return pad_.pull(); }
    // The one door for every action: the shell's own (menus, help, clock, display), else the
    // current mode's. False when it did nothing.
    bool apply(const Action& action);
    // Real seconds since the last frame: the mode's fixed physics steps and shot flow.
    void update(double real_seconds);
    // The output size in pixels, for mapping the mouse onto the table.
    void set_output_size(int width, int height);
    render::SceneView view() const;

    // The debug panel edits the sandbox's world, table and clock; a match's world (or a
    // replay's) it reads in place, never copied (PanelContext::edit is null).
    ui::PanelContext panel_context();
    void after_panel(const ui::PanelResult& result);
    ui::DebugPanel& panel() { return panel_; }
    bool& panel_open() { return panel_open_; }

    bool quit_requested() const { return quit_; }
    bool take_screenshot_request();
    void screenshot_done(const std::string& path, const std::string& error);
    void set_frame_stats(double frame_seconds);

    // The ImGui screens (menu, pause, game over, decisions, help, the first start's tip);
    // between NewFrame and Render.
    void draw_ui();

    // --- help and the first start's tip ------------------------------------------------
    bool help_open() const { return ctx_.over.help; }
    void show_help_screen(bool open); // pauses the physics while open
    ui::HelpInfo help_info() const;   // the controls and the rules of the game on screen
    // The tip ("Press H for help") for `seconds` of real time or until any key or click.
    void show_first_tip(double seconds = 8.0);
    bool tip_visible() const { return tip_until_ > ctx_.real_time; }
    void note_input(); // a key or click (the loop calls it before ImGui takes its share)

    // --- sound ---------------------------------------------------------------------------
    // On when there is a device to play them (the loop sets it): the shot's events, the
    // replay's and the computer's make sounds; take_sounds() hands them over each frame.
    void set_sound_output(bool on) { ctx_.sound_on = on; }
    std::vector<audio::Play> take_sounds();
    double volume() const { return choices_.volume; }
    bool muted() const { return choices_.muted; }
    // Fullscreen as the player last chose it (F11, Alt+Enter; kept in the settings); the
    // loop makes the window follow it, and says so here when it cannot.
    bool fullscreen() const { return choices_.fullscreen; }
    void fullscreen_refused(const std::string& why);
    void toggle_mute();

    // --- screens and modes ---------------------------------------------------------------
    Screen screen() const { return ctx_.over.screen; }
    void show_menu();
    ui::MenuInfo menu_info() const; // what the main menu offers now
    io::Settings& choices() { return choices_; }
    // Starts what the menu's choices say: a match, or the sandbox. False (with a message
    // on the menu) when the choices do not make a game, and when an unfinished game of the
    // chosen kind is autosaved: the message asks for a second Start, which replaces it.
    bool start_from_choices();
    // A game of `kind` from the menu's choices (its table, seats, cue and options), with a
    // new seed. False (with a message on the menu) when the choices do not make one.
    bool start(game::GameKind kind);
    void start_sandbox(const std::string& table_name);
    // A game of any kind to play (made by the caller, or loaded: then `fresh` false, without
    // its first news).
    void start_game(std::unique_ptr<game::Game> game, const std::string& table_name,
                    bool fresh = true);
    // Leaves the match (or replay) for the sandbox with a copy of its world, to edit freely;
    // the match is autosaved first, so Continue on the main menu resumes it.
    void sandbox_from_match();
    const game::Game* game() const { return mode_->game(); } // the game played, if one
    const GameMode& game_mode() const { return *mode_; }     // the mode under any replay
    GameMode& game_mode() { return *mode_; }
    OnlineLobby& online(); // the Online menu and its match (online_lobby.hpp)
    bool pause_menu_open() const { return ctx_.over.pause_menu; }
    void open_pause_menu(bool open);
    bool replay_last_shot(); // re-simulates the last shot from its start state
    bool replaying() const { return replay_ != nullptr; }
    std::uint64_t replay_end_hash() const { return replay_hash_; } // of the last replay
    bool computer_thinking() const;
    // Games started from the menu take seeds first, first + 1, ... instead of the clock's
    // (a replayable run); 0: the clock's again.
    void set_game_seeds(std::uint64_t first) { game_seed_ = first; }
    // Blocks until the computer's pending decision is in (tests; the game polls).
    void wait_for_computer();
    int called_pocket() const;
    bool push_out() const;
    // Also moves an old 9-ball autosave to its place (game_files.cpp).
    void set_storage(GameStorage storage);
    const GameStorage& storage() const { return ctx_.storage; }
    // Files: false with the message posted (and kept for the menus) on failure.
    bool save_match(const std::string& path);
    // The main menu's Continue: back to the game in progress, else the latest autosave; and
    // its Resume: the autosave of one kind of game. False (with a message) when none loads.
    bool continue_game();
    bool resume_autosave(game::GameKind kind);
    // own_file: the game's autosave or saved match, which a broken copy is set aside from
    // (PATH.corrupt) for the backup; a file the player named is only read.
    bool load_match(const std::string& path, bool own_file = true);
    // The last shot as a replay file in storage().replays; the path, or "" (and a message).
    std::string save_last_shot();
    // The last shot as a share code, put on the clipboard; empty (and the message) when none.
    std::string copy_last_shot_code();
    // The main menu's Paste a code: the clipboard's share code (io/share_code.hpp) set up in
    // the sandbox (a shot's code plays its shot); false with the message on the menu for
    // anything that is not a code.
    bool paste_code();
    bool open_code(const std::string& text);
    bool save_settings();

    // --- the last shot as a video (game_video.cpp) ------------------------------------
    // Starts rendering the last shot into storage().videos as an .mp4, a few frames in each
    // update() so that the game runs on while a progress bar shows; the message names the
    // file when it is written. False (with the message) when it cannot start.
    bool save_last_shot_video();
    bool video_busy() const { return video_ != nullptr; }
    double video_progress() const;                                // 0..1
    const std::string& video_path() const { return video_path_; } // being or last written
    // Its size and frame rate (1280x720 at 30 by default; tests make it small).
    void set_video_format(int width, int height, int fps);

    // --- named saves (save_slots.hpp; game_slots.cpp) -----------------------------------
    // The match saved as NAME in storage().saves. False with the message shown for a bad
    // name, and when a save of that name exists and `replace` is not given: then the save
    // dialog asks (replace_asked()).
    bool save_slot(const std::string& name, bool replace = false);
    bool load_slot(const std::string& name);
    bool delete_slot(const std::string& name);
    std::vector<SlotInfo> save_slots() const;
    // The pause menu's Save as dialog (a default name from the game and the date) and the main
    // menu's Saved games screen.
    void open_save_dialog(bool open);
    bool save_dialog_open() const { return save_dialog_; }
    std::string& slot_name() { return slot_name_; }
    const std::string& replace_asked() const { return replace_slot_; }
    void open_saves_screen(bool open);
    bool saves_screen_open() const { return saves_screen_; }
    // The menu's choices, the window's size and the tip: what the settings file keeps (names
    // cut to their 32 characters, the volume to 0..1).
    void apply_settings(const io::Settings& settings) { choices_ = settings; }
    io::Settings settings() const;
    void set_window_size(int width, int height) {
        choices_.window_width = width;
        choices_.window_height = height;
    }
    const std::string& ui_message() const { return ui_message_; }
    void set_ui_message(std::string text, bool error); // shown on the menus

    // --- drills and the statistics (game_record.cpp) ---------------------------------------
    // The main menu's Drills and Statistics screens, and back to the main menu.
    enum class MenuPage : std::uint8_t { Main, Drills, Statistics };
    MenuPage menu_page() const { return menu_page_; }
    void open_menu_page(MenuPage page);
    // Plays the drill `name` (game/drills/drill.hpp); false (with a message) when none.
    bool start_drill(const std::string& name);
    // stats.sqlite3 in the data folder (beside the saved match); empty without one (tests,
    // --ephemeral).
    std::string stats_path() const;
    // The statistics database, opened on first use; null (with a message) when it cannot be.
    io::StatsDb* stats_db();
    // The player whose drills and statistics the screens show: player 1's name on the menu.
    std::string drill_player() const;
    // The online match's agreement (online_session.cpp): both sides have the same game after
    // its first `inputs` inputs, whose shots are then recorded; or the match stopped (a
    // mismatch, an error, a lost connection): its shots not agreed are never recorded and its
    // game stays unfinished in the record.
    void online_agreed(std::size_t inputs);
    void online_stopped();
    // The statistics database's id of the game being recorded (0: none).
    std::int64_t recorded_game() const;
    // The Statistics screen's and the Drills screen's row picked.
    int& stats_pick() { return stats_pick_; }
    int& drill_pick() { return drill_pick_; }

    // --- what a player does besides apply() (named actions: game_driver.hpp) -----------
    bool undo(); // practice match: the last shot or decision
    bool rematch();
    void post(std::string message) { ctx_.post(std::move(message)); }

    // --- state, for the panel, the HUD and tests ---------------------------------------
    Mode mode() const { return mode_->state(); }
    // What is on the table: the replay's world, else the mode's.
    const physics::World& world() const;
    const game::Table& table() const { return mode_->table(); }
    FixedStepClock& clock() { return ctx_.clock; }
    const Hand& hand() const { return ctx_.hand; } // the player's hand on the cue
    int shots() const { return mode_->shots(); }
    std::deque<std::string> messages() const;
    const render::Layout& layout() const { return ctx_.layout; }

  private:
    GameMode& current() const;         // the replay while one plays, else the mode
    bool shell_key(const act::Key& k); // keys of every screen, menus, help, clock, display
    void set_mode(std::unique_ptr<GameMode> mode);
    void end_replay();
    MatchMode* match_mode() const;
    std::uint64_t next_game_seed(); // the clock's, or the next of set_game_seeds()
    bool may_replace_autosave(game::GameKind kind);
    void record_shot(const game::Game& g, const game::ShotOutcome& outcome, bool online);
    // Writes the shots played up to the game's `inputs` and, after a game's last, its end.
    void write_record(GameRecording& r, std::size_t inputs);
    // A loaded game goes on in the record its save carries (game_record.cpp).
    void resume_record(const std::optional<io::SavedRecord>& saved, const game::Game& g);
    std::optional<io::SavedRecord> saved_record(const game::Game& g) const;
    void keep_drill_score(const std::string& drill, double total, double best_possible,
                          int attempts);
    void draw_menu_page();

    io::Settings choices_; // the menu edits them; the settings file keeps them
    ModeContext ctx_{choices_};
    std::unique_ptr<GameMode> mode_;
    std::unique_ptr<ReplayMode> replay_;
    std::unique_ptr<OnlineLobby> online_;
    std::uint64_t replay_hash_ = 0;
    std::uint64_t game_seed_ = 0;                 // 0: games from the menu take the clock's seed
    std::optional<game::GameKind> replace_asked_; // Start asked to replace this kind's save
    PadTranslator pad_;

    // Debug panel and screenshots.
    ui::DebugPanel panel_;
    bool panel_open_ = false;
    bool screenshot_requested_ = false;
    bool quit_ = false;
    int output_w_ = 1280, output_h_ = 720;

    // Menus and files.
    std::string ui_message_;
    bool ui_error_ = false;

    // Drills and the statistics.
    MenuPage menu_page_ = MenuPage::Main;
    int stats_pick_ = 0, drill_pick_ = 0;
    std::unique_ptr<io::StatsDb> stats_;
    bool stats_failed_ = false; // a database that cannot be opened is not tried again
    std::unique_ptr<GameRecording> recording_;
    std::unique_ptr<GameRecording> ending_; // an online game over, its last shots unconfirmed
    // The last shot's video, while it renders.
    std::unique_ptr<render::ShotVideo> video_;
    std::string video_path_;
    int video_w_ = 1280, video_h_ = 720, video_fps_ = 30;
    void video_frames(); // a few more, within a frame's budget
    void end_video(const std::string& error);

    // Named saves: the dialog and the screen.
    bool save_dialog_ = false;
    std::string slot_name_;
    std::string replace_slot_; // the dialog asks before replacing this one
    bool saves_screen_ = false;
    std::string delete_slot_;           // the screen asks before deleting this one
    std::vector<SlotInfo> slots_shown_; // read when the screen opens and after a delete
    void draw_save_dialog();
    void draw_saves_screen();

    // Help and the first start's tip.
    bool paused_before_help_ = false;
    double tip_until_ = -1.0; // real seconds
};

} // namespace billiards::app

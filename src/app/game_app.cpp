#include "app/game_app.hpp"
#include "game/physics_presets.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "app/game_record.hpp"
#include "app/match_mode.hpp"
#include "app/online_lobby.hpp"
#include "app/replay_mode.hpp"
#include "app/sandbox_mode.hpp"
#include "game/rack.hpp"
#include "render/shot_video.hpp"

namespace billiards::app {

GameApp::GameApp(game::Table table, std::string table_name, std::uint64_t seed) {
    ctx_.rack_seed = seed;
    ctx_.shot_played = [this](const game::Game& g, const game::ShotOutcome& o, bool online) {
        record_shot(g, o, online);
    };
    ctx_.saved_record = [this](const game::Game& g) { return saved_record(g); };
    physics::World world =
        game::racked_world(game::GameKind::EightBall, table, game::play_params(), seed);
    set_mode(std::make_unique<SandboxMode>(ctx_, std::move(table), std::move(table_name),
                                           std::move(world), game::play_cue()));
    post("Sandbox: break the rack. Drag back from the cue ball and release to shoot.");
}

GameApp::~GameApp() = default;

OnlineLobby& GameApp::online() {
    if (!online_) online_ = std::make_unique<OnlineLobby>();
    return *online_;
}

GameMode& GameApp::current() const {
    if (replay_) return *replay_;
    return *mode_;
}

const physics::World& GameApp::world() const {
    return current().world();
}

MatchMode* GameApp::match_mode() const {
    return dynamic_cast<MatchMode*>(mode_.get());
}

void GameApp::set_mode(std::unique_ptr<GameMode> mode) {
    replay_.reset(); // it plays over the mode that goes
    ctx_.over.replay = false;
    mode_ = std::move(mode);
    set_output_size(output_w_, output_h_);
}

// ---- frame -------------------------------------------------------------------------------

void GameApp::update(double real_seconds) {
    ctx_.real_time += std::max(real_seconds, 0.0);
    if (video_) video_frames();
    current().advance(real_seconds);
    if (online_) online_->frame(*this, real_seconds);
    panel_.sample(world());
    if (replay_ && replay_->over()) {
        replay_hash_ = replay_->end_hash();
        post(replay_->end_message());
        end_replay();
    }
    ctx_.expire_messages();
}

void GameApp::set_output_size(int width, int height) {
    output_w_ = std::max(width, 1);
    output_h_ = std::max(height, 1);
    ctx_.output_w = output_w_;
    ctx_.output_h = output_h_;
    ctx_.relayout(mode_->table());
}

void GameApp::set_frame_stats(double frame_seconds) {
    ctx_.display.frame_average += (frame_seconds - ctx_.display.frame_average) * 0.05;
}

std::deque<std::string> GameApp::messages() const {
    const std::vector<std::string> texts = ctx_.message_texts();
    return {texts.begin(), texts.end()};
}

render::SceneView GameApp::view() const {
    render::SceneView v;
    current().describe(v);
    v.hud.messages = ctx_.message_texts();
    const Display& d = ctx_.display;
    const FixedStepClock& clock = ctx_.clock;
    if (d.timing)
        v.hud.timing =
            fmt::format("{:.1f} ms ({:.0f} fps)   {} steps   dt {:.2f} ms   {:.2f}x{}",
                        d.frame_average * 1000.0,
                        d.frame_average > 0.0 ? 1.0 / d.frame_average : 0.0, d.steps_last_frame,
                        clock.dt() * 1000.0, clock.time_scale(), clock.paused() ? "   paused" : "");
    v.debug.velocities = d.vectors;
    v.debug.geometry = d.geometry;
    v.ball_labels = choices_.ball_labels;
    v.dim = ctx_.over.screen == Screen::Menu || ctx_.over.pause_menu;
    return v;
}

// ---- actions -----------------------------------------------------------------------------

bool GameApp::apply(const Action& action) {
    if (const auto* key = std::get_if<act::Key>(&action)) return shell_key(*key);
    return mode_->apply(action); // the mouse and named actions: the mode checks the table
}

void GameApp::fullscreen_refused(const std::string& why) {
    choices_.fullscreen = false;
    post("Fullscreen is not available here: " + why);
}

bool GameApp::shell_key(const act::Key& k) {
    FixedStepClock& clock = ctx_.clock;
    Display& d = ctx_.display;
    switch (k.command) { // every screen
    case Command::DebugPanel:
        panel_open_ = !panel_open_;
        return true;
    case Command::Screenshot:
        screenshot_requested_ = true;
        return true;
    case Command::Quit:
        quit_ = true;
        return true;
    case Command::Help:
        if (!k.repeat) show_help_screen(!ctx_.over.help);
        return true;
    case Command::Mute:
        if (!k.repeat) toggle_mute();
        return true;
    case Command::Fullscreen:
        if (!k.repeat) choices_.fullscreen = !choices_.fullscreen;
        return true;
    case Command::Labels: // bound at the table only (L is a letter in the menu's name fields)
        if (!k.repeat) choices_.ball_labels = !choices_.ball_labels;
        return true;
    default:
        break;
    }
    if (ctx_.over.help) {
        if (k.command == Command::Back && !k.repeat) show_help_screen(false);
        return true;
    }
    if (ctx_.over.screen == Screen::Menu) {
        if (saves_screen_) {
            if (k.command == Command::Back && !k.repeat) open_saves_screen(false);
            return true;
        }
        if (k.command == Command::Start && !k.repeat) start_from_choices();
        return true;
    }
    if (ctx_.over.pause_menu) {
        if (k.command == Command::Back && !k.repeat) {
            if (save_dialog_)
                open_save_dialog(false);
            else
                open_pause_menu(false);
        }
        return true;
    }
    if (replay_) {
        const bool done = replay_->apply(k);
        if (replay_->over()) end_replay();
        return done;
    }
    switch (k.command) { // the table's, the same in every mode (and the computer's turn)
    case Command::Replay:
        return replay_last_shot();
    case Command::Pause:
        clock.set_paused(!clock.paused());
        return true;
    case Command::SingleStep:
        if (clock.paused()) clock.request_single_step();
        return true;
    case Command::Slower:
        clock.set_time_scale(std::max(clock.time_scale() / 2.0, 1.0 / 64.0));
        return true;
    case Command::Faster:
        clock.set_time_scale(std::min(clock.time_scale() * 2.0, 8.0));
        return true;
    case Command::NormalSpeed:
        clock.set_time_scale(1.0);
        return true;
    case Command::Vectors:
        d.vectors = !d.vectors;
        return true;
    case Command::Geometry:
        d.geometry = !d.geometry;
        return true;
    case Command::Timing:
        d.timing = !d.timing;
        return true;
    case Command::KeyBar:
        d.keys = !d.keys;
        return true;
    default:
        break;
    }
    if (mode_->apply(k)) return true;
    if (k.command == Command::Back && !k.repeat) { // nothing to cancel: the pause menu
        open_pause_menu(true);
        return true;
    }
    return false;
}

bool GameApp::undo() {
    if (!mode_->is_match()) {
        post("Nothing to undo");
        return false;
    }
    if (!mode_->apply(act::Undo{})) return false;
    replay_.reset(); // the shot it showed is undone
    ctx_.over.replay = false;
    return true;
}

bool GameApp::rematch() {
    if (!mode_->is_match() || !mode_->apply(act::Rematch{})) return false;
    replay_.reset();
    ctx_.over.replay = false;
    return true;
}

bool GameApp::computer_thinking() const {
    return mode_->computer_thinking();
}

void GameApp::wait_for_computer() {
    mode_->wait_for_computer();
}

int GameApp::called_pocket() const {
    const MatchMode* m = match_mode();
    return m ? m->called_pocket() : -1;
}

bool GameApp::push_out() const {
    const MatchMode* m = match_mode();
    return m && m->push_out();
}

// ---- replay ------------------------------------------------------------------------------

bool GameApp::replay_last_shot() {
    if (mode_->state() == Mode::Rolling) return false;
    const game::LastShot* last = mode_->last_shot();
    if (!last) {
        post("No shot to replay yet");
        return false;
    }
    // A match's shot knows its end state: the replay checks that it comes out the same.
    replay_ = std::make_unique<ReplayMode>(ctx_, *mode_, *last, mode_->is_match());
    ctx_.over.replay = true;
    ctx_.over.pause_menu = false;
    ctx_.clock.set_paused(false);
    return true;
}

void GameApp::end_replay() {
    replay_.reset();
    ctx_.over.replay = false;
    ctx_.sync(mode_->world());
}

// ---- panel and screenshots ---------------------------------------------------------------

ui::PanelContext GameApp::panel_context() {
    Display& d = ctx_.display;
    physics::World* edit = replay_ ? nullptr : mode_->edit_world();
    // Without a world to edit, the panel shows a match's world itself (or the replay's),
    // read-only: it changes only through its rules (and its save file).
    const char* read_only =
        edit ? ""
             : "Read-only during a match: edits would break the rules and the saved match. "
               "Edit a copy of this table in the sandbox instead (the match stays in its "
               "autosave: Continue on the main menu).";
    return {edit ? *edit : world(),
            edit,
            mode_->panel_table(),
            mode_->panel_table_name(),
            ctx_.clock,
            ctx_.events,
            d.vectors,
            d.geometry,
            d.timing,
            read_only,
            edit ? mode_->edit_cue() : nullptr};
}

void GameApp::after_panel(const ui::PanelResult& r) {
    if (replay_ || !mode_->edit_world()) {
        if (r.edit_copy) sandbox_from_match();
        return;
    }
    mode_->after_panel(r);
    if (r.world_replaced) set_output_size(output_w_, output_h_); // the table may be new
}

bool GameApp::take_screenshot_request() {
    const bool r = screenshot_requested_;
    screenshot_requested_ = false;
    return r;
}

void GameApp::screenshot_done(const std::string& path, const std::string& error) {
    // The file's name only: a whole path wraps mid-name in the message line (the folder is
    // in the help screen, and the path on standard output).
    post(error.empty() ? "Screenshot saved: " + std::filesystem::path(path).filename().string()
                       : "Screenshot failed: " + error);
}

} // namespace billiards::app

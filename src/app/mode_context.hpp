// What the modes of the desktop game (sandbox, match, replay) share with the shell that
// switches them: the fixed-step clock, the screen layout, the messages, the sounds, the event
// log, the display toggles and the player's hand on the cue, which carries over from one mode
// to the next. The shell owns it; each mode keeps a reference. No SDL here.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "app/game_storage.hpp"
#include "audio/mixer.hpp"
#include "audio/sound_events.hpp"
#include "core/clock.hpp"
#include "game/game.hpp"
#include "io/game_file.hpp"
#include "physics/world.hpp"
#include "render/layout.hpp"
#include "render/orientation.hpp"
#include "render/view.hpp"
#include "ui/event_log.hpp"
#include "ui/menus.hpp"

namespace billiards::app {

enum class Mode {
    Aiming,  // balls at rest: aim, set spin and power, shoot
    Placing, // ball in hand: the cue ball follows the mouse until a click places it
    Rolling, // a shot (or an edit) set balls moving
};
const char* to_string(Mode m);

enum class Screen {
    Menu, // the main menu over the table
    Play, // sandbox or match
};

// What a player sets on the cue before a shot: tip, elevation and the keyboard's power. Each
// seat of a match keeps its own; a new game starts from these defaults.
struct CueSettings {
    double side = 0.0, height = 0.0;
    double elevation = 0.0; // radians
    double power = 0.5;
};

// The player's hand on the cue: aim, pull, tip, elevation and power.
struct Hand {
    double heading = 0.0;
    bool aim_locked = false; // fine aim with keys: the mouse takes over after a real move
    Vec2 lock_mouse{};
    Vec2 mouse{};             // screen pixels
    bool mouse_known = false; // a mouse event has arrived
    bool dragging = false;
    Vec2 drag_start{};       // table metres
    double pull = 0.0;       // m
    bool pad_stroke = false; // the pull is the gamepad's: the mouse leaves it alone
    bool spin_drag = false;
    double side = 0.0, height = 0.0;
    double elevation = 0.0; // radians the butt is raised (0 level .. pi/2)
    double key_power = 0.5;

    void drop_pull() {
        dragging = false;
        pull = 0.0;
        pad_stroke = false;
    }
    CueSettings settings() const { return {side, height, elevation, key_power}; }
    void take(const CueSettings& c) {
        side = c.side;
        height = c.height;
        elevation = c.elevation;
        key_power = c.power;
    }
};

// Debug and display toggles, and the frame's timing for the HUD.
struct Display {
    bool vectors = false;
    bool geometry = false;
    bool timing = false;
    bool keys = true; // the key bar (K)
    double frame_average = 1.0 / 60.0;
    int steps_last_frame = 0;
};

// What stands over the table, kept by the shell.
struct Overlays {
    Screen screen = Screen::Play;
    bool pause_menu = false;
    bool help = false;
    bool replay = false; // a replay plays over the mode
};

class ModeContext {
  public:
    explicit ModeContext(const io::Settings& menu) : choices(menu) {}

    // Every shot of a game played here once at rest (the shell records it in the statistics);
    // `online`: a seat is played elsewhere, and the shot counts once both sides agree on it.
    std::function<void(const game::Game&, const game::ShotOutcome&, bool online)> shot_played;
    // The statistics record of the game, for its save (none: the game is not being recorded).
    std::function<std::optional<io::SavedRecord>(const game::Game&)> saved_record;

    // Whether the player is at the table: playing, with no menu, help or replay over it.
    bool at_table() const {
        return over.screen == Screen::Play && !over.pause_menu && !over.help && !over.replay;
    }

    // ---- messages (the HUD's last few lines, each for a few seconds)
    void post(std::string message);
    void clear_messages() { messages_.clear(); }
    void expire_messages();
    std::vector<std::string> message_texts() const;

    // ---- interpolation: positions before the last step of the frame
    void sync(const physics::World& w); // no motion to interpolate (a new or edited world)
    void describe_balls(render::SceneView& v, const physics::World& w, bool hide_cue) const;

    // ---- the frame's fixed steps of `w`: `step` runs one and returns its new events (for
    // the sounds); `settle` runs after the sounds are made
    template <class Step, class Settle>
    void run_frame(double real_seconds, const physics::World& w, Step step, Settle settle);

    // The debug panel's event list: `w`'s events from index `from` on; returns the new count.
    std::size_t log_events(const physics::World& w, std::size_t from);

    // ---- sounds
    bool sound_wanted() const;
    // The impacts of one step of `w` (which began as `before`), delayed by their time since
    // `frame_start` so that a frame's impacts keep their spacing.
    void step_sounds(const audio::StepStart& before, const physics::World& w,
                     std::span<const physics::Event> step_events, double frame_start);
    void cue_sound(const physics::World& w, double cue_speed, double x); // x: the cue ball's

    const io::Settings& choices; // the menu's: aim aid, predicted path, sound
    GameStorage storage;
    FixedStepClock clock{1.0 / 1000.0};
    render::Layout layout{};
    render::Camera camera{}; // the table's zoom and pan; layout follows it
    int output_w = 1280, output_h = 720;
    // The layout for `table` at the output size through the camera (clamped to the table).
    void relayout(const game::Table& table) {
        layout = render::make_layout(table, output_w, output_h, true);
        camera = render::clamp_camera(table, layout, camera);
        layout = render::make_layout(table, output_w, output_h, true, camera);
    }
    double real_time = 0.0; // seconds since start
    Overlays over;
    Hand hand;
    Display display;
    ui::EventLog events;
    bool sound_on = false; // a device plays the sounds
    std::vector<audio::Play> sounds;
    std::uint64_t rack_seed = 1;       // the sandbox's racks: a new one each time
    render::Orientations orientations; // how each ball is turned, for drawing

  private:
    struct Message {
        std::string text;
        double expires = 0.0; // real seconds
    };
    std::deque<Message> messages_;
    std::vector<Vec2> previous_;
};

template <class Step, class Settle>
void ModeContext::run_frame(double real_seconds, const physics::World& w, Step step,
                            Settle settle) {
    const int steps = clock.advance(real_seconds);
    const bool sound = sound_wanted();
    const double frame_start = w.time();
    audio::StepStart before;
    for (int k = 0; k < steps; ++k) {
        if (k + 1 == steps) sync(w); // interpolation runs between the last two states
        if (sound) before = audio::step_start(w);
        const double step_start = w.time();
        const std::span<const physics::Event> stepped = step();
        orientations.advance(w, w.time() - step_start);
        if (sound) step_sounds(before, w, stepped, frame_start);
        settle();
    }
    display.steps_last_frame = steps;
}

} // namespace billiards::app

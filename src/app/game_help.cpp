// GameApp's help screen (H): every control from the table of controls.hpp, and the rules of
// the game on screen (its HUD's rules()). Also the first start's tip.
#include <string>

#include "app/controls.hpp"
#include "app/game_app.hpp"
#include "app/game_help.hpp"
#include "app/game_hud.hpp"
#include "app/hud_card.hpp"

namespace billiards::app {

namespace {

std::vector<std::string> rules_for(std::optional<game::GameKind> kind) {
    if (!kind) // the sandbox
        return hud::paragraphs(R"(
No rules and no turns: practise freely. Each shot's first contact and pocketed balls are
reported.

R racks for 8-ball, N for 9-ball; B takes the cue ball in hand at any time.

F1 opens the debug panel: place and edit balls, change the physics, load and save scenarios,
read the collision events.
)");
    return make_hud(*kind)->rules(*kind);
}

} // namespace

ui::HelpInfo make_help(std::optional<game::GameKind> kind) {
    ui::HelpInfo h;
    ui::HelpSection mouse{"Mouse", {}, 0};
    for (const MouseControl& m : mouse_controls())
        mouse.rows.push_back({m.what_to_do, m.what});
    h.controls.push_back(std::move(mouse));
    ui::HelpSection pad{"Gamepad", {}, 2};
    for (const MouseControl& m : pad_controls())
        pad.rows.push_back({m.what_to_do, m.what});
    h.controls.push_back(std::move(pad));
    for (const KeyScope scope : {KeyScope::Everywhere, KeyScope::Menu, KeyScope::Table,
                                 KeyScope::Sandbox, KeyScope::Match}) {
        ui::HelpSection sec{std::string("Keys: ") + to_string(scope), {}, 0};
        // The mouse and the keys of every screen in the first column, the table's in the second.
        if (scope != KeyScope::Everywhere && scope != KeyScope::Menu) sec.column = 1;
        for (const KeyBinding& b : key_bindings())
            if (b.scope == scope && b.keys[0] != '\0') sec.rows.push_back({b.keys, b.what});
        h.controls.push_back(std::move(sec));
    }
    h.rules_title = std::string("Rules: ") + (kind ? game::to_string(*kind) : "sandbox");
    h.rules = rules_for(kind);
    return h;
}

ui::HelpInfo GameApp::help_info() const {
    std::optional<game::GameKind> kind = mode_->rules();
    if (!kind && ctx_.over.screen == Screen::Menu)
        kind = choices_.game; // the game about to be started
    return make_help(kind);
}

void GameApp::show_help_screen(bool open) {
    if (open == ctx_.over.help) return;
    ctx_.over.help = open;
    if (open) {
        // The table waits while the player reads (a shot rolling, the computer's turn).
        paused_before_help_ = ctx_.clock.paused();
        ctx_.clock.set_paused(true);
        ctx_.hand.drop_pull();
        ctx_.hand.spin_drag = false;
    } else {
        ctx_.clock.set_paused(paused_before_help_ || ctx_.over.pause_menu);
    }
}

void GameApp::show_first_tip(double seconds) {
    tip_until_ = ctx_.real_time + seconds;
    choices_.tip_shown = true; // saved with the settings: once is enough
}

void GameApp::note_input() {
    tip_until_ = -1.0;
}

} // namespace billiards::app

// GameApp's help screen (H): every control from the table of controls.hpp, and the rules of
// the game on screen, short and as game/rules.cpp judges them. Also the first start's tip.
#include <string>

#include "app/controls.hpp"
#include "app/game_app.hpp"
#include "app/game_help.hpp"

namespace billiards::app {

namespace {

std::vector<std::string> rules_for(std::optional<game::GameKind> kind) {
    if (!kind) // the sandbox
        return {
            "No rules and no turns: practise freely. Each shot's first contact and pocketed "
            "balls are reported.",
            "R racks for 8-ball, N for 9-ball; B takes the cue ball in hand at any time.",
            "F1 opens the debug panel: place and edit balls, change the physics, load and save "
            "scenarios, read the collision events.",
        };
    switch (*kind) {
    case game::GameKind::EightBall:
        return {
            "Break: pocket a ball or drive at least four object balls to a rail. Otherwise the "
            "other player accepts the table or has it re-racked. An 8 pocketed on the break is "
            "re-spotted; a scratch on the break gives ball in hand behind the head string.",
            "The table is open until a player pockets a ball on a legal shot after the break: "
            "that ball's group (solids 1-7 or stripes 9-15) becomes theirs.",
            "Every shot must first hit a ball of your group (on an open table any ball but the "
            "8), then pocket a ball or send a ball to a rail.",
            "Pocketing a ball of your group keeps you at the table; otherwise the turn passes.",
            "Fouls (cue ball pocketed, no ball hit, wrong ball first, no rail) give the other "
            "player ball in hand anywhere.",
            "Your group cleared, call a pocket for the 8 (click the pocket) and pocket it there "
            "to win. Pocketing the 8 early, in another pocket, without a call or on a foul "
            "loses the game.",
        };
    case game::GameKind::NineBall:
        return {
            "Every shot must first hit the lowest-numbered ball on the table, then pocket a "
            "ball or send a ball to a rail. Any ball pocketed on a legal shot keeps you at the "
            "table.",
            "Break: pocket a ball or drive at least four balls to a rail, or it is a foul.",
            "On the shot right after the break, the shooter may declare a push-out (O): it may "
            "hit anything, only a scratch is a foul; the other player then shoots or passes "
            "the shot back.",
            "Fouls (cue ball pocketed, no ball hit, wrong ball first, no rail, illegal break) "
            "give the other player ball in hand anywhere; a 9 pocketed on a foul is "
            "re-spotted. Three fouls in a row lose the game.",
            "Pocket the 9 on a legal shot to win, on the break or with a combination too.",
        };
    case game::GameKind::ThreeCushion:
        return {
            "Three balls, no pockets: white is player 1's cue ball, yellow player 2's, red "
            "is an object ball for both.",
            "A point: your cue ball hits both other balls, and touches the cushions at least "
            "three times before it hits the second ball (cushion first counts).",
            "A point keeps you at the table; a miss ends your inning. The break must hit the "
            "red first.",
            "First to the points to win; the second player then gets the last inning to "
            "equalize (a draw). With an innings limit, the higher score after it wins.",
            "Your cue ball touching a ball (frozen): play away from it (it counts only after "
            "a cushion or the other ball), or have the balls spotted as at the break (card).",
        };
    case game::GameKind::Snooker:
        return {
            "15 reds and six colours. While reds remain, pot a red (1) then a colour (yellow 2, "
            "green 3, brown 4, blue 5, pink 6, black 7), which is re-spotted; then the colours "
            "in that order. A pot keeps you at the table.",
            "The first ball the cue ball hits must be a ball on. After a red, nominate the "
            "colour on the card (otherwise the first colour hit counts).",
            "Fouls give the opponent the value of the ball on or the ball involved, at least 4. "
            "After a foul the opponent plays on or has the offender play again; after a miss "
            "also with the balls replaced. Snookered after a foul: a free ball (nominate it).",
            "Cue ball in hand: anywhere in the D. The frame goes to the higher score; a tie on "
            "the black re-spots it. Matches are best of N frames.",
        };
    }
    return {};
}

} // namespace

ui::HelpInfo make_help(std::optional<game::GameKind> kind) {
    ui::HelpInfo h;
    ui::HelpSection mouse{"Mouse", {}, 0};
    for (const MouseControl& m : mouse_controls())
        mouse.rows.push_back({m.what_to_do, m.what});
    h.controls.push_back(std::move(mouse));
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

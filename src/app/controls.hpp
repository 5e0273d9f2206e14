// Every key the game handles, in one table: input.cpp maps key presses to commands through it
// (and nothing else), and the help screen lists it, so the two cannot drift apart (tests
// check both). The mouse's controls are listed here too, for the help screen.
#pragma once

#include <SDL.h>

#include <cstdint>
#include <optional>
#include <span>

#include "app/action.hpp"

namespace billiards::app {

// Where a binding applies. Everywhere and Table bindings hold in the sandbox and in matches.
enum class KeyScope : std::uint8_t { Everywhere, Menu, Table, Sandbox, Match };
const char* to_string(KeyScope s);

struct KeyBinding {
    SDL_Keycode key;
    bool ctrl; // needs Ctrl (otherwise Ctrl is allowed: Ctrl+Left is a finer aim)
    Command command;
    KeyScope scope;
    const char* keys; // as the help screen shows it: "Left / Right"
    const char* what; // "fine aim (Shift x10, Ctrl /10)"
    bool alt = false; // needs Alt, and then wins over the key's other bindings
};

std::span<const KeyBinding> key_bindings();

// The command of a key press on a screen: the menu (in_menu), else the table of a match
// (in_match) or the sandbox. nullopt for a key the game does not use there.
std::optional<Command> command_for(SDL_Keycode key, bool ctrl, bool alt, bool in_menu,
                                   bool in_match);

struct MouseControl {
    const char* what_to_do; // "Drag back from the cue ball, release"
    const char* what;       // "shoot: the pull sets the power"
};
std::span<const MouseControl> mouse_controls();

// The gamepad's controls (pad_input.hpp), for the help screen.
std::span<const MouseControl> pad_controls();

} // namespace billiards::app

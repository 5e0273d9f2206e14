// What two machines compare to know they play the same game: the game's hash after a turn,
// and the build's determinism fingerprint (a peer whose build would simulate differently is
// refused at the handshake rather than found out at the first shot).
#pragma once

#include <cstdint>
#include <string>

#include "game/game.hpp"
#include "net/protocol.hpp"

namespace billiards::net {

// The world's state hash, the score, whose turn it is and the number of inputs: two games
// fed the same inputs on the same build hash equal, bit for bit.
std::uint64_t game_hash(const game::Game& g);

// A hash of a fixed reference simulation (an 8-ball break and the computer's reply, run on
// this build) and of `build` (the program's version): builds that agree on it simulate alike.
std::uint64_t determinism_fingerprint(const std::string& build);

// A seat as the room's options name it: "ai" (medium), "ai:LEVEL", "human" or "human:NAME"
// (a name of printable ASCII, at most kMaxPlayerName characters); false for anything else.
constexpr std::size_t kMaxPlayerName = 32;
bool parse_player(const std::string& text, game::Seat& seat);
// "human:NAME" for a player's name as typed: sanitised, trimmed, cut to kMaxPlayerName.
std::string human_player(const std::string& name);
// How a report names a seat: "ai:LEVEL", "human" or "human:NAME".
std::string player_label(const game::Seat& seat);

// The game the room's options make, on every side the same (as `billiards match` makes it:
// the kind's own table, physics and cue; `games` is snooker's best-of). Null with *why when
// the options make none. `computers_here` false: every seat human here (a game whose
// computer seats play on another machine, their moves arriving as inputs).
std::unique_ptr<game::Game> make_room_game(const Options& o, std::string* why,
                                           bool computers_here = true);

} // namespace billiards::net

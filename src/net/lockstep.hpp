// What two machines compare to know they play the same game: the game's hash after a turn,
// and the build's determinism fingerprint (a peer whose build would simulate differently is
// refused at the handshake rather than found out at the first shot).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
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

// The shipped table `name` when a game of `kind` plays on it, else none: the caller's (net
// reads no files; io::kind_table).
using TableLookup =
    std::function<std::optional<game::TableSpec>(game::GameKind kind, const std::string& name)>;

// The room's table, cue and three-cushion breaker onto `options` (a table named: looked up
// in `tables`; none: the kind's own, as `billiards match` plays). False with *why when the
// table is not one of the kind's here.
bool apply_room_setup(const Options& o, game::GameKind kind, const TableLookup& tables,
                      game::GameOptions& options, std::string* why);

// The game the room's options make, on every side the same (as `billiards match` makes it,
// on the room's table with its cue: apply_room_setup; `games` is snooker's best-of). Null
// with *why when the options make none. `computers_here` false: every seat human here (a
// game whose computer seats play on another machine, their moves arriving as inputs).
std::unique_ptr<game::Game> make_room_game(const Options& o, std::string* why,
                                           const TableLookup& tables, bool computers_here = true);

} // namespace billiards::net

// What two machines compare to know they play the same game: the game's hash after a turn,
// and the build's determinism fingerprint (a peer whose build would simulate differently is
// refused at the handshake rather than found out at the first shot).
#pragma once

#include <cstdint>
#include <string>

#include "game/game.hpp"

namespace billiards::net {

// The world's state hash, the score, whose turn it is and the number of inputs: two games
// fed the same inputs on the same build hash equal, bit for bit.
std::uint64_t game_hash(const game::Game& g);

// A hash of a fixed reference simulation (an 8-ball break and the computer's reply, run on
// this build) and of `build` (the program's version): builds that agree on it simulate alike.
std::uint64_t determinism_fingerprint(const std::string& build);

} // namespace billiards::net

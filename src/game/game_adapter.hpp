// Private to game: what each discipline's adapter (a Game over its own match type) does
// alike, written once: take a match in progress, and find the match behind a Game.
// Adapter must be constructible from std::unique_ptr<M> and give M& match().
#pragma once

#include <memory>

#include "game/game.hpp"

namespace billiards::game {

template <class Adapter, class M> std::unique_ptr<Game> adopt(std::unique_ptr<M> match) {
    return std::make_unique<Adapter>(std::move(match));
}

// The match a Game plays, when it is this adapter's kind; null otherwise.
template <class Adapter, class M> M* match_behind(Game& game) {
    auto* adapter = dynamic_cast<Adapter*>(&game);
    return adapter ? &adapter->match() : nullptr;
}
template <class Adapter, class M> const M* match_behind(const Game& game) {
    const auto* adapter = dynamic_cast<const Adapter*>(&game);
    return adapter ? &adapter->match() : nullptr;
}

} // namespace billiards::game

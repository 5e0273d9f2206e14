// What each kind of game shows from Python beyond game::Game (which serves every kind the
// shot, the placement, the decisions, undo and rematch): its view, the records of its shots,
// the balls the shooter may hit first, and the computer's move, chosen and then played. A
// kind is one KindBinding; a new kind without one of its own shows the shared view.
#pragma once

#include <pybind11/pybind11.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "game/cue.hpp"
#include "game/game.hpp"

namespace billiards::python {

namespace py = pybind11;

// Angles in degrees, as files write them: the degrees given back convert to exactly the
// radians (a computer move's heading passed back to shoot() plays the very same shot).
double degrees(double radians);
// A name, or None when `present` is false.
py::object name_if(bool present, const char* name);
py::dict shot_dict(const game::CueShot& s);

// A decision by its name: game::to_string(Decision), or pool's choice names ("accept
// table", "re-rack, opponent breaks", ...). std::invalid_argument when none.
game::Decision decision_of(const std::string& text);

class KindBinding {
  public:
    virtual ~KindBinding() = default;
    virtual std::unique_ptr<KindBinding> fresh() const = 0; // no move chosen

    // Refuses (py::value_error naming the argument) what the kind takes no part of, or what
    // its save could not hold, before the stroke is played.
    virtual void check_stroke(const game::Stroke& s) const = 0;
    virtual py::dict view(const game::Game& g) const = 0;
    virtual std::vector<int> legal_targets(const game::Game& g) const = 0;
    // Shot `i` (0-based) of this game, of game.shots(); every shot, and the one just played.
    virtual py::dict record(const game::Game& g, std::size_t i) const = 0;
    py::list history(const game::Game& g) const;
    py::dict last_record(const game::Game& g) const;

    // The computer's move for the player to act (refused with std::invalid_argument when
    // there is none to choose); the search runs with the interpreter lock released.
    virtual py::dict choose(const game::Game& g, std::uint64_t budget) = 0;
    virtual bool has_move() const = 0;
    virtual void forget_move() = 0;
    // Plays the chosen move (false when it does not fit); the lock released by the caller.
    virtual bool play_move(game::Game& g) = 0;
};

std::unique_ptr<KindBinding> kind_binding(game::GameKind kind);

} // namespace billiards::python

// Stepping a struck world until one of its events settles a question (the first contact,
// a pot), shared by the computers' aiming searches: most such runs end long before rest.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

#include "physics/world.hpp"

namespace billiards::game {

// Steps w (recording its events) until it rests or its clock reaches `end`, handing each new
// event to on_event, which answers nullopt to go on or the result to stop with; false when
// the world rests or reaches `end` first. on_steps(steps, events) hears of each stretch
// stepped (quiet steps skipped at once, with no events, or one step and its events), for a
// caller that counts its work.
template <class OnEvent, class OnSteps>
bool watch_events(physics::World& w, double end, OnEvent on_event, OnSteps on_steps) {
    std::size_t seen = 0;
    while (!w.at_rest() && w.time() < end) {
        const std::uint64_t quiet =
            w.skip_quiet_steps(~std::uint64_t{0}, [&] { return w.time() < end; });
        if (quiet > 0) {
            on_steps(quiet, std::uint64_t{0});
            continue; // no events in them
        }
        w.step();
        on_steps(std::uint64_t{1}, w.last_step().events);
        const auto& ev = w.events();
        for (; seen < ev.size(); ++seen)
            if (const std::optional<bool> r = on_event(ev[seen])) return *r;
    }
    return false;
}

} // namespace billiards::game

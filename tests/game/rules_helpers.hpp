// Builders of constructed event lists for the rules tests (no physics needed).
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "game/pool/rules.hpp"

namespace billiards::test {

using game::ShotEvent;
using physics::EventKind;

inline ShotEvent hit(double t, int a, int b) {
    return {t, EventKind::BallBall, a, b};
}
inline ShotEvent rail(double t, int ball, int cushion = 0) {
    return {t, EventKind::BallCushion, ball, cushion};
}
inline ShotEvent pot(double t, int ball, int pocket) {
    return {t, EventKind::Pocketed, ball, pocket};
}

inline std::vector<int> all_balls(int n) {
    std::vector<int> v;
    for (int i = 1; i <= n; ++i)
        v.push_back(i);
    return v;
}

inline std::vector<int> without(std::vector<int> v, std::initializer_list<int> gone) {
    for (int g : gone)
        v.erase(std::remove(v.begin(), v.end(), g), v.end());
    return v;
}

inline game::ShotInput shot(std::vector<int> on_table, std::vector<ShotEvent> events,
                            game::ShotCall call = {}, bool push_out = false) {
    game::ShotInput in;
    in.on_table = std::move(on_table);
    in.events = std::move(events);
    in.call = call;
    in.push_out = push_out;
    return in;
}

inline bool has_message(const std::vector<std::string>& messages, const std::string& part) {
    return std::any_of(messages.begin(), messages.end(),
                       [&](const std::string& m) { return m.find(part) != std::string::npos; });
}

inline std::string joined(const std::vector<std::string>& messages) {
    std::string s;
    for (const auto& m : messages)
        s += m + " | ";
    return s;
}

// An 8-ball state after the break: player 0 to shoot, groups as given.
inline game::RulesState eight_in_play(game::Group p0 = game::Group::None, int shooter = 0) {
    game::RulesState s = game::new_game(game::GameKind::EightBall, 0);
    s.break_shot = false;
    s.ball_in_hand = false;
    s.kitchen = false;
    s.shooter = shooter;
    if (p0 != game::Group::None) {
        s.groups[0] = p0;
        s.groups[1] = p0 == game::Group::Solids ? game::Group::Stripes : game::Group::Solids;
    }
    return s;
}

inline game::RulesState nine_in_play(int shooter = 0) {
    game::RulesState s = game::new_game(game::GameKind::NineBall, 0);
    s.break_shot = false;
    s.ball_in_hand = false;
    s.kitchen = false;
    s.shooter = shooter;
    return s;
}

} // namespace billiards::test

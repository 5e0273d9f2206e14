// The computer opponent's entry points; the planner itself is ai_planner.hpp's.
#include "game/ai.hpp"

#include <algorithm>
#include <chrono>

#include "core/random.hpp"
#include "game/ai_planner.hpp"

namespace billiards::game {

const char* to_string(AiLevel level) {
    switch (level) {
    case AiLevel::Easy:
        return "easy";
    case AiLevel::Medium:
        return "medium";
    case AiLevel::Hard:
        return "hard";
    }
    return "?";
}

bool parse_ai_level(const std::string& text, AiLevel& level) {
    if (text == "easy")
        level = AiLevel::Easy;
    else if (text == "medium")
        level = AiLevel::Medium;
    else if (text == "hard")
        level = AiLevel::Hard;
    else
        return false;
    return true;
}

CueShot perturb_shot(const CueShot& shot, const AiConfig& config, const CueParams& cue,
                     std::uint64_t seed) {
    Random r{seed};
    CueShot s = shot;
    s.heading = ai::wrap(s.heading + config.heading_noise * r.normal());
    s.speed = s.speed * std::max(0.05, 1.0 + config.speed_noise * r.normal());
    s.side += config.tip_noise * r.normal();
    s.height += config.tip_noise * r.normal();
    return ai::clamp_tip(s, cue);
}

AiMove ai_decide(const AiRequest& request) {
    const auto t0 = std::chrono::steady_clock::now();
    ai::Planner p(request);
    AiMove m = p.run();
    m.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return m;
}

} // namespace billiards::game

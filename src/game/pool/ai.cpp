// The computer opponent's entry points; the planner itself is ai_planner.hpp's.
#include "game/pool/ai.hpp"

#include <chrono>

#include "game/pool/ai_planner.hpp"

namespace billiards::game {

AiMove ai_decide(const AiRequest& request) {
    const auto t0 = std::chrono::steady_clock::now();
    ai::Planner p(request);
    AiMove m = p.run();
    m.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return m;
}

} // namespace billiards::game

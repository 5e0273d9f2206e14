// match_soak [SECONDS] [FIRST_SEED]: computer games on tables with random physics
// parameters (anything the debug panel and scenario files accept: restitutions 0 to 1,
// frictions 0 to 100 times the defaults' scale), up to ten shots a game, until the time is
// up. match_soak --games N [FIRST_SEED]: exactly N games, seeds FIRST_SEED on (the same
// work on every machine, as ctest runs it). A shot of more than kMaxImpacts impacts is a
// stall (slow contacts chattering): it prints the seed and the parameters and exits 1;
// otherwise a summary, exit 0. Bad arguments: a usage line, exit 2.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "core/random.hpp"
#include "game/pool/match.hpp"

using namespace billiards;

namespace {

constexpr std::uint64_t kMaxImpacts = 500'000;

game::MatchConfig random_game(std::uint64_t seed) {
    Random rng(seed);
    const auto u = [](Random& gen) { return gen.uniform(); };
    // A tenth each exactly 0 and 1; otherwise uniform.
    auto restitution = [&] {
        const double x = u(rng);
        return x < 0.1 ? 0.0 : x > 0.9 ? 1.0 : u(rng);
    };
    // A tenth exactly 0; otherwise log-uniform over a hundredth to a hundred times typical.
    auto friction = [&](double typical) {
        return u(rng) < 0.1 ? 0.0 : typical * std::pow(10.0, 4.0 * u(rng) - 2.0);
    };
    game::MatchConfig c;
    c.kind = seed % 2 ? game::GameKind::NineBall : game::GameKind::EightBall;
    c.seed = seed;
    for (game::Seat& s : c.seats) {
        s.kind = game::SeatKind::Computer;
        s.level = game::AiLevel::Easy;
    }
    physics::Params& p = c.params;
    p.ball_restitution = restitution();
    p.ball_friction = friction(0.06);
    p.cushion_restitution = restitution();
    p.cushion_friction = friction(0.2);
    p.sliding_friction = friction(0.2);
    p.rolling_friction = friction(0.01);
    p.spin_friction = friction(p.spin_friction);
    c.max_shot_seconds = 60.0;
    return c;
}

} // namespace

int main(int argc, char** argv) {
    double seconds = 60.0;
    std::uint64_t seed = 1;
    std::uint64_t game_count = 0; // > 0: this many games, whatever the time
    char* end = nullptr;
    const auto whole = [&](const char* text, std::uint64_t& out) {
        out = std::strtoull(text, &end, 10);
        return text[0] >= '0' && text[0] <= '9' && *end == '\0';
    };
    int first = 1; // the first positional argument
    bool ok = true;
    if (argc > 1 && std::string_view(argv[1]) == "--games") {
        ok = argc > 2 && whole(argv[2], game_count) && game_count > 0;
        first = 3;
    } else if (argc > 1) {
        seconds = std::strtod(argv[1], &end);
        ok = end != argv[1] && *end == '\0' && std::isfinite(seconds) && seconds >= 0.0;
        first = 2;
    }
    if (ok && argc > first) ok = whole(argv[first], seed);
    ok = ok && argc <= first + 1;
    if (!ok) {
        std::fprintf(stderr, "match_soak: usage: match_soak [SECONDS] [FIRST_SEED] or match_soak "
                             "--games N [FIRST_SEED] (SECONDS a number >= 0, N a whole number "
                             ">= 1, FIRST_SEED a whole number >= 0)\n");
        return 2;
    }
    const auto start = std::chrono::steady_clock::now();
    std::uint64_t games = 0, shots = 0, impacts = 0, worst = 0;
    const auto more = [&] {
        if (game_count > 0) return games < game_count;
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() <
               seconds;
    };
    while (more()) {
        const game::MatchConfig c = random_game(seed);
        game::Match m(c);
        for (int turn = 0; turn < 10 && m.phase() != game::Phase::GameOver; ++turn) {
            const physics::EventCounts before = m.world().counts();
            if (!m.play_computer_turn()) break;
            const physics::EventCounts after = m.world().counts();
            if (after.ball_ball < before.ball_ball) continue; // a new rack: counts start over
            const std::uint64_t n =
                after.ball_ball - before.ball_ball + after.ball_cushion - before.ball_cushion;
            ++shots;
            impacts += n;
            worst = n > worst ? n : worst;
            if (n > kMaxImpacts) {
                const physics::Params& p = c.params;
                std::printf("FAIL seed %llu turn %d: %llu impacts (ball restitution %.17g, "
                            "cushion %.17g; friction ball %.17g, cushion %.17g, sliding %.17g, "
                            "rolling %.17g, spin %.17g)\n",
                            static_cast<unsigned long long>(seed), turn,
                            static_cast<unsigned long long>(n), p.ball_restitution,
                            p.cushion_restitution, p.ball_friction, p.cushion_friction,
                            p.sliding_friction, p.rolling_friction, p.spin_friction);
                return 1;
            }
        }
        ++games;
        ++seed;
    }
    std::printf("ok: %llu games, %llu shots, %llu impacts (worst shot %llu), next seed %llu\n",
                static_cast<unsigned long long>(games), static_cast<unsigned long long>(shots),
                static_cast<unsigned long long>(impacts), static_cast<unsigned long long>(worst),
                static_cast<unsigned long long>(seed));
    return 0;
}

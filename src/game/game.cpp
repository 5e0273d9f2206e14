#include "game/game.hpp"

#include "game/carom/three_cushion_game.hpp"
#include "game/pool/pool_game.hpp"
#include "game/snooker/snooker_game.hpp"

namespace billiards::game {

bool parse_game_kind(const std::string& text, GameKind& kind) {
    if (text == "8ball")
        kind = GameKind::EightBall;
    else if (text == "9ball")
        kind = GameKind::NineBall;
    else if (text == "snooker")
        kind = GameKind::Snooker;
    else if (text == "three-cushion")
        kind = GameKind::ThreeCushion;
    else
        return false;
    return true;
}

const char* to_string(Decision d) {
    switch (d) {
    case Decision::AcceptTable:
        return "accept the table";
    case Decision::Rerack:
        return "re-rack";
    case Decision::RerackOpponentBreaks:
        return "re-rack, the opponent breaks";
    case Decision::ShootAfterPushOut:
        return "shoot";
    case Decision::PassBack:
        return "pass back";
    case Decision::PlayOn:
        return "play on";
    case Decision::OffenderPlaysAgain:
        return "the offender plays again";
    case Decision::ReplaceAndReplay:
        return "replace the balls and replay";
    case Decision::PlayAway:
        return "play away";
    case Decision::Spot:
        return "spot the balls";
    }
    return "?";
}

std::optional<ShotOutcome> Game::shoot(const Stroke& stroke, std::string* why) {
    if (!begin_shot(stroke, why)) return std::nullopt;
    while (!shot_at_rest())
        step_shot();
    return finish_shot();
}

std::unique_ptr<Game> make_game(GameKind kind, const GameOptions& options) {
    switch (kind) {
    case GameKind::EightBall:
    case GameKind::NineBall:
        return make_pool_game(kind, options);
    case GameKind::Snooker:
        return snooker::make_snooker_game(options);
    case GameKind::ThreeCushion:
        return make_three_cushion_game(options);
    }
    return nullptr;
}

std::unique_ptr<Game> restore_game(GameKind kind, const GameOptions& options,
                                   const std::vector<GameInput>& inputs, std::size_t* failed,
                                   std::string* why) {
    std::unique_ptr<Game> g = make_game(kind, options);
    for (std::size_t k = 0; k < inputs.size(); ++k) {
        std::string reason;
        if (!g->feed(inputs[k], &reason)) {
            if (failed) *failed = k;
            if (why) *why = reason.empty() ? "does not fit the game here" : reason;
            return nullptr;
        }
    }
    return g;
}

} // namespace billiards::game

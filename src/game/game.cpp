#include "game/game.hpp"

namespace billiards::game {

bool parse_game_kind(const std::string& text, GameKind& kind) {
    const std::optional<GameKind> k = kind_of_cli_name(text);
    if (k) kind = *k;
    return k.has_value();
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
#define BILLIARDS_KIND_MAKER(id, cli, name, label, noun, folder) &make_##folder##_game,
    using Maker = std::unique_ptr<Game> (*)(GameKind, const GameOptions&);
    constexpr std::array<Maker, kGameKinds.size()> makers{
        BILLIARDS_GAME_KINDS(BILLIARDS_KIND_MAKER)};
#undef BILLIARDS_KIND_MAKER
    return index(kind) < makers.size() ? makers[index(kind)](kind, options) : nullptr;
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

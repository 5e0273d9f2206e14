// 8-ball and 9-ball as a game::Game: the pool Match behind the shared interface.
#include "game/pool/pool_game.hpp"

#include "game/cue.hpp"
#include "game/game_adapter.hpp"
#include "game/physics_presets.hpp"
#include "game/pool/ai.hpp"
#include "game/pool/match.hpp"

namespace billiards::game {

namespace {

class PoolGame final : public MatchGame<PoolGame, Match, AiMove> {
  public:
    using MatchGame::MatchGame;

    GameKind kind() const override { return m_->config().kind; }
    std::array<std::string, 2> names() const override { return m_->rules().names; }

    bool begin_shot(const Stroke& s, std::string* why) override {
        return m_->begin_shot(s.shot, s.call, s.push_out, why);
    }
    void step_shot() override { m_->step_shot(); }
    bool shot_at_rest() const override { return m_->shot_at_rest(); }
    bool rolling() const override { return m_->phase() == Phase::Rolling; }
    ShotOutcome finish_shot() override { return outcome_base(m_->finish_shot()); }

    bool decide(Decision d) override {
        const std::optional<Choice> c = choice_of(d);
        return c && m_->decide(*c);
    }

    bool computer_to_act() const override { return m_->computer_to_act(); }

    bool rematch() override {
        if (rolling()) return false;
        m_->rematch();
        return true;
    }
    bool over() const override { return m_->rules().game_over; }
    bool match_over() const override { return false; }
    std::string status() const override { return m_->view().status; }
    Turn next() const override {
        const MatchView v = m_->view();
        Turn t;
        t.shooter = v.shooter;
        t.computer = v.computer[static_cast<std::size_t>(v.shooter)];
        t.may_shoot = v.phase == Phase::Aiming;
        t.place_cue = t.may_shoot && v.ball_in_hand;
        t.call_pocket = t.may_shoot && v.must_call_pocket;
        t.push_out = t.may_shoot && v.push_out_available;
        if (v.phase == Phase::Deciding) {
            if (v.pending == Pending::IllegalBreak)
                t.decisions = {Decision::AcceptTable, Decision::Rerack,
                               Decision::RerackOpponentBreaks};
            else if (v.pending == Pending::PushOutReply)
                t.decisions = {Decision::ShootAfterPushOut, Decision::PassBack};
        }
        return t;
    }
    Score score() const override {
        Score s;
        s.game_number = m_->game_number();
        s.games = m_->games_won();
        s.winner = m_->rules().winner;
        s.capped = m_->capped();
        return s;
    }

    std::function<ComputerMove()> computer_thinking() const override {
        return [request = m_->ai_request()] {
            auto own = std::make_shared<AiMove>(ai_decide(request));
            ComputerMove m;
            if (own->is_decision) m.decision = decision_of(own->choice);
            m.shot = own->shot;
            m.plan = own->plan;
            m.own = std::move(own);
            return m;
        };
    }
    bool computer_prepares(const ComputerMove& m) override {
        if (m.decision) return m_->decide(own(m).choice);
        if (own(m).place_cue && m_->view().ball_in_hand) m_->place_cue_ball(own(m).cue_position);
        return true;
    }
    bool begin_computer_shot(const ComputerMove& m, std::string* why) override {
        const AiMove& a = own(m);
        return m_->begin_shot(a.shot, a.call, a.push_out, why);
    }

    void own_options(GameOptions& o) const override {
        o.call_shots = m_->config().rules.call_shots;
    }
    bool feed_own(const GameInput& in, std::string* why) override {
        switch (in.kind) {
        case GameInput::Kind::Stroke:
            return m_->shoot(in.stroke.shot, in.stroke.call, in.stroke.push_out, why) != nullptr;
        case GameInput::Kind::Concede:
            if (why) *why = "pool has no concession";
            return false;
        default:
            break;
        }
        const std::optional<MatchInput> m = match_input_of(in);
        if (!m || (m->kind == MatchInput::Kind::Decide && m_->phase() != Phase::Deciding)) {
            if (why) *why = m ? "no decision is pending" : "not a decision of pool";
            return false;
        }
        if (m_->feed(*m)) return true;
        if (why)
            *why = m->kind == MatchInput::Kind::Undo && !m_->config().practice
                       ? "undo needs practice mode"
                       : "does not fit the match here";
        return false;
    }
};

} // namespace

namespace {

constexpr std::array<std::pair<Choice, Decision>, 5> kChoices{{
    {Choice::AcceptTable, Decision::AcceptTable},
    {Choice::Rerack, Decision::Rerack},
    {Choice::RerackOpponentBreaks, Decision::RerackOpponentBreaks},
    {Choice::ShootAfterPushOut, Decision::ShootAfterPushOut},
    {Choice::PassBack, Decision::PassBack},
}};

// Each recorded kind and the shared one (pool concedes nothing).
using K = MatchInput::Kind;
using G = GameInput::Kind;
constexpr std::array<std::pair<K, G>, 5> kKinds{{{K::PlaceCue, G::PlaceCue},
                                                 {K::Shot, G::Stroke},
                                                 {K::Decide, G::Decide},
                                                 {K::Undo, G::Undo},
                                                 {K::Rematch, G::Rematch}}};

} // namespace

std::optional<Choice> choice_of(Decision d) {
    return first_of(kChoices, d);
}

Decision decision_of(Choice c) {
    return second_of(kChoices, c).value_or(Decision::AcceptTable);
}

GameInput game_input_of(const MatchInput& in) {
    GameInput g = game_input_base(in, kKinds);
    if (in.kind == MatchInput::Kind::Shot) g.stroke = {in.shot, in.call, in.push_out};
    if (in.kind == MatchInput::Kind::Decide) g.decision = decision_of(in.choice);
    return g;
}

std::optional<MatchInput> match_input_of(const GameInput& in) {
    std::optional<MatchInput> m = match_input_base<MatchInput>(in, kKinds);
    if (m && m->kind == MatchInput::Kind::Shot) {
        m->shot = in.stroke.shot;
        m->call = in.stroke.call;
        m->push_out = in.stroke.push_out;
    }
    if (m && m->kind == MatchInput::Kind::Decide) {
        const std::optional<Choice> c = choice_of(in.decision);
        if (!c) return std::nullopt;
        m->choice = *c;
    }
    return m;
}

std::unique_ptr<Game> make_pool_game(GameKind kind, const GameOptions& o) {
    MatchConfig c;
    c.kind = kind;
    apply_options(c, o);
    c.table = o.table.value_or(TableSpec{});
    c.params = o.params.value_or(play_params());
    c.rules.call_shots = o.call_shots;
    return std::make_unique<PoolGame>(std::make_unique<Match>(c));
}

std::unique_ptr<Game> make_pool_game(std::unique_ptr<Match> match) {
    return adopt<PoolGame>(std::move(match));
}
std::unique_ptr<Game> make_pool_game(const Match& match) {
    return adopt<PoolGame>(std::make_unique<Match>(match));
}
Match* pool_match(Game& game) {
    return match_behind<PoolGame, Match>(game);
}
const Match* pool_match(const Game& game) {
    return match_behind<PoolGame, Match>(game);
}

} // namespace billiards::game

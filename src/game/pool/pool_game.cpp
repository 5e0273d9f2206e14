// 8-ball and 9-ball as a game::Game: the pool Match behind the shared interface.
#include "game/pool/pool_game.hpp"

#include "game/cue.hpp"
#include "game/game_adapter.hpp"
#include "game/physics_presets.hpp"
#include "game/pool/ai.hpp"
#include "game/pool/match.hpp"

namespace billiards::game {

namespace {

class PoolGame final : public Game {
  public:
    explicit PoolGame(std::unique_ptr<Match> match) : m_(std::move(match)) {}

    GameKind kind() const override { return m_->config().kind; }
    const Table& table() const override { return m_->table(); }
    const physics::World& world() const override { return m_->world(); }
    const CueParams& cue() const override { return m_->config().cue; }
    std::array<std::string, 2> names() const override { return m_->rules().names; }

    bool begin_shot(const Stroke& s, std::string* why) override {
        return m_->begin_shot(s.shot, s.call, s.push_out, why);
    }
    void step_shot() override { m_->step_shot(); }
    bool shot_at_rest() const override { return m_->shot_at_rest(); }
    bool rolling() const override { return m_->phase() == Phase::Rolling; }
    ShotOutcome finish_shot() override {
        const ShotRecord& r = m_->finish_shot();
        ShotOutcome o;
        o.number = r.number;
        o.shooter = r.shooter;
        o.shot = r.shot;
        o.foul = r.verdict.foul != Foul::None;
        o.pocketed = r.verdict.pocketed;
        o.messages = r.verdict.messages;
        return o;
    }

    bool placement_ok(Vec2 p, std::string* why) const override { return m_->placement_ok(p, why); }
    bool place_cue_ball(Vec2 p, std::string* why) override { return m_->place_cue_ball(p, why); }
    bool decide(Decision d) override {
        const std::optional<Choice> c = choice_of(d);
        return c && m_->decide(*c);
    }

    bool computer_to_act() const override { return m_->computer_to_act(); }
    bool play_computer_turn() override { return m_->play_computer_turn(); }
    bool can_undo() const override { return m_->can_undo(); }
    bool undo() override { return m_->undo(); }

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
    int shots() const override { return static_cast<int>(m_->history().size()); }
    const LastShot* last_shot() const override { return m_->last_shot(); }

    std::array<Seat, 2> seats() const override { return m_->config().seats; }
    bool practice() const override { return m_->config().practice; }
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

    GameOptions options() const override {
        const MatchConfig& c = m_->config();
        GameOptions o;
        o.seats = c.seats;
        o.seed = c.seed;
        o.max_shots = c.max_shots;
        o.practice = c.practice;
        o.table = c.table;
        o.params = c.params;
        o.cue = c.cue;
        o.max_shot_seconds = c.max_shot_seconds;
        o.call_shots = c.rules.call_shots;
        return o;
    }
    std::vector<GameInput> inputs() const override {
        std::vector<GameInput> out;
        for (const MatchInput& in : m_->inputs())
            out.push_back(game_input_of(in));
        return out;
    }
    bool feed(const GameInput& in, std::string* why) override {
        switch (in.kind) {
        case GameInput::Kind::PlaceCue:
            return m_->place_cue_ball(in.position, why);
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

    // An independent copy: the match copied (a what-if shot played on it leaves this one).
    std::unique_ptr<Game> clone() const override {
        return std::make_unique<PoolGame>(std::make_unique<Match>(*m_));
    }

    Match& match() { return *m_; }
    const Match& match() const { return *m_; }

  private:
    static const AiMove& own(const ComputerMove& m) {
        return *static_cast<const AiMove*>(m.own.get());
    }

    std::unique_ptr<Match> m_;
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

} // namespace

std::optional<Choice> choice_of(Decision d) {
    for (const auto& [c, decision] : kChoices)
        if (decision == d) return c;
    return std::nullopt;
}

Decision decision_of(Choice c) {
    for (const auto& [choice, d] : kChoices)
        if (choice == c) return d;
    return Decision::AcceptTable;
}

GameInput game_input_of(const MatchInput& in) {
    GameInput g;
    switch (in.kind) {
    case MatchInput::Kind::PlaceCue:
        g.kind = GameInput::Kind::PlaceCue;
        g.position = in.position;
        break;
    case MatchInput::Kind::Shot:
        g.stroke.shot = in.shot;
        g.stroke.call = in.call;
        g.stroke.push_out = in.push_out;
        break;
    case MatchInput::Kind::Decide:
        g.kind = GameInput::Kind::Decide;
        g.decision = decision_of(in.choice);
        break;
    case MatchInput::Kind::Undo:
        g.kind = GameInput::Kind::Undo;
        break;
    case MatchInput::Kind::Rematch:
        g.kind = GameInput::Kind::Rematch;
        break;
    }
    return g;
}

std::optional<MatchInput> match_input_of(const GameInput& in) {
    MatchInput m;
    switch (in.kind) {
    case GameInput::Kind::PlaceCue:
        m.kind = MatchInput::Kind::PlaceCue;
        m.position = in.position;
        break;
    case GameInput::Kind::Stroke:
        m.shot = in.stroke.shot;
        m.call = in.stroke.call;
        m.push_out = in.stroke.push_out;
        break;
    case GameInput::Kind::Decide: {
        const std::optional<Choice> c = choice_of(in.decision);
        if (!c) return std::nullopt;
        m.kind = MatchInput::Kind::Decide;
        m.choice = *c;
        break;
    }
    case GameInput::Kind::Undo:
        m.kind = MatchInput::Kind::Undo;
        break;
    case GameInput::Kind::Rematch:
        m.kind = MatchInput::Kind::Rematch;
        break;
    case GameInput::Kind::Concede:
        return std::nullopt;
    }
    return m;
}

std::unique_ptr<Game> make_pool_game(GameKind kind, const GameOptions& o) {
    MatchConfig c;
    c.kind = kind;
    c.seats = o.seats;
    c.seed = o.seed;
    if (o.max_shots > 0) c.max_shots = o.max_shots;
    c.practice = o.practice;
    c.table = o.table.value_or(TableSpec{});
    c.params = o.params.value_or(play_params());
    c.cue = o.cue.value_or(play_cue());
    if (o.max_shot_seconds > 0.0) c.max_shot_seconds = o.max_shot_seconds;
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

// Snooker as a game::Game: the best-of-N snooker Match behind the shared interface.
#include "game/snooker/snooker_game.hpp"

#include "game/game_adapter.hpp"
#include "game/snooker/snooker_ai.hpp"
#include "game/snooker/snooker_match.hpp"

namespace billiards::game::snooker {

namespace {

constexpr std::array<std::pair<Reply, Decision>, 3> kReplies{{
    {Reply::PlayOn, Decision::PlayOn},
    {Reply::OffenderPlaysAgain, Decision::OffenderPlaysAgain},
    {Reply::ReplaceAndReplay, Decision::ReplaceAndReplay},
}};

class SnookerGame final : public MatchGame<SnookerGame, Match, AiMove> {
  public:
    using MatchGame::MatchGame;

    GameKind kind() const override { return GameKind::Snooker; }
    std::array<std::string, 2> names() const override { return m_->frame().names; }

    bool begin_shot(const Stroke& s, std::string* why) override {
        return m_->begin_stroke(s.shot, s.nominated, why);
    }
    void step_shot() override { m_->step_stroke(); }
    bool shot_at_rest() const override { return m_->stroke_at_rest(); }
    bool rolling() const override { return m_->rolling(); }
    ShotOutcome finish_shot() override {
        const StrokeRecord& r = m_->finish_stroke();
        ShotOutcome o = outcome_base(r);
        o.points = r.verdict.points;
        return o;
    }

    bool decide(Decision d) override {
        const std::optional<Reply> r = first_of(kReplies, d);
        return r && m_->reply(*r);
    }

    bool computer_to_act() const override { return !m_->rolling() && m_->computer_to_act(); }

    bool rematch() override { return !m_->rolling() && m_->next_frame(); }
    bool over() const override { return m_->frame().frame_over; }
    bool match_over() const override { return m_->over(); }
    std::string status() const override { return m_->status(); }
    Turn next() const override {
        const FrameState& f = m_->frame();
        Turn t;
        t.shooter = f.shooter;
        t.computer =
            m_->config().seats[static_cast<std::size_t>(f.shooter)].kind == SeatKind::Computer;
        const bool acting = !f.frame_over && !m_->rolling();
        t.may_shoot = acting && !f.reply_pending;
        t.place_cue = t.may_shoot && f.in_hand;
        t.nominate = t.may_shoot && (f.on_colour || f.free_ball);
        if (acting && f.reply_pending) {
            t.decisions = {Decision::PlayOn, Decision::OffenderPlaysAgain};
            if (f.miss) t.decisions.push_back(Decision::ReplaceAndReplay);
        }
        return t;
    }
    Score score() const override {
        Score s;
        s.game_number = m_->frame_number();
        s.games = m_->score().frames;
        s.points = m_->frame().scores;
        s.winner = m_->frame().winner;
        s.capped = m_->capped();
        return s;
    }

    std::function<ComputerMove()> computer_thinking() const override {
        return [request = m_->ai_request()] {
            auto own = std::make_shared<AiMove>(snooker::decide(request));
            ComputerMove m;
            if (own->kind == AiMove::Kind::Concede) m.concede = true;
            if (own->kind == AiMove::Kind::Reply) m.decision = decision_of(own->reply);
            m.shot = own->shot;
            m.plan = own->plan;
            m.own = std::move(own);
            return m;
        };
    }
    bool computer_prepares(const ComputerMove& m) override {
        const AiMove& a = own(m);
        if (a.kind != AiMove::Kind::Shot) return m_->apply(a);
        if (a.place_cue && m_->frame().in_hand) m_->place_cue_ball(a.cue_position);
        return true;
    }
    bool begin_computer_shot(const ComputerMove& m, std::string* why) override {
        return m_->begin_stroke(own(m).shot, own(m).nominated, why);
    }

    void own_options(GameOptions& o) const override { o.best_of = m_->config().best_of; }
    bool feed_own(const GameInput& in, std::string* why) override {
        switch (in.kind) {
        case GameInput::Kind::Stroke:
            return m_->shoot(in.stroke.shot, in.stroke.nominated, why) != nullptr;
        case GameInput::Kind::Decide:
            if (!decide(in.decision)) {
                if (why) *why = std::string("\"") + to_string(in.decision) + "\" does not fit here";
                return false;
            }
            return true;
        default:
            break;
        }
        if (m_->feed(*match_input_of(in))) return true;
        if (why) *why = "does not fit the match here";
        return false;
    }
};

// Each recorded kind and the shared one: a reply is a decision, the next frame a rematch.
constexpr std::array<std::pair<MatchInput::Kind, GameInput::Kind>, 6> kKinds{
    {{MatchInput::Kind::PlaceCue, GameInput::Kind::PlaceCue},
     {MatchInput::Kind::Stroke, GameInput::Kind::Stroke},
     {MatchInput::Kind::Reply, GameInput::Kind::Decide},
     {MatchInput::Kind::Undo, GameInput::Kind::Undo},
     {MatchInput::Kind::Concede, GameInput::Kind::Concede},
     {MatchInput::Kind::NextFrame, GameInput::Kind::Rematch}}};

} // namespace

Decision decision_of(Reply r) {
    return second_of(kReplies, r).value_or(Decision::ReplaceAndReplay);
}

GameInput game_input_of(const MatchInput& in) {
    GameInput g = game_input_base(in, kKinds);
    if (in.kind == MatchInput::Kind::Stroke) {
        g.stroke.shot = in.shot;
        g.stroke.nominated = in.nominated;
    }
    if (in.kind == MatchInput::Kind::Reply) g.decision = decision_of(in.reply);
    if (in.kind == MatchInput::Kind::Concede) g.player = in.player;
    return g;
}

std::optional<MatchInput> match_input_of(const GameInput& in) {
    std::optional<MatchInput> m = match_input_base<MatchInput>(in, kKinds);
    if (!m) return m;
    if (in.kind == GameInput::Kind::Stroke) {
        m->shot = in.stroke.shot;
        m->nominated = in.stroke.nominated;
    }
    if (in.kind == GameInput::Kind::Decide) {
        const std::optional<Reply> r = first_of(kReplies, in.decision);
        if (!r) return std::nullopt;
        m->reply = *r;
    }
    if (in.kind == GameInput::Kind::Concede) m->player = in.player;
    return m;
}

Match* snooker_match(Game& game) {
    return match_behind<SnookerGame, Match>(game);
}
const Match* snooker_match(const Game& game) {
    return match_behind<SnookerGame, Match>(game);
}
std::unique_ptr<Game> make_snooker_game(std::unique_ptr<Match> match) {
    return adopt<SnookerGame>(std::move(match));
}
std::unique_ptr<Game> make_snooker_game(const Match& match) {
    return adopt<SnookerGame>(std::make_unique<Match>(match));
}

} // namespace billiards::game::snooker

namespace billiards::game {

std::unique_ptr<Game> make_snooker_game(GameKind, const GameOptions& o) {
    snooker::MatchConfig c;
    apply_options(c, o);
    c.best_of = o.best_of;
    if (o.table) c.table = *o.table;
    c.params = o.params.value_or(snooker::play_params_for(c.table));
    return snooker::make_snooker_game(std::make_unique<snooker::Match>(c));
}

} // namespace billiards::game

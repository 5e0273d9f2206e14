// Snooker as a game::Game: the best-of-N snooker Match behind the shared interface.
#include "game/snooker/snooker_game.hpp"

#include "game/game_adapter.hpp"
#include "game/snooker/snooker_ai.hpp"
#include "game/snooker/snooker_match.hpp"

namespace billiards::game::snooker {

namespace {

class SnookerGame final : public Game {
  public:
    explicit SnookerGame(std::unique_ptr<Match> match) : m_(std::move(match)) {}

    GameKind kind() const override { return GameKind::Snooker; }
    const Table& table() const override { return m_->table(); }
    const physics::World& world() const override { return m_->world(); }
    const CueParams& cue() const override { return m_->config().cue; }
    std::array<std::string, 2> names() const override { return m_->frame().names; }

    bool begin_shot(const Stroke& s, std::string* why) override {
        return m_->begin_stroke(s.shot, s.nominated, why);
    }
    void step_shot() override { m_->step_stroke(); }
    bool shot_at_rest() const override { return m_->stroke_at_rest(); }
    bool rolling() const override { return m_->rolling(); }
    ShotOutcome finish_shot() override {
        const StrokeRecord& r = m_->finish_stroke();
        ShotOutcome o;
        o.number = r.number;
        o.shooter = r.shooter;
        o.shot = r.shot;
        o.foul = r.verdict.foul != Foul::None;
        o.points = r.verdict.points;
        o.pocketed = r.verdict.pocketed;
        o.messages = r.verdict.messages;
        return o;
    }

    bool placement_ok(Vec2 p, std::string* why) const override { return m_->placement_ok(p, why); }
    bool place_cue_ball(Vec2 p, std::string* why) override { return m_->place_cue_ball(p, why); }
    bool decide(Decision d) override {
        switch (d) {
        case Decision::PlayOn:
            return m_->reply(Reply::PlayOn);
        case Decision::OffenderPlaysAgain:
            return m_->reply(Reply::OffenderPlaysAgain);
        case Decision::ReplaceAndReplay:
            return m_->reply(Reply::ReplaceAndReplay);
        default:
            return false;
        }
    }

    bool computer_to_act() const override { return !m_->rolling() && m_->computer_to_act(); }
    bool play_computer_turn() override { return m_->play_computer_turn(); }
    bool can_undo() const override { return m_->can_undo(); }
    bool undo() override { return m_->undo(); }

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
    int shots() const override { return static_cast<int>(m_->history().size()); }
    const LastShot* last_shot() const override { return m_->last_shot(); }

    std::array<Seat, 2> seats() const override { return m_->config().seats; }
    bool practice() const override { return m_->config().practice; }
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

    GameOptions options() const override {
        const MatchConfig& c = m_->config();
        GameOptions o;
        o.seats = c.seats;
        o.seed = c.seed;
        o.max_shots = c.max_shots;
        o.best_of = c.best_of;
        o.practice = c.practice;
        o.table = c.table;
        o.params = c.params;
        o.cue = c.cue;
        o.max_shot_seconds = c.max_shot_seconds;
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

    // An independent copy: the match copied (a what-if shot played on it leaves this one).
    std::unique_ptr<Game> clone() const override {
        return std::make_unique<SnookerGame>(std::make_unique<Match>(*m_));
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

Decision decision_of(Reply r) {
    switch (r) {
    case Reply::PlayOn:
        return Decision::PlayOn;
    case Reply::OffenderPlaysAgain:
        return Decision::OffenderPlaysAgain;
    case Reply::ReplaceAndReplay:
        break;
    }
    return Decision::ReplaceAndReplay;
}

GameInput game_input_of(const MatchInput& in) {
    GameInput g;
    switch (in.kind) {
    case MatchInput::Kind::PlaceCue:
        g.kind = GameInput::Kind::PlaceCue;
        g.position = in.position;
        break;
    case MatchInput::Kind::Stroke:
        g.stroke.shot = in.shot;
        g.stroke.nominated = in.nominated;
        break;
    case MatchInput::Kind::Reply:
        g.kind = GameInput::Kind::Decide;
        g.decision = decision_of(in.reply);
        break;
    case MatchInput::Kind::Undo:
        g.kind = GameInput::Kind::Undo;
        break;
    case MatchInput::Kind::Concede:
        g.kind = GameInput::Kind::Concede;
        g.player = in.player;
        break;
    case MatchInput::Kind::NextFrame:
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
        m.nominated = in.stroke.nominated;
        break;
    case GameInput::Kind::Decide:
        m.kind = MatchInput::Kind::Reply;
        switch (in.decision) {
        case Decision::PlayOn:
            m.reply = Reply::PlayOn;
            break;
        case Decision::OffenderPlaysAgain:
            m.reply = Reply::OffenderPlaysAgain;
            break;
        case Decision::ReplaceAndReplay:
            m.reply = Reply::ReplaceAndReplay;
            break;
        default:
            return std::nullopt;
        }
        break;
    case GameInput::Kind::Undo:
        m.kind = MatchInput::Kind::Undo;
        break;
    case GameInput::Kind::Rematch:
        m.kind = MatchInput::Kind::NextFrame;
        break;
    case GameInput::Kind::Concede:
        m.kind = MatchInput::Kind::Concede;
        m.player = in.player;
        break;
    }
    return m;
}

std::unique_ptr<Game> make_snooker_game(std::unique_ptr<Match> match) {
    return adopt<SnookerGame>(std::move(match));
}
std::unique_ptr<Game> make_snooker_game(const Match& match) {
    return adopt<SnookerGame>(std::make_unique<Match>(match));
}
Match* snooker_match(Game& game) {
    return match_behind<SnookerGame, Match>(game);
}
const Match* snooker_match(const Game& game) {
    return match_behind<SnookerGame, Match>(game);
}

} // namespace billiards::game::snooker

namespace billiards::game {

std::unique_ptr<Game> make_snooker_game(GameKind, const GameOptions& o) {
    snooker::MatchConfig c;
    c.seats = o.seats;
    c.seed = o.seed;
    c.best_of = o.best_of;
    if (o.max_shots > 0) c.max_shots = o.max_shots;
    c.practice = o.practice;
    if (o.table) c.table = *o.table;
    c.params = o.params.value_or(snooker::play_params_for(c.table));
    c.cue = o.cue.value_or(play_cue());
    if (o.max_shot_seconds > 0.0) c.max_shot_seconds = o.max_shot_seconds;
    return snooker::make_snooker_game(std::make_unique<snooker::Match>(c));
}

} // namespace billiards::game

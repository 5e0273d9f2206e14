// Three-cushion as a game::Game: one CaromGame after another (a match of games, as the
// command line plays them) behind the shared interface.
#include "game/carom/three_cushion_game.hpp"

#include <optional>

#include "core/random.hpp"
#include "game/carom/carom_ai.hpp"
#include "game/carom/carom_game.hpp"
#include "game/cue.hpp"
#include "game/game_adapter.hpp"
#include "game/physics_presets.hpp"

namespace billiards::game {

namespace {

class ThreeCushionGame final : public Game {
  public:
    ThreeCushionGame(const CaromGameConfig& config, const std::array<Seat, 2>& seats,
                     std::uint64_t seed)
        : base_(config), seats_(seats), seed_(seed), first_breaker_(config.breaker) {
        start(config.breaker);
    }
    // A game in progress (a loaded save): its config and seed carry on in the next games; its
    // breaker is kept (the lag is not played again).
    ThreeCushionGame(std::unique_ptr<CaromGame> game, const std::array<Seat, 2>& seats)
        : base_(game->config()), seats_(seats), seed_(game->config().seed),
          first_breaker_(game->state().breaker), g_(std::move(game)) {}

    GameKind kind() const override { return GameKind::ThreeCushion; }
    const Table& table() const override { return g_->table(); }
    const physics::World& world() const override { return g_->world(); }
    const CueParams& cue() const override { return base_.cue; }
    std::array<std::string, 2> names() const override {
        std::array<std::string, 2> n{"Player 1", "Player 2"};
        for (std::size_t i = 0; i < 2; ++i)
            if (!seats_[i].name.empty()) n[i] = seats_[i].name;
        return n;
    }

    bool begin_shot(const Stroke& s, std::string* why) override {
        if (g_->begin_shot(s.shot)) return true;
        if (why)
            *why = g_->state().game_over ? "the game is over" : "not a shot that can be played";
        return false;
    }
    void step_shot() override { g_->step_shot(); }
    bool shot_at_rest() const override { return g_->shot_at_rest(); }
    bool rolling() const override { return g_->rolling(); }
    ShotOutcome finish_shot() override { return outcome(g_->finish_shot()); }

    bool placement_ok(Vec2, std::string* why) const override {
        if (why) *why = "no ball in hand at three-cushion";
        return false;
    }
    bool place_cue_ball(Vec2 p, std::string* why) override { return placement_ok(p, why); }
    bool decide(Decision d) override {
        if (d == Decision::PlayAway) return g_->choose_frozen(FrozenChoice::PlayAway);
        if (d == Decision::Spot) return g_->choose_frozen(FrozenChoice::Spot);
        return false;
    }

    bool computer_to_act() const override {
        return !g_->state().game_over && !g_->rolling() &&
               seats_[static_cast<std::size_t>(g_->state().shooter)].kind == SeatKind::Computer;
    }
    bool play_computer_turn() override { return computer_to_act() && g_->play_computer_turn(); }
    bool can_undo() const override { return g_->can_undo(); }
    bool undo() override { return g_->undo(); }

    bool rematch() override {
        if (g_->rolling()) return false;
        const CaromState& s = g_->state();
        if (s.game_over && s.winner >= 0) ++wins_[static_cast<std::size_t>(s.winner)];
        earlier_ = inputs();
        earlier_.push_back({GameInput::Kind::Rematch, {}, {}, Decision::AcceptTable, 0});
        ++game_;
        start(1 - s.breaker);
        return true;
    }
    bool over() const override { return g_->state().game_over; }
    bool match_over() const override { return false; }
    std::string status() const override { return carom_status(g_->state()); }
    Turn next() const override {
        const CaromState& s = g_->state();
        Turn t;
        t.shooter = s.shooter;
        t.computer = seats_[static_cast<std::size_t>(s.shooter)].kind == SeatKind::Computer;
        t.cue_ball = carom_cue_ball(s.shooter);
        t.may_shoot = !s.game_over && !g_->rolling();
        if (t.may_shoot && g_->frozen_ball() >= 0)
            t.decisions = {Decision::PlayAway, Decision::Spot};
        return t;
    }
    Score score() const override {
        const CaromState& s = g_->state();
        Score out;
        out.game_number = game_ + 1;
        out.games = wins_;
        if (s.game_over && s.winner >= 0) ++out.games[static_cast<std::size_t>(s.winner)];
        out.points = s.score;
        out.winner = s.winner;
        out.capped = g_->capped();
        return out;
    }
    int shots() const override { return static_cast<int>(g_->history().size()); }
    const LastShot* last_shot() const override { return g_->last_shot(); }

    std::array<Seat, 2> seats() const override { return seats_; }
    bool practice() const override { return g_->config().practice; }
    std::function<ComputerMove()> computer_thinking() const override {
        return [request = g_->ai_request(), practice = g_->config().practice] {
            auto own = std::make_shared<CaromMove>(carom_decide(request));
            ComputerMove m;
            m.shot = own->shot;
            m.plan = own->plan;
            if (practice) { // the path it means to play: its intended shot, without the noise
                const auto paths = carom_path(carom_move_world(request, *own), request.cue,
                                              own->intended, request.cue_params);
                for (std::size_t i = 0; i < paths.size(); ++i)
                    m.paths.emplace_back(request.world.ball(static_cast<int>(i)).id, paths[i]);
            }
            m.own = std::move(own);
            return m;
        };
    }
    bool computer_prepares(const ComputerMove& m) override {
        if (own(m).frozen == FrozenChoice::Spot) g_->choose_frozen(FrozenChoice::Spot);
        return true;
    }
    bool begin_computer_shot(const ComputerMove& m, std::string* why) override {
        if (g_->begin_shot(own(m).shot, own(m))) return true;
        if (why) *why = "not a shot that can be played";
        return false;
    }

    GameOptions options() const override {
        GameOptions o;
        o.seats = seats_;
        o.seed = seed_;
        o.max_shots = base_.max_shots;
        o.target = base_.rules.target;
        o.innings_limit = base_.rules.innings_limit;
        o.practice = base_.practice;
        o.table = base_.table;
        o.params = base_.params;
        o.cue = base_.cue;
        o.max_shot_seconds = base_.max_shot_seconds;
        o.breaker = first_breaker_;
        o.opening = base_.opening;
        return o;
    }
    // The earlier games' inputs, then this game's: each shot, after the frozen-ball choice
    // made for it, and a choice made for the next shot.
    std::vector<GameInput> inputs() const override {
        std::vector<GameInput> out = earlier_;
        auto choice = [&out](FrozenChoice c) {
            if (c == FrozenChoice::None) return;
            GameInput in;
            in.kind = GameInput::Kind::Decide;
            in.decision = c == FrozenChoice::Spot ? Decision::Spot : Decision::PlayAway;
            out.push_back(in);
        };
        for (const CaromRecord& r : g_->history()) {
            choice(r.frozen);
            GameInput in;
            in.stroke.shot = r.shot;
            out.push_back(in);
        }
        choice(g_->frozen_choice());
        return out;
    }
    bool feed(const GameInput& in, std::string* why) override {
        bool ok = false;
        switch (in.kind) {
        case GameInput::Kind::Stroke:
            ok = !g_->rolling() && g_->shoot(in.stroke.shot);
            if (!ok && why)
                *why = g_->state().game_over ? "the game was already over"
                                             : "the shot cannot be played";
            return ok;
        case GameInput::Kind::Decide:
            ok = decide(in.decision);
            if (!ok && why) *why = "the cue ball is not frozen to a ball here";
            return ok;
        case GameInput::Kind::Undo:
            ok = undo();
            break;
        case GameInput::Kind::Rematch:
            ok = rematch();
            break;
        case GameInput::Kind::PlaceCue:
        case GameInput::Kind::Concede:
            break;
        }
        if (!ok && why) *why = "does not fit the game here";
        return ok;
    }

    // An independent copy: the current game copied, the match's tally kept.
    std::unique_ptr<Game> clone() const override {
        auto copy = std::make_unique<ThreeCushionGame>(std::make_unique<CaromGame>(*g_), seats_);
        copy->base_ = base_;
        copy->seed_ = seed_;
        copy->game_ = game_;
        copy->wins_ = wins_;
        copy->first_breaker_ = first_breaker_;
        copy->earlier_ = earlier_;
        return copy;
    }

    CaromGame& match() { return *g_; }
    const CaromGame& match() const { return *g_; }

  private:
    static const CaromMove& own(const ComputerMove& m) {
        return *static_cast<const CaromMove*>(m.own.get());
    }
    static ShotOutcome outcome(const CaromRecord& r) {
        ShotOutcome o;
        o.number = r.number;
        o.shooter = r.shooter;
        o.shot = r.shot;
        o.points = r.result.point ? 1 : 0;
        o.messages = {r.result.message};
        return o;
    }
    void start(int breaker) {
        CaromGameConfig c = base_;
        c.seed = mix(seed_, static_cast<std::uint64_t>(game_));
        c.breaker = breaker;
        g_ = std::make_unique<CaromGame>(c);
    }

    CaromGameConfig base_;
    std::array<Seat, 2> seats_;
    std::uint64_t seed_;
    int first_breaker_ = -1;         // the first game's: -1 the lag decided
    std::vector<GameInput> earlier_; // the inputs of the games before this one
    int game_ = 0;
    std::array<int, 2> wins_{};
    std::unique_ptr<CaromGame> g_;
};

} // namespace

TableSpec carom_table_spec() {
    TableSpec s;
    s.name = "carom-10ft";
    s.kind = "carom";
    s.length = 2.840;
    s.width = 1.420;
    s.ball_radius = 0.03075;
    s.ball_mass = 0.210;
    s.rail_width = 0.15;
    return s;
}

std::unique_ptr<Game> make_carom_game(GameKind, const GameOptions& o) {
    CaromGameConfig c;
    c.table = o.table.value_or(carom_table_spec());
    c.params = o.params.value_or(carom_params());
    c.cue = o.cue.value_or(play_cue());
    c.rules.target = o.target;
    c.rules.innings_limit = o.innings_limit;
    c.levels = {o.seats[0].level, o.seats[1].level};
    c.noise = {o.seats[0].noise, o.seats[1].noise};
    if (o.max_shots > 0) c.max_shots = o.max_shots;
    c.practice = o.practice;
    if (o.max_shot_seconds > 0.0) c.max_shot_seconds = o.max_shot_seconds;
    c.breaker = o.breaker;
    c.opening = o.opening;
    return std::make_unique<ThreeCushionGame>(c, o.seats, o.seed);
}

std::unique_ptr<Game> make_three_cushion_game(std::unique_ptr<CaromGame> game,
                                              const std::array<Seat, 2>& seats) {
    return std::make_unique<ThreeCushionGame>(std::move(game), seats);
}

std::unique_ptr<Game> make_three_cushion_game(const CaromGame& game,
                                              const std::array<Seat, 2>& seats) {
    return make_three_cushion_game(std::make_unique<CaromGame>(game), seats);
}

CaromGame* carom_game(Game& game) {
    return match_behind<ThreeCushionGame, CaromGame>(game);
}
const CaromGame* carom_game(const Game& game) {
    return match_behind<ThreeCushionGame, CaromGame>(game);
}

} // namespace billiards::game

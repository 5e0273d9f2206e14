// Private to game: what each discipline's adapter (a Game over its own match type) does
// alike, written once: take a match in progress, find the match behind a Game, the options
// every config carries, the kinds of recorded input paired with the shared ones, and the
// adapter over one match object.
// Adapter must be constructible from std::unique_ptr<M> and give M& match().
#pragma once

#include <array>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "game/cue.hpp"
#include "game/game.hpp"

namespace billiards::game {

template <class Adapter, class M> std::unique_ptr<Game> adopt(std::unique_ptr<M> match) {
    return std::make_unique<Adapter>(std::move(match));
}

// The match a Game plays, when it is this adapter's kind; null otherwise.
template <class Adapter, class M> M* match_behind(Game& game) {
    auto* adapter = dynamic_cast<Adapter*>(&game);
    return adapter ? &adapter->match() : nullptr;
}
template <class Adapter, class M> const M* match_behind(const Game& game) {
    const auto* adapter = dynamic_cast<const Adapter*>(&game);
    return adapter ? &adapter->match() : nullptr;
}

// A table of pairs read either way: a discipline's word and the shared one.
template <class A, class B, std::size_t N>
std::optional<B> second_of(const std::array<std::pair<A, B>, N>& pairs, A a) {
    for (const auto& [first, second] : pairs)
        if (first == a) return second;
    return std::nullopt;
}
template <class A, class B, std::size_t N>
std::optional<A> first_of(const std::array<std::pair<A, B>, N>& pairs, B b) {
    for (const auto& [first, second] : pairs)
        if (second == b) return first;
    return std::nullopt;
}

// The options a pool or snooker config has alike, both ways; unset limits keep the config's.
template <class Config> GameOptions options_of(const Config& c) {
    GameOptions o;
    o.seats = c.seats;
    o.seed = c.seed;
    o.max_shots = c.max_shots;
    o.practice = c.practice;
    o.table = c.table;
    o.params = c.params;
    o.cue = c.cue;
    o.max_shot_seconds = c.max_shot_seconds;
    return o;
}
template <class Config> void apply_options(Config& c, const GameOptions& o) {
    c.seats = o.seats;
    c.seed = o.seed;
    if (o.max_shots > 0) c.max_shots = o.max_shots;
    c.practice = o.practice;
    c.cue = o.cue.value_or(play_cue());
    if (o.max_shot_seconds > 0.0) c.max_shot_seconds = o.max_shot_seconds;
}

// A recorded input in the shared form, its kind by the discipline's table (KindPairs, every
// kind of its own paired) and the cue ball's place; the discipline adds its own fields.
template <class In, class KindPairs>
GameInput game_input_base(const In& in, const KindPairs& kinds) {
    GameInput g;
    g.kind = *second_of(kinds, in.kind);
    if (g.kind == GameInput::Kind::PlaceCue) g.position = in.position;
    return g;
}
// The other way: none where the discipline has no such kind.
template <class In, class KindPairs>
std::optional<In> match_input_base(const GameInput& g, const KindPairs& kinds) {
    const auto kind = first_of(kinds, g.kind);
    if (!kind) return std::nullopt;
    In in;
    in.kind = *kind;
    if (g.kind == GameInput::Kind::PlaceCue) in.position = g.position;
    return in;
}

// What a shot did, from a discipline's shot record (number, shooter, shot, verdict).
template <class Record> ShotOutcome outcome_base(const Record& r) {
    ShotOutcome o;
    o.number = r.number;
    o.shooter = r.shooter;
    o.shot = r.shot;
    o.foul = r.verdict.foul != std::remove_cvref_t<decltype(r.verdict.foul)>::None;
    o.pocketed = r.verdict.pocketed;
    o.messages = r.verdict.messages;
    return o;
}

// A Game over one match object M (pool's, snooker's): what passes straight through, the
// recorded inputs in the shared form (by M's discipline's game_input_of), the copy for a
// what-if shot, and the discipline's own computer move (Move) read back. Self: the adapter.
template <class Self, class M, class Move> class MatchGame : public Game {
  public:
    explicit MatchGame(std::unique_ptr<M> match) : m_(std::move(match)) {}

    const Table& table() const override { return m_->table(); }
    const physics::World& world() const override { return m_->world(); }
    const CueParams& cue() const override { return m_->config().cue; }
    bool placement_ok(Vec2 p, std::string* why) const override { return m_->placement_ok(p, why); }
    bool place_cue_ball(Vec2 p, std::string* why) override { return m_->place_cue_ball(p, why); }
    bool play_computer_turn() override { return m_->play_computer_turn(); }
    bool can_undo() const override { return m_->can_undo(); }
    bool undo() override { return m_->undo(); }
    int shots() const override { return static_cast<int>(m_->history().size()); }
    const LastShot* last_shot() const override { return m_->last_shot(); }
    std::array<Seat, 2> seats() const override { return m_->config().seats; }
    bool practice() const override { return m_->config().practice; }

    std::vector<GameInput> inputs() const override {
        std::vector<GameInput> out;
        for (const auto& in : m_->inputs())
            out.push_back(game_input_of(in));
        return out;
    }
    // The options every config has, then the discipline's own (own_options).
    GameOptions options() const override {
        GameOptions o = options_of(m_->config());
        own_options(o);
        return o;
    }
    // A cue ball placed; any other input is the discipline's (feed_own).
    bool feed(const GameInput& in, std::string* why) override {
        if (in.kind == GameInput::Kind::PlaceCue) return m_->place_cue_ball(in.position, why);
        return feed_own(in, why);
    }
    // An independent copy: the match copied (a what-if shot played on it leaves this one).
    std::unique_ptr<Game> clone() const override {
        return std::make_unique<Self>(std::make_unique<M>(*m_));
    }

    M& match() { return *m_; }
    const M& match() const { return *m_; }

  protected:
    virtual void own_options(GameOptions& o) const = 0;
    virtual bool feed_own(const GameInput& in, std::string* why) = 0;
    static const Move& own(const ComputerMove& m) { return *static_cast<const Move*>(m.own.get()); }

    std::unique_ptr<M> m_;
};

} // namespace billiards::game

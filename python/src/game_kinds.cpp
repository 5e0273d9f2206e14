#include "game_kinds.hpp"

#include <pybind11/stl.h>

#include <cmath>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include "game/carom/carom_game.hpp"
#include "game/carom/three_cushion_game.hpp"
#include "game/pool/match.hpp"
#include "game/pool/pool_game.hpp"
#include "game/pool/rules.hpp"
#include "game/snooker/snooker_game.hpp"
#include "game/snooker/snooker_match.hpp"
#include "game/snooker/snooker_table.hpp"
#include "io/values.hpp"

using namespace pybind11::literals;

namespace billiards::python {

double degrees(double radians) {
    return io::values::heading_degrees(radians);
}

py::object name_if(bool present, const char* name) {
    return present ? py::object(py::str(name)) : py::object(py::none());
}

py::dict shot_dict(const game::CueShot& s) {
    return py::dict("heading"_a = degrees(s.heading), "speed"_a = s.speed, "side"_a = s.side,
                    "height"_a = s.height, "elevation"_a = degrees(s.elevation),
                    "heading_rad"_a = s.heading, "elevation_rad"_a = s.elevation);
}

game::Decision decision_of(const std::string& text) {
    using game::Decision;
    for (const Decision d : {Decision::AcceptTable, Decision::Rerack,
                             Decision::RerackOpponentBreaks, Decision::ShootAfterPushOut,
                             Decision::PassBack, Decision::PlayOn, Decision::OffenderPlaysAgain,
                             Decision::ReplaceAndReplay, Decision::PlayAway, Decision::Spot})
        if (text == game::to_string(d)) return d;
    const std::pair<game::Choice, Decision> pool[] = {
        {game::Choice::AcceptTable, Decision::AcceptTable},
        {game::Choice::Rerack, Decision::Rerack},
        {game::Choice::RerackOpponentBreaks, Decision::RerackOpponentBreaks},
        {game::Choice::ShootAfterPushOut, Decision::ShootAfterPushOut},
        {game::Choice::PassBack, Decision::PassBack}};
    for (const auto& [c, d] : pool)
        if (text == game::to_string(c)) return d;
    throw std::invalid_argument("choice: unknown choice '" + text + "'");
}

py::list KindBinding::history(const game::Game& g) const {
    py::list out;
    for (std::size_t i = 0; i < static_cast<std::size_t>(g.shots()); ++i)
        out.append(record(g, i));
    return out;
}

py::dict KindBinding::last_record(const game::Game& g) const {
    return record(g, static_cast<std::size_t>(g.shots() - 1));
}

namespace {

py::tuple xy(Vec2 p) {
    return py::make_tuple(p.x, p.y);
}

// What every kind shows through game::Game; a kind adds its own keys.
py::dict common_view(const game::Game& g) {
    const game::Turn t = g.next();
    const game::Score s = g.score();
    py::list decisions;
    for (const game::Decision d : t.decisions)
        decisions.append(game::to_string(d));
    return py::dict("game"_a = game::to_string(g.kind()), "names"_a = g.names(),
                    "game_number"_a = s.game_number, "shooter"_a = t.shooter,
                    "games_won"_a = s.games, "scores"_a = s.points, "shots"_a = g.shots(),
                    "may_shoot"_a = t.may_shoot, "ball_in_hand"_a = t.place_cue,
                    "cue_ball"_a = t.cue_ball, "nominate"_a = t.nominate, "decisions"_a = decisions,
                    "game_over"_a = g.over(), "match_over"_a = g.match_over(),
                    "winner"_a = s.winner, "capped"_a = s.capped, "status"_a = g.status(),
                    "can_undo"_a = g.can_undo());
}

[[noreturn]] void refuse(const std::string& what) {
    throw py::value_error("shoot: " + what);
}

// Pool's call and push-out, snooker's nomination: refused at a kind that has none.
void only_pool_calls(const game::Stroke& s, const char* kind) {
    if (s.call.ball != -1 || s.call.pocket != -1)
        refuse(std::string("call: there is no called shot at ") + kind);
    if (s.push_out) refuse(std::string("push_out: there is no push-out at ") + kind);
}

void no_move_after_the_end(const game::Game& g, const char* noun) {
    if (g.over())
        throw std::invalid_argument(std::string("computer_move: no move to choose: the ") + noun +
                                    " is over (rematch() starts the next)");
}

// The computer's move of one kind: chosen with the interpreter lock released, then kept for
// play_move() until it is played or the position changes.
template <class Move> class WithMove : public KindBinding {
  public:
    bool has_move() const override { return move_.has_value(); }
    void forget_move() override { move_.reset(); }

  protected:
    template <class Decide> const Move& choose_with(const Decide& decide) {
        Move move;
        {
            py::gil_scoped_release unlocked;
            move = decide();
        }
        move_ = std::move(move);
        return *move_;
    }
    Move take() {
        Move move = std::move(*move_);
        move_.reset();
        return move;
    }

  private:
    std::optional<Move> move_;
};

// ---- 8-ball and 9-ball ----

py::dict verdict_dict(const game::ShotVerdict& v) {
    return py::dict("legal"_a = v.foul == game::Foul::None,
                    "foul"_a = name_if(v.foul != game::Foul::None, game::to_string(v.foul)),
                    "break_shot"_a = v.break_shot, "legal_break"_a = v.legal_break,
                    "push_out"_a = v.push_out, "first_contact"_a = v.first_contact,
                    "cue_pocketed"_a = v.cue_pocketed, "pocketed"_a = v.pocketed,
                    "rails"_a = v.rails, "scored"_a = v.scored,
                    "turn_continues"_a = v.turn_continues, "group_assigned"_a = v.group_assigned,
                    "respot"_a = v.respot, "messages"_a = v.messages);
}

py::dict record_dict(const game::ShotRecord& r) {
    py::dict d = verdict_dict(r.verdict);
    d["number"] = r.number;
    d["shooter"] = r.shooter;
    d["shot"] = shot_dict(r.shot);
    d["call"] = py::make_tuple(r.call.ball, r.call.pocket);
    return d;
}

py::dict move_dict(const game::AiMove& mv) {
    return py::dict("is_decision"_a = mv.is_decision,
                    "choice"_a = name_if(mv.is_decision, game::to_string(mv.choice)),
                    "place_cue"_a = mv.place_cue, "cue_position"_a = xy(mv.cue_position),
                    "intended"_a = shot_dict(mv.intended), "shot"_a = shot_dict(mv.shot),
                    "call"_a = py::make_tuple(mv.call.ball, mv.call.pocket),
                    "push_out"_a = mv.push_out, "plan"_a = mv.plan, "score"_a = mv.score,
                    "pot_chance"_a = mv.pot_chance, "candidates"_a = mv.candidates,
                    "simulations"_a = mv.simulations, "work"_a = mv.work);
}

py::dict view_dict(const game::MatchView& v) {
    return py::dict(
        "game"_a = game::to_string(v.kind), "names"_a = v.names, "computer"_a = v.computer,
        "game_number"_a = v.game_number, "breaker"_a = v.breaker, "shooter"_a = v.shooter,
        "phase"_a = game::to_string(v.phase),
        "groups"_a = py::make_tuple(game::to_string(v.groups[0]), game::to_string(v.groups[1])),
        "open_table"_a = v.open_table, "tray"_a = v.tray, "balls_left"_a = v.balls_left,
        "on_table"_a = v.on_table, "legal_targets"_a = v.legal_targets, "fouls"_a = v.fouls,
        "consecutive_fouls"_a = v.consecutive_fouls, "games_won"_a = v.games_won,
        "ball_in_hand"_a = v.ball_in_hand, "kitchen_only"_a = v.kitchen_only,
        "must_call_pocket"_a = v.must_call_pocket, "push_out_available"_a = v.push_out_available,
        "pending"_a = name_if(v.pending != game::Pending::None, game::to_string(v.pending)),
        "shots"_a = v.shots, "game_over"_a = v.game_over, "winner"_a = v.winner,
        "capped"_a = v.capped, "status"_a = v.status, "messages"_a = v.messages,
        "can_undo"_a = v.can_undo);
}

class PoolBinding final : public WithMove<game::AiMove> {
  public:
    std::unique_ptr<KindBinding> fresh() const override { return std::make_unique<PoolBinding>(); }
    void check_stroke(const game::Stroke& s) const override {
        // As a save's reader reads a call (the pocket is checked by the match).
        if (s.call.ball < -1 || s.call.ball > 15)
            refuse("call: must be a ball between -1 (none) and 15 (got " +
                   std::to_string(s.call.ball) + ")");
        if (s.nominated != -1) refuse("nominated: there is no nominated ball at pool");
    }
    py::dict view(const game::Game& g) const override { return view_dict(m(g).view()); }
    std::vector<int> legal_targets(const game::Game& g) const override {
        return game::legal_targets(m(g).rules(), game::balls_on_table(m(g).world()));
    }
    py::dict record(const game::Game& g, std::size_t i) const override {
        return record_dict(m(g).history().at(i));
    }
    py::dict choose(const game::Game& g, std::uint64_t budget) override {
        // The computer decides for a shooter who is to act: after the game's end there is
        // nothing to decide (its answer would be an empty move).
        const game::Phase phase = m(g).phase();
        if (phase != game::Phase::Aiming && phase != game::Phase::Deciding)
            throw std::invalid_argument(std::string("computer_move: no move to choose: ") +
                                        (phase == game::Phase::GameOver
                                             ? "the game is over (rematch() starts the next)"
                                             : game::to_string(phase)));
        game::AiRequest request = m(g).ai_request();
        if (budget > 0) request.config.budget = budget;
        return move_dict(choose_with([&] { return game::ai_decide(request); }));
    }
    bool play_move(game::Game& g) override { return game::pool_match(g)->apply(take()); }

  private:
    static const game::Match& m(const game::Game& g) { return *game::pool_match(g); }
};

// ---- snooker ----

namespace sn = game::snooker;

py::dict stroke_dict(const sn::StrokeRecord& r) {
    const sn::ShotVerdict& v = r.verdict;
    return py::dict("number"_a = r.number, "shooter"_a = r.shooter, "shot"_a = shot_dict(r.shot),
                    "nominated"_a = r.nominated, "legal"_a = v.foul == sn::Foul::None,
                    "foul"_a = name_if(v.foul != sn::Foul::None, sn::to_string(v.foul)),
                    "points"_a = v.points, "penalty"_a = v.penalty,
                    "first_contact"_a = v.first_contact, "cue_pocketed"_a = v.cue_pocketed,
                    "miss"_a = v.miss, "free_ball"_a = v.free_ball, "pocketed"_a = v.pocketed,
                    "break_points"_a = v.after.break_points, "messages"_a = v.messages);
}

py::dict snooker_move_dict(const sn::AiMove& mv) {
    const bool decision = mv.kind != sn::AiMove::Kind::Shot;
    const char* kind = mv.kind == sn::AiMove::Kind::Shot    ? "shot"
                       : mv.kind == sn::AiMove::Kind::Reply ? "reply"
                                                            : "concede";
    return py::dict("is_decision"_a = decision, "kind"_a = kind,
                    "choice"_a =
                        name_if(mv.kind == sn::AiMove::Kind::Reply, sn::to_string(mv.reply)),
                    "place_cue"_a = mv.place_cue, "cue_position"_a = xy(mv.cue_position),
                    "intended"_a = shot_dict(mv.intended), "shot"_a = shot_dict(mv.shot),
                    "nominated"_a = mv.nominated, "pot_target"_a = mv.pot_target,
                    "pot_chance"_a = mv.pot_chance, "plan"_a = mv.plan, "score"_a = mv.score,
                    "simulations"_a = mv.simulations);
}

class SnookerBinding final : public WithMove<sn::AiMove> {
  public:
    std::unique_ptr<KindBinding> fresh() const override {
        return std::make_unique<SnookerBinding>();
    }
    void check_stroke(const game::Stroke& s) const override {
        only_pool_calls(s, "snooker");
        if (s.nominated < -1 || s.nominated > sn::kBlack)
            refuse("nominated: must be a ball between -1 (none) and " + std::to_string(sn::kBlack) +
                   " (got " + std::to_string(s.nominated) + ")");
    }
    py::dict view(const game::Game& g) const override {
        const sn::Match& match = m(g);
        const sn::FrameState& f = match.frame();
        py::dict d = common_view(g);
        py::list computer;
        for (const game::Seat& s : match.config().seats)
            computer.append(s.kind == game::SeatKind::Computer);
        d["computer"] = computer;
        d["breaker"] = match.breaker();
        d["best_of"] = match.config().best_of;
        d["on_table"] = match.on_table();
        d["legal_targets"] = legal_targets(g);
        d["break_points"] = f.break_points;
        d["on_colour"] = f.on_colour;
        d["free_ball"] = f.free_ball;
        d["reply_pending"] = f.reply_pending;
        d["miss"] = f.miss;
        d["offender"] = f.offender;
        d["conceded"] = f.conceded;
        return d;
    }
    std::vector<int> legal_targets(const game::Game& g) const override {
        return sn::balls_on(m(g).frame(), m(g).on_table());
    }
    py::dict record(const game::Game& g, std::size_t i) const override {
        return stroke_dict(m(g).history().at(i));
    }
    py::dict choose(const game::Game& g, std::uint64_t budget) override {
        no_move_after_the_end(g, "frame");
        sn::AiRequest request = m(g).ai_request();
        if (budget > 0) request.config.budget = budget;
        return snooker_move_dict(choose_with([&] { return sn::decide(request); }));
    }
    bool play_move(game::Game& g) override { return sn::snooker_match(g)->apply(take()); }

  private:
    static const sn::Match& m(const game::Game& g) { return *sn::snooker_match(g); }
};

// ---- three-cushion ----

constexpr double kMaxCaromHeading = 10.0; // rad

py::dict carom_record_dict(const game::CaromRecord& r) {
    const game::CaromShot& s = r.result;
    return py::dict("number"_a = r.number, "shooter"_a = r.shooter, "shot"_a = shot_dict(r.shot),
                    "point"_a = s.point, "first"_a = s.first, "second"_a = s.second,
                    "cushions_before_second"_a = s.cushions_before_second,
                    "cushions"_a = s.cushions, "break_foul"_a = s.break_foul,
                    "frozen"_a = name_if(r.frozen != game::FrozenChoice::None,
                                         game::frozen_choice_name(r.frozen)),
                    "messages"_a = std::vector<std::string>{s.message});
}

py::dict carom_move_dict(const game::CaromMove& mv) {
    return py::dict("is_decision"_a = false, "place_cue"_a = false,
                    "intended"_a = shot_dict(mv.intended), "shot"_a = shot_dict(mv.shot),
                    "found"_a = mv.found, "success"_a = mv.success,
                    "simulations"_a = mv.simulations, "plan"_a = mv.plan,
                    "frozen"_a = name_if(mv.frozen != game::FrozenChoice::None,
                                         game::frozen_choice_name(mv.frozen)));
}

class CaromBinding final : public WithMove<game::CaromMove> {
  public:
    std::unique_ptr<KindBinding> fresh() const override { return std::make_unique<CaromBinding>(); }
    void check_stroke(const game::Stroke& s) const override {
        only_pool_calls(s, "three-cushion");
        if (s.nominated != -1) refuse("nominated: there is no nominated ball at three-cushion");
        // A three-cushion save holds headings of -10 to 10 rad.
        if (!(std::abs(s.shot.heading) <= kMaxCaromHeading))
            refuse("heading: must be within +-10 rad (+-572.96 degrees) at three-cushion, as "
                   "its save holds it (got " +
                   py::repr(py::float_(degrees(s.shot.heading))).cast<std::string>() + " degrees)");
    }
    py::dict view(const game::Game& g) const override {
        const game::CaromGame& c = m(g);
        const game::CaromState& s = c.state();
        py::dict d = common_view(g);
        d["breaker"] = s.breaker;
        d["target"] = s.options.target;
        d["innings_limit"] = s.options.innings_limit;
        d["innings"] = s.innings;
        d["run"] = s.run;
        d["high_run"] = s.high_run;
        d["break_shot"] = s.break_shot;
        d["last_inning"] = s.last_inning;
        d["frozen_ball"] = c.frozen_ball();
        d["legal_targets"] = legal_targets(g);
        return d;
    }
    // Either object ball may be played first (the red on the break).
    std::vector<int> legal_targets(const game::Game& g) const override {
        const game::CaromState& s = m(g).state();
        if (s.game_over) return {};
        if (s.break_shot) return {game::kCaromRed};
        std::vector<int> out;
        for (const int id : {game::kCaromWhite, game::kCaromYellow, game::kCaromRed})
            if (id != game::carom_cue_ball(s.shooter)) out.push_back(id);
        return out;
    }
    py::dict record(const game::Game& g, std::size_t i) const override {
        return carom_record_dict(m(g).history().at(i));
    }
    py::dict choose(const game::Game& g, std::uint64_t budget) override {
        no_move_after_the_end(g, "game");
        if (budget > 0)
            throw std::invalid_argument(
                "computer_move: budget: three-cushion's computer has no work budget (give 0)");
        const game::CaromAiRequest request = m(g).ai_request();
        return carom_move_dict(choose_with([&] { return game::carom_decide(request); }));
    }
    bool play_move(game::Game& g) override {
        const game::CaromMove move = take();
        return game::carom_game(g)->shoot(move.shot, move);
    }

  private:
    static const game::CaromGame& m(const game::Game& g) { return *game::carom_game(g); }
};

} // namespace

// Each kind's view, records and computer's move by its folder.
std::unique_ptr<KindBinding> kind_binding(game::GameKind kind) {
    const std::string_view folder = game::info(kind).folder;
    if (folder == "pool") return std::make_unique<PoolBinding>();
    if (folder == "snooker") return std::make_unique<SnookerBinding>();
    if (folder == "carom") return std::make_unique<CaromBinding>();
    throw std::invalid_argument(std::string("game: Python does not play ") + game::to_string(kind) +
                                " yet");
}

} // namespace billiards::python

// What snooker adds to the match report: the table, the best-of and its winner, and per
// frame the scores, points potted, penalties received, highest breaks and fouls.
#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "cli/match_runner.hpp"
#include "game/snooker/snooker_game.hpp"
#include "game/snooker/snooker_match.hpp"

namespace billiards::cli {

namespace {

namespace sn = game::snooker;

class SnookerDetails final : public MatchDetails {
  public:
    const char* game_noun() const override { return "frame"; }

    void begin_game(const game::Game& g) override {
        const sn::Match& m = *sn::snooker_match(g);
        breaker_ = m.breaker();
        seen_ = m.history().size();
        points_ = penalties_ = fouls_ = best_break_ = {};
        plans_.clear();
    }
    MoveCount after_move(const game::Game& g, std::size_t) override {
        const sn::Match& m = *sn::snooker_match(g);
        MoveCount count;
        const sn::AiMove& mv = m.last_ai_move();
        if (mv.kind == sn::AiMove::Kind::Shot) {
            count = {true, static_cast<double>(mv.simulations), -1.0, {}};
            plans_.push_back(mv.plan);
        }
        if (m.history().size() > seen_) {
            const sn::StrokeRecord& r = m.history().back();
            const auto s = static_cast<std::size_t>(r.shooter);
            count.facts.shooter = r.shooter;
            count.facts.pot_attempt = mv.pot_target >= 0;
            count.facts.safety = mv.safety;
            count.facts.foul = r.verdict.foul != sn::Foul::None;
            count.facts.points = count.facts.foul ? 0 : r.verdict.points;
            count.facts.potted = count.facts.points > 0;
            points_[s] += r.verdict.points;
            if (r.verdict.foul != sn::Foul::None) {
                penalties_[1 - s] += r.verdict.penalty;
                ++fouls_[s];
            }
            best_break_[s] = std::max(best_break_[s], r.verdict.after.break_points);
        }
        seen_ = m.history().size();
        return count;
    }
    void add_game(const game::Game& g, json& jf, bool shot_log) override {
        const sn::Match& m = *sn::snooker_match(g);
        const sn::FrameState& f = m.frame();
        jf["fouls"] = fouls_[0] + fouls_[1];
        jf["fouls_by_seat"] = {fouls_[0], fouls_[1]};
        jf["breaker"] = breaker_;
        jf["conceded"] = f.conceded;
        jf["scores"] = {f.scores[0], f.scores[1]};
        jf["points"] = {points_[0], points_[1]};          // potted by each seat
        jf["penalties"] = {penalties_[0], penalties_[1]}; // received from the other's fouls
        jf["highest_break"] = {best_break_[0], best_break_[1]};
        if (shot_log) jf["shot_log"] = log(m.history());
        for (std::size_t i = 0; i < 2; ++i)
            match_fouls_[i] += fouls_[i];
    }
    void add_seat(std::size_t seat, json& s) const override { s["fouls"] = match_fouls_[seat]; }
    // Every break of the match (a visit's points) with its mean, highest and centuries.
    void add_runs(const game::SeatStats& ss, json& s) const override {
        json b;
        b["list"] = ss.runs;
        b["mean"] = ss.mean_run();
        b["highest"] = ss.high_run();
        b["centuries"] = ss.runs_of_at_least(100);
        s["breaks"] = b;
    }
    void add_summary(const game::Game& g, const MatchRun& run, json& out) const override {
        const sn::Match& m = *sn::snooker_match(g);
        out["table"] = m.config().table.name;
        out["best_of"] = run.games;
        out["match_winner"] = m.score().winner();
    }

  private:
    json log(const std::vector<sn::StrokeRecord>& hist) const {
        return shot_log(hist, false, [this](const sn::StrokeRecord& r, json& s) {
            s["nominated"] = r.nominated;
            const auto k = static_cast<std::size_t>(r.number - 1);
            if (k < plans_.size()) s["plan"] = plans_[k];
            s["foul"] = sn::to_string(r.verdict.foul);
            s["points"] = r.verdict.points;
            s["penalty"] = r.verdict.penalty;
            s["pocketed"] = r.verdict.pocketed;
            s["messages"] = r.verdict.messages;
        });
    }

    int breaker_ = 0;
    std::size_t seen_ = 0; // strokes of the frame counted so far
    std::array<int, 2> points_{}, penalties_{}, fouls_{}, best_break_{}, match_fouls_{};
    std::vector<std::string> plans_; // the computer's plan of each stroke, by number
};

} // namespace

std::unique_ptr<MatchDetails> snooker_details() {
    return std::make_unique<SnookerDetails>();
}

} // namespace billiards::cli

// What three-cushion adds to the match report: the target and innings limit, draws, and per
// game and seat the scores, innings, averages and high runs.
#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "cli/match_runner.hpp"
#include "game/carom/carom_game.hpp"
#include "game/carom/three_cushion_game.hpp"

namespace billiards::cli {

namespace {

class CaromDetails final : public MatchDetails {
  public:
    MoveCount after_move(const game::Game& g, std::size_t) override {
        const game::CaromRecord& r = game::carom_game(g)->history().back();
        game::ShotFacts f;
        f.shooter = r.shooter;
        f.foul = r.result.break_foul;
        f.points = r.result.point ? 1 : 0;
        return {true, static_cast<double>(r.move.simulations), -1.0, f};
    }
    bool pots() const override { return false; }
    void add_game(const game::Game& g, json& jg, bool shot_log) override {
        const game::CaromGame& game = *game::carom_game(g);
        const game::CaromState& s = game.state();
        jg["breaker"] = s.breaker;
        jg["lag_winner"] = game.lag_winner();
        jg["scores"] = {s.score[0], s.score[1]};
        jg["innings"] = {s.innings[0], s.innings[1]};
        jg["high_runs"] = {s.high_run[0], s.high_run[1]};
        if (shot_log) jg["shot_log"] = log(game);
        draws_ += s.draw() ? 1 : 0;
        for (std::size_t i = 0; i < 2; ++i) {
            points_[i] += s.score[i];
            innings_[i] += s.innings[i];
            high_run_[i] = std::max(high_run_[i], s.high_run[i]);
        }
    }
    void add_seat(std::size_t i, json& s) const override {
        s["ball"] = i == 0 ? "white" : "yellow";
        s["points"] = points_[i];
        s["innings"] = innings_[i];
        s["average"] = innings_[i] > 0 ? static_cast<double>(points_[i]) / innings_[i] : 0.0;
        s["high_run"] = high_run_[i];
    }
    void add_summary(const game::Game&, const MatchRun& run, json& out) const override {
        out["target"] = run.target;
        out["innings_limit"] = run.innings_limit;
        out["draws"] = draws_;
    }

  private:
    static json log(const game::CaromGame& g) {
        return shot_log(g.history(), true, [](const game::CaromRecord& r, json& s) {
            s["plan"] = r.move.plan;
            s["expected"] = r.move.success;
            s["simulations"] = r.move.simulations;
            s["point"] = r.result.point;
            s["cushions"] = r.result.cushions_before_second;
            s["messages"] = {r.result.message};
        });
    }

    int draws_ = 0;
    std::array<int, 2> points_{}, innings_{}, high_run_{};
};

} // namespace

std::unique_ptr<MatchDetails> carom_details() {
    return std::make_unique<CaromDetails>();
}

} // namespace billiards::cli

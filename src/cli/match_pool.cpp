// What 8-ball and 9-ball add to the match report: fouls, groups, the break, re-racks and the
// computer's plan of each shot.
#include <array>
#include <vector>

#include "cli/match_runner.hpp"
#include "game/pool/match.hpp"
#include "game/pool/pool_game.hpp"

namespace billiards::cli {

namespace {

class PoolDetails final : public MatchDetails {
  public:
    explicit PoolDetails(game::GameKind kind) : kind_(kind) {}

    std::string stall_detail(const game::Game& g) const override {
        return std::string(" in phase ") + game::to_string(game::pool_match(g)->phase());
    }
    void begin_game(const game::Game& g) override {
        breaker_ = game::pool_match(g)->rules().breaker;
        moves_.clear();
    }
    MoveCount after_move(const game::Game& g, std::size_t seat) override {
        const game::Match& m = *game::pool_match(g);
        const game::AiMove& mv = m.last_ai_move();
        if (mv.is_decision) {
            if (mv.choice == game::Choice::Rerack ||
                mv.choice == game::Choice::RerackOpponentBreaks)
                ++reracks_;
            return {};
        }
        moves_.resize(m.history().size());
        moves_.back() = mv;
        work_[seat] += static_cast<double>(mv.work);
        const game::ShotRecord& r = m.history().back();
        game::ShotFacts f;
        f.shooter = r.shooter;
        f.pot_attempt = mv.pot;
        f.safety = mv.safety;
        f.foul = r.verdict.foul != game::Foul::None;
        f.potted = r.verdict.scored && !f.foul;
        f.points = f.potted ? static_cast<int>(r.verdict.pocketed.size()) : 0;
        return {true, static_cast<double>(mv.simulations), mv.seconds, f};
    }
    void add_game(const game::Game& g, json& jg, bool shot_log) override {
        const game::Match& m = *game::pool_match(g);
        const auto& hist = m.history();
        const game::MatchView v = m.view();
        jg["fouls"] = v.fouls[0] + v.fouls[1];
        jg["fouls_by_seat"] = {v.fouls[0], v.fouls[1]};
        jg["breaker"] = breaker_;
        if (kind_ == game::GameKind::EightBall)
            jg["groups"] = {game::to_string(v.groups[0]), game::to_string(v.groups[1])};
        jg["result"] = v.messages.empty() ? std::string() : v.messages.front();
        if (!hist.empty()) {
            const game::ShotVerdict& b = hist.front().verdict;
            json jb;
            jb["legal"] = b.legal_break;
            jb["pocketed"] = b.pocketed;
            jb["scratch"] = b.cue_pocketed;
            jb["rails"] = static_cast<int>(b.rails.size());
            jg["break"] = jb;
            legal_breaks_ += b.legal_break ? 1 : 0;
            break_scratches_ += b.cue_pocketed ? 1 : 0;
            break_balls_ += static_cast<int>(b.pocketed.size());
            if (hist.size() == 1 && v.winner == hist.front().shooter) ++won_on_break_;
        }
        if (shot_log) jg["shot_log"] = log(hist);
        fouls_[0] += v.fouls[0];
        fouls_[1] += v.fouls[1];
    }
    void add_seat(std::size_t seat, json& s) const override {
        s["fouls"] = fouls_[seat];
        s["mean_work"] = work_mean(s, seat);
    }
    void add_summary(const game::Game&, const MatchRun&, json& out) const override {
        out["reracks"] = reracks_;
        json breaks;
        breaks["legal"] = legal_breaks_;
        breaks["scratches"] = break_scratches_;
        breaks["balls_pocketed"] = break_balls_;
        breaks["won_on_break"] = won_on_break_;
        out["breaks"] = breaks;
    }

  private:
    // Every shot of a game with the computer's plan of it.
    json log(const std::vector<game::ShotRecord>& hist) const {
        return shot_log(hist, true, [this](const game::ShotRecord& r, json& s) {
            const auto k = static_cast<std::size_t>(r.number - 1);
            if (k < moves_.size()) {
                s["plan"] = moves_[k].plan;
                s["expected"] = moves_[k].score;
                s["pot_chance"] = moves_[k].pot_chance;
                s["simulations"] = moves_[k].simulations;
            }
            s["foul"] = game::to_string(r.verdict.foul);
            s["pocketed"] = r.verdict.pocketed;
            s["messages"] = r.verdict.messages;
        });
    }
    double work_mean(const json& seat_entry, std::size_t seat) const {
        const auto n = seat_entry["decisions"].get<std::uint64_t>();
        return work_[seat] / (n > 0 ? static_cast<double>(n) : 1.0);
    }

    game::GameKind kind_;
    int breaker_ = 0;
    std::vector<game::AiMove> moves_; // the computer's plan of each shot, by shot number
    std::array<int, 2> fouls_{};
    std::array<double, 2> work_{};
    int reracks_ = 0, legal_breaks_ = 0, break_scratches_ = 0, break_balls_ = 0, won_on_break_ = 0;
};

} // namespace

std::unique_ptr<MatchDetails> pool_details(game::GameKind kind) {
    return std::make_unique<PoolDetails>(kind);
}

} // namespace billiards::cli

// The search: which candidates get trials within the work budget, the break, the cue-ball
// position with ball in hand, and the move handed back.
#include "game/pool/ai_planner.hpp"

#include <array>

#include "core/parallel.hpp"
#include "core/random.hpp"
#include "game/cue_placement.hpp"
#include "game/rack.hpp"
#include "game/shot_events.hpp"

namespace billiards::game::ai {

Planner::Planner(const AiRequest& r)
    : req_(r), cfg_(r.config), rules_(r.rules), me_(r.rules.shooter) {
    cue_ = req_.world.index_of(kCueBall);
    radius_ = cue_ >= 0 ? req_.world.ball(cue_).radius : physics::kBallRadius;
    hx_ = req_.table.spec.length / 2;
    hy_ = req_.table.spec.width / 2;
    on_table_ = balls_on_table(req_.world);
    targets_ = legal_targets(rules_, on_table_);
    const double cp = req_.table.spec.corner_mouth / std::sqrt(2.0);
    for (const physics::Pocket& p : req_.table.pockets) {
        const bool side = std::abs(p.center.x) < hx_ / 2;
        const double sx = p.center.x < 0 ? -1.0 : 1.0, sy = p.center.y < 0 ? -1.0 : 1.0;
        if (side) {
            pockets_.inward.push_back({0.0, sy});
            pockets_.aim.push_back({0.0, sy * (hy_ + 0.5 * radius_)});
        } else {
            const Vec2 in = normalized(Vec2{sx, sy});
            pockets_.inward.push_back(in);
            pockets_.aim.push_back(Vec2{sx * (hx_ - cp / 2), sy * (hy_ - cp / 2)} +
                                   in * (0.5 * radius_));
        }
        pockets_.side.push_back(side);
    }
    opp_noise_ = ai_config(AiLevel::Medium).heading_noise;
    rotation_ = Random{req_.seed ^ 0x526f74ull}.uniform();
    if (cfg_.runout_weight > 0.0 && cue_ >= 0)
        runout_before_ = runout_chance(req_.world, rules_, cfg_.heading_noise);
}

template <class F> void Planner::in_batch(std::size_t first, std::size_t n, F f) {
    std::vector<Planner> copies(n, *this);
    for (Planner& c : copies)
        c.sims_ = c.evaluated_ = 0;
    billiards::for_each_index(n, cfg_.threads, [&](std::size_t k) { f(copies[k], first + k); });
    const std::uint64_t before = work_;
    for (const Planner& c : copies) {
        work_ += c.work_ - before;
        sims_ += c.sims_;
        evaluated_ += c.evaluated_;
    }
}

template <class F, class More> void Planner::in_batches(std::size_t count, F f, More more) {
    const auto batch = static_cast<std::size_t>(std::max(1, cfg_.batch));
    for (std::size_t i = 0; i < count;) {
        if (i > 0 && !more()) break;
        const std::size_t n = std::min(batch, count - i);
        if (cfg_.batch > 0)
            in_batch(i, n, f);
        else
            f(*this, i);
        i += n;
    }
}

std::vector<double> Planner::screen_factors() const {
    // Evenly spaced in ratio: the cue ball's travel grows about as the speed squared.
    const int n = std::max(1, cfg_.screen_speeds);
    std::vector<double> f;
    for (int k = 0; k < n; ++k)
        f.push_back(n == 1 ? 2.0 : 1.2 * std::pow(5.0, static_cast<double>(k) / (n - 1)));
    return f;
}

double Planner::screen_value(const physics::World& w, const CueShot& shot, const ShotCall& call) {
    const int runs = cfg_.screen_runs;
    if (runs <= 1) return simulate(w, shot, call).value;
    // The speed's and the tip's standard deviations, as trial_shot draws them.
    const double sv = std::hypot(shot.speed * cfg_.speed_noise, cfg_.speed_noise_abs);
    const double st = cfg_.tip_noise;
    struct Offset {
        double speed, height;
    };
    std::vector<Offset> offsets;
    if (runs == 2) {
        offsets = {{1.0, 0.0}, {-1.0, 0.0}};
    } else if (runs == 3) {
        const double z = std::sqrt(1.5);
        offsets = {{0.0, 0.0}, {z, 0.0}, {-z, 0.0}};
    } else {
        offsets = {{1.0, 1.0}, {1.0, -1.0}, {-1.0, 1.0}, {-1.0, -1.0}};
    }
    double sum = 0.0;
    for (const Offset& o : offsets) {
        CueShot s = shot;
        s.speed = std::max(0.05, shot.speed + o.speed * sv);
        s.height += o.height * st;
        sum += simulate(w, clamp_tip(s, req_.cue), call).value;
    }
    return sum / static_cast<double>(offsets.size());
}

std::vector<Variant> Planner::screened_pot_variants(const physics::World& w) {
    struct Tip {
        double side, height;
    };
    // Stun, two follows, two draws, and side either way with follow and with draw.
    static constexpr std::array<Tip, 9> kTips{{{0.0, 0.0},
                                               {0.0, 0.22},
                                               {0.0, 0.42},
                                               {0.0, -0.22},
                                               {0.0, -0.42},
                                               {0.3, 0.22},
                                               {-0.3, 0.22},
                                               {0.3, -0.22},
                                               {-0.3, -0.22}}};
    std::vector<PotLine> lines = candidate_lines(w);
    const std::vector<double> factors = screen_factors();
    if (cfg_.centre_aim) {
        // Each line's object-ball direction moved to the middle of the window that pots, so
        // that every stroke of the screen below is aimed, and its leave judged, for it.
        in_batches(
            lines.size(), [&](Planner& p, std::size_t i) { p.centre_line(w, lines[i]); },
            [] { return true; });
    }
    // One unit per line and tip, line by line (the likeliest pots first): its strokes at
    // every speed, each aimed from the ghost-ball heading and run once without noise.
    const std::size_t units = lines.size() * kTips.size();
    std::vector<std::vector<Variant>> strokes(units);
    auto screen = [&](Planner& p, std::size_t u) {
        const PotLine& l = lines[u / kTips.size()];
        const Tip& tip = kTips[u % kTips.size()];
        const double v0 = base_speed(l.d1, l.dist, l.cos_cut);
        double last = -1.0;
        for (double f : factors) {
            const double speed = std::clamp(v0 * f, 0.3, 7.0);
            if (speed == last) continue; // clamped: the same stroke
            last = speed;
            Variant v;
            v.kind = l.kind;
            v.target = l.target;
            v.pocket = l.pocket;
            v.call = call_for(l.target, l.pocket);
            v.shot = {l.heading, speed, tip.side, tip.height};
            if (cfg_.refine_aim) p.refine(w, l.target, l.want, v.shot);
            v.prior = p.screen_value(w, v.shot, v.call);
            strokes[u].push_back(v);
        }
    };
    in_batches(units, screen, [&] { return budget_left(0.45) && work_ < ceiling_; });
    std::vector<Variant> out;
    for (std::size_t li = 0; li < lines.size(); ++li) {
        std::vector<Variant> mine;
        for (std::size_t t = 0; t < kTips.size(); ++t)
            for (const Variant& v : strokes[li * kTips.size() + t])
                mine.push_back(v);
        keep_best(mine, static_cast<std::size_t>(std::max(1, cfg_.screen_keep)));
        // Ranked across lines by the expected value: a miss hands the table over.
        const double q = lines[li].prior;
        for (Variant& v : mine) {
            v.prior = q * v.prior - 0.6 * (1.0 - q);
            out.push_back(v);
        }
    }
    keep_best(out, static_cast<std::size_t>(std::max(1, cfg_.screen_total)));
    return out;
}

std::size_t Planner::deep_pick(const std::vector<const physics::World*>& bases,
                               std::vector<Variant>& vs) {
    for (Variant& v : vs) {
        v.sum = 0.0;
        v.n = v.pots = 0;
        v.confirmed = true;
    }
    // Every candidate gets its trials, as the break's strokes do: the choice is made here.
    // Unbatched, p is this planner itself: its limits and mode are put back after.
    in_batches(
        vs.size(),
        [&](Planner& p, std::size_t i) {
            const std::uint64_t limit = p.limit_, ceiling = p.ceiling_;
            p.deep_ = true;
            p.limit_ = p.ceiling_ = ~std::uint64_t{0};
            p.evaluate(*bases[i], vs[i], std::max(2, cfg_.deep_trials));
            p.deep_ = false;
            p.limit_ = limit;
            p.ceiling_ = ceiling;
        },
        [] { return true; });
    std::size_t best = 0;
    for (std::size_t i = 1; i < vs.size(); ++i)
        if (vs[i].mean() > vs[best].mean()) best = i;
    return best;
}

Variant Planner::plan(const physics::World& w, std::uint64_t limit, bool deep) {
    start_ = work_;
    limit_ = std::max(limit, work_ + 1);
    (void)w.balls(); // brings its public copies up to date: the batches' threads only read w
    std::vector<Variant> done;
    auto best_mean = [&]() {
        double b = -1e9;
        for (const Variant& v : done)
            b = std::max(b, v.mean());
        return b;
    };
    // f on the variants from i on: a batch of them on copies when the level batches, else
    // the one at i on this planner. Returns how many it took.
    const auto batch = static_cast<std::size_t>(std::max(0, cfg_.batch));
    auto step = [&](std::vector<Variant>& vs, std::size_t i, auto f) -> std::size_t {
        if (batch == 0) {
            f(*this, vs[i]);
            return 1;
        }
        const std::size_t n = std::min(batch, vs.size() - i);
        in_batch(i, n, [&](Planner& p, std::size_t j) { f(p, vs[j]); });
        return n;
    };
    auto run_all = [&](std::vector<Variant>& vs, int trials, double fraction, int minimum) {
        for (std::size_t i = 0; i < vs.size();) {
            const auto count = static_cast<int>(i);
            if (count >= minimum && !budget_left(fraction)) break;
            if (count >= 1 && work_ >= ceiling_) break;
            const std::size_t n =
                step(vs, i, [&](Planner& p, Variant& v) { p.evaluate(w, v, trials); });
            done.insert(done.end(), vs.begin() + static_cast<std::ptrdiff_t>(i),
                        vs.begin() + static_cast<std::ptrdiff_t>(i + n));
            i += n;
        }
    };

    const bool screened = cfg_.screen_speeds > 0;
    auto pots = screened ? screened_pot_variants(w) : pot_variants(w);
    if (cfg_.refine_aim && !screened) {
        // Aim corrections are per line and spin: refine each variant before its trials.
        auto aim = [&](Planner& p, Variant& v) {
            const Vec2 o = pos(w, v.target);
            Vec2 want;
            if (v.kind == Kind::Bank) {
                bool hit = false;
                want = unit_at(geo_angle(w.ball(cue_).position, o, v.shot.heading, hit));
                if (!hit) return;
            } else {
                want = normalized(pockets_.aim[static_cast<std::size_t>(v.pocket)] - o);
            }
            p.refine(w, v.target, want, v.shot);
        };
        for (std::size_t i = 0; i < pots.size();) {
            if (!budget_left(0.55)) break;
            i += step(pots, i, aim);
        }
    }
    run_all(pots, std::max(1, cfg_.trials), 0.6, 2);

    if (cfg_.swerves && best_mean() < 0.5) {
        auto swerves = swerve_variants(w);
        run_all(swerves, std::max(1, cfg_.trials), 0.7, 1);
    }

    if (cfg_.safeties && best_mean() < 0.3) {
        auto safe = safety_variants(w);
        run_all(safe, std::max(2, cfg_.trials / 2), 0.8, 3);
    }
    if (cfg_.kicks && best_mean() < -0.5) {
        auto kicks = kick_variants(w);
        run_all(kicks, std::max(2, cfg_.trials / 2), 0.9, 3);
    }
    if (cfg_.masse && best_mean() < -0.5) {
        auto masse = masse_variants(w);
        run_all(masse, std::max(2, cfg_.trials / 2), 0.95, 1);
    }
    if (best_mean() < -0.5) {
        auto sweep = sweep_variants(w);
        run_all(sweep, std::max(2, cfg_.trials / 2), 0.97, 1);
    }
    if (done.empty()) {
        // Nothing at all: a firm hit at the first legal ball.
        Variant v;
        v.kind = Kind::Safety;
        const int t = targets_.empty() ? -1 : targets_.front();
        v.target = t;
        const Vec2 c = w.ball(cue_).position;
        v.shot = {t >= 0 ? angle_of(pos(w, t) - c) : 0.0, 2.0, 0.0, 0.0};
        evaluate(w, v, 1);
        done.push_back(v);
    }
    if (deep && cfg_.deep_top > 0 && done.size() > 1) {
        std::stable_sort(done.begin(), done.end(),
                         [](const Variant& a, const Variant& b) { return a.mean() > b.mean(); });
        if (done.size() > static_cast<std::size_t>(cfg_.deep_top))
            done.resize(static_cast<std::size_t>(cfg_.deep_top));
        const std::vector<const physics::World*> bases(done.size(), &w);
        Variant best = done[deep_pick(bases, done)];
        best.cue_position = w.ball(cue_).position;
        return best;
    }
    // Racing: the leader gets extra trials until the leader is one that has had them,
    // so the choice rests on firm numbers and not on a lucky first round.
    auto leader = [&]() {
        return std::max_element(done.begin(), done.end(), [](const Variant& a, const Variant& b) {
            return a.mean() < b.mean();
        });
    };
    if (cfg_.final_trials > 0) {
        for (int round = 0; round < 6; ++round) {
            auto top = leader();
            if (top->confirmed) break;
            if (round > 0 && !budget_left(1.0)) break;
            evaluate(w, *top, cfg_.final_trials);
            top->confirmed = true;
        }
    }
    const auto it = leader();
    Variant best = *it;
    best.cue_position = w.ball(cue_).position;
    return best;
}

Variant Planner::plan_break(const physics::World& w) {
    start_ = work_;
    limit_ = work_ + cfg_.budget;
    const Vec2 hs = head_spot(req_.table.spec);
    const int apex = w.index_of(1) >= 0 ? 1 : (on_table_.empty() ? -1 : on_table_.front());
    const Vec2 target = apex >= 0 ? pos(w, apex) : foot_spot(req_.table.spec);
    // A hard break: the cue ball leaves at about 10-11 m/s (a centre hit's speed; a
    // little less with these tips below centre).
    struct Spot {
        double y, ball_speed, height;
    };
    std::vector<Spot> spots = {{0.0, 10.5, -0.1}, {0.18, 10.5, -0.1}, {-0.18, 10.5, -0.1},
                               {0.0, 11.0, -0.2}, {0.35, 10.0, -0.1}, {-0.35, 10.0, -0.1}};
    const auto count = static_cast<std::size_t>(std::clamp(cfg_.break_variants, 1, 6));
    spots.resize(count);
    const bool search = cfg_.break_trials > 0;
    if (search) {
        // Centre-ball hits at the apex from across the head string, measured over 400
        // seeded racks under the standard noise with the game's cue (`pool_break_rate
        // --wide`, tests/game: spots across the head string, 11-14 m/s, tips from 0.4
        // below to 0.3 above centre, the aim moved up to 1.2 R either side on the apex;
        // draw and an aim off the apex's centre potted less): 8-ball from 0.4-0.75 of the
        // way to a side rail at 13-14 m/s (65-73 % potted a ball with no foul), 9-ball from
        // 0.75-0.9 of the way at 12-14 m/s (80-86 %). Spread out so the rack's trials can
        // choose among different breaks, each given many trials: one fixed stroke broke as
        // often but ran out fewer racks (BENCHMARKS.md, "The break"). y is a fraction of
        // the half-width less 5 cm.
        if (rules_.kind == GameKind::NineBall)
            spots = {{0.9, 14.0, 0.0}, {-0.9, 14.0, 0.0}, {0.9, 13.0, 0.0},  {-0.9, 13.0, 0.0},
                     {0.9, 12.0, 0.0}, {-0.9, 12.0, 0.0}, {0.75, 13.0, 0.0}, {-0.75, 13.0, 0.0}};
        else
            spots = {{0.75, 14.0, 0.0}, {-0.75, 14.0, 0.0}, {0.4, 14.0, 0.0},  {-0.4, 14.0, 0.0},
                     {0.5, 14.0, 0.0},  {-0.5, 14.0, 0.0},  {0.75, 13.0, 0.0}, {-0.75, 13.0, 0.0}};
    }
    std::vector<Variant> done;
    std::vector<physics::World> bases;
    for (const Spot& s : spots) {
        physics::World base = w;
        Vec2 c{hs.x, search ? s.y * (hy_ - 0.05) : s.y * hy_};
        if (!cue_placement_ok(base, req_.table, c, rules_.kitchen)) c = base.ball(cue_).position;
        base.restore_ball(cue_, c);
        (void)base.balls(); // its public copies up to date: the batches' threads only read it
        Variant v;
        v.kind = Kind::Break;
        v.cue_position = c;
        v.shot = {angle_of(target - c), cue_speed_for(s.ball_speed, base.ball(cue_).mass, req_.cue),
                  0.0, s.height};
        if (!search && count > 1) evaluate(base, v, std::max(1, cfg_.trials));
        done.push_back(v);
        bases.push_back(std::move(base));
    }
    if (search) {
        // Every stroke gets its trials, whatever the budget: a break is one shot a game.
        in_batch(0, done.size(), [&](Planner& p, std::size_t i) {
            p.limit_ = ~std::uint64_t{0};
            p.ceiling_ = ~std::uint64_t{0};
            p.evaluate(bases[i], done[i], cfg_.break_trials);
        });
    }
    const auto it =
        std::max_element(done.begin(), done.end(),
                         [](const Variant& a, const Variant& b) { return a.mean() < b.mean(); });
    return *it;
}

std::vector<Vec2> Planner::hand_positions(const physics::World& w) const {
    struct Scored {
        double q;
        Vec2 p;
    };
    std::vector<Scored> all;
    physics::World probe = w;
    const double sigma = cfg_.heading_noise;
    auto consider = [&](Vec2 c) {
        if (!cue_placement_ok(w, req_.table, c, rules_.kitchen)) return;
        probe.restore_ball(cue_, c);
        RulesState s = rules_;
        s.ball_in_hand = false;
        all.push_back(
            {cfg_.follow_up ? follow_up_quality(probe, s, sigma) : best_quality(probe, s, sigma),
             c});
    };
    for (int t : targets_) {
        const Vec2 o = pos(w, t);
        for (std::size_t p = 0; p < pockets_.aim.size(); ++p) {
            const Vec2 aim = pockets_.aim[p];
            if (!path_clear(w, o, aim, t, kCueBall)) continue;
            const Vec2 u = normalized(aim - o);
            if (pocket_window(static_cast<int>(p), u) <= 0.0) continue;
            const Vec2 g = o - u * (2.0 * radius_);
            for (double dist : {0.15, 0.3, 0.5})
                for (double off : {0.0, 0.3, -0.3}) {
                    const Vec2 dir = unit_at(angle_of(u) + off);
                    consider(g - dir * dist);
                }
        }
    }
    for (int i = 0; i < 10; ++i)
        for (int j = 0; j < 5; ++j)
            consider({-hx_ + (i + 0.5) * (2 * hx_ / 10), -hy_ + (j + 0.5) * (2 * hy_ / 5)});
    std::stable_sort(all.begin(), all.end(),
                     [](const Scored& a, const Scored& b) { return a.q > b.q; });
    std::vector<Vec2> out;
    for (const Scored& s : all) {
        if (static_cast<int>(out.size()) >= cfg_.hand_positions) break;
        bool close = false;
        for (const Vec2& p : out)
            close = close || length(p - s.p) < 0.08;
        if (!close) out.push_back(s.p);
    }
    return out;
}

std::string Planner::describe(const Variant& v) const {
    auto pocket = [](int p) {
        static const char* names[] = {"bottom-left corner", "bottom-right corner",
                                      "top-left corner",    "top-right corner",
                                      "bottom side",        "top side"};
        return p >= 0 && p < 6 ? std::string(names[p]) : "pocket " + std::to_string(p);
    };
    const std::string t = std::to_string(v.target);
    switch (v.kind) {
    case Kind::Break:
        return "break";
    case Kind::Pot:
        return "pot the " + t + " in the " + pocket(v.pocket);
    case Kind::Bank:
        return "bank the " + t + " into the " + pocket(v.pocket);
    case Kind::Kick:
        return "kick at the " + t;
    case Kind::Safety:
        return "safety on the " + t;
    case Kind::Sweep:
        return "legal hit";
    case Kind::Swerve:
        return "swerve to pot the " + t + " in the " + pocket(v.pocket);
    case Kind::Masse:
        return "masse onto the " + t;
    }
    return "?";
}

AiMove Planner::run() {
    ceiling_ = cfg_.budget + cfg_.budget / 2;
    AiMove m;
    if (rules_.game_over) return m;
    if (rules_.pending == Pending::IllegalBreak) {
        // Documented default: re-rack and break ourselves.
        m.is_decision = true;
        m.choice = Choice::Rerack;
        m.plan = "re-rack and break";
        return m;
    }
    if (rules_.pending == Pending::PushOutReply) {
        RulesState s = rules_;
        s.pending = Pending::None;
        const double q = best_quality(req_.world, s, cfg_.heading_noise);
        m.is_decision = true;
        m.choice = q >= 0.4 ? Choice::ShootAfterPushOut : Choice::PassBack;
        m.plan = q >= 0.4 ? "take the shot" : "pass the shot back";
        return m;
    }
    if (cue_ < 0) return m;
    Variant best;
    if (rules_.break_shot) {
        best = plan_break(req_.world);
        m.place_cue = rules_.ball_in_hand;
    } else if (rules_.ball_in_hand) {
        auto spots = hand_positions(req_.world);
        if (spots.empty()) spots.push_back(req_.world.ball(cue_).position);
        const std::uint64_t total = cfg_.budget;
        const bool deep = cfg_.deep_top > 0 && spots.size() > 1;
        std::vector<physics::World> bases;
        std::vector<Variant> bests;
        for (std::size_t i = 0; i < spots.size(); ++i) {
            physics::World base = req_.world;
            base.restore_ball(cue_, spots[i]);
            const std::uint64_t share = (total - std::min(total, work_)) / (spots.size() - i);
            bests.push_back(plan(base, work_ + share, !deep));
            bases.push_back(std::move(base));
        }
        if (deep) {
            // Each spot's best, judged alike by deep_pick.
            std::vector<const physics::World*> from;
            for (const physics::World& b : bases)
                from.push_back(&b);
            best = bests[deep_pick(from, bests)];
        } else {
            best = *std::max_element(
                bests.begin(), bests.end(),
                [](const Variant& a, const Variant& b) { return a.mean() < b.mean(); });
        }
        m.place_cue = true;
    } else {
        best = plan(req_.world, cfg_.budget);
    }
    m.cue_position = best.cue_position;
    m.intended = best.shot;
    m.call = best.call;
    m.shot = perturb_shot(best.shot, cfg_, req_.cue, mix(req_.seed, 0x65786563ull));
    m.plan = describe(best);
    m.pot = best.kind == Kind::Pot || best.kind == Kind::Bank || best.kind == Kind::Swerve;
    m.safety = best.kind == Kind::Safety;
    m.score = best.n > 0 ? best.mean() : 0.0;
    m.pot_chance = best.n > 0 ? static_cast<double>(best.pots) / best.n : 0.0;
    m.candidates = evaluated_;
    m.simulations = sims_;
    m.work = work_;
    return m;
}

} // namespace billiards::game::ai

#include "vector_env.hpp"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <optional>
#include <random>
#include <stdexcept>
#include <utility>

#include "core/vec.hpp"
#include "game/cue.hpp"
#include "game/game.hpp"
#include "game/physics_presets.hpp"
#include "game/shot_events.hpp"
#include "game/strike.hpp"
#include "game/table.hpp"
#include "game_kinds.hpp"
#include "io/scenario.hpp"
#include "physics/world.hpp"

namespace py = pybind11;
using namespace pybind11::literals;

namespace billiards::python {

// ---- the threads ----

Pool::Pool(int threads) {
    for (int i = 1; i < threads; ++i)
        workers_.emplace_back([this] { work(); });
}

Pool::~Pool() {
    {
        const std::lock_guard<std::mutex> lock(mutex_);
        stop_ = true;
    }
    wake_.notify_all();
    for (std::thread& t : workers_)
        t.join();
}

void Pool::drain() {
    for (;;) {
        std::size_t i = 0;
        {
            const std::lock_guard<std::mutex> lock(mutex_);
            if (next_ >= n_) return;
            i = next_++;
        }
        try {
            (*job_)(i);
        } catch (...) {
            const std::lock_guard<std::mutex> lock(mutex_);
            if (!failed_ || i < failed_index_) {
                failed_ = std::current_exception();
                failed_index_ = i;
            }
        }
    }
}

void Pool::work() {
    std::uint64_t seen = 0;
    for (;;) {
        {
            std::unique_lock<std::mutex> lock(mutex_);
            wake_.wait(lock, [&] { return stop_ || generation_ != seen; });
            if (stop_) return;
            seen = generation_;
        }
        drain();
        const std::lock_guard<std::mutex> lock(mutex_);
        if (--running_ == 0) done_.notify_all();
    }
}

void Pool::run(std::size_t n, const std::function<void(std::size_t)>& f) {
    if (workers_.empty() || n <= 1) {
        for (std::size_t i = 0; i < n; ++i)
            f(i);
        return;
    }
    {
        const std::lock_guard<std::mutex> lock(mutex_);
        job_ = &f;
        n_ = n;
        next_ = 0;
        failed_ = nullptr;
        running_ = static_cast<int>(workers_.size());
        ++generation_;
    }
    wake_.notify_all();
    drain();
    std::exception_ptr failed;
    {
        std::unique_lock<std::mutex> lock(mutex_);
        done_.wait(lock, [&] { return running_ == 0; });
        job_ = nullptr;
        failed = std::exchange(failed_, nullptr);
    }
    if (failed) std::rethrow_exception(failed);
}

namespace {

// A shot's simulated time and work at most: a shot longer than either is stopped there (the
// balls left where they are) and judged as it lies.
constexpr double kMaxShotSeconds = 60.0;
constexpr std::uint64_t kMaxShotEvents = 200'000;
constexpr std::size_t kMaxEnvs = std::size_t{1} << 20;
constexpr double kMaxSpeed = 20.0; // m/s: the fastest cue pool and three-cushion accept

// The action as BilliardsEnv takes it: any heading (as an angle), the rest clipped to the
// space and the tip to just inside the miscue limit.
game::CueShot shot_of(const double* a, double max_speed) {
    double heading = a[0]; // in range: as given, to the bit
    if (!(heading >= -180.0 && heading <= 180.0)) {
        heading = std::fmod(heading + 180.0, 360.0);
        if (heading < 0.0) heading += 360.0;
        heading -= 180.0;
    }
    double side = std::clamp(a[2], -0.5, 0.5), height = std::clamp(a[3], -0.5, 0.5);
    const double tip = std::hypot(side, height);
    if (tip > 0.4999) {
        side *= 0.4999 / tip;
        height *= 0.4999 / tip;
    }
    return {deg_to_rad(heading), std::clamp(a[1], 0.0, max_speed), side, height, 0.0};
}

void put_row(double* out, Vec2 p, bool cue, bool target) {
    out[0] = p.x;
    out[1] = p.y;
    out[2] = 1.0;
    out[3] = cue ? 1.0 : 0.0;
    out[4] = target ? 1.0 : 0.0;
}

// ---- pot: one shot at a named ball from a random position ----

class PotEnv final : public Env {
  public:
    PotEnv(const game::Table& table, const physics::Params& params, const game::CueParams& cue,
           int object_balls)
        : spec_(table.spec), pockets_(table.pockets), cue_(cue),
          empty_(params, table.cushions, table.pockets),
          positions_(static_cast<std::size_t>(object_balls) + 1) {}

    void reset(Random& rng) override {
        const double r = spec_.ball_radius;
        const double hx = spec_.length / 2 - r - 0.005, hy = spec_.width / 2 - r - 0.005;
        for (std::size_t k = 0; k < positions_.size(); ++k) {
            // Uniform over the bed, clear of the pocket mouths and of the balls placed.
            for (;;) {
                const Vec2 p{rng.uniform(-hx, hx), rng.uniform(-hy, hy)};
                bool free = true;
                for (const physics::Pocket& pk : pockets_)
                    free = free && length(p - pk.center) >= pk.radius + r + 0.01;
                for (std::size_t j = 0; j < k; ++j)
                    free = free && length(p - positions_[j]) >= 2 * r + 0.002;
                if (!free) continue;
                positions_[k] = p;
                break;
            }
        }
        target_ = 1 + static_cast<int>(rng.below(positions_.size() - 1));
    }

    StepRow step(const double* action) override {
        physics::World w = empty_;
        w.reserve(positions_.size());
        for (std::size_t k = 0; k < positions_.size(); ++k)
            w.add_ball(
                {static_cast<int>(k), positions_[k], {}, {}, spec_.ball_radius, spec_.ball_mass});
        w.set_record_events(true);
        game::apply_strike(w, shot_of(action, max_speed_), cue_, game::kCueBall);
        w.run_until_rest(kMaxShotSeconds, kMaxShotEvents);
        StepRow row;
        double first_time = 0.0;
        bool target_in = false;
        for (const physics::Event& e : w.events()) {
            const int a = w.ball(e.ball).id;
            if (e.kind == physics::EventKind::BallBall) {
                const int b = w.ball(e.other).id;
                if ((a == game::kCueBall || b == game::kCueBall) &&
                    (row.first_contact < 0 || e.time < first_time)) {
                    row.first_contact = a == game::kCueBall ? b : a;
                    first_time = e.time;
                }
            } else if (e.kind == physics::EventKind::Pocketed) {
                if (a == game::kCueBall)
                    row.cue_pocketed = true;
                else
                    ++row.pocketed;
                target_in = target_in || a == target_;
            }
        }
        row.legal = row.first_contact == target_ && !row.cue_pocketed;
        row.reward = row.legal && target_in ? 1.0 : 0.0;
        row.terminated = true;
        row.shots = 1;
        return row;
    }

    void observe(double* out) const override {
        for (std::size_t k = 0; k < positions_.size(); ++k)
            put_row(out + k * kColumns, positions_[k], k == 0, static_cast<int>(k) == target_);
    }

    double max_speed_ = 10.0;

  private:
    game::TableSpec spec_;
    std::vector<physics::Pocket> pockets_;
    game::CueParams cue_;
    physics::World empty_; // the table, its physics, no balls
    std::vector<Vec2> positions_;
    int target_ = 1;
};

// ---- the games: one game per episode, the agent shooting for both seats ----

class GameEnv final : public Env {
  public:
    GameEnv(game::GameKind kind, int rows, int max_shots, double max_speed)
        : kind_(kind), binding_(kind_binding(kind)), rows_(rows), max_shots_(max_shots),
          max_speed_(max_speed) {}

    void reset(Random& rng) override {
        game::GameOptions o;
        o.seed = rng.next();
        game_ = game::make_game(kind_, o);
        shots_ = 0;
        prepare();
    }

    StepRow step(const double* action) override {
        const game::Turn turn = game_->next();
        game::Stroke stroke;
        stroke.shot = shot_of(action, max_speed_);
        if (turn.call_pocket) stroke.call = call_for_eight();
        std::string why;
        const std::optional<game::ShotOutcome> out = game_->shoot(stroke, &why);
        if (!out) throw std::runtime_error("VectorEnv: the game refused the shot: " + why);
        ++shots_;
        StepRow row;
        row.legal = !out->foul;
        row.pocketed = static_cast<std::int64_t>(out->pocketed.size());
        // Pool scores the balls pocketed, snooker its points, three-cushion its point.
        const bool pool = kind_ == game::GameKind::EightBall || kind_ == game::GameKind::NineBall;
        row.reward = out->foul ? -1.0
                     : pool    ? static_cast<double>(out->pocketed.size())
                               : static_cast<double>(out->points);
        prepare();
        row.terminated = game_->over();
        row.truncated = !row.terminated && shots_ >= max_shots_;
        row.shots = shots_;
        row.winner = game_->over() ? game_->score().winner : -1;
        return row;
    }

    void observe(double* out) const override {
        std::fill(out, out + static_cast<std::ptrdiff_t>(rows_) * kColumns, 0.0);
        const game::Turn turn = game_->next();
        const std::vector<int> targets =
            game_->over() ? std::vector<int>{} : binding_->legal_targets(*game_);
        for (const physics::Ball& b : game_->world().balls()) {
            if (b.id < 0 || b.id >= rows_ || b.state == physics::MotionState::Pocketed) continue;
            // No legal target named (8-ball's break): any object ball may be hit first.
            const bool target =
                targets.empty() ? !game_->over() && b.id != turn.cue_ball
                                : std::find(targets.begin(), targets.end(), b.id) != targets.end();
            put_row(out + static_cast<std::ptrdiff_t>(b.id) * kColumns, b.position,
                    b.id == turn.cue_ball, target);
        }
    }

  private:
    // Until the agent is to aim (or the game is over): decisions answered, the cue ball in
    // hand placed.
    void prepare() {
        for (int k = 0; k < 100 && !game_->over(); ++k) {
            const game::Turn t = game_->next();
            if (!t.may_shoot && !t.decisions.empty()) {
                if (!game_->decide(preferred(t.decisions)))
                    throw std::runtime_error("VectorEnv: the game refused its own decision");
                continue;
            }
            if (t.place_cue) place_cue_ball(t.cue_ball);
            return;
        }
    }

    // Play on as the balls lie wherever that is a choice.
    static game::Decision preferred(const std::vector<game::Decision>& ds) {
        using game::Decision;
        for (const Decision d : {Decision::AcceptTable, Decision::ShootAfterPushOut,
                                 Decision::PlayOn, Decision::PlayAway})
            if (std::find(ds.begin(), ds.end(), d) != ds.end()) return d;
        return ds.front();
    }

    // Where the cue ball lies when that is allowed, else the nearest free point to the
    // head spot (a quarter of the length from the head rail), in rings 2 cm apart.
    void place_cue_ball(int cue_ball) {
        const physics::World& w = game_->world();
        const int i = w.index_of(cue_ball);
        if (i >= 0 && w.ball(i).state != physics::MotionState::Pocketed &&
            game_->place_cue_ball(w.ball(i).position))
            return;
        const double length = game_->table().spec.length;
        const Vec2 spot{-length / 4, 0.0};
        for (double r = 0.0; r < length; r += 0.02) {
            const int n = std::max(1, static_cast<int>(2 * kPi * r / 0.02));
            for (int k = 0; k < n; ++k) {
                const double t = 2 * kPi * k / n;
                if (game_->place_cue_ball(spot + Vec2{r * std::cos(t), r * std::sin(t)})) return;
            }
        }
        throw std::runtime_error("VectorEnv: no free place for the cue ball");
    }

    // 8-ball on the 8: the pocket nearest the 8 is called.
    game::ShotCall call_for_eight() const {
        const physics::World& w = game_->world();
        const int i = w.index_of(8);
        if (i < 0) return {};
        const auto& pockets = game_->table().pockets;
        int best = 0;
        for (int k = 1; k < static_cast<int>(pockets.size()); ++k)
            if (length(pockets[static_cast<std::size_t>(k)].center - w.ball(i).position) <
                length(pockets[static_cast<std::size_t>(best)].center - w.ball(i).position))
                best = k;
        return {8, best};
    }

    game::GameKind kind_;
    std::unique_ptr<KindBinding> binding_;
    int rows_, max_shots_;
    double max_speed_;
    std::unique_ptr<game::Game> game_;
    int shots_ = 0;
};

struct Task {
    const char* name;
    std::optional<game::GameKind> kind;
    int rows; // observation rows: the largest ball id + 1
};

constexpr Task kTasks[] = {{"pot", std::nullopt, 0},
                           {"8-ball", game::GameKind::EightBall, 16},
                           {"9-ball", game::GameKind::NineBall, 16},
                           {"snooker", game::GameKind::Snooker, 22},
                           {"three-cushion", game::GameKind::ThreeCushion, 3}};

const Task& task_of(const std::string& name) {
    for (const Task& t : kTasks)
        if (name == t.name) return t;
    std::string names;
    for (const Task& t : kTasks)
        names += std::string(names.empty() ? "" : ", ") + "\"" + t.name + "\"";
    throw py::value_error("VectorEnv: game: must be one of " + names + " (got \"" + name + "\")");
}

} // namespace

VectorCore::VectorCore(const VectorOptions& o, std::uint64_t seed) : options_(o) {
    const Task& task = task_of(o.task);
    if (o.num_envs < 1 || o.num_envs > kMaxEnvs)
        throw py::value_error("VectorEnv: num_envs: must be between 1 and " +
                              std::to_string(kMaxEnvs));
    if (!(o.max_speed > 0.0 && o.max_speed <= kMaxSpeed))
        throw py::value_error("VectorEnv: max_speed: must be above 0 and at most 20 m/s");
    if (o.max_shots < 1) throw py::value_error("VectorEnv: max_shots: must be at least 1");
    envs_.reserve(o.num_envs);
    if (!task.kind) {
        if (o.object_balls < 1 || o.object_balls > 15)
            throw py::value_error("VectorEnv: object_balls: must be between 1 and 15");
        const std::string name = o.table.empty() ? "pool-9ft" : o.table;
        const auto& names = io::standard_table_names();
        if (std::find(names.begin(), names.end(), name) == names.end())
            throw py::value_error("VectorEnv: table: \"" + name +
                                  "\" is not a standard pool table");
        const game::Table table = io::load_standard_table(name);
        rows_ = o.object_balls + 1;
        half_extent_ = std::max(table.spec.length, table.spec.width) / 2 + 0.2;
        if (o.physics != "play" && o.physics != "ideal")
            throw py::value_error("VectorEnv: physics: must be \"play\" or \"ideal\" (got \"" +
                                  o.physics + "\")");
        const bool play = o.physics == "play";
        const physics::Params params = play ? game::play_params() : physics::Params{};
        const game::CueParams cue = play ? game::play_cue() : game::CueParams{};
        for (std::size_t i = 0; i < o.num_envs; ++i) {
            auto env = std::make_unique<PotEnv>(table, params, cue, o.object_balls);
            env->max_speed_ = o.max_speed;
            envs_.push_back(std::move(env));
        }
    } else {
        if (o.object_balls != 1)
            throw py::value_error("VectorEnv: object_balls: only for the \"pot\" task");
        if (!o.table.empty())
            throw py::value_error("VectorEnv: table: only for the \"pot\" task (each game "
                                  "plays on its own table)");
        if (o.physics != "play")
            throw py::value_error("VectorEnv: physics: only for the \"pot\" task (each game "
                                  "plays with its own)");
        const std::unique_ptr<game::Game> probe = game::make_game(*task.kind, {});
        rows_ = task.rows;
        half_extent_ = std::max(probe->table().spec.length, probe->table().spec.width) / 2 + 0.2;
        for (std::size_t i = 0; i < o.num_envs; ++i)
            envs_.push_back(
                std::make_unique<GameEnv>(*task.kind, task.rows, o.max_shots, o.max_speed));
    }
    for (std::size_t i = 0; i < o.num_envs; ++i)
        streams_.emplace_back(mix(seed, i));
    const int threads = std::max(1, std::min(o.threads, static_cast<int>(o.num_envs)));
    if (threads > 1) pool_ = std::make_unique<Pool>(threads);
}

void VectorCore::each(const std::function<void(std::size_t)>& f) {
    if (pool_)
        pool_->run(envs_.size(), f);
    else
        for (std::size_t i = 0; i < envs_.size(); ++i)
            f(i);
}

void VectorCore::reset(const std::uint64_t* seed, double* obs) {
    if (seed)
        for (std::size_t i = 0; i < envs_.size(); ++i)
            streams_[i] = Random(mix(*seed, i));
    const std::size_t stride = static_cast<std::size_t>(rows_) * kColumns;
    each([&](std::size_t i) {
        envs_[i]->reset(streams_[i]);
        envs_[i]->observe(obs + i * stride);
    });
    started_ = true;
}

void VectorCore::step(const double* actions, double* obs, StepRow* rows, double* final_obs) {
    const std::size_t stride = static_cast<std::size_t>(rows_) * kColumns;
    each([&](std::size_t i) {
        Env& env = *envs_[i];
        rows[i] = env.step(actions + 4 * i);
        if (rows[i].terminated || rows[i].truncated) {
            env.observe(final_obs + i * stride);
            env.reset(streams_[i]);
        } else {
            std::fill(final_obs + i * stride, final_obs + (i + 1) * stride, 0.0);
        }
        env.observe(obs + i * stride);
    });
}

// ---- the binding ----

namespace {

using Array = py::array_t<double>;

// The environments run with the interpreter lock released: a second Python thread stepping
// the same core meanwhile is refused.
class BoundCore {
  public:
    BoundCore(const std::string& task, std::int64_t num_envs, std::optional<std::uint64_t> seed,
              int threads, int object_balls, int max_shots, double max_speed,
              const std::string& table, const std::string& physics) {
        if (num_envs < 1)
            throw py::value_error("VectorEnv: num_envs: must be at least 1 (got " +
                                  std::to_string(num_envs) + ")");
        if (threads < 0)
            throw py::value_error("VectorEnv: threads: must be at least 1, or 0 for one per "
                                  "core (got " +
                                  std::to_string(threads) + ")");
        VectorOptions o;
        o.task = task;
        o.num_envs = static_cast<std::size_t>(num_envs);
        o.threads = threads > 0
                        ? threads
                        : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
        o.object_balls = object_balls;
        o.max_shots = max_shots;
        o.max_speed = max_speed;
        o.table = table;
        o.physics = physics;
        core_ = std::make_unique<VectorCore>(o, seed ? *seed : std::random_device{}());
    }

    Array reset(std::optional<std::uint64_t> seed) {
        VectorCore& c = live();
        Array obs(shape());
        double* p = obs.mutable_data();
        {
            const Busy busy(*this);
            py::gil_scoped_release unlocked;
            c.reset(seed ? &*seed : nullptr, p);
        }
        return obs;
    }

    py::tuple step(const py::array_t<double, py::array::c_style | py::array::forcecast>& actions) {
        VectorCore& c = live();
        if (!c.started()) throw std::runtime_error("VectorEnv: step() before reset()");
        const auto n = static_cast<py::ssize_t>(c.num_envs());
        if (actions.ndim() != 2 || actions.shape(0) != n || actions.shape(1) != 4) {
            std::string got = "(";
            for (py::ssize_t k = 0; k < actions.ndim(); ++k)
                got += (k ? ", " : "") + std::to_string(actions.shape(k));
            got += actions.ndim() == 1 ? ",)" : ")";
            throw py::value_error("VectorEnv.step: actions: must have the shape (" +
                                  std::to_string(n) +
                                  ", 4), one row [heading, speed, side, "
                                  "height] per environment (got " +
                                  got + ")");
        }
        const double* a = actions.data();
        for (py::ssize_t k = 0; k < 4 * n; ++k)
            if (!std::isfinite(a[k]))
                throw py::value_error("VectorEnv.step: actions: row " + std::to_string(k / 4) +
                                      " is not finite (" +
                                      py::repr(py::float_(a[k])).cast<std::string>() + ")");
        Array obs(shape()), final_obs(shape());
        std::vector<StepRow> rows(c.num_envs());
        double* po = obs.mutable_data();
        double* pf = final_obs.mutable_data();
        {
            const Busy busy(*this);
            py::gil_scoped_release unlocked;
            c.step(a, po, rows.data(), pf);
        }
        Array reward(n);
        py::array_t<bool> terminated(n), truncated(n), legal(n), cue_pocketed(n), done(n);
        py::array_t<std::int64_t> pocketed(n), first_contact(n), shots(n), winner(n);
        auto r = reward.mutable_unchecked<1>();
        auto te = terminated.mutable_unchecked<1>();
        auto tr = truncated.mutable_unchecked<1>();
        auto le = legal.mutable_unchecked<1>();
        auto cp = cue_pocketed.mutable_unchecked<1>();
        auto dn = done.mutable_unchecked<1>();
        auto po2 = pocketed.mutable_unchecked<1>();
        auto fc = first_contact.mutable_unchecked<1>();
        auto sh = shots.mutable_unchecked<1>();
        auto wi = winner.mutable_unchecked<1>();
        for (py::ssize_t i = 0; i < n; ++i) {
            const StepRow& row = rows[static_cast<std::size_t>(i)];
            r(i) = row.reward;
            te(i) = row.terminated;
            tr(i) = row.truncated;
            le(i) = row.legal;
            cp(i) = row.cue_pocketed;
            dn(i) = row.terminated || row.truncated;
            po2(i) = row.pocketed;
            fc(i) = row.first_contact;
            sh(i) = row.shots;
            wi(i) = row.winner;
        }
        py::dict info("legal"_a = legal, "pocketed"_a = pocketed, "shots"_a = shots,
                      "final_observation"_a = final_obs, "_final_observation"_a = done);
        if (c.pot()) {
            info["first_contact"] = first_contact;
            info["cue_pocketed"] = cue_pocketed;
        } else {
            info["winner"] = winner;
        }
        return py::make_tuple(obs, reward, terminated, truncated, info);
    }

    std::size_t num_envs() const { return live().num_envs(); }
    int rows() const { return live().rows(); }
    int threads() const { return live().threads(); }
    double half_extent() const { return live().half_extent(); }
    void close() {
        if (busy_) throw std::runtime_error("VectorEnv: close() while stepping in another thread");
        core_.reset();
    }
    bool closed() const { return !core_; }

  private:
    class Busy {
      public:
        explicit Busy(BoundCore& b) : b_(b) {
            if (b_.busy_)
                throw std::runtime_error(
                    "VectorEnv: stepping in another thread (give each thread its own)");
            b_.busy_ = true;
        }
        ~Busy() { b_.busy_ = false; }
        Busy(const Busy&) = delete;
        Busy& operator=(const Busy&) = delete;

      private:
        BoundCore& b_;
    };

    VectorCore& live() const {
        if (!core_) throw std::runtime_error("VectorEnv: the environment is closed");
        return *core_;
    }
    std::vector<py::ssize_t> shape() const {
        return {static_cast<py::ssize_t>(live().num_envs()), live().rows(), kColumns};
    }

    std::unique_ptr<VectorCore> core_;
    bool busy_ = false;
};

} // namespace

void bind_vector_env(py::module_& m) {
    py::class_<BoundCore>(m, "VectorCore")
        .def(py::init([](const std::string& task, std::int64_t num_envs,
                         std::optional<std::uint64_t> seed, int threads, int object_balls,
                         int max_shots, double max_speed, const std::string& table,
                         const std::string& physics) {
                 return std::make_unique<BoundCore>(task, num_envs, seed, threads, object_balls,
                                                    max_shots, max_speed, table, physics);
             }),
             py::arg("task"), py::arg("num_envs"), py::arg("seed") = py::none(),
             py::arg("threads") = 0, py::arg("object_balls") = 1, py::arg("max_shots") = 100,
             py::arg("max_speed") = 10.0, py::arg("table") = "", py::arg("physics") = "play")
        .def("reset", &BoundCore::reset, py::arg("seed") = py::none())
        .def("step", &BoundCore::step, py::arg("actions"))
        .def("close", &BoundCore::close)
        .def_property_readonly("closed", &BoundCore::closed)
        .def_property_readonly("num_envs", &BoundCore::num_envs)
        .def_property_readonly("rows", &BoundCore::rows)
        .def_property_readonly("threads", &BoundCore::threads)
        .def_property_readonly("half_extent", &BoundCore::half_extent);
}

} // namespace billiards::python

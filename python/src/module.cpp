// The compiled core of the Python package `billiards` (docs/PYTHON.md). The package's
// Python files build the friendly API on top of these few classes and functions: scenario
// and match-file text goes in, so every value is checked by the same readers (and with the
// same messages) as the command line; results come back as text or numpy arrays.
//
// The interpreter lock is released wherever the engine runs (a simulation, a match shot,
// the computer's search), so Python threads run in parallel.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "engine.hpp"
#include "game/physics_presets.hpp"
#include "game/shot_events.hpp"
#include "game_files.hpp"
#include "game_kinds.hpp"
#include "io/json_writer.hpp"
#include "io/match_common.hpp"
#include "io/scenario.hpp"
#include "io/share_code.hpp"
#include "io/values.hpp"
#include "vector_env.hpp"

namespace py = pybind11;
using namespace pybind11::literals;

namespace billiards::python {

namespace {

using Array = py::array_t<double>;
using IntArray = py::array_t<std::int64_t>;

double radians(double deg) {
    return deg_to_rad(deg);
}

py::ssize_t size_of(std::size_t n) {
    return static_cast<py::ssize_t>(n);
}

// A path goes to the system as a C string, which ends at the first NUL: "a.json\0evil"
// would name a.json. Refused as Python's open() refuses it.
const std::string& checked_path(const std::string& path, const char* argument = "path") {
    if (path.find('\0') != std::string::npos)
        throw py::value_error(std::string(argument) + ": embedded null byte");
    return path;
}

// "NAME: must be between LO and HI UNIT (got VALUE)" unless lo <= value <= hi (NaN fails).
void check_range(const char* call, const char* name, double value, double lo, double hi,
                 const char* unit = "") {
    if (value >= lo && value <= hi) return;
    throw py::value_error(std::string(call) + ": " + name + ": must be between " +
                          py::str(py::float_(lo)).cast<std::string>() + " and " +
                          py::str(py::float_(hi)).cast<std::string>() + unit + " (got " +
                          py::repr(py::float_(value)).cast<std::string>() + ")");
}

// ---- ball states and events as arrays ----

py::dict ball_arrays(const std::vector<physics::Ball>& balls) {
    const py::ssize_t n = size_of(balls.size());
    IntArray id(n), state(n);
    Array position({n, py::ssize_t{2}}), velocity({n, py::ssize_t{2}}), spin({n, py::ssize_t{3}}),
        radius(n), mass(n);
    auto i = id.mutable_unchecked<1>();
    auto s = state.mutable_unchecked<1>();
    auto p = position.mutable_unchecked<2>();
    auto v = velocity.mutable_unchecked<2>();
    auto w = spin.mutable_unchecked<2>();
    auto r = radius.mutable_unchecked<1>();
    auto m = mass.mutable_unchecked<1>();
    for (py::ssize_t k = 0; k < n; ++k) {
        const physics::Ball& b = balls[static_cast<std::size_t>(k)];
        i(k) = b.id;
        s(k) = static_cast<std::int64_t>(b.state);
        p(k, 0) = b.position.x;
        p(k, 1) = b.position.y;
        v(k, 0) = b.velocity.x;
        v(k, 1) = b.velocity.y;
        w(k, 0) = b.spin.x;
        w(k, 1) = b.spin.y;
        w(k, 2) = b.spin.z;
        r(k) = b.radius;
        m(k) = b.mass;
    }
    return py::dict("id"_a = id, "position"_a = position, "velocity"_a = velocity, "spin"_a = spin,
                    "state"_a = state, "radius"_a = radius, "mass"_a = mass);
}

// The events a result file lists (a cluster's inner contacts left out), with ball ids.
py::dict event_arrays(const physics::World& world) {
    std::vector<const physics::Event*> listed;
    for (const physics::Event& e : world.events())
        if (!e.in_cluster) listed.push_back(&e);
    const py::ssize_t n = size_of(listed.size());
    Array time(n), end(n);
    IntArray kind(n), ball(n), other(n);
    auto t = time.mutable_unchecked<1>();
    auto en = end.mutable_unchecked<1>();
    auto k = kind.mutable_unchecked<1>();
    auto b = ball.mutable_unchecked<1>();
    auto o = other.mutable_unchecked<1>();
    py::list members;
    for (py::ssize_t j = 0; j < n; ++j) {
        const physics::Event& e = *listed[static_cast<std::size_t>(j)];
        t(j) = e.time;
        k(j) = static_cast<std::int64_t>(e.kind);
        b(j) = world.ball(e.ball).id;
        en(j) = std::numeric_limits<double>::quiet_NaN();
        py::list ids;
        switch (e.kind) {
        case physics::EventKind::BallBall:
            o(j) = world.ball(e.other).id;
            break;
        case physics::EventKind::BallCushion:
        case physics::EventKind::Pocketed:
            o(j) = e.other;
            break;
        case physics::EventKind::Cluster:
            o(j) = -1;
            en(j) = e.end;
            for (const int member : e.members)
                ids.append(world.ball(member).id);
            break;
        }
        members.append(py::tuple(ids));
    }
    return py::dict("time"_a = time, "kind"_a = kind, "ball"_a = ball, "other"_a = other,
                    "end"_a = end, "members"_a = members);
}

// ---- a scenario's world ----

// The engine runs with the interpreter lock released, so another Python thread could call
// the same object meanwhile. Each object is marked busy while it runs (the mark is tested and
// set under the lock): such a call raises RuntimeError instead of racing.
class Guarded {
  protected:
    class Running {
      public:
        explicit Running(const Guarded& g) : g_(g) {
            g_.check();
            g_.busy_ = true;
        }
        ~Running() { g_.busy_ = false; } // after the lock is back (declared before it)
        Running(const Running&) = delete;
        Running& operator=(const Running&) = delete;

      private:
        const Guarded& g_;
    };
    void check() const {
        if (busy_)
            throw std::runtime_error(
                "this object is running in another thread (give each thread its own)");
    }

  private:
    mutable bool busy_ = false;
};

// The most ball states a trajectory holds (samples times balls): 2,000,000 is 80 MB of
// arrays, an hour of two balls at 60 Hz is 864,000.
constexpr std::size_t kMaxTrajectoryBallSamples = 2'000'000;

// A run's length: what a scenario's duration may be (0 to 86400 s).
void check_seconds(double seconds) {
    if (!(seconds >= 0.0 && seconds <= io::values::kMaxDuration))
        throw std::invalid_argument("seconds: must be between 0 and 86400");
}

class WorldCore : Guarded {
  public:
    WorldCore(const std::string& text, const std::string& file_name)
        : scenario_(io::parse_scenario(text, file_name)), world_(world_of(scenario_)) {}

    double duration() const { return scenario_.duration; }

    // max_events: the work cap of `billiards simulate --max-events` (0: none); a run that
    // needs more raises RuntimeError (the world stays where it stopped).
    std::uint64_t run(double max_seconds, std::uint64_t max_events) {
        check_seconds(max_seconds);
        const Running running(*this);
        py::gil_scoped_release unlocked;
        return run_capped(world_, max_seconds, max_events, "");
    }

    // Whole steps while one is left, then a last shorter one, as run_until_rest ends at a
    // duration; balls at rest do not stop it.
    std::uint64_t run_for(double seconds) {
        check_seconds(seconds);
        const Running running(*this);
        py::gil_scoped_release unlocked;
        const std::uint64_t first = world_.steps();
        const double end = world_.time() + seconds;
        const double dt = world_.params().timestep;
        while (end - world_.time() > 0.0) {
            const double left = end - world_.time();
            if (left < dt * (1.0 - 1e-9))
                world_.step_partial(left);
            else
                world_.step();
        }
        return world_.steps() - first;
    }

    // Samples every `every` whole steps from now until rest (or max_seconds): times (m),
    // positions (m, n, 2), velocities (m, n, 2), states (m, n). Refused up front when the
    // samples could hold more than kMaxTrajectoryBallSamples ball states (a run that never
    // rests would otherwise fill the memory: a day of two balls at 60 Hz is 1.4 GB).
    py::tuple trajectory(std::uint64_t every, double max_seconds) {
        if (every == 0) throw std::invalid_argument("every: must be at least 1 step");
        check_seconds(max_seconds);
        check();
        const std::size_t n = world_.balls().size();
        const double dt = world_.params().timestep;
        // Every sample but the first is `every` steps of dt later, within max_seconds; the
        // loop below stops two samples past that whatever the rounding.
        const double nominal = std::floor(max_seconds / (static_cast<double>(every) * dt)) + 1.0;
        if (nominal * static_cast<double>(n) > static_cast<double>(kMaxTrajectoryBallSamples))
            throw py::value_error(
                "trajectory: up to " + py::str(py::int_(py::float_(nominal))).cast<std::string>() +
                " samples of " + std::to_string(n) + (n == 1 ? " ball" : " balls") +
                ", more than the cap of " + std::to_string(kMaxTrajectoryBallSamples) +
                " ball samples: lower the rate or max_seconds");
        const auto cap = static_cast<std::size_t>(nominal) + 2;
        struct Sample {
            double px, py, vx, vy;
            std::int64_t state;
        };
        std::vector<double> times;
        std::vector<Sample> samples;
        {
            const Running running(*this);
            py::gil_scoped_release unlocked;
            const double end = world_.time() + max_seconds;
            auto sample = [&] {
                times.push_back(world_.time());
                for (const physics::Ball& b : world_.balls())
                    samples.push_back({b.position.x, b.position.y, b.velocity.x, b.velocity.y,
                                       static_cast<std::int64_t>(b.state)});
            };
            sample();
            while (!world_.at_rest() && times.size() < cap &&
                   world_.time() + static_cast<double>(every) * dt <= end * (1.0 + 1e-12)) {
                for (std::uint64_t k = 0; k < every && !world_.at_rest(); ++k)
                    world_.step();
                sample();
            }
        }
        const py::ssize_t m = size_of(times.size()), nb = size_of(n);
        Array t(m), p({m, nb, py::ssize_t{2}}), v({m, nb, py::ssize_t{2}});
        IntArray s({m, nb});
        auto tt = t.mutable_unchecked<1>();
        auto pp = p.mutable_unchecked<3>();
        auto vv = v.mutable_unchecked<3>();
        auto ss = s.mutable_unchecked<2>();
        for (py::ssize_t j = 0; j < m; ++j) {
            tt(j) = times[static_cast<std::size_t>(j)];
            for (py::ssize_t b = 0; b < nb; ++b) {
                const Sample& x = samples[static_cast<std::size_t>(j * nb + b)];
                pp(j, b, 0) = x.px;
                pp(j, b, 1) = x.py;
                vv(j, b, 0) = x.vx;
                vv(j, b, 1) = x.vy;
                ss(j, b) = x.state;
            }
        }
        return py::make_tuple(t, p, v, s);
    }

    py::dict balls() const {
        check();
        return ball_arrays(world_.balls());
    }
    py::dict events() const {
        check();
        return event_arrays(world_);
    }
    double time() const {
        check();
        return world_.time();
    }
    std::uint64_t steps() const {
        check();
        return world_.steps();
    }
    bool at_rest() const {
        check();
        return world_.at_rest();
    }
    std::string result_json(bool events) const {
        check();
        return io::result_to_json(world_, events);
    }

    // The balls as they lie now (pocketed ones left out), the table, physics and duration.
    std::string scenario_json() const {
        check();
        return io::scenario_to_json(scenario_now(world_, scenario_));
    }

    py::dict table() const {
        const auto& cushions = scenario_.table.cushions;
        const auto& pockets = scenario_.table.pockets;
        Array c({size_of(cushions.size()), py::ssize_t{4}}),
            p({size_of(pockets.size()), py::ssize_t{3}});
        auto cc = c.mutable_unchecked<2>();
        auto pp = p.mutable_unchecked<2>();
        for (std::size_t k = 0; k < cushions.size(); ++k) {
            const auto j = size_of(k);
            cc(j, 0) = cushions[k].a.x;
            cc(j, 1) = cushions[k].a.y;
            cc(j, 2) = cushions[k].b.x;
            cc(j, 3) = cushions[k].b.y;
        }
        for (std::size_t k = 0; k < pockets.size(); ++k) {
            const auto j = size_of(k);
            pp(j, 0) = pockets[k].center.x;
            pp(j, 1) = pockets[k].center.y;
            pp(j, 2) = pockets[k].radius;
        }
        py::dict d;
        d["name"] = scenario_.table_name;
        d["cushions"] = c;
        d["pockets"] = p;
        if (!scenario_.table_name.empty()) {
            d["length"] = scenario_.table.spec.length;
            d["width"] = scenario_.table.spec.width;
        }
        return d;
    }

  private:
    game::Scenario scenario_;
    physics::World world_;
};

// ---- matches ----

// The ranges a match save's reader accepts (io::values::read_heading, read_elevation and
// match_common::read_cue_shot): a shot outside them would be played, then written into a
// save that cannot be loaded. The angles are checked as they are written back (the degrees
// whose radians are the shot's), the speed and the tip's limit by the match itself.
constexpr double kMaxHeadingDegrees = 1e6, kMaxElevationDegrees = 90.0, kMaxTip = 1.0;

// An angle in degrees refined by its exact radians, as files refine `heading` by
// `heading_rad`: not every double in radians is the conversion of one in degrees, so a
// computer move gives both and shooting them plays the very same shot.
double refined_radians(const char* name, double deg, std::optional<double> rad) {
    if (!rad) return radians(deg);
    if (!(std::abs(rad_to_deg(*rad) - deg) <= 1e-9 * std::max(1.0, std::abs(deg))))
        throw py::value_error(std::string("shoot: ") + name + "_rad: must be the radians of " +
                              name + " (" + py::repr(py::float_(deg)).cast<std::string>() +
                              " degrees), got " + py::repr(py::float_(*rad)).cast<std::string>());
    return *rad;
}

game::CueShot cue_shot(double heading_deg, double speed, double side, double height,
                       double elevation_deg, std::optional<double> heading_rad = {},
                       std::optional<double> elevation_rad = {}) {
    check_range("shoot", "heading", heading_deg, -kMaxHeadingDegrees, kMaxHeadingDegrees,
                " degrees");
    if (!(speed >= 0.0 && std::isfinite(speed))) // the match says how fast at most
        throw py::value_error("shoot: speed: must be a finite number >= 0 m/s (got " +
                              py::repr(py::float_(speed)).cast<std::string>() + ")");
    // Pool and three-cushion refuse more than 20 m/s themselves, snooker does not: the save.
    check_range("shoot", "speed", speed, 0.0, io::match_common::kMaxCueSpeed, " m/s");
    check_range("shoot", "side", side, -kMaxTip, kMaxTip, " ball radii");
    check_range("shoot", "height", height, -kMaxTip, kMaxTip, " ball radii");
    check_range("shoot", "elevation", elevation_deg, 0.0, kMaxElevationDegrees, " degrees");
    const game::CueShot shot{refined_radians("heading", heading_deg, heading_rad), speed, side,
                             height, refined_radians("elevation", elevation_deg, elevation_rad)};
    check_range("shoot", "heading", degrees(shot.heading), -kMaxHeadingDegrees, kMaxHeadingDegrees,
                " degrees");
    check_range("shoot", "elevation", degrees(shot.elevation), 0.0, kMaxElevationDegrees,
                " degrees");
    return shot;
}

// A table position as a save's reader accepts it (io::values::bounded2, kMaxCoordinate).
Vec2 position(const char* call, double x, double y) {
    check_range(call, "x", x, -io::values::kMaxCoordinate, io::values::kMaxCoordinate, " m");
    check_range(call, "y", y, -io::values::kMaxCoordinate, io::values::kMaxCoordinate, " m");
    return {x, y};
}

// A game of any kind: game::Game plays it, the kind's binding shows it, and one reader and
// writer keep its save.
class MatchCore : Guarded {
  public:
    MatchCore(const std::string& text, const std::string& file_name, bool new_game)
        : MatchCore(read_game(text, file_name, new_game)) {}
    MatchCore(const MatchCore& other)
        : Guarded(), game_((other.check(), other.game_->clone())), info_(other.info_),
          kind_(other.kind_->fresh()) {}

    py::dict view() const {
        check();
        py::dict d = kind_->view(*game_);
        if (!d.contains("computer")) {
            py::list computer;
            for (const game::SeatKind k : info_.seats)
                computer.append(k == game::SeatKind::Computer);
            d["computer"] = computer;
        }
        return d;
    }
    py::dict balls() const {
        check();
        return ball_arrays(game_->world().balls());
    }
    std::vector<int> legal_targets() const {
        check();
        return kind_->legal_targets(*game_);
    }
    py::tuple placement_ok(double x, double y) const {
        check();
        const Vec2 p = position("placement_ok", x, y);
        std::string why;
        const bool ok = game_->placement_ok(p, &why);
        return py::make_tuple(ok, why);
    }
    void place_cue_ball(double x, double y) {
        check();
        const Vec2 p = position("place_cue_ball", x, y);
        std::string why;
        if (!game_->place_cue_ball(p, &why))
            throw std::invalid_argument("cue ball placement refused: " + why);
        kind_->forget_move();
    }
    py::dict shoot(const game::CueShot& shot, int call_ball, int call_pocket, bool push_out,
                   int nominated) {
        check();
        game::Stroke stroke;
        stroke.shot = shot;
        stroke.call = {call_ball, call_pocket};
        stroke.push_out = push_out;
        stroke.nominated = nominated;
        kind_->check_stroke(stroke);
        std::string why;
        bool played = false;
        {
            const Running running(*this);
            py::gil_scoped_release unlocked;
            played = game_->shoot(stroke, &why).has_value();
        }
        if (!played) throw std::invalid_argument("shot refused: " + why);
        kind_->forget_move();
        return kind_->last_record(*game_);
    }
    void decide(const std::string& choice) {
        check();
        if (!game_->decide(decision_of(choice)))
            throw std::invalid_argument("choice: \"" + choice +
                                        "\" does not answer the pending decision");
        kind_->forget_move();
    }
    py::dict computer_move(std::uint64_t budget) {
        check();
        const Running running(*this);
        return kind_->choose(*game_, budget);
    }
    // Plays the move computer_move() returned for this very position; once played, or once
    // the position changed, there is none.
    void play_move() {
        check();
        if (!kind_->has_move())
            throw std::invalid_argument(
                "play_move: no move to play: computer_move() chooses one for this position");
        bool ok = false;
        {
            const Running running(*this);
            py::gil_scoped_release unlocked;
            ok = kind_->play_move(*game_);
        }
        if (!ok) throw std::invalid_argument("the computer's move does not fit the position");
    }
    py::list history() const {
        check();
        return kind_->history(*game_);
    }
    bool undo() {
        check();
        kind_->forget_move();
        return game_->undo();
    }
    void rematch() {
        check();
        kind_->forget_move();
        if (!game_->rematch())
            throw std::invalid_argument("rematch: the match is over (" + game_->status() + ")");
    }
    std::string to_json() const {
        check();
        return game_json(*game_, info_);
    }
    void save(const std::string& path) const {
        check();
        save_game(*game_, info_, checked_path(path));
    }
    bool computer_to_act() const {
        check();
        return game_->computer_to_act();
    }

  private:
    explicit MatchCore(LoadedGame loaded)
        : game_(std::move(loaded.game)), info_(std::move(loaded.info)),
          kind_(kind_binding(game_->kind())) {}

    std::unique_ptr<game::Game> game_;
    SaveInfo info_;
    std::unique_ptr<KindBinding> kind_; // the kind's view, records and computer's move
};

} // namespace

} // namespace billiards::python

PYBIND11_MODULE(_billiards, m) {
    using namespace billiards;
    using python::MatchCore;
    using python::WorldCore;
    m.doc() = "The compiled core of the billiards package (see help(billiards)).";

    py::register_exception<io::InputError>(m, "InputError", PyExc_ValueError);

    m.def(
        "simulate_text",
        [](const std::string& text, const std::string& file_name, bool events,
           std::uint64_t max_events) {
            py::gil_scoped_release unlocked;
            return python::simulate_text(text, file_name, events, max_events);
        },
        py::arg("text"), py::arg("file_name"), py::arg("events") = false, py::arg("max_events") = 0,
        "The result JSON `billiards simulate [--max-events N]` writes for a scenario's text; "
        "RuntimeError when the work cap (max_events, 0: none) is reached.");
    m.def(
        "read_text_file",
        [](const std::string& path) { return io::read_text_file(python::checked_path(path)); },
        py::arg("path"), "A whole input file, refused as the command line refuses it.");
    m.def(
        "write_file_atomic",
        [](const std::string& path, const std::string& content, bool sync_folder) {
            python::checked_path(path);
            py::gil_scoped_release unlocked;
            io::write_file_atomic(path, content,
                                  sync_folder ? io::FolderSync::Now : io::FolderSync::Later);
        },
        py::arg("path"), py::arg("content"), py::arg("sync_folder") = true,
        "Writes a file as the command line writes its outputs (temporary file, sync, rename).");
    m.def(
        "sync_folder", [](const std::string& path) { io::sync_folder(python::checked_path(path)); },
        py::arg("path"));
    m.attr("TRAJECTORY_MAX_BALL_SAMPLES") = python::kMaxTrajectoryBallSamples;
    m.def("batch_result_names", &python::batch_result_names, py::arg("scenarios"),
          "`billiards batch`'s result file name for each scenario path.");
    m.def(
        "code_of_text",
        [](const std::string& text, const std::string& file_name) {
            return io::code_of_file(text, file_name);
        },
        py::arg("text"), py::arg("file_name"),
        "The share code of a scenario's or replay's text (`billiards code encode`).");
    m.def(
        "file_of_code",
        [](const std::string& code) {
            io::CodeFile f = io::file_of_code(code);
            return std::make_pair(f.format, f.text);
        },
        py::arg("code"), "(format, text) of the file a share code stands for.");
    m.def(
        "rack_code",
        [](const std::string& game_name, std::uint64_t seed, const std::string& table) {
            const auto kind = game::kind_of_cli_name(game_name);
            if (!kind)
                throw py::value_error("game: must be one of 8ball, 9ball, snooker, "
                                      "three-cushion, got " +
                                      io::excerpt(game_name));
            const io::RackCode rack{*kind, seed, table};
            (void)io::rack_scenario(rack);
            return io::encode_code(io::rack_document(rack));
        },
        py::arg("game"), py::arg("seed"), py::arg("table"),
        "The share code of a game's opening rack (`billiards code encode --rack`).");
    m.def("standard_table_names", &io::standard_table_names);
    m.def("standard_table_text", &io::standard_table_text, py::arg("name"));
    m.def(
        "play_physics_json",
        [] { return io::write_json(io::values::physics_json(game::play_params())); },
        "The physics the game plays its matches with (compliant contact, Mathavan cushions).");
    m.def(
        "play_cue_json", [] { return io::write_json(io::values::cue_json(game::play_cue())); },
        "The cue the game plays its matches with (an ordinary shaft's squirt).");

    py::class_<WorldCore>(m, "WorldCore")
        .def(py::init<const std::string&, const std::string&>(), py::arg("text"),
             py::arg("file_name"))
        .def_property_readonly("duration", &WorldCore::duration)
        .def("run", &WorldCore::run, py::arg("max_seconds"), py::arg("max_events") = 0)
        .def("run_for", &WorldCore::run_for, py::arg("seconds"))
        .def("trajectory", &WorldCore::trajectory, py::arg("every"), py::arg("max_seconds"))
        .def("balls", &WorldCore::balls)
        .def("events", &WorldCore::events)
        .def_property_readonly("time", &WorldCore::time)
        .def_property_readonly("steps", &WorldCore::steps)
        .def_property_readonly("at_rest", &WorldCore::at_rest)
        .def("result_json", &WorldCore::result_json, py::arg("events"))
        .def("scenario_json", &WorldCore::scenario_json)
        .def("table", &WorldCore::table);

    m.def(
        "play_json",
        [](const std::string& game, const std::string& table) {
            game::GameKind kind{};
            if (!game::parse_game_kind(game, kind))
                throw std::invalid_argument("game: unknown game '" + game + "'");
            return python::play_json(kind, table);
        },
        py::arg("game"), py::arg("table"),
        "The physics and cue a kind of game (8ball, 9ball, snooker, three-cushion) plays with "
        "on a standard table, as JSON {\"physics\": ..., \"cue\": ...}.");

    py::class_<MatchCore>(m, "MatchCore")
        .def(py::init<const std::string&, const std::string&, bool>(), py::arg("text"),
             py::arg("file_name"), py::arg("new_game") = false)
        .def("copy", [](const MatchCore& c) { return MatchCore(c); })
        .def("view", &MatchCore::view)
        .def("balls", &MatchCore::balls)
        .def("legal_targets", &MatchCore::legal_targets)
        .def("placement_ok", &MatchCore::placement_ok, py::arg("x"), py::arg("y"))
        .def("place_cue_ball", &MatchCore::place_cue_ball, py::arg("x"), py::arg("y"))
        .def(
            "shoot",
            [](MatchCore& c, double heading, double speed, double side, double height,
               double elevation, int call_ball, int call_pocket, bool push_out,
               std::optional<double> heading_rad, std::optional<double> elevation_rad,
               int nominated) {
                return c.shoot(python::cue_shot(heading, speed, side, height, elevation,
                                                heading_rad, elevation_rad),
                               call_ball, call_pocket, push_out, nominated);
            },
            py::arg("heading"), py::arg("speed"), py::arg("side"), py::arg("height"),
            py::arg("elevation"), py::arg("call_ball"), py::arg("call_pocket"), py::arg("push_out"),
            py::arg("heading_rad") = py::none(), py::arg("elevation_rad") = py::none(),
            py::arg("nominated") = -1)
        .def("decide", &MatchCore::decide, py::arg("choice"))
        .def("computer_move", &MatchCore::computer_move, py::arg("budget"))
        .def("play_move", &MatchCore::play_move)
        .def("history", &MatchCore::history)
        .def("undo", &MatchCore::undo)
        .def("rematch", &MatchCore::rematch)
        .def("to_json", &MatchCore::to_json)
        .def("save", &MatchCore::save, py::arg("path"))
        .def_property_readonly("computer_to_act", &MatchCore::computer_to_act);

    python::bind_vector_env(m);
}

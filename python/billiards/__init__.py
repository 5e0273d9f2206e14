"""The billiards engine from Python: exact event-driven pool physics, tables, rules and the
computer opponent (docs/PYTHON.md).

    >>> import billiards
    >>> result = billiards.simulate("assets/scenarios/break-9ball.json")
    >>> result["counts"]["pocketed"]

    >>> w = billiards.World("pool-9ft")
    >>> w.add_ball(0, (-0.6, 0.0)); w.add_ball(1, (0.6, 0.0))
    >>> w.strike(heading=0.0, speed=2.0)
    >>> w.run()
    >>> w.balls()["position"]          # numpy (n, 2)

Everything the engine reads goes through the same readers as the command line, so a bad
value raises ValueError (billiards.InputError) with the command line's message,
``FILE: JSON.PATH: problem``. The interpreter lock is released while the engine runs.
Angles are in degrees (as in scenario files), lengths in metres, speeds in m/s.
"""
from __future__ import annotations

import json
import math
import os
from typing import Any, Dict, Iterable, Mapping, Optional, Sequence, Tuple, Union

import numpy as np

from . import _billiards
from ._billiards import InputError

__all__ = [
    "InputError", "simulate", "simulate_json", "play_physics", "tables", "table", "World", "Match",
    "Trajectory", "STATES", "EVENT_KINDS", "SCENARIO_FORMAT", "MATCH_FORMAT", "SNOOKER_FORMAT",
    "CAROM_FORMAT",
    "TRAJECTORY_MAX_BALL_SAMPLES", "share_code", "from_share_code", "rack_code",
]

SCENARIO_FORMAT = "billiards-scenario/1"
MATCH_FORMAT = "billiards-match/1"
SNOOKER_FORMAT = "billiards-snooker-match/1"
CAROM_FORMAT = "billiards-carom/1"
#: Motion states, indexed by the codes in ``balls()["state"]``.
STATES = ("stationary", "sliding", "rolling", "spinning", "pocketed")
#: Event kinds, indexed by the codes in ``events()["kind"]``.
EVENT_KINDS = ("ball_ball", "ball_cushion", "pocketed", "cluster")

Scenario = Union[Mapping[str, Any], str, "os.PathLike[str]"]

#: The most ball states ``World.trajectory`` returns (samples times balls, 80 MB of arrays):
#: a trajectory that could hold more is refused before it runs.
TRAJECTORY_MAX_BALL_SAMPLES = _billiards.TRAJECTORY_MAX_BALL_SAMPLES


def _plain_key(key: str) -> bool:
    return bool(key) and all(c.isascii() and (c.isalnum() or c in "_-") for c in key)


def _non_finite(value: Any, path: str) -> Optional[str]:
    """The JSON path (as the readers write it: ``balls[0].position[1]``) of the first float
    in `value` that is NaN or infinite, None when there is none."""
    if isinstance(value, float):
        return None if math.isfinite(value) else path
    if isinstance(value, Mapping):
        for key, item in value.items():
            k = str(key)
            child = (path + "[" + json.dumps(k) + "]" if not _plain_key(k) or len(k) > 60
                     else k if path == "$" else path + "." + k)
            found = _non_finite(item, child)
            if found:
                return found
    elif isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            found = _non_finite(item, f"{path}[{index}]")
            if found:
                return found
    return None


def _json_text(d: Any, name: str) -> str:
    """A dict as JSON text for the readers. JSON has no NaN or infinity: such a value is
    reported as the readers report a number out of range, ``NAME: JSON.PATH: problem``."""
    try:
        return json.dumps(d, allow_nan=False)
    except ValueError:
        path = _non_finite(d, "$")
        if path is None:
            raise
        raise InputError(f"{name}: {path}: must be a finite number") from None


def _scenario_text(scenario: Scenario, name: Optional[str]) -> Tuple[str, str]:
    """(text, file name for messages) of a scenario given as a dict or a path."""
    if isinstance(scenario, Mapping):
        return _json_text(scenario, name or "scenario"), name or "scenario"
    if isinstance(scenario, (str, os.PathLike)):
        path = os.fspath(scenario)
        return _billiards.read_text_file(path), name or path
    raise TypeError("scenario: expected a dict in the scenario format or a path, got "
                    + type(scenario).__name__)


def _cap(max_events: int) -> int:
    """A work cap as the core takes it: a whole number of events, 0 for none."""
    if isinstance(max_events, bool) or not isinstance(max_events, int) or max_events < 0:
        raise ValueError("max_events: must be a whole number >= 0 (0: no cap), got "
                         f"{max_events!r}")
    return max_events


def simulate_json(scenario: Scenario, events: bool = False, name: Optional[str] = None,
                  max_events: int = 0) -> str:
    """The result text ``billiards simulate SCENARIO [--events] [--max-events N]`` writes,
    byte for byte."""
    text, file_name = _scenario_text(scenario, name)
    return _billiards.simulate_text(text, file_name, events, max_events=_cap(max_events))


def simulate(scenario: Scenario, events: bool = False, name: Optional[str] = None,
             max_events: int = 0) -> Dict[str, Any]:
    """Runs a scenario (a dict in the scenario format, or a path to a scenario file) to rest
    or its duration and returns the result as a dict: exactly what ``billiards simulate``
    writes for the same input, parsed. ``events=True`` adds the event list (``--events``).
    ``name`` replaces the file name in error messages (default: the path, or "scenario").
    ``max_events`` is the work cap (``--max-events``; 0, the default: none): a run that needs
    more events raises RuntimeError ("work cap reached: ...") and gives no result."""
    return json.loads(simulate_json(scenario, events, name, max_events))


def share_code(document: Scenario, name: Optional[str] = None) -> str:
    """The share code of a scenario or a replayed shot (a dict in the scenario or replay
    format, or a path to such a file): one line of text, ``BIL1.`` and base64url, exactly as
    ``billiards code encode`` prints it (FILE-FORMATS.md, "Share codes"). InputError
    ("NAME: JSON.PATH: problem") for a document its reader refuses."""
    text, file_name = _scenario_text(document, name)
    return _billiards.code_of_text(text, file_name)


def from_share_code(code: str) -> Dict[str, Any]:
    """The file a share code stands for, as a dict: the scenario or replay bit for bit (a
    seeded rack's code gives its scenario), what ``billiards code decode`` writes. InputError
    ("code: $: the code is damaged: ...") for a bad code."""
    if not isinstance(code, str):
        raise TypeError("code: expected a str, got " + type(code).__name__)
    return json.loads(_billiards.file_of_code(code)[1])


def rack_code(game: str, seed: int = 1, table: Optional[str] = None) -> str:
    """The share code of a game's opening rack ("8ball", "9ball", "snooker",
    "three-cushion"; the seed as ``billiards match --seed`` takes it; the game's own table
    unless named): ``billiards code encode --rack GAME --seed N``."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
        raise ValueError(f"seed: must be a whole number from 0 to 2^64 - 1, got {seed!r}")
    return _billiards.rack_code(game, seed, table or "")


def play_physics() -> Dict[str, Any]:
    """The physics keys the game plays its matches with (compliant contact, Mathavan
    cushions, cushion friction 0.2): a ``physics`` dict for scenarios and ``World``."""
    return json.loads(_billiards.play_physics_json())


def tables() -> Tuple[str, ...]:
    """The names of the standard tables (``table`` in a scenario)."""
    return tuple(_billiards.standard_table_names())


def table(spec: Union[str, Mapping[str, Any]] = "pool-9ft") -> Dict[str, Any]:
    """A table's geometry, by standard name or as an inline table dict
    (``{"cushions": [...], "pockets": [...]}``): ``cushions`` (k, 4) segments x0 y0 x1 y1,
    ``pockets`` (p, 3) centre x, y and capture radius, and for a standard table its
    ``name``, ``length``, ``width`` and ``spec`` (the table file's keys)."""
    d = World(spec, balls=[]).table()
    if isinstance(spec, str):
        d["spec"] = json.loads(_billiards.standard_table_text(spec))
    return d


class Trajectory:
    """Samples of a run: ``times`` (m,), ``positions`` and ``velocities`` (m, n, 2),
    ``states`` (m, n) codes of STATES, ``ids`` (n,) the balls' ids in column order."""

    def __init__(self, times, positions, velocities, states, ids):
        self.times, self.positions, self.velocities = times, positions, velocities
        self.states, self.ids = states, ids

    def __len__(self) -> int:
        return len(self.times)

    def __repr__(self) -> str:
        return f"Trajectory({len(self)} samples of {len(self.ids)} balls)"


class World:
    """A ball world on a table: place balls, set physics, strike, run, read the state.

    ``World(table="pool-9ft", physics=None, balls=(), duration=60.0)``: ``table`` is a
    standard name or an inline table dict, ``physics`` a dict of scenario physics keys
    (``set_physics``), ``balls`` a list of scenario ball dicts, ``duration`` the longest
    run of ``run()`` (s). ``World.from_scenario(dict or path)`` starts from a scenario.

    Every edit (``add_ball``, ``set_ball``, ``remove_ball``, ``set_physics``, ``strike``)
    checks the whole world with the scenario reader and starts a new run from the balls as
    they lie: the clock back at 0, no events, pocketed balls off the table. So
    ``World.from_scenario(s).run()`` and ``simulate(s)`` agree to the bit, and so do a
    strike followed by ``run()`` and ``simulate()`` of ``scenario()`` with that shot.
    """

    _empty: Optional[Dict[str, Any]]  # the scenario of a world with no balls (else None)

    def __init__(self, table: Union[str, Mapping[str, Any]] = "pool-9ft",
                 physics: Optional[Mapping[str, Any]] = None,
                 balls: Iterable[Mapping[str, Any]] = (), duration: float = 60.0):
        d: Dict[str, Any] = {"format": SCENARIO_FORMAT, "table": table,
                             "balls": [dict(b) for b in balls], "duration": duration}
        if physics is not None:
            d["physics"] = dict(physics)
        self._setup(d, allow_empty=True)

    @classmethod
    def from_scenario(cls, scenario: Scenario, name: Optional[str] = None) -> "World":
        """A world as a scenario file (dict or path) describes it, its shot applied."""
        text, file_name = _scenario_text(scenario, name)
        w = cls.__new__(cls)
        w._core = _billiards.WorldCore(text, file_name)
        w._empty = None
        return w

    # -- building ------------------------------------------------------------------------
    def _setup(self, d: Dict[str, Any], allow_empty: bool = False, name: str = "World") -> None:
        if allow_empty and not d["balls"]:
            # The reader wants at least one ball: check the table and physics with one
            # ghost at the centre, then keep the world empty. The ghost has the default
            # radius, or one that a given cushion_height fits (the nose must touch it
            # between its centre and its top), so that only real problems are reported.
            probe = dict(d)
            ghost: Dict[str, Any] = {"id": 0, "position": [0.0, 0.0]}
            height = (d.get("physics") or {}).get("cushion_height")
            if isinstance(height, (int, float)) and not isinstance(height, bool) and height > 0:
                ghost["radius"] = 0.75 * float(height)
            probe["balls"] = [ghost]
            core = _billiards.WorldCore(_json_text(probe, name), name)
            self._core = core
            self._empty = dict(d)
            return
        self._core = _billiards.WorldCore(_json_text(d, name), name)
        self._empty = None

    def scenario(self) -> Dict[str, Any]:
        """The world as a scenario dict: table, physics, the balls as they lie now (pocketed
        ones left out) and the duration. ``simulate(w.scenario())`` runs it."""
        if self._empty is not None:
            return json.loads(json.dumps(self._empty))
        return json.loads(self._core.scenario_json())

    def _edit(self, d: Dict[str, Any]) -> "World":
        d.pop("shot", None)
        self._setup(d, allow_empty=True)
        return self

    def add_ball(self, id: int, position: Sequence[float], velocity: Sequence[float] = (0.0, 0.0),
                 spin: Sequence[float] = (0.0, 0.0, 0.0), radius: Optional[float] = None,
                 mass: Optional[float] = None) -> "World":
        """Adds a ball (id unique, position on the table, not overlapping)."""
        d = self.scenario()
        ball: Dict[str, Any] = {"id": id, "position": list(position), "velocity": list(velocity),
                                "spin": list(spin)}
        if radius is not None:
            ball["radius"] = radius
        if mass is not None:
            ball["mass"] = mass
        d["balls"].append(ball)
        return self._edit(d)

    def set_ball(self, id: int, **changes: Any) -> "World":
        """Changes a ball's ``position``, ``velocity``, ``spin``, ``radius`` or ``mass``."""
        d = self.scenario()
        for b in d["balls"]:
            if b["id"] == id:
                for key, value in changes.items():
                    if key not in ("position", "velocity", "spin", "radius", "mass"):
                        raise ValueError(f"World: set_ball: unknown key {key!r}")
                    b[key] = list(value) if isinstance(value, (tuple, list, np.ndarray)) else value
                return self._edit(d)
        raise ValueError(f"World: set_ball: no ball has id {id}")

    def remove_ball(self, id: int) -> "World":
        d = self.scenario()
        kept = [b for b in d["balls"] if b["id"] != id]
        if len(kept) == len(d["balls"]):
            raise ValueError(f"World: remove_ball: no ball has id {id}")
        d["balls"] = kept
        return self._edit(d)

    def set_physics(self, **params: Any) -> "World":
        """Sets physics keys of the scenario format (``sliding_friction=0.2``,
        ``ball_contact="hertz"``, ``timestep=...``, ``cue_end_mass=...``)."""
        d = self.scenario()
        d.setdefault("physics", {}).update(params)
        return self._edit(d)

    def strike(self, heading: float, speed: float, side: float = 0.0, height: float = 0.0,
               elevation: float = 0.0, ball: int = 0) -> "World":
        """Strikes ball ``ball`` with the cue: ``heading`` degrees from +x, cue ``speed`` m/s,
        tip offset ``side`` (right +) and ``height`` (above +) in ball radii (within 0.5
        of the centre), ``elevation`` degrees of the butt (0 level .. 90)."""
        d = self.scenario()
        if self._empty is not None:
            raise ValueError("World: shot.ball: no ball has id %d" % ball)
        d["shot"] = {"ball": ball, "heading": heading, "speed": speed, "tip": [side, height],
                     "elevation": elevation}
        self._core = _billiards.WorldCore(_json_text(d, "World"), "World")
        return self

    # -- running -------------------------------------------------------------------------
    def run(self, max_seconds: Optional[float] = None, max_events: int = 0) -> int:
        """Runs until every ball rests or ``max_seconds`` (default: the duration) pass;
        returns the steps taken. Ends exactly at the limit (a last shorter step).
        ``max_events`` is a work cap (0, the default: none): a run that needs more events
        stops where it is and raises RuntimeError ("work cap reached: ...")."""
        return self._core.run(self._core.duration if max_seconds is None else float(max_seconds),
                              max_events=_cap(max_events))

    def run_for(self, seconds: float) -> int:
        """Runs for exactly ``seconds`` of simulated time, at rest or not; returns steps."""
        return self._core.run_for(float(seconds))

    def trajectory(self, rate: float = 60.0, max_seconds: Optional[float] = None) -> Trajectory:
        """Runs to rest (or ``max_seconds``), sampling the balls about ``rate`` times a
        simulated second: every round(1 / (rate * timestep)) steps (at least one), starting
        now, the last sample at rest. The run is the same as ``run()``'s, bit for bit,
        when it ends at rest. ValueError, before anything runs, when the samples could hold
        more than TRAJECTORY_MAX_BALL_SAMPLES ball states (samples times balls): a lower
        ``rate`` or ``max_seconds`` takes fewer."""
        if not (rate > 0 and math.isfinite(rate)):
            raise ValueError("rate: must be a finite number > 0")
        steps = 1.0 / (rate * self.physics()["timestep"])
        every = max(1, round(steps)) if steps < 1e18 else 10**18  # a sample at most
        limit = self._core.duration if max_seconds is None else float(max_seconds)
        ids = self.balls()["id"]
        times, positions, velocities, states = self._core.trajectory(every, limit)
        return Trajectory(times, positions, velocities, states, ids)

    # -- reading -------------------------------------------------------------------------
    def balls(self) -> Dict[str, np.ndarray]:
        """Every ball now, in the order added: ``id`` (n,), ``position`` (n, 2), ``velocity``
        (n, 2), ``spin`` (n, 3), ``state`` (n,) codes of STATES, ``radius``, ``mass``."""
        if self._empty is not None:
            return {"id": np.zeros(0, np.int64), "position": np.zeros((0, 2)),
                    "velocity": np.zeros((0, 2)), "spin": np.zeros((0, 3)),
                    "state": np.zeros(0, np.int64), "radius": np.zeros(0), "mass": np.zeros(0)}
        return self._core.balls()

    def events(self) -> Dict[str, Any]:
        """The events since the run began, as listed in a result file: ``time`` (m,),
        ``kind`` codes of EVENT_KINDS, ``ball`` (id), ``other`` (ball id for ball_ball, the
        cushion or pocket index, -1 for a cluster), ``end`` (cluster end, else NaN) and
        ``members`` (a tuple of ids per event, for clusters)."""
        return self._core.events()

    def result(self, events: bool = False) -> Dict[str, Any]:
        """The result dict ``billiards simulate`` would write for the run so far."""
        return json.loads(self._core.result_json(events))

    def physics(self) -> Dict[str, Any]:
        d = self.scenario()
        return _physics_with_defaults(d.get("physics", {}))

    def table(self) -> Dict[str, Any]:
        return self._core.table()

    @property
    def time(self) -> float:
        return 0.0 if self._empty is not None else self._core.time

    @property
    def steps(self) -> int:
        return 0 if self._empty is not None else self._core.steps

    @property
    def at_rest(self) -> bool:
        return True if self._empty is not None else self._core.at_rest

    def __repr__(self) -> str:
        return f"World({len(self.balls()['id'])} balls, t={self.time:.6g} s)"


def _physics_with_defaults(given: Mapping[str, Any]) -> Dict[str, Any]:
    probe = {"format": SCENARIO_FORMAT, "physics": dict(given),
             "balls": [{"id": 0, "position": [0.0, 0.0]}]}
    written = json.loads(_billiards.WorldCore(_json_text(probe, "physics"),
                                              "physics").scenario_json())
    return written["physics"]


_GAMES = ("8-ball", "9-ball", "snooker", "three-cushion")
_DEFAULT_TABLES = {"8-ball": "pool-9ft", "9-ball": "pool-9ft", "snooker": "snooker-12ft",
                   "three-cushion": "carom-10ft"}
_CLI_NAMES = {"8-ball": "8ball", "9-ball": "9ball", "snooker": "snooker",
              "three-cushion": "three-cushion"}


def _new_game_file(game, seats, level, seed, table, physics, practice, max_shots, call_shots,
                   best_of, target, innings_limit, noise="level") -> Dict[str, Any]:
    """A new game as its kind's save file with no shots yet (the readers check every value)."""
    if not isinstance(game, str) or game not in _GAMES:
        raise ValueError("Match: game: must be one of " + ", ".join(f'"{g}"' for g in _GAMES) +
                         f" (got {game!r})")
    table = _DEFAULT_TABLES[game] if table is None else table
    extra = {"call_shots": (call_shots, False, ("8-ball", "9-ball")),
             "best_of": (best_of, 1, ("snooker",)), "target": (target, 40, ("three-cushion",)),
             "innings_limit": (innings_limit, 0, ("three-cushion",))}
    for name, (value, default, games) in extra.items():
        if value != default and game not in games:
            raise ValueError(f"Match: {name}: only for {' and '.join(games)} (got {value!r})")
    if physics == "play":  # the game's physics and cue, as `billiards match` plays
        if not isinstance(table, str):
            raise ValueError("Match: table: must be the name of a standard table")
        play = json.loads(_billiards.play_json(_CLI_NAMES[game], table))
        phys, cue = play["physics"], play["cue"]
    elif physics == "ideal":
        phys, cue = {}, None
    elif isinstance(physics, Mapping):
        phys, cue = dict(physics), None
    else:
        raise ValueError('Match: physics: must be "play", "ideal" or a dict of physics keys')
    seat_list = [{"kind": k, "level": level} for k in seats]
    if noise != "level":  # the file's readers check the name
        for s in seat_list:
            s["noise"] = noise
    d: Dict[str, Any] = {"table": table, "physics": phys, "seed": seed, "practice": practice}
    if max_shots is not None:
        d["max_shots"] = max_shots
    if cue is not None:
        d["cue"] = cue
    if game == "snooker":
        d.update({"format": SNOOKER_FORMAT, "seats": seat_list, "best_of": best_of,
                  "inputs": []})
    elif game == "three-cushion":
        # The breaker is the lag's; the reader wants one, the core plays the lag instead.
        d.update({"format": CAROM_FORMAT, "players": seat_list, "target": target,
                  "innings_limit": innings_limit, "breaker": 0, "shots": []})
    else:
        d.update({"format": MATCH_FORMAT, "game": game, "seats": seat_list,
                  "rules": {"call_shots": call_shots}, "inputs": []})
    return d


class Match:
    """A match of 8-ball, 9-ball, snooker or three-cushion: the rules of src/game, the
    computer opponent and save files (docs/FILE-FORMATS.md). Every kind has the same
    methods; what only one kind has (groups, a nominated colour, innings) is in its view.

    ``Match(game="9-ball", seats=("human", "computer"), level="medium", seed=1,
    table=None, physics="play", practice=False, max_shots=None, call_shots=False,
    best_of=1, target=40, innings_limit=0, noise="level")``: ``game`` "8-ball", "9-ball",
    "snooker" or "three-cushion"; ``seats`` are "human" or "computer" (the first breaks; at
    three-cushion the lag decides), ``level`` the computer's strength ("easy", "medium",
    "hard", "pro"), ``table`` a standard table (None: the kind's own), ``physics`` "play" (the
    game's physics and cue), "ideal", or a dict of physics keys, ``max_shots`` per game
    (None: the kind's default). ``call_shots`` is pool's, ``best_of`` snooker's (frames),
    ``target`` and ``innings_limit`` three-cushion's. ``noise`` is the computer's execution
    noise: "level" (each level's own), "standard" (FastFiz's Gaussian model, as
    ``billiards match --noise standard``) or "none". ``Match.load(path)`` restores a save.
    """

    def __init__(self, game: str = "9-ball", seats: Sequence[str] = ("human", "human"),
                 level: str = "medium", seed: int = 1, table: Optional[str] = None,
                 physics: Union[str, Mapping[str, Any]] = "play", practice: bool = False,
                 max_shots: Optional[int] = None, call_shots: bool = False, best_of: int = 1,
                 target: int = 40, innings_limit: int = 0, noise: str = "level", _core=None):
        if _core is not None:
            self._core = _core
            return
        d = _new_game_file(game, seats, level, seed, table, physics, practice, max_shots,
                           call_shots, best_of, target, innings_limit, noise)
        self._core = _billiards.MatchCore(_json_text(d, "Match"), "Match", new_game=True)

    @classmethod
    def load(cls, path: Union[str, "os.PathLike[str]"]) -> "Match":
        """A match saved by ``save()`` or by the game, of any kind (billiards-game/1, and
        the older billiards-match/1, billiards-snooker-match/1 and billiards-carom/1)."""
        path = os.fspath(path)
        return cls(_core=_billiards.MatchCore(_billiards.read_text_file(path), path))

    @classmethod
    def from_json(cls, text: str, name: str = "match") -> "Match":
        return cls(_core=_billiards.MatchCore(text, name))

    def save(self, path: Union[str, "os.PathLike[str]"]) -> None:
        """Saves atomically (the previous file kept as PATH.bak), as the game saves."""
        self._core.save(os.fspath(path))

    def to_json(self) -> str:
        return self._core.to_json()

    def copy(self) -> "Match":
        return Match(_core=self._core.copy())

    # -- the position --------------------------------------------------------------------
    def view(self) -> Dict[str, Any]:
        """What a HUD shows: shooter, phase, groups, balls on the table, legal targets,
        ball in hand, pending decision, fouls, winner, status line and messages."""
        return self._core.view()

    def balls(self) -> Dict[str, np.ndarray]:
        """The balls as ``World.balls()`` gives them (pocketed ones have state 4)."""
        return self._core.balls()

    def legal_targets(self) -> list:
        """The balls the shooter may legally hit first (empty: any ball, e.g. the break)."""
        return self._core.legal_targets()

    def placement_ok(self, position: Sequence[float]) -> Tuple[bool, str]:
        """Whether the cue ball may be placed there now (ball in hand), and why not."""
        return self._core.placement_ok(float(position[0]), float(position[1]))

    def place_cue_ball(self, position: Sequence[float]) -> None:
        """Ball in hand: puts the cue ball there (ValueError saying why when refused)."""
        self._core.place_cue_ball(float(position[0]), float(position[1]))

    # -- playing -------------------------------------------------------------------------
    def shoot(self, heading: float, speed: float, side: float = 0.0, height: float = 0.0,
              elevation: float = 0.0, call: Tuple[int, int] = (-1, -1),
              push_out: bool = False, heading_rad: Optional[float] = None,
              elevation_rad: Optional[float] = None, nominated: int = -1) -> Dict[str, Any]:
        """Plays a shot to rest and returns the verdict: ``legal``, ``foul`` (None or
        "scratch", "no contact", ...), ``pocketed``, ``first_contact``, ``rails``,
        ``turn_continues``, ``messages``, ... ``call`` is (ball, pocket index), -1 for none
        (pool); ``nominated`` the colour (or free ball) at snooker, -1 for none. Snooker's
        record has ``points``, ``penalty``, ``foul``; three-cushion's ``point``, ``first``,
        ``second``, ``cushions_before_second``.
        Angles are in degrees; ``heading_rad`` and ``elevation_rad``, when given, are their
        exact radians (as a computer move's ``shot`` gives them, and as files refine
        ``heading`` by ``heading_rad``): not every radian value is the conversion of a value
        in degrees, so ``m.shoot(**move["shot"])`` plays the move's very shot.
        ValueError when the shot is refused (the message says why)."""
        return self._core.shoot(float(heading), float(speed), float(side), float(height),
                                float(elevation), int(call[0]), int(call[1]), bool(push_out),
                                None if heading_rad is None else float(heading_rad),
                                None if elevation_rad is None else float(elevation_rad),
                                int(nominated))

    def check_shot(self, heading: float, speed: float, side: float = 0.0, height: float = 0.0,
                   elevation: float = 0.0, call: Tuple[int, int] = (-1, -1),
                   push_out: bool = False, heading_rad: Optional[float] = None,
                   elevation_rad: Optional[float] = None, nominated: int = -1) -> Dict[str, Any]:
        """The verdict the shot would get, played on a copy: the match is not changed."""
        return self.copy().shoot(heading, speed, side, height, elevation, call, push_out,
                                 heading_rad, elevation_rad, nominated)

    def decide(self, choice: str) -> None:
        """Answers a pending decision (``view()["decisions"]`` names them): "accept table",
        "re-rack", "re-rack, opponent breaks" (illegal 8-ball break), "shoot" or "pass back"
        (9-ball push-out reply); "play on", "the offender plays again", "replace the balls
        and replay" (snooker, after a foul); "play away", "spot the balls" (three-cushion,
        a frozen cue ball)."""
        self._core.decide(choice)

    def computer_move(self, budget: int = 0) -> Dict[str, Any]:
        """The computer opponent's choice for the shooter in this position (whatever the
        seat): ``intended`` and ``shot`` (with execution noise) as heading/speed/side/
        height/elevation, ``place_cue``/``cue_position`` for ball in hand, ``call``,
        ``plan``, ``pot_chance``, ``score``; or ``is_decision`` and ``choice``.
        ``budget`` overrides the level's work budget (physics steps; 0: the level's; pool
        and snooker). Snooker's move has ``kind`` ("shot", "reply", "concede") and
        ``nominated``; three-cushion's ``success`` and ``frozen``. Deterministic for a
        position and seed."""
        return self._core.computer_move(int(budget))

    def play_move(self) -> None:
        """Plays the move computer_move() returned last (placement and shot, or decision)."""
        self._core.play_move()

    def play_computer_turn(self, budget: int = 0) -> Dict[str, Any]:
        """computer_move() then play_move(); returns the move."""
        move = self.computer_move(budget)
        self.play_move()
        return move

    @property
    def computer_to_act(self) -> bool:
        return self._core.computer_to_act

    def history(self) -> list:
        """Every shot of this game with its verdict."""
        return self._core.history()

    def undo(self) -> bool:
        """Practice mode: takes back the last shot or decision."""
        return self._core.undo()

    def rematch(self) -> None:
        """The next game (frame), the other player breaking; ValueError once a snooker
        match is decided."""
        self._core.rematch()

    def __repr__(self) -> str:
        return f"Match({self.view()['status']!r})"

"""A pool environment in the shape reinforcement-learning libraries expect (the Gymnasium
API: ``reset(seed=...) -> (observation, info)``, ``step(action) -> (observation, reward,
terminated, truncated, info)``, ``action_space``, ``observation_space``), without needing
Gymnasium: the spaces are small Box classes with ``low``, ``high``, ``shape``, ``dtype``,
``sample()`` and ``contains()``; with Gymnasium installed, ``gymnasium.spaces.Box`` of the
same bounds can be built from them (``to_gymnasium()``).

    >>> from billiards.env import BilliardsEnv
    >>> env = BilliardsEnv(game="9-ball")
    >>> obs, info = env.reset(seed=1)
    >>> obs, reward, terminated, truncated, info = env.step(env.action_space.sample())

Each step is one shot by the agent, played to rest and judged by the rules. Between the
agent's shots the environment answers pending decisions (accepts the table after an
illegal 8-ball break, shoots after a push-out), places the cue ball with ball in hand, and
plays the opponent's turns when there is an opponent (``opponent="computer"``); without
one the agent shoots for both seats. Everything is deterministic for a seed.

Action: ``[heading, speed, side, height]``: the cue's heading in degrees from +x, the cue
speed in m/s, the tip offset right (+) and above (+) centre in ball radii; the heading is
taken modulo 360, the rest clipped to the space and the tip to the miscue limit (0.5 radii).

Observation: an array (16, 4), one row per ball id 0..15 (0 is the cue ball):
``x, y`` (m), ``on_table`` (1 or 0) and ``target`` (1 when the ball may legally be hit
first; every object ball on the break and on a push-out).

Reward: +1 for each ball pocketed on the agent's legal shot, -1 for a foul, and at the end
of the game +10 when the agent wins, -10 when it loses.
"""
from __future__ import annotations

import math
from typing import Any, Dict, Optional, Sequence, Tuple

import numpy as np

from . import Match, _billiards, table as _table

__all__ = ["Box", "BilliardsEnv", "VectorEnv", "VECTOR_TASKS", "agent_arguments",
           "run_episodes"]


class Box:
    """A box of real vectors, as ``gymnasium.spaces.Box``: ``low <= x <= high``."""

    def __init__(self, low, high, shape: Optional[Tuple[int, ...]] = None, dtype=np.float64):
        self.dtype = np.dtype(dtype)
        shape = tuple(shape) if shape is not None else np.shape(low)
        self.low = np.broadcast_to(np.asarray(low, self.dtype), shape).copy()
        self.high = np.broadcast_to(np.asarray(high, self.dtype), shape).copy()
        self.shape = shape
        self._rng = np.random.default_rng()

    def seed(self, seed: Optional[int] = None) -> None:
        self._rng = np.random.default_rng(seed)

    def sample(self) -> np.ndarray:
        """A uniform draw from the box."""
        return self._rng.uniform(self.low, self.high).astype(self.dtype)

    def contains(self, x) -> bool:
        x = np.asarray(x)
        return x.shape == self.shape and bool(np.all(x >= self.low) and np.all(x <= self.high))

    __contains__ = contains

    def to_gymnasium(self):
        """The same box as a ``gymnasium.spaces.Box`` (needs Gymnasium)."""
        import gymnasium  # noqa: PLC0415 - optional
        return gymnasium.spaces.Box(self.low, self.high, self.shape, self.dtype)

    def __repr__(self) -> str:
        return f"Box({self.low.min()}, {self.high.max()}, {self.shape}, {self.dtype})"


class BilliardsEnv:
    """One game of 8-ball or 9-ball per episode (see the module's help for the spaces).

    ``game``: "9-ball" or "8-ball". ``opponent``: None (the agent shoots for both seats)
    or "computer" (the agent is seat 0 and breaks; the computer plays seat 1 at ``level``
    with a work ``budget`` per shot, 0 for the level's own). ``ball_in_hand``: "spot"
    (leave the cue ball where the rules put it when that is allowed, else the nearest free
    point) or "computer" (where the computer opponent would put it; slower).
    ``max_shots``: the agent's shots before an episode is truncated. ``physics``: as
    ``Match`` ("play", "ideal" or a dict). ``max_speed``: the largest cue speed, m/s.
    """

    metadata: Dict[str, Any] = {"render_modes": []}
    reward_range = (-math.inf, math.inf)

    def __init__(self, game: str = "9-ball", opponent: Optional[str] = None,
                 level: str = "easy", budget: int = 200_000, ball_in_hand: str = "spot",
                 max_shots: int = 100, physics: Any = "play", table: str = "pool-9ft",
                 max_speed: float = 10.0):
        if opponent not in (None, "computer"):
            raise ValueError('opponent: must be None or "computer"')
        if ball_in_hand not in ("spot", "computer"):
            raise ValueError('ball_in_hand: must be "spot" or "computer"')
        self.game, self.opponent, self.level, self.budget = game, opponent, level, budget
        self.ball_in_hand, self.max_shots, self.physics = ball_in_hand, max_shots, physics
        self.table_name = table
        self._table = _table(table)
        self.action_space = Box([-180.0, 0.0, -0.5, -0.5], [180.0, max_speed, 0.5, 0.5])
        half = max(self._table["length"], self._table["width"]) / 2 + 0.2
        self.observation_space = Box(np.array([-half, -half, 0.0, 0.0]),
                                     np.array([half, half, 1.0, 1.0]), (16, 4))
        self.match: Optional[Match] = None
        self._agent = (0,) if opponent else (0, 1)
        self._shots = 0
        self._opponent_shots: list = []

    # -- the Gymnasium API -----------------------------------------------------------------
    def reset(self, seed: Optional[int] = None,
              options: Optional[Dict[str, Any]] = None) -> Tuple[np.ndarray, Dict[str, Any]]:
        """A new game: racked by ``seed`` (the same seed, the same game)."""
        if seed is None:
            seed = int(np.random.default_rng().integers(1, 2**31))
        self.action_space.seed(seed)
        seats = ("human", "computer" if self.opponent else "human")
        self.match = Match(self.game, seats=seats, level=self.level, seed=seed,
                           table=self.table_name, physics=self.physics)
        self._shots = 0
        self._opponent_shots = []
        self._prepare()
        return self._observation(), self._info(None)

    def step(self, action: Sequence[float]):
        if self.match is None:
            raise RuntimeError("step() before reset()")
        v = self.match.view()
        if v["game_over"]:
            raise RuntimeError("step() after the episode ended: call reset()")
        a = np.asarray(action, dtype=np.float64).reshape(4).copy()
        if np.isfinite(a[0]):
            a[0] = (a[0] + 180.0) % 360.0 - 180.0  # any heading, as an angle
        if not np.all(np.isfinite(a)):
            raise ValueError("action: must be finite")
        a = np.clip(a, self.action_space.low, self.action_space.high)
        heading, speed, side, height = (float(x) for x in a)
        tip = math.hypot(side, height)
        if tip > 0.4999:
            side, height = side * 0.4999 / tip, height * 0.4999 / tip
        call = self._call_for_eight(v)
        verdict = self.match.shoot(heading, speed, side, height, call=call)
        self._shots += 1
        reward = float(len(verdict["pocketed"])) if verdict["legal"] else -1.0
        self._opponent_shots = []
        self._prepare()
        v = self.match.view()
        terminated = bool(v["game_over"])
        if terminated and v["winner"] >= 0:
            reward += 10.0 if v["winner"] in self._agent else -10.0
        truncated = not terminated and self._shots >= self.max_shots
        return self._observation(), reward, terminated, truncated, self._info(verdict)

    def close(self) -> None:
        self.match = None

    @property
    def _live(self) -> Match:
        """The episode's match (reset() starts one)."""
        if self.match is None:
            raise RuntimeError("no episode: call reset() first")
        return self.match

    # -- the rest of the turn ----------------------------------------------------------------
    def _prepare(self) -> None:
        """Until the agent is to aim (or the game is over): decisions, the opponent's
        turns, ball-in-hand placement."""
        for _ in range(10_000):
            v = self._live.view()
            if v["game_over"]:
                return
            if v["shooter"] not in self._agent:
                move = self._live.play_computer_turn(self.budget)
                if not move["is_decision"]:
                    self._opponent_shots.append(self._live.history()[-1])
                continue
            if v["pending"] is not None:
                self._live.decide("accept table" if v["pending"] == "illegal break" else "shoot")
                continue
            if v["ball_in_hand"]:
                self._place_cue_ball(v)
            return
        raise RuntimeError("the environment could not reach the agent's turn")

    def _place_cue_ball(self, v: Dict[str, Any]) -> None:
        if self.ball_in_hand == "computer":
            move = self._live.computer_move(self.budget)
            if move["place_cue"] and self._live.placement_ok(move["cue_position"])[0]:
                self._live.place_cue_ball(move["cue_position"])
                return
        b = self._live.balls()
        cue = b["position"][list(b["id"]).index(0)]
        if self._live.placement_ok(cue)[0]:
            return
        # The nearest free point to the head spot (kitchen) or the table's centre.
        x0 = -self._table["length"] / 4 if v["kitchen_only"] else 0.0
        for r in np.arange(0.0, self._table["length"], 0.02):
            for k in range(max(1, int(2 * math.pi * r / 0.02))):
                t = 2 * math.pi * k / max(1, int(2 * math.pi * r / 0.02))
                p = (x0 + r * math.cos(t), r * math.sin(t))
                if self._live.placement_ok(p)[0]:
                    self._live.place_cue_ball(p)
                    return
        raise RuntimeError("no free place for the cue ball")

    def _call_for_eight(self, v: Dict[str, Any]) -> Tuple[int, int]:
        """8-ball on the 8: the pocket nearest the 8 is called."""
        if not v["must_call_pocket"]:
            return (-1, -1)
        b = self._live.balls()
        eight = b["position"][list(b["id"]).index(8)]
        d = np.hypot(*(self._table["pockets"][:, :2] - eight).T)
        return (8, int(np.argmin(d)))

    def _observation(self) -> np.ndarray:
        obs = np.zeros((16, 4))
        b = self._live.balls()
        v = self._live.view()
        targets = set(v["legal_targets"]) or set(v["on_table"])
        for ball_id, p, state in zip(b["id"], b["position"], b["state"]):
            if 0 <= ball_id < 16 and state != 4:  # 4: pocketed
                obs[ball_id] = (p[0], p[1], 1.0, 1.0 if ball_id in targets else 0.0)
        return obs

    def _info(self, verdict: Optional[Dict[str, Any]]) -> Dict[str, Any]:
        return {"view": self._live.view(), "verdict": verdict,
                "opponent_shots": list(self._opponent_shots), "shots": self._shots}


#: VectorEnv's tasks: one shot at a named ball, or a whole game per episode.
VECTOR_TASKS = ("pot", "8-ball", "9-ball", "snooker", "three-cushion")


class VectorEnv:
    """``num_envs`` environments stepped together, in the shape of Gymnasium's vector
    environments (``gymnasium.vector.VectorEnv``): ``reset(seed=...) -> (obs, infos)`` and
    ``step(actions) -> (obs, rewards, terminations, truncations, infos)``, every array with
    a leading ``num_envs`` axis. The shots of all environments are played in C++ on
    ``threads`` threads (default: one per core) with the interpreter lock released.

    ``game``: ``"pot"`` (each episode is one shot: the cue ball and ``object_balls`` object
    balls placed at random on ``table`` (a standard pool table, pool-9ft by default), one of
    them the target; reward 1 when the target
    is pocketed by a legal shot, which hits it first and keeps the cue ball on the table,
    else 0), or ``"8-ball"``, ``"9-ball"``, ``"snooker"``, ``"three-cushion"`` (a game per
    episode, the agent shooting for both seats; reward per shot: -1 for a foul, else the
    balls pocketed at pool, the points scored at snooker and three-cushion; truncated after
    ``max_shots`` shots). Between shots the environment answers decisions by playing on
    and places a cue ball in hand where it lies, or else as near the head spot as allowed.

    ``physics`` (pot only): ``"play"``, the game's (compliant contact, Mathavan cushions,
    squirt), or ``"ideal"`` (the engine's defaults: instant contact, reflecting cushions
    with friction 0.2, no squirt; about twice as fast).

    Action (each row): ``[heading, speed, side, height]`` as BilliardsEnv's. Observation
    (each environment): an array (rows, 5), one row per ball id (pot: 1 + object_balls;
    pool 16, snooker 22, three-cushion 3): ``x, y`` (m), ``on_table``, ``cue_ball`` (1 for
    the ball the shooter strikes) and ``target`` (pot: the ball to pot; the games: the
    balls that may legally be hit first).

    Autoreset (Gymnasium's "same-step" mode): an environment whose episode ends in a step is
    reset within that step; ``obs`` holds the new episode's first observation, and
    ``infos["final_observation"]`` the one it ended with (rows of environments that did not
    end are zeros), ``infos["_final_observation"]`` says which rows ended.

    Determinism: environment i draws from its own random stream of ``(seed, i)`` (the
    project's splitmix64 seeded with ``mix(seed, i)``), so the
    same seed and actions give the same arrays, bit for bit, whatever ``threads`` is.
    """

    metadata: Dict[str, Any] = {"render_modes": [], "autoreset_mode": "same-step"}

    def __init__(self, num_envs: int, game: str = "pot", seed: Optional[int] = None,
                 threads: Optional[int] = None, object_balls: int = 1, max_shots: int = 100,
                 physics: str = "play", table: Optional[str] = None, max_speed: float = 10.0):
        def integer(name: str, value: Any, low: int) -> int:
            if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
                raise TypeError(f"VectorEnv: {name}: must be an integer (got {value!r})")
            if value < low:
                raise ValueError(f"VectorEnv: {name}: must be at least {low} (got {value})")
            return int(value)

        num_envs = integer("num_envs", num_envs, 1)
        if not isinstance(game, str) or game not in VECTOR_TASKS:
            raise ValueError("VectorEnv: game: must be one of " +
                             ", ".join(f'"{t}"' for t in VECTOR_TASKS) + f" (got {game!r})")
        seed = None if seed is None else integer("seed", seed, 0)
        threads = 0 if threads is None else integer("threads", threads, 1)
        if isinstance(max_speed, bool) or not isinstance(max_speed, (int, float, np.number)):
            raise TypeError(f"VectorEnv: max_speed: must be a number (got {max_speed!r})")
        self._core: Optional[_billiards.VectorCore] = _billiards.VectorCore(
            game, num_envs, seed=seed, threads=threads,
            object_balls=integer("object_balls", object_balls, 1),
            max_shots=integer("max_shots", max_shots, 1), max_speed=float(max_speed),
            table="" if table is None else table, physics=physics)
        self.num_envs = num_envs
        self.game = game
        self.single_action_space = Box([-180.0, 0.0, -0.5, -0.5],
                                       [180.0, float(max_speed), 0.5, 0.5])
        rows, half = self._core.rows, self._core.half_extent
        self.single_observation_space = Box(np.array([-half, -half, 0.0, 0.0, 0.0]),
                                            np.array([half, half, 1.0, 1.0, 1.0]), (rows, 5))
        self.action_space = _batched(self.single_action_space, num_envs)
        self.observation_space = _batched(self.single_observation_space, num_envs)
        if seed is not None:
            self.action_space.seed(seed)
            self.single_action_space.seed(seed)

    @property
    def threads(self) -> int:
        """The threads the shots run on."""
        return self._live.threads

    @property
    def _live(self) -> _billiards.VectorCore:
        if self._core is None or self._core.closed:
            raise RuntimeError("VectorEnv: the environment is closed")
        return self._core

    def reset(self, seed: Optional[int] = None,
              options: Optional[Dict[str, Any]] = None) -> Tuple[np.ndarray, Dict[str, Any]]:
        """Every environment starts a new episode; with ``seed``, environment i from the
        stream of ``(seed, i)`` (else each goes on with its own stream)."""
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
                raise ValueError(f"VectorEnv.reset: seed: must be an integer >= 0 (got {seed!r})")
            self.action_space.seed(int(seed))
        return self._live.reset(None if seed is None else int(seed)), {}

    def step(self, actions) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                     Dict[str, Any]]:
        """One shot in every environment (actions: (num_envs, 4)); see the class's help."""
        return self._live.step(actions)

    def close(self) -> None:
        """Stops the threads (the environment cannot be used after)."""
        if self._core is not None:
            self._core.close()
        self._core = None

    def __enter__(self) -> "VectorEnv":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"VectorEnv({self.num_envs}, game={self.game!r})"


def _batched(space: Box, n: int) -> Box:
    """The space of n stacked draws from ``space``."""
    return Box(np.broadcast_to(space.low, (n,) + space.shape),
               np.broadcast_to(space.high, (n,) + space.shape), (n,) + space.shape, space.dtype)


def agent_arguments(description: str, episodes: int, max_shots: int):
    """The example agents' command line: --episodes, --max-shots, --game, --seed."""
    import argparse  # noqa: PLC0415 - for the examples only
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--episodes", type=int, default=episodes)
    p.add_argument("--max-shots", type=int, default=max_shots)
    p.add_argument("--game", default="9-ball")
    p.add_argument("--seed", type=int, default=1)
    return p


def run_episodes(env: BilliardsEnv, policy, episodes: int, seed: int) -> list:
    """Plays ``episodes`` episodes (seeds seed+1, seed+2, ...), each action
    ``policy(env, obs)``, printing a line per episode; returns the total rewards."""
    totals = []
    for episode in range(1, episodes + 1):
        obs, info = env.reset(seed=seed + episode)
        total, shots, done = 0.0, 0, False
        while not done:
            obs, reward, terminated, truncated, info = env.step(policy(env, obs))
            total += reward
            shots += 1
            done = terminated or truncated
        print(f"episode {episode}: {shots} shots, reward {total:+g}, "
              f"{int(obs[1:, 2].sum())} object balls left, {info['view']['status']}")
        totals.append(total)
    return totals

#!/usr/bin/env python3
"""Shots per second through billiards.env.VectorEnv.step, beside the same shots run one at a
time through billiards.World: positional shots (the "pot" task, aimed at the ghost ball) with
the game's physics and the ideal physics, and 9-ball breaks (a new rack each shot).

    PYTHONPATH=build/ci/python python3 examples/python/bench_vector_env.py

Each figure is the best of --repeats runs of --seconds each (the machine may be shared);
only the step() calls are timed for VectorEnv (the aim is worked out between them). The
last column divides VectorEnv's shots by the CPU time its threads used (all cores), which
another process's load on the machine moves much less than the wall-clock rate.
"""
import argparse
import time
from typing import Callable, Dict, List, Tuple

import numpy as np

import billiards
from billiards.env import VectorEnv

R = 0.028575  # the pool ball's radius, m
POCKETS = billiards.table("pool-9ft")["pockets"][:, :2]


def ghost_ball_actions(obs: np.ndarray, speed: float) -> np.ndarray:
    """Every environment's cue ball aimed at the ghost ball of its target for the pocket
    of the smallest cut, centre ball at `speed`."""
    cue = obs[:, 0, :2]
    target = obs[:, 1, :2]
    best_cut = np.full(len(obs), np.inf)
    actions = np.zeros((len(obs), 4))
    actions[:, 1] = speed
    for p in POCKETS:
        d = p - target
        d /= np.linalg.norm(d, axis=1)[:, None]
        v = target - 2 * R * d - cue
        cut = np.arccos(np.clip((v * d).sum(axis=1) / np.linalg.norm(v, axis=1), -1, 1))
        better = cut < best_cut
        best_cut[better] = cut[better]
        actions[better, 0] = np.degrees(np.arctan2(v[better, 1], v[better, 0]))
    return actions


def best_rate(run: Callable[[], Tuple[int, float]], seconds: float, repeats: int) -> float:
    """The best of `repeats` rates (shots / timed seconds), each over `seconds` at least."""
    rates = []
    for _ in range(repeats):
        shots, timed = 0, 0.0
        while timed < seconds:
            n, t = run()
            shots += n
            timed += t
        rates.append(shots / timed)
    return max(rates)


CPU = {"shots": 0, "seconds": 0.0}  # VectorEnv's shots and the CPU time of their steps


def vector_rate(env: VectorEnv, act: Callable[[np.ndarray], np.ndarray], seconds: float,
                repeats: int) -> Tuple[float, List[Tuple[np.ndarray, np.ndarray]]]:
    obs, _ = env.reset(seed=1)
    CPU.update(shots=0, seconds=0.0)
    sample: List[Tuple[np.ndarray, np.ndarray]] = []
    state = {"obs": obs}

    def run() -> Tuple[int, float]:
        a = act(state["obs"])
        c0, t0 = time.process_time(), time.perf_counter()
        obs, rewards, terminations, truncations, infos = env.step(a)
        t = time.perf_counter() - t0
        CPU["shots"] += env.num_envs
        CPU["seconds"] += time.process_time() - c0
        if len(sample) < 4:
            sample.append((state["obs"], a))
        state["obs"] = obs
        return env.num_envs, t

    return best_rate(run, seconds, repeats), sample


def world_rate(scenarios: List[Dict], seconds: float, repeats: int) -> float:
    """The same shots one at a time: a World per shot from its scenario dict, run to rest."""
    def run() -> Tuple[int, float]:
        t0 = time.perf_counter()
        for s in scenarios:
            billiards.World.from_scenario(s).run()
        return len(scenarios), time.perf_counter() - t0

    return best_rate(run, seconds, repeats)


def shot_scenarios(sample, physics: Dict, cue: Dict, limit: int) -> List[Dict]:
    out = []
    for obs, actions in sample:
        for o, a in zip(obs, actions):
            balls = [{"id": i, "position": [float(o[i, 0]), float(o[i, 1])]}
                     for i in range(len(o)) if o[i, 2] == 1]
            phys = dict(physics, **({"cue_end_mass": cue["end_mass"]} if cue else {}))
            out.append({"format": billiards.SCENARIO_FORMAT, "table": "pool-9ft",
                        "physics": phys, "balls": balls,
                        "shot": {"ball": 0, "heading": float(a[0]), "speed": float(a[1]),
                                 "tip": [float(a[2]), float(a[3])]}})
            if len(out) == limit:
                return out
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--envs", type=int, default=1024, help="pot environments")
    p.add_argument("--break-envs", type=int, default=64, help="9-ball environments")
    p.add_argument("--threads", type=int, default=None, help="default: one per core")
    p.add_argument("--speed", type=float, default=1.5, help="positional shots' cue speed, m/s")
    p.add_argument("--seconds", type=float, default=3.0)
    p.add_argument("--repeats", type=int, default=3)
    a = p.parse_args()
    play = billiards.play_physics()
    rows = []
    for physics in ("play", "ideal"):
        with VectorEnv(a.envs, game="pot", seed=1, threads=a.threads, physics=physics) as env:
            threads = env.threads
            rate, sample = vector_rate(env, lambda o: ghost_ball_actions(o, a.speed),
                                       a.seconds, a.repeats)
        # "ideal" is the engine's defaults, whose cushion friction a scenario leaves at 0.
        phys = play if physics == "play" else {"cushion_friction": 0.2}
        scen = shot_scenarios(sample, phys, {"end_mass": 0.008} if physics == "play" else {},
                              200)
        per_cpu = CPU["shots"] / CPU["seconds"]
        rows.append((f"positional (pot, {physics} physics)", rate,
                     world_rate(scen, a.seconds, a.repeats), per_cpu))
    # The 9-ball break: each step breaks a new rack (max_shots=1 ends every episode).
    with VectorEnv(a.break_envs, game="9-ball", seed=1, threads=a.threads, max_shots=1) as env:
        brk = np.tile([0.0, 8.0, 0.0, 0.0], (a.break_envs, 1))
        rate, sample = vector_rate(env, lambda o: brk, a.seconds, a.repeats)
    per_cpu = CPU["shots"] / CPU["seconds"]
    scen = shot_scenarios(sample, dict(play), {"end_mass": 0.008}, 40)
    rows.append(("9-ball break (8 m/s)", rate, world_rate(scen, a.seconds, a.repeats), per_cpu))
    print(f"| shot | VectorEnv.step, {threads} threads | World, one at a time | ratio "
          "| VectorEnv per CPU-second |")
    print("|---|---|---|---|---|")
    for name, vec, one, cpu in rows:
        print(f"| {name} | {vec:,.0f} | {one:,.0f} | {vec / one:,.1f} | {cpu:,.0f} |")
    print(f"(shots per second, best of {a.repeats} runs of {a.seconds:g} s)")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""How often does a cut shot go in? The chance of pocketing an object ball in a corner
pocket as a function of the cut angle and the cue speed, over thousands of shots with the
computer opponent's execution noise (heading 0.0035 rad, speed 4 %, tip 0.04 radii, one
standard deviation each), run on a Dask cluster and plotted to a PNG.

    PYTHONPATH=build/ci/python python3 examples/python/cut_angle_study.py \\
        --workers 2 --shots 100 --out docs/cut-angle-study.png

The object ball sits 0.6 m from the top-right corner pocket on the pocket's bisector
(45 degrees, straight into the mouth); the cue ball is 0.6 m behind the ghost ball, on a
line turned by the cut angle. Each shot is a scenario run by billiards.simulate; a shot
counts when the object ball drops in that pocket (whatever the cue ball does after: a
scratch is a separate question). The figure and its numbers depend only on --seed,
--shots and the grid, not on the number of workers.
"""
import argparse
import json
import math
import sys

import numpy as np

import billiards

R = 0.028575


def layout(angle_deg: float):
    """(cue ball position, object ball position, heading in degrees, pocket index)."""
    t = billiards.table("pool-9ft")
    pockets = t["pockets"]
    k = int(np.argmax(pockets[:, 0] + pockets[:, 1]))  # the top-right corner
    pocket = pockets[k, :2]
    u = -np.sign(pocket) / math.sqrt(2.0)  # into the table along the pocket's bisector
    obj = pocket + 0.6 * u
    to_pocket = -u
    ghost = obj - 2 * R * to_pocket
    a = math.radians(angle_deg)
    for sign in (1, -1):  # the side on which the cue ball stays on the cloth
        c, s = math.cos(sign * a), math.sin(sign * a)
        d = np.array([c * to_pocket[0] - s * to_pocket[1], s * to_pocket[0] + c * to_pocket[1]])
        cue = ghost - 0.6 * d
        if abs(cue[0]) < t["length"] / 2 - 2 * R and abs(cue[1]) < t["width"] / 2 - 2 * R:
            return cue, obj, math.degrees(math.atan2(d[1], d[0])), k
    raise ValueError(f"no room for a {angle_deg} degree cut")


def scenarios(angles, speeds, shots, seed):
    """Every shot of the study as (cell, scenario dict), the noise drawn from one seed."""
    rng = np.random.default_rng(seed)
    physics = billiards.play_physics()
    out = []
    for i, angle in enumerate(angles):
        cue, obj, heading, pocket = layout(angle)
        for j, speed in enumerate(speeds):
            for _ in range(shots):
                side, height = rng.normal(0.0, 0.04, 2)
                out.append(((i, j, pocket), {
                    "format": "billiards-scenario/1", "physics": physics,
                    "balls": [{"id": 0, "position": cue.tolist()},
                              {"id": 1, "position": obj.tolist()}],
                    "shot": {"ball": 0,
                             "heading": heading + math.degrees(rng.normal(0.0, 0.0035)),
                             "speed": speed * (1.0 + rng.normal(0.0, 0.04)),
                             "tip": [float(side), float(height)]},
                    "duration": 30.0}))
    return out


def pocketed(jobs):
    """For each (cell, scenario): whether the object ball dropped in the aimed pocket.
    Runs on a worker."""
    hits = []
    for (_, _, pocket), scenario in jobs:
        events = billiards.simulate(scenario, events=True)["events"]
        drops = {e["ball"]: e["pocket"] for e in events if e["kind"] == "pocketed"}
        hits.append(drops.get(1) == pocket)
    return hits


def run(jobs, a):
    chunks = [jobs[k:k + a.chunk] for k in range(0, len(jobs), a.chunk)]
    if a.workers == 0 and not a.scheduler:
        return [h for c in chunks for h in pocketed(c)]
    from distributed import Client, progress

    from billiards.batch import local_cluster  # on 127.0.0.1 only
    cluster = None
    if a.scheduler:
        client = Client(a.scheduler)
    else:
        cluster = local_cluster(a.workers)
        client = Client(cluster)
    try:
        futures = client.map(pocketed, chunks, pure=False)
        if sys.stderr.isatty():
            progress(futures)
        return [h for f in futures for h in f.result()]
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--shots", type=int, default=100, help="shots per cut angle and speed")
    p.add_argument("--angles", default="0:80:5", help="first:last:step in degrees")
    p.add_argument("--speeds", default="1,2,4", help="cue speeds, m/s")
    p.add_argument("--workers", type=int, default=2, help="local worker processes (0: none)")
    p.add_argument("--scheduler", help="tcp://HOST:PORT of a running Dask scheduler")
    p.add_argument("--chunk", type=int, default=200, help="shots per task")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", default="cut-angle-study.png", help="the plot (PNG)")
    p.add_argument("--json", help="also write the numbers here")
    a = p.parse_args()
    first, last, step = (float(x) for x in a.angles.split(":"))
    angles = list(np.arange(first, last + step / 2, step))
    speeds = [float(s) for s in a.speeds.split(",")]
    jobs = scenarios(angles, speeds, a.shots, a.seed)
    hits = run(jobs, a)
    chance = np.zeros((len(angles), len(speeds)))
    for ((i, j, _), _), hit in zip(jobs, hits):
        chance[i, j] += hit
    chance /= a.shots
    print(f"{len(jobs)} shots; chance of pocketing by cut angle (rows) and cue speed:")
    print("angle " + " ".join(f"{s:>6g}" for s in speeds))
    for i, angle in enumerate(angles):
        print(f"{angle:5g} " + " ".join(f"{c:6.2f}" for c in chance[i]))
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"angles": angles, "speeds": speeds, "shots": a.shots, "seed": a.seed,
                       "chance": chance.tolist()}, f, indent=1)
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(7, 4.2), dpi=100)
    for j, speed in enumerate(speeds):
        ax.plot(angles, chance[:, j], marker="o", ms=3, label=f"cue speed {speed:g} m/s")
    ax.set_xlabel("cut angle (degrees)")
    ax.set_ylabel("chance of pocketing")
    ax.set_ylim(-0.02, 1.02)
    ax.grid(alpha=0.3)
    ax.set_title(f"Cut shots into a corner from 0.6 m, {a.shots} noisy shots a point")
    ax.legend()
    fig.tight_layout()
    fig.savefig(a.out, metadata={"Software": None})
    print(f"wrote {a.out}")


if __name__ == "__main__":
    main()

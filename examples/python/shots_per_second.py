#!/usr/bin/env python3
"""Shots per second through Python: a 9-ball break to rest (compliant contact) and a
typical positional shot (the cue ball into one ball of the broken rack, with draw), by
billiards.simulate in one thread, in N threads, on a Dask LocalCluster, and through the
`billiards simulate` program (one process per shot) for comparison.

    PYTHONPATH=build/ci/python python3 examples/python/shots_per_second.py \\
        --exe build/ci/billiards --threads 2 --workers 2
"""
import argparse
import concurrent.futures
import json
import os
import subprocess
import tempfile
import time

import billiards

HERE = os.path.dirname(os.path.abspath(__file__))
BREAK = os.path.join(HERE, "..", "..", "assets", "scenarios", "break-9ball.json")


def positional_shot():
    """The break's balls at rest, the cue ball sent at the nearest object ball with draw."""
    w = billiards.World.from_scenario(BREAK)
    w.run()
    s = w.scenario()
    balls = {b["id"]: b for b in s["balls"]}
    cue = balls[0]["position"]
    nearest = min((b for i, b in balls.items() if i != 0),
                  key=lambda b: (b["position"][0] - cue[0]) ** 2 + (b["position"][1] - cue[1]) ** 2)
    dx, dy = nearest["position"][0] - cue[0], nearest["position"][1] - cue[1]
    import math
    s["shot"] = {"ball": 0, "heading": math.degrees(math.atan2(dy, dx)), "speed": 2.5,
                 "tip": [0.0, -0.3]}
    return s


def rate(fn, jobs, seconds):
    """Calls per second of fn over the jobs, repeated for at least `seconds`."""
    n, start = 0, time.perf_counter()
    while True:
        fn(jobs)
        n += len(jobs)
        t = time.perf_counter() - start
        if t >= seconds:
            return n / t


def run_all(scenarios):
    for s in scenarios:
        billiards.simulate_json(s)
    return len(scenarios)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--exe", help="the billiards program, for the per-process figure")
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--seconds", type=float, default=3.0)
    a = p.parse_args()
    with open(BREAK) as f:
        shots = {"break (9-ball, hertz)": json.load(f), "positional shot": positional_shot()}
    rows = []
    for name, s in shots.items():
        r = billiards.simulate(s)
        row = {"shot": name, "steps": r["steps"],
               "impacts": r["counts"]["ball_ball"] + r["counts"]["ball_cushion"]}
        row["python, 1 thread"] = rate(lambda j: [billiards.simulate_json(x) for x in j],
                                       [s] * 50, a.seconds)
        with concurrent.futures.ThreadPoolExecutor(a.threads) as pool:
            def threaded(j):
                list(pool.map(run_all, [j[k::a.threads] for k in range(a.threads)]))
            row[f"python, {a.threads} threads"] = rate(threaded, [s] * 100, a.seconds)
        if a.exe:
            with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as tmp:
                json.dump(s, tmp)
            try:
                def cli(j):
                    for _ in j:
                        subprocess.run([a.exe, "simulate", tmp.name], check=True,
                                       stdout=subprocess.DEVNULL)
                row["CLI, a process a shot"] = rate(cli, [s] * 10, a.seconds)
            finally:
                os.unlink(tmp.name)
        rows.append(row)
    if a.workers > 0:
        from distributed import Client

        from billiards.batch import local_cluster  # on 127.0.0.1 only
        with local_cluster(a.workers) as cluster, Client(cluster) as client:
            client.submit(run_all, [shots["positional shot"]]).result()  # warm the workers
            for row, s in zip(rows, shots.values()):
                def dask(j):
                    chunks = [j[k:k + 250] for k in range(0, len(j), 250)]
                    sum(f.result() for f in client.map(run_all, chunks, pure=False))
                row[f"Dask, {a.workers} workers"] = rate(dask, [s] * 2000, a.seconds)
    keys = list(rows[0])
    print("| " + " | ".join(keys) + " |")
    print("|" + "---|" * len(keys))
    for row in rows:
        print("| " + " | ".join(f"{v:,.0f}" if isinstance(v, float) else str(v)
                                for v in row.values()) + " |")
    print("(figures: shots per second)")


if __name__ == "__main__":
    main()

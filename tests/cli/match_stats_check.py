#!/usr/bin/env python3
"""`billiards match` statistics checked against the games' own shot logs.

Runs short matches of every kind with --shots and derives, from each game's shot log alone,
what the report's statistics must be: break-and-runs (the breaker won and the opponent never
shot), pot attempts (the computer's plan names a pot) and pots made (a clean shot after which
the shooter stays at the table or has won), safeties and how many the opponent's next shot
answered with nothing, fouls, snooker's breaks (every visit's points until a foul or a miss)
and three-cushion's runs. Also `--stats` prints the same figures, and a bad --noise exits 2.

    match_stats_check.py BILLIARDS_EXE WORK_DIR [--quick]

--quick (the sanitizer build) plays only the 9-ball match under standard noise and the
snooker frame.
"""
import json
import os
import shutil
import subprocess
import sys

EXE, WORK = sys.argv[1], sys.argv[2]
QUICK = sys.argv[3:] == ["--quick"]


def run(*args, code=0):
    p = subprocess.run([EXE, "match", *args], capture_output=True, text=True, timeout=600)
    if p.returncode != code:
        sys.exit(f"billiards match {' '.join(args)}: exit {p.returncode}\n{p.stderr}")
    return p


def report(*args):
    return json.loads(run(*args, "--shots").stdout)


def fail(what):
    sys.exit("FAIL: " + what)


def expect(got, want, what):
    if got != want:
        fail(f"{what}: report says {got!r}, the shot logs say {want!r}")


# How the computer's plans begin (pool's planner, snooker's player-facing words).
POTS = {"pool": ("pot the ", "bank the ", "swerve to pot "), "snooker": ("pots ",)}
SAFETIES = {"pool": ("safety on ",), "snooker": ("plays safe ",)}


def pot_plan(kind, plan):
    return plan.startswith(POTS[kind])


def safety_plan(kind, plan):
    return plan.startswith(SAFETIES[kind])


def check(kind, r):
    seats = [dict(attempts=0, pots=0, safeties=0, held=0, fouls=0, runs=[]) for _ in range(2)]
    bnr = 0
    for g in r["games"]:
        log = g["shot_log"]
        breaker, winner = g["breaker"], g["winner"]
        want = winner == breaker and all(s["shooter"] == breaker for s in log)
        expect(g["break_and_run"], want, f"{kind} game {g['game']} break_and_run")
        bnr += want
        run_by, run_pts = -1, 0
        safety_by = -1
        for i, s in enumerate(log):
            me = s["shooter"]
            st = seats[me]
            foul = s.get("foul", "none") != "none"
            nxt = log[i + 1]["shooter"] if i + 1 < len(log) else None
            if kind == "carom":
                points = s["point"] and 1 or 0
                potted = False
            elif kind == "snooker":
                points = 0 if foul else s["points"]
                potted = points > 0
            else:
                stays = nxt == me if nxt is not None else winner == me
                potted = not foul and bool(s["pocketed"]) and stays
                points = len(s["pocketed"]) if potted else 0
            if safety_by >= 0 and me != safety_by:
                seats[safety_by]["held"] += not potted
                safety_by = -1
            if me != run_by:
                if run_by >= 0 and run_pts > 0:
                    seats[run_by]["runs"].append(run_pts)
                run_by, run_pts = me, 0
            plan = s.get("plan", "")
            if kind != "carom" and pot_plan(kind, plan):
                st["attempts"] += 1
                st["pots"] += potted
            if kind != "carom" and safety_plan(kind, plan):
                st["safeties"] += 1
                safety_by = me
            run_pts += points
            if foul:
                st["fouls"] += 1
                if run_pts > 0:
                    seats[me]["runs"].append(run_pts)
                run_by, run_pts = -1, 0
        if run_by >= 0 and run_pts > 0:
            seats[run_by]["runs"].append(run_pts)
    expect(r["break_and_runs"], bnr, f"{kind} break_and_runs")
    for i, (rs, st) in enumerate(zip(r["seats"], seats)):
        if kind != "carom":
            expect(rs["pot_attempts"], st["attempts"], f"{kind} seat {i} pot_attempts")
            expect(rs["pots"], st["pots"], f"{kind} seat {i} pots")
            expect(rs["safeties"], st["safeties"], f"{kind} seat {i} safeties")
            expect(rs["safeties_held"], st["held"], f"{kind} seat {i} safeties_held")
            expect(rs["fouls"], st["fouls"], f"{kind} seat {i} fouls")
        if kind == "snooker":
            b = rs["breaks"]
            expect(b["list"], st["runs"], f"snooker seat {i} breaks")
            expect(b["highest"], max(st["runs"], default=0), f"snooker seat {i} highest break")
            expect(b["centuries"], sum(x >= 100 for x in st["runs"]), f"snooker seat {i} centuries")
            mean = sum(st["runs"]) / len(st["runs"]) if st["runs"] else 0.0
            if abs(b["mean"] - mean) > 1e-12:
                fail(f"snooker seat {i} mean break {b['mean']} != {mean}")
            # The frames' own counters: points potted and the highest break of each frame.
            expect(sum(st["runs"]), sum(g["points"][i] for g in r["games"]),
                   f"snooker seat {i} points potted")
            expect(b["highest"], max(g["highest_break"][i] for g in r["games"]),
                   f"snooker seat {i} highest break (frames)")
        if kind == "carom":
            expect(rs["high_run"], max(st["runs"], default=0), f"carom seat {i} high run")
            expect(rs["points"], sum(st["runs"]), f"carom seat {i} points")
    return r


shutil.rmtree(WORK, ignore_errors=True)
os.makedirs(WORK)
try:
    if not QUICK:
        check("pool", report("--mode", "8ball", "--players", "ai:easy,ai:easy", "--games", "3",
                             "--seed", "4"))
        check("pool", report("--mode", "9ball", "--players", "ai:easy,ai:medium", "--games", "2",
                             "--seed", "2"))
    noisy = check("pool", report("--mode", "9ball", "--players", "ai:easy,ai:easy", "--games", "2",
                                 "--seed", "5", "--noise", "standard"))
    # The report names a noise model other than the levels' own, and only then.
    expect(noisy.get("noise"), "standard", "the report's noise")
    # The three-cushion computer sweeps every heading: not under the sanitizers.
    if not QUICK:
        check("carom", report("--mode", "three-cushion", "--players", "ai:easy,ai:easy", "--seed",
                              "2", "--target", "4"))
    # Snooker with --stats: the table to standard output, the report to --out.
    out = os.path.join(WORK, "report.json")
    p = run("--mode", "snooker", "--players", "ai:easy,ai:easy", "--seed", "3", "--max-shots",
            "120", "--shots", "--stats", "--out", out)
    with open(out) as f:
        sn = check("snooker", json.load(f))
    expect("noise" in sn, False, "a noise key without --noise")
    lines = p.stdout.splitlines()
    if not lines or not lines[0].startswith("snooker: 1 game, seed 3; break and run in 0"):
        fail("--stats table header: " + repr(p.stdout[:200]))
    for name in ("highest break", "mean break", "pots made / attempted", "safeties (left no pot)"):
        if not any(l.startswith(name) for l in lines):
            fail(f"--stats table has no row '{name}':\n{p.stdout}")
    high = [l for l in lines if l.startswith("highest break")][0].split()[2:]
    expect(high, [str(s["breaks"]["highest"]) for s in sn["seats"]], "--stats highest break row")
    # A noise model that does not exist.
    bad = run("--mode", "8ball", "--noise", "fastfiz", code=2)
    if "--noise: 'fastfiz' is not a noise model" not in bad.stderr:
        fail("bad --noise message: " + bad.stderr)
finally:
    shutil.rmtree(WORK, ignore_errors=True)
print("ok")

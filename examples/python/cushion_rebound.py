"""Rebound speed and angle off a rail against the angle of incidence, with the Mathavan cushion.

The kind of plots Mathavan, Jackson and Parkin (2010) give for their model, drawn with the engine
(cushion_model "mathavan") at the paper's ball and cushion constants: a snooker ball
(M = 0.1406 kg, R = 26.25 mm), the nose at h = 7R/5 (sin theta = 2/5), e = 0.98,
mu_w = 0.14 at the nose, mu_s = 0.212 on the cloth, V0 = 1 m/s.
  (a), (b) topspin omega_T = k V0 / R, no side spin, k = -1 (draw), 0, 1 (rolling), 2;
  (c), (d) rolling, with side spin omega_S = k V0 / R, k = -2 .. 2 (k > 0 running english).
Angles are measured from the rail: 90 degrees is straight in. A ball leaving against its
direction along the rail (strong reverse english) has an angle above 90.

  PYTHONPATH=build/ci/python python3 examples/python/cushion_rebound.py docs/cushion-rebound.png
"""
import math
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

import billiards  # noqa: E402

M, R = 0.1406, 0.02625
PHYSICS = {"cushion_model": "mathavan", "cushion_height": 1.4 * R, "cushion_restitution": 0.98,
           "cushion_friction": 0.14, "sliding_friction": 0.212}
V0 = 1.0
RAIL_Y = 0.635    # the pool-9ft table's top cushion nose line (the ball starts at x = -0.6 m,
                  # clear of the side pocket)
GAP = 1e-7        # the ball starts this far from the nose


def rebound(alpha: float, topspin: float, side: float):
    """Velocity just after the impact of a ball coming in at alpha (radians, from the rail)."""
    vx, vy = V0 * math.cos(alpha), V0 * math.sin(alpha)
    spin = (-topspin * vy / V0 * V0 / R, topspin * vx / V0 * V0 / R, side * V0 / R)

    def world():
        w = billiards.World(table="pool-9ft", physics=PHYSICS)
        return w.add_ball(0, (-0.6, RAIL_Y - R - GAP), velocity=(vx, vy), spin=spin, radius=R,
                          mass=M)

    probe = world()
    probe.run_for(0.01)
    ev = probe.events()
    hit = float(ev["time"][0])   # the first event: the rail
    w = world()
    w.run_for(hit + 1e-9)        # just after it: the cloth has had no time to act
    v = w.balls()["velocity"][0]
    speed = math.hypot(v[0], v[1])
    angle = math.degrees(math.atan2(abs(v[1]), v[0]))
    return speed, angle


def main() -> None:
    out = sys.argv[1] if len(sys.argv) > 1 else "cushion-rebound.png"
    alphas = np.radians(np.linspace(1.0, 89.0, 45))
    fig, axes = plt.subplots(2, 2, figsize=(11, 8.5))
    sets = [((1, 0, 0), [-1, 0, 1, 2], "topspin k (omega_T = k V0/R), no side spin"),
            ((1, 1, 0), [-2, -1, 0, 1, 2], "rolling, side spin k (omega_S = k V0/R)")]
    for row, (_, ks, title) in enumerate(sets):
        for k in ks:
            res = [rebound(a, k, 0.0) if row == 0 else rebound(a, 1.0, float(k)) for a in alphas]
            deg = np.degrees(alphas)
            axes[row, 0].plot(deg, [r[0] for r in res], label=f"k = {k}")
            axes[row, 1].plot(deg, [r[1] for r in res], label=f"k = {k}")
        for col, what in enumerate(["rebound speed (m/s)", "rebound angle (degrees)"]):
            ax = axes[row, col]
            ax.set_title(f"({'abcd'[2 * row + col]}) {title}", fontsize=9)
            ax.set_xlabel("incidence angle (degrees from the rail)")
            ax.set_ylabel(what)
            ax.set_xlim(0, 90)
            ax.grid(True, alpha=0.3)
            ax.legend(fontsize=8)
    fig.suptitle("Mathavan cushion, the paper's constants: V0 = 1 m/s, e = 0.98, "
                 "mu_w = 0.14, mu_s = 0.212, h = 7R/5", fontsize=10)
    fig.tight_layout()
    fig.savefig(out, dpi=90)
    print(out)


if __name__ == "__main__":
    main()

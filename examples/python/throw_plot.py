#!/usr/bin/env python3
"""Throw against cut angle: the engine's object-ball departure beside the closed form of
D. G. Alciatore's TP A.14, for stun, follow (rolling) and draw (bottom spin half a rolling
ball's top spin: as much draw as follow would throw exactly as much) at two speeds, under
the "contact" model (mu = 0.06, where throw does not depend on speed) and the "alciatore"
model (mu falling with the slip speed, the fit of TP A.28).

    PYTHONPATH=build/ci/python /usr/bin/python3 examples/python/throw_plot.py \\
        --out docs/throw-vs-cut-angle.png

Each point is a world: the cue ball arriving along +x at the given speed and spin, the
object ball touching it at the cut angle, on a frictionless cloth (so nothing but the
impact turns the balls), run for 50 ms; the throw is the object ball's departure from the
line of centres. The curves are the closed form (e = 1, equal balls):

    tan(throw) = min(mu v cos(phi), s / 7) (v sin(phi)) / (s v cos(phi)),
    s = sqrt((v sin(phi))^2 + (R w_top cos(phi))^2)

with mu = 0.06, or mu(s) = 9.951e-3 + 0.108 exp(-1.088 s). The engine's balls are
restitution 1 here, as in TP A.14.
"""
import argparse
import math
import sys

import billiards

R = 0.028575


def fitted_mu(s):
    return 9.951e-3 + 0.108 * math.exp(-1.088 * s)


def closed_form(v, phi, w_top, mu):
    """TP A.14's throw in degrees; mu None: the fitted law."""
    h = v * math.sin(phi)
    z = R * w_top * math.cos(phi)
    s = math.hypot(h, z)
    if s == 0.0:
        return 0.0
    m = fitted_mu(s) if mu is None else mu
    vn = v * math.cos(phi)
    return math.degrees(math.atan(min(m * vn, s / 7.0) * h / (s * vn)))


def engine(model, v, phi, w_top):
    physics = {"throw_model": model, "ball_friction": 0.06, "ball_restitution": 1.0,
               "sliding_friction": 0, "rolling_friction": 0, "spin_friction": 0,
               "cushion_friction": 0}
    w = billiards.World(table="pool-9ft", physics=physics)
    n = (math.cos(phi), math.sin(phi))
    # The object ball touches the cue ball's path 1 cm ahead, on the line of centres n.
    w.add_ball(1, (0.01 + 2 * R * n[0], 2 * R * n[1]))
    w.add_ball(0, (0.0, 0.0), velocity=(v, 0.0), spin=(0.0, w_top, 0.0))
    w.run_for(0.05)
    b = w.balls()
    k = list(b["id"]).index(1)
    vx, vy = b["velocity"][k]
    along = vx * n[0] + vy * n[1]
    across = -(-n[1] * vx + n[0] * vy)  # towards the cue ball's side of its path
    return math.degrees(math.atan2(across, along))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default="docs/throw-vs-cut-angle.png")
    ap.add_argument("--speeds", type=float, nargs=2, default=[1.0, 4.0])
    ap.add_argument("--step", type=int, default=5, help="degrees between the engine's points")
    a = ap.parse_args()

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    spins = [("stun", 0.0, "tab:blue"), ("follow", 1.0, "tab:green"), ("half draw", -0.5, "tab:red")]
    models = [("contact", 0.06, "contact, mu = 0.06"),
              ("alciatore", None, "alciatore, mu(s) = a + b exp(-c s)")]
    fine = [0.5 * k for k in range(0, 161)]
    coarse = list(range(0, 81, a.step))
    fig, axes = plt.subplots(1, 2, figsize=(12, 6), sharey=True)
    worst = 0.0
    for ax, (model, mu, title) in zip(axes, models):
        for name, top, colour in spins:
            for v, style in zip(a.speeds, ["-", "--"]):
                w_top = top * v / R
                ax.plot(fine, [closed_form(v, math.radians(d), w_top, mu) for d in fine],
                        style, color=colour, linewidth=1.2,
                        label=f"{name} {v:g} m/s, TP A.14")
                pts = [engine(model, v, math.radians(d), w_top) for d in coarse]
                worst = max(worst, max(abs(p - closed_form(v, math.radians(d), w_top, mu))
                                       for p, d in zip(pts, coarse)))
                ax.plot(coarse, pts, "o" if style == "-" else "s", color=colour,
                        markersize=4, markerfacecolor="none" if style == "--" else colour,
                        label=f"{name} {v:g} m/s, engine")
        ax.set_title(f'"throw_model": {title}')
        ax.set_xlabel("cut angle (degrees)")
        ax.grid(alpha=0.3)
    axes[0].set_ylabel("throw (degrees)")
    handles, labels = axes[1].get_legend_handles_labels()
    fig.legend(handles, labels, fontsize=8, ncol=6, loc="lower center")
    fig.suptitle("Throw against cut angle: engine (points) and TP A.14's closed form (lines)")
    fig.tight_layout(rect=(0, 0.1, 1, 1))
    fig.savefig(a.out, dpi=110)
    print(f"wrote {a.out}; largest difference engine - closed form {worst:.2e} degrees")
    if not worst < 1e-9:
        sys.exit(f"the engine's throw differs from the closed form by {worst:.3g} degrees")


if __name__ == "__main__":
    main()

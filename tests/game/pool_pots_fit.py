#!/usr/bin/env python3
"""Fits the pool planner's fitted pot chance (AiConfig::fitted_pot_chance,
Planner::fitted_pot_chance in src/game/pool/ai_evaluate.cpp) to pool_pots by least squares:

    pool_pots fitted 200 > pots.txt
    python3 tests/game/pool_pots_fit.py pots.txt [OTHER.txt ...]

The model: chance = erf(W / (sqrt 2 m)), W = wc (1 + ac (1 - max(e, cos 45deg))) at a corner and
ws max(1 - as (1 - e), 0.05) at a middle pocket (e the cosine of the entry off the pocket's
axis), m = (d2 + k) sqrt((sigma (1 + d1 / (2 R cos cut)))^2 + (t sin cut)^2 + c0^2) (the heading's
error geared as in the geometric model; a factor on it would only rescale W, t and c0). Prints the
constants, the error of the fit and of the level's model, and on OTHER files (not fitted) the
same errors. Needs numpy and scipy."""
import sys

import numpy as np
from scipy.optimize import least_squares
from scipy.special import erf

R = 0.028575
SIGMA = np.deg2rad(0.125)  # the standard noise's aim


def load(path):
    rows = [line.split() for line in open(path, encoding="utf-8")]
    rows = [r for r in rows if len(r) in (9, 10) and r[0] in ("c", "s")]  # 10: with centred
    side = np.array([r[0] == "s" for r in rows])
    a = np.array([[float(x) for x in r[1:]] for r in rows])
    return side, a


def chance(p, side, a):
    wc, ws, ac, as_, t, c0, k = p
    e = np.cos(np.deg2rad(a[:, 0]))
    cut = np.deg2rad(np.abs(a[:, 1]))
    d1, d2 = a[:, 2], a[:, 3]
    w = np.where(side, ws * np.maximum(1 - as_ * (1 - e), 0.05),
                 wc * (1 + ac * (1 - np.maximum(e, np.sqrt(0.5)))))
    ang = np.sqrt((SIGMA * (1 + d1 / (2 * R * np.cos(cut))))**2 + (t * np.sin(cut))**2 + c0**2)
    return erf(w / (np.sqrt(2) * ang * (d2 + k)))


def main():
    side, a = load(sys.argv[1])
    sim = a[:, 6]
    fit = least_squares(lambda p: chance(p, side, a) - sim,
                        [0.04, 0.05, 1.0, 1.0, 0.01, 0.002, 0.05],
                        xtol=1e-12, ftol=1e-12, gtol=1e-12,
                        bounds=([0.001, 0.001, -5, -5, 0, 0, -0.2], [0.2, 0.2, 10, 10, 0.1, 0.05, 1]))
    print("wc ws ac as t c0 k:", " ".join("%.4g" % x for x in fit.x))
    for path in sys.argv[1:]:
        s, b = load(path)
        q = chance(fit.x, s, b)
        print("%s: rms error fitted %.4f, level's model %.4f; mean fitted %.3f, simulated %.3f" %
              (path, np.sqrt(np.mean((q - b[:, 6])**2)), np.sqrt(np.mean((b[:, 5] - b[:, 6])**2)),
               q.mean(), b[:, 6].mean()))


if __name__ == "__main__":
    main()

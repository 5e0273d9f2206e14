#!/usr/bin/env python3
"""The expected racks of tests/game/random_test.cpp, from an implementation of its own.

    python3 tests/game/rack_golden.py                 # prints the two tables the test pins
    python3 tests/game/rack_golden.py --check FILE    # exit 1 unless FILE pins exactly these

splitmix64 with Python's arbitrary-precision integers (masked to 64 bits), its draws as
core/random.hpp specifies them (uniform: the top 53 bits times 2^-53; below: rejection of
outputs under 2^64 mod n; shuffle: Fisher-Yates from the back), and the rack as
game/rack.cpp lays it out (the 8-ball's WPA order, the 9-ball's diamond, a seeded offset of
each ball by less than half the gap). The only floating point beyond + - * / is sqrt (exact
in IEEE 754) and the sin and cos of the C library (Python's math calls libm), so a libm
whose sin and cos differ in the last bit moves a coordinate by about 1e-20 m: the test
compares with a margin of 1e-12 m.
"""

import math
import re
import sys

MASK = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15
PI = 3.14159265358979323846  # core/vec.hpp's kPi (the double nearest pi)


def mix13(z):
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


class Random:
    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + GAMMA) & MASK
        return mix13(self.state)

    def uniform(self):
        return float(self.next() >> 11) * 2.0**-53

    def below(self, n):
        threshold = (1 << 64) % n
        x = self.next()
        while x < threshold:
            x = self.next()
        return x % n

    def shuffle(self, v):
        for i in range(len(v), 1, -1):
            j = self.below(i)
            v[i - 1], v[j] = v[j], v[i - 1]


def numbers(kind, rng):
    if kind == "8ball":
        rest = [2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15]
        rng.shuffle(rest)
        s = next(n for n in rest if n < 8)
        rest.remove(s)
        t = next(n for n in rest if n > 8)
        rest.remove(t)
        solid_left = rng.below(2) == 1
        out = [0] * 15
        out[0], out[4] = 1, 8
        out[10], out[14] = (s, t) if solid_left else (t, s)
        it = iter(rest)
        return [n if n else next(it) for n in out]
    rest = [2, 3, 4, 5, 6, 7, 8]
    rng.shuffle(rest)
    out = [0] * 9
    out[0], out[4] = 1, 9
    it = iter(rest)
    return [n if n else next(it) for n in out]


def rack(kind, seed, length=2.540, radius=0.028575, max_gap=1e-4):
    rng = Random(seed)
    half_gap = max_gap / 2.0
    d = 2.0 * radius + max_gap
    row_step = d * math.sqrt(3.0) / 2.0
    apex_x = length / 4.0
    widths = [1, 2, 3, 4, 5] if kind == "8ball" else [1, 2, 3, 2, 1]
    slots = [(row, k) for row in range(5) for k in range(widths[row])]
    order = numbers(kind, rng)
    balls = []
    for i, (row, k) in enumerate(slots):
        width = widths[row]
        sx = apex_x + row * row_step
        sy = (k - (width - 1) / 2.0) * d
        ang = 2.0 * PI * rng.uniform()
        ln = 0.99 * half_gap * rng.uniform()
        balls.append((order[i], sx + math.cos(ang) * ln, sy + math.sin(ang) * ln))
    return balls


TABLES = (("8ball", 1), ("9ball", 7))


def table_lines():
    lines = []
    for kind, seed in TABLES:
        lines.append(f"// {kind}, seed {seed}")
        lines += [f"{{{n}, {x:.17g}, {y:.17g}}}," for n, x, y in rack(kind, seed)]
    return lines


def check(path):
    """The test's rows ({id, x, y}, in order) against these. The margin, 1e-15 m, is far above
    what another libm's last bit moves (about 1e-20 m) and far below any edit by hand."""
    rows = re.findall(r"\{(\d+), ([-+0-9.e]+), ([-+0-9.e]+)\}", open(path).read())
    want = [b for kind, seed in TABLES for b in rack(kind, seed)]
    if len(rows) != len(want):
        print(f"{path}: {len(rows)} rack rows, expected {len(want)}")
        return 1
    for (n, x, y), (wn, wx, wy) in zip(rows, want):
        if int(n) != wn or abs(float(x) - wx) > 1e-15 or abs(float(y) - wy) > 1e-15:
            print(f"{path}: row {{{n}, {x}, {y}}} differs from {{{wn}, {wx:.17g}, {wy:.17g}}}")
            return 1
    print(f"{path}: {len(rows)} rack rows agree")
    return 0


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--check":
        return check(sys.argv[2])
    if len(sys.argv) != 1:
        print("usage: rack_golden.py [--check FILE]", file=sys.stderr)
        return 2
    print("\n".join(table_lines()))
    return 0


if __name__ == "__main__":
    sys.exit(main())

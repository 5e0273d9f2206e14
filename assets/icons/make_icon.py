#!/usr/bin/env python3
"""Draws the application icon assets/icons/billiards.png (256x256 RGBA): an 8-ball and the
cue ball on the cloth inside a wooden rail. Standard library only; 4x4 supersampling.
    python3 assets/icons/make_icon.py assets/icons/billiards.png
"""
import math
import struct
import sys
import zlib

SIZE = 256
SS = 4  # samples per pixel along each axis


def rounded_square(x, y, inset, radius):
    """True inside the square [inset, SIZE - inset]^2 with rounded corners."""
    lo, hi = inset + radius, SIZE - inset - radius
    cx = min(max(x, lo), hi)
    cy = min(max(y, lo), hi)
    return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2 and inset <= x <= SIZE - inset \
        and inset <= y <= SIZE - inset


def mix(a, b, t):
    return tuple(a[i] + (b[i] - a[i]) * t for i in range(3))


def shade(base, x, y, cx, cy, r):
    """A lit sphere: lighter towards the upper left, darker at the rim, a specular spot."""
    dx, dy = (x - cx) / r, (y - cy) / r
    nz = math.sqrt(max(0.0, 1.0 - dx * dx - dy * dy))
    light = (-0.45, -0.55, 0.70)
    lam = max(0.0, dx * light[0] + dy * light[1] + nz * light[2])
    c = tuple(v * (0.35 + 0.65 * lam) for v in base)
    spec = max(0.0, lam) ** 40
    return mix(c, (255, 255, 255), min(1.0, spec * 0.9))


def ball_8(x, y):
    cx, cy, r = 150.0, 142.0, 74.0
    d2 = (x - cx) ** 2 + (y - cy) ** 2
    if d2 > r * r:
        return None
    # The number disc (white) with an "8": two stacked rings.
    ox, oy = cx - 14.0, cy - 16.0
    base = (18, 18, 20)
    if (x - ox) ** 2 + (y - oy) ** 2 <= 30.0 ** 2:
        base = (245, 243, 235)
        for (rx, ry, ro, ri) in ((ox, oy - 10.0, 10.5, 5.0), (ox, oy + 10.5, 12.0, 6.0)):
            q = (x - rx) ** 2 + (y - ry) ** 2
            if ri * ri <= q <= ro * ro:
                base = (18, 18, 20)
    return shade(base, x, y, cx, cy, r)


def cue_ball(x, y):
    cx, cy, r = 74.0, 84.0, 40.0
    if (x - cx) ** 2 + (y - cy) ** 2 > r * r:
        return None
    return shade((250, 248, 240), x, y, cx, cy, r)


def sample(x, y):
    if not rounded_square(x, y, 4.0, 44.0):
        return (0, 0, 0, 0)
    if not rounded_square(x, y, 22.0, 28.0):
        # Wooden rail, a little grain.
        g = 0.5 + 0.5 * math.sin(x * 0.09 + math.sin(y * 0.05) * 2.0)
        return mix((92, 50, 24), (122, 70, 34), g) + (255,)
    for f in (cue_ball, ball_8):
        c = f(x, y)
        if c is not None:
            return c + (255,)
    # Cloth: lighter in the middle; a soft shadow under each ball.
    t = math.hypot(x - SIZE / 2, y - SIZE / 2) / (SIZE * 0.7)
    c = mix((40, 140, 72), (20, 92, 46), min(1.0, t))
    for (cx, cy, r) in ((160.0, 154.0, 74.0), (82.0, 94.0, 40.0)):
        d = math.hypot(x - cx, y - cy)
        if d < r * 1.15:
            c = mix(c, (8, 40, 18), 0.45 * (1.0 - max(0.0, d - r * 0.8) / (r * 0.35)))
    return c + (255,)


def main(out):
    rows = []
    for py in range(SIZE):
        row = bytearray([0])  # filter: none
        for px in range(SIZE):
            acc = [0.0, 0.0, 0.0, 0.0]
            for sy in range(SS):
                for sx in range(SS):
                    c = sample(px + (sx + 0.5) / SS, py + (sy + 0.5) / SS)
                    a = c[3] / 255.0
                    for i in range(3):
                        acc[i] += c[i] * a
                    acc[3] += a
            n = SS * SS
            alpha = acc[3] / n
            rgb = [acc[i] / acc[3] if acc[3] > 0 else 0 for i in range(3)]
            row += bytes(int(round(min(255.0, max(0.0, v)))) for v in rgb)
            row.append(int(round(alpha * 255)))
        rows.append(bytes(row))

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    png = b"\x89PNG\r\n\x1a\n"
    png += chunk(b"IHDR", struct.pack(">IIBBBBB", SIZE, SIZE, 8, 6, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
    png += chunk(b"IEND", b"")
    with open(out, "wb") as f:
        f.write(png)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "billiards.png")

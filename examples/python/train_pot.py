#!/usr/bin/env python3
"""Trains a policy to pot a ball from a random position (billiards.env.VectorEnv's "pot"
task, the game's physics) with PyTorch, from the environment's rewards, and compares it with
a baseline that aims at the ghost ball at a fixed speed.

    PYTHONPATH=build/ci/python python3 examples/python/train_pot.py --minutes 8 \\
        --plot docs/train-pot.png

The observation is turned into the geometry a player reads (for each pocket: the cut angle
at the ghost ball, the cue ball's distance to it and the object ball's to the pocket). The
policy gives, for each pocket, a score (the pocket is drawn by a softmax over the six), a
correction to the ghost-ball heading (throw) and a cue speed. It learns by the cross-entropy
method: shots are drawn from it with noise that narrows over the first half of the run,
and it is fitted to play the shots that potted (reward 1), i.e. to maximise the likelihood
of the rewarded actions. It is judged by its most likely action on held-out positions
(another seed), which it never trained on.
"""
import argparse
import json
import time
from typing import Dict, List, Optional, Tuple

import numpy as np
import torch
from torch import nn

import billiards
from billiards.env import VectorEnv

R = 0.028575  # the pool ball's radius, m
POCKETS = billiards.table("pool-9ft")["pockets"][:, :2]
SIDE = np.array([0, 0, 0, 0, 1, 1], dtype=np.float64)  # which pockets are side pockets
FEATURES = 7


def geometry(obs: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
    """Per environment and pocket: features (n, 6, FEATURES) and the ghost-ball heading
    in degrees (n, 6)."""
    cue = obs[:, 0, :2]
    target = obs[:, 1, :2]
    n = len(obs)
    feats = np.zeros((n, len(POCKETS), FEATURES))
    heading = np.zeros((n, len(POCKETS)))
    for k, p in enumerate(POCKETS):
        d = p - target
        dist_tp = np.linalg.norm(d, axis=1)
        d /= dist_tp[:, None]
        v = target - 2 * R * d - cue
        dist_cg = np.linalg.norm(v, axis=1)
        u = v / dist_cg[:, None]
        cos_cut = (u * d).sum(axis=1)
        sin_cut = u[:, 0] * d[:, 1] - u[:, 1] * d[:, 0]
        heading[:, k] = np.degrees(np.arctan2(v[:, 1], v[:, 0]))
        feats[:, k] = np.column_stack([cos_cut, sin_cut, dist_cg, dist_tp,
                                       np.full(n, SIDE[k]), cos_cut * dist_cg,
                                       sin_cut * dist_tp])
    return feats, heading


class Policy(nn.Module):
    """Per pocket, from that pocket's features: a score (the pocket is chosen by a softmax
    over the six), the mean correction to its ghost-ball heading (degrees) and the mean cue
    speed (m/s)."""

    def __init__(self, hidden: int = 32):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(FEATURES, hidden), nn.Tanh(),
                                 nn.Linear(hidden, hidden), nn.Tanh(), nn.Linear(hidden, 3))

    def forward(self, feats: torch.Tensor):
        out = self.net(feats)
        return out[..., 0], 2.0 * torch.tanh(out[..., 1]), 1.5 + 1.0 * torch.tanh(out[..., 2])


def choose(policy: Policy, feats: np.ndarray, rng: Optional[np.random.Generator] = None,
           spread: float = 0.0):
    """The pocket, correction and speed per position: the most likely (no rng), or drawn
    from the policy with noise (`spread` 1: wide, 0: narrow) for exploring."""
    with torch.no_grad():
        logits, correction, speed = policy(torch.as_tensor(feats, dtype=torch.float32))
    n = len(feats)
    if rng is None:
        k = logits.argmax(1).numpy()
        rows = np.arange(n)
        return k, correction.numpy()[rows, k], speed.numpy()[rows, k]
    p = torch.softmax(logits, 1).numpy()
    p = 0.9 * p + 0.1 / p.shape[1]  # every pocket keeps being tried
    k = (p.cumsum(1) > rng.random((n, 1))).argmax(1)
    rows = np.arange(n)
    c = correction.numpy()[rows, k] + rng.normal(0.0, 0.25 + 0.75 * spread, n)
    v = np.clip(speed.numpy()[rows, k] + rng.normal(0.0, 0.2 + 0.6 * spread, n), 0.5, 3.5)
    return k, c, v


def actions_for(heading: np.ndarray, pocket: np.ndarray, correction: np.ndarray,
                speed: np.ndarray) -> np.ndarray:
    actions = np.zeros((len(pocket), 4))
    actions[:, 0] = heading[np.arange(len(pocket)), pocket] + correction
    actions[:, 1] = speed
    return actions


def baseline_actions(obs: np.ndarray, speed: float) -> np.ndarray:
    """Ghost-ball aim for the pocket of the smallest cut, centre ball, fixed speed."""
    feats, heading = geometry(obs)
    k = feats[:, :, 0].argmax(1)  # the largest cos(cut)
    actions = np.zeros((len(obs), 4))
    actions[:, 0] = heading[np.arange(len(obs)), k]
    actions[:, 1] = speed
    return actions


def pot_rate(env: VectorEnv, choose, seed: int) -> float:
    """The share of held-out positions (the env reset with `seed`) potted by one shot each."""
    obs, _ = env.reset(seed=seed)
    _, rewards, _, _, _ = env.step(choose(obs))
    return float(rewards.mean())


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--minutes", type=float, default=8.0, help="training time")
    p.add_argument("--shots", type=int, default=0,
                   help="train for this many shots instead (the same run on any machine)")
    p.add_argument("--envs", type=int, default=1024, help="shots per update")
    p.add_argument("--held-out", type=int, default=4096, help="evaluation positions")
    p.add_argument("--eval-every", type=float, default=20.0, help="seconds between evaluations")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--threads", type=int, default=None)
    p.add_argument("--lr", type=float, default=3e-3)
    p.add_argument("--memory", type=int, default=50, help="batches of shots kept")
    p.add_argument("--updates", type=int, default=4, help="minibatches per batch of shots")
    p.add_argument("--batch", type=int, default=512, help="potted shots per minibatch")
    p.add_argument("--baseline-speed", type=float, default=1.5)
    p.add_argument("--plot", help="PNG of the learning curve")
    p.add_argument("--json", help="the figures as JSON")
    a = p.parse_args()
    torch.manual_seed(a.seed)
    torch.set_num_threads(1)
    rng = np.random.default_rng(a.seed)
    held_out_seed = 10**9 + a.seed  # never used for training
    train = VectorEnv(a.envs, game="pot", seed=a.seed, threads=a.threads)
    evaluate = VectorEnv(a.held_out, game="pot", threads=a.threads)
    policy = Policy()
    opt = torch.optim.Adam(policy.parameters(), lr=a.lr)

    def greedy(o: np.ndarray) -> np.ndarray:
        feats, heading = geometry(o)
        return actions_for(heading, *choose(policy, feats))

    random_rate = pot_rate(evaluate, lambda o: evaluate.action_space.sample(), held_out_seed)
    base_rate = pot_rate(evaluate, lambda o: baseline_actions(o, a.baseline_speed),
                         held_out_seed)
    print(f"held-out positions: {a.held_out}; random play {random_rate:.1%}, "
          f"ghost-ball baseline ({a.baseline_speed:g} m/s) {base_rate:.1%}")
    curve: List[Tuple[float, int, float]] = [(0.0, 0, pot_rate(evaluate, greedy, held_out_seed))]
    print(f"{0.0:6.0f} s {0:>10,} shots  held-out pot rate {curve[-1][2]:.1%}", flush=True)
    obs, _ = train.reset()
    # The shots that potted (the position's features, the pocket, correction and speed
    # played), the latest kept: the policy is fitted to play them (the cross-entropy
    # method: the likelihood of the rewarded actions, i.e. reward-weighted regression).
    potted: List[np.ndarray] = []
    start = time.perf_counter()
    next_eval = a.eval_every
    shots = 0
    eval_time = 0.0
    while True:
        elapsed = time.perf_counter() - start - eval_time
        progress = shots / a.shots if a.shots else elapsed / (a.minutes * 60)
        if progress >= 1.0:
            break
        feats, heading = geometry(obs)
        spread = max(0.0, 1.0 - 2.0 * progress)  # narrower with time
        k, c, v = choose(policy, feats, rng, spread)
        obs, rewards, _, _, _ = train.step(actions_for(heading, k, c, v))
        shots += a.envs
        hit = rewards > 0
        potted.append(np.column_stack([feats[hit].reshape(int(hit.sum()), -1), k[hit], c[hit],
                                       v[hit]]).astype(np.float32))
        potted = potted[-a.memory:]
        data = torch.as_tensor(np.concatenate(potted))
        for idx in torch.randperm(len(data))[:a.updates * a.batch].split(a.batch):
            b = data[idx]
            f = b[:, :6 * FEATURES].reshape(-1, 6, FEATURES)
            kk = b[:, 6 * FEATURES].long()
            logits, correction, speed = policy(f)
            rows = torch.arange(len(b))
            loss = (nn.functional.cross_entropy(logits, kk)
                    + ((correction[rows, kk] - b[:, 6 * FEATURES + 1]) ** 2).mean()
                    + ((speed[rows, kk] - b[:, 6 * FEATURES + 2]) ** 2).mean())
            opt.zero_grad()
            loss.backward()
            opt.step()
        if elapsed >= next_eval:
            t0 = time.perf_counter()
            curve.append((elapsed, shots, pot_rate(evaluate, greedy, held_out_seed)))
            eval_time += time.perf_counter() - t0
            next_eval += a.eval_every
            print(f"{elapsed:6.0f} s {shots:>10,} shots  held-out pot rate {curve[-1][2]:.1%}",
                  flush=True)
    elapsed = time.perf_counter() - start - eval_time
    final = pot_rate(evaluate, greedy, held_out_seed)
    curve.append((elapsed, shots, final))
    print(f"final held-out pot rate {final:.1%} after {shots:,} shots in {elapsed:.0f} s "
          f"(ghost-ball baseline {base_rate:.1%}, random play {random_rate:.1%})")
    train.close()
    evaluate.close()
    figures: Dict[str, object] = {"final": final, "baseline": base_rate, "random": random_rate,
                                  "untrained": curve[0][2], "shots": shots,
                                  "seconds": elapsed, "curve": curve}
    if a.json:
        with open(a.json, "w") as out:
            json.dump(figures, out, indent=1)
    if a.plot:
        plot(curve, base_rate, random_rate, a.plot)


def plot(curve: List[Tuple[float, int, float]], base_rate: float, random_rate: float,
         path: str) -> None:
    import matplotlib  # noqa: PLC0415 - only for the picture
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415

    fig, ax = plt.subplots(figsize=(7, 4), dpi=100)
    ax.plot([c[0] / 60 for c in curve], [100 * c[2] for c in curve], marker="o", ms=3,
            label="trained policy (held-out positions)")
    ax.axhline(100 * base_rate, color="tab:orange", ls="--", label="ghost-ball aim, fixed speed")
    ax.axhline(100 * random_rate, color="tab:gray", ls=":", label="random play")
    ax.set_xlabel("training time, minutes (2 cores)")
    ax.set_ylabel("pot rate, %")
    ax.set_ylim(0, 100)
    ax.set_title("billiards.env.VectorEnv, pot task: cross-entropy method in PyTorch")
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path)
    print(f"wrote {path}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""A greedy agent in billiards.env.BilliardsEnv: each shot is the one the computer
opponent's shot generator rates best for the position (Match.computer_move), played as
intended (the environment adds no noise); ball in hand goes where the computer would put it.

    PYTHONPATH=build/ci/python python3 examples/python/greedy_agent.py --episodes 2
"""
import argparse

import numpy as np

from billiards.env import BilliardsEnv


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--episodes", type=int, default=2)
    p.add_argument("--max-shots", type=int, default=30)
    p.add_argument("--game", default="9-ball")
    p.add_argument("--budget", type=int, default=300_000,
                   help="the shot generator's work budget per shot (physics steps)")
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    env = BilliardsEnv(game=a.game, max_shots=a.max_shots, ball_in_hand="computer",
                       budget=a.budget, max_speed=20.0)
    for episode in range(1, a.episodes + 1):
        obs, info = env.reset(seed=a.seed + episode)
        total, shots, done = 0.0, 0, False
        while not done:
            move = env.match.computer_move(a.budget)
            s = move["intended"]
            action = np.array([s["heading"], s["speed"], s["side"], s["height"]])
            obs, reward, terminated, truncated, info = env.step(action)
            total += reward
            shots += 1
            done = terminated or truncated
        print(f"episode {episode}: {shots} shots, reward {total:+g}, "
              f"{int(obs[1:, 2].sum())} object balls left, {info['view']['status']}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""A random agent in billiards.env.BilliardsEnv: uniform actions from the action space.

    PYTHONPATH=build/ci/python python3 examples/python/random_agent.py --episodes 3
"""
import argparse

from billiards.env import BilliardsEnv


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--episodes", type=int, default=3)
    p.add_argument("--max-shots", type=int, default=50)
    p.add_argument("--game", default="9-ball")
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    env = BilliardsEnv(game=a.game, max_shots=a.max_shots)
    for episode in range(1, a.episodes + 1):
        obs, info = env.reset(seed=a.seed + episode)
        total, shots, done = 0.0, 0, False
        while not done:
            obs, reward, terminated, truncated, info = env.step(env.action_space.sample())
            total += reward
            shots += 1
            done = terminated or truncated
        print(f"episode {episode}: {shots} shots, reward {total:+g}, "
              f"{int(obs[1:, 2].sum())} object balls left, {info['view']['status']}")


if __name__ == "__main__":
    main()

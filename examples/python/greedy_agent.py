#!/usr/bin/env python3
"""A greedy agent in billiards.env.BilliardsEnv: each shot is the one the computer
opponent's shot generator rates best for the position (Match.computer_move), played as
intended (the environment adds no noise); ball in hand goes where the computer would put it.

    PYTHONPATH=build/ci/python python3 examples/python/greedy_agent.py --episodes 2
"""
import numpy as np

from billiards.env import BilliardsEnv, agent_arguments, run_episodes


def main() -> None:
    p = agent_arguments(__doc__.splitlines()[0], episodes=2, max_shots=30)
    p.add_argument("--budget", type=int, default=300_000,
                   help="the shot generator's work budget per shot (physics steps)")
    a = p.parse_args()
    env = BilliardsEnv(game=a.game, max_shots=a.max_shots, ball_in_hand="computer",
                       budget=a.budget, max_speed=20.0)

    def greedy(env, obs):
        s = env.match.computer_move(a.budget)["intended"]
        return np.array([s["heading"], s["speed"], s["side"], s["height"]])

    run_episodes(env, greedy, a.episodes, a.seed)


if __name__ == "__main__":
    main()

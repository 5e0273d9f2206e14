#!/usr/bin/env python3
"""A random agent in billiards.env.BilliardsEnv: uniform actions from the action space.

    PYTHONPATH=build/ci/python python3 examples/python/random_agent.py --episodes 3
"""
from billiards.env import BilliardsEnv, agent_arguments, run_episodes


def main() -> None:
    a = agent_arguments(__doc__.splitlines()[0], episodes=3, max_shots=50).parse_args()
    env = BilliardsEnv(game=a.game, max_shots=a.max_shots)
    run_episodes(env, lambda env, obs: env.action_space.sample(), a.episodes, a.seed)


if __name__ == "__main__":
    main()

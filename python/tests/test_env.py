"""billiards.env.BilliardsEnv: the Gymnasium API's shapes, determinism, rewards, and the
example agents."""
import os
import subprocess
import sys

import numpy as np
import pytest

from billiards.env import BilliardsEnv, Box
from conftest import SOURCE


def test_spaces_and_reset():
    env = BilliardsEnv(game="9-ball")
    assert env.action_space.shape == (4,) and env.observation_space.shape == (16, 4)
    assert env.action_space.low.tolist() == [-180, 0, -0.5, -0.5]
    obs, info = env.reset(seed=2)
    assert obs.shape == (16, 4) and env.observation_space.contains(obs)
    assert obs[:10, 2].tolist() == [1.0] * 10 and obs[10:, 2].tolist() == [0.0] * 6
    assert obs[:, 3].tolist() == [0.0, 1.0] + [0.0] * 14  # the break must hit the 1
    assert info["view"]["shooter"] == 0
    a = env.action_space.sample()
    assert env.action_space.contains(a)


def test_the_same_seed_and_actions_give_the_same_episode():
    def episode():
        env = BilliardsEnv(game="8-ball", max_shots=4)
        obs, _ = env.reset(seed=9)
        rng = np.random.default_rng(1)
        out = [obs]
        for _ in range(4):
            obs, reward, terminated, truncated, info = env.step(
                [rng.uniform(-180, 180), rng.uniform(1, 8), 0.0, 0.0])
            out += [obs, reward, terminated, truncated]
            if terminated or truncated:
                break
        return out

    a, b = episode(), episode()
    assert len(a) == len(b)
    for x, y in zip(a, b):
        assert np.array_equal(x, y)
    assert a[-1] or a[-2]  # truncated after 4 shots or ended


def test_rewards_follow_the_verdicts():
    env = BilliardsEnv(game="9-ball")
    env.reset(seed=3)
    # A soft shot away from every ball is a foul: -1 and ball in hand for the (same) agent.
    obs, reward, terminated, truncated, info = env.step([180.0, 0.3, 0.0, 0.0])
    assert not info["verdict"]["legal"] and reward == -1.0
    assert not terminated and not truncated
    # Clipping: a tip beyond the miscue limit and a speed beyond the space are played.
    obs, reward, terminated, truncated, info = env.step([0.0, 100.0, 0.5, 0.5])
    assert info["verdict"]["shot"]["speed"] == 10.0
    assert np.hypot(info["verdict"]["shot"]["side"], info["verdict"]["shot"]["height"]) < 0.5
    expected = len(info["verdict"]["pocketed"]) if info["verdict"]["legal"] else -1.0
    if info["view"]["game_over"]:
        expected += 10.0
    assert reward == expected


def test_against_the_computer():
    env = BilliardsEnv(game="9-ball", opponent="computer", budget=100_000)
    env.reset(seed=4)
    obs, reward, terminated, truncated, info = env.step([180.0, 0.3, 0.0, 0.0])  # a foul
    assert reward <= -1.0
    # The computer took its turn(s) before the agent's next one.
    assert terminated or (info["opponent_shots"] and info["view"]["shooter"] == 0)


def test_bad_arguments():
    with pytest.raises(ValueError):
        BilliardsEnv(opponent="dog")
    with pytest.raises(ValueError):
        BilliardsEnv(game="snooker").reset(seed=1)
    env = BilliardsEnv()
    with pytest.raises(RuntimeError):
        env.step([0, 1, 0, 0])
    env.reset(seed=1)
    with pytest.raises(ValueError):
        env.step([0, 1, 0])
    assert Box([0], [1]).contains(np.array([0.5])) and not Box([0], [1]).contains([2.0])


@pytest.mark.parametrize("agent", ["random_agent.py", "greedy_agent.py"])
def test_example_agents_run(agent):
    script = os.path.join(SOURCE, "examples", "python", agent)
    p = subprocess.run([sys.executable, script, "--episodes", "1", "--max-shots", "3"],
                       capture_output=True, text=True, timeout=240)
    assert p.returncode == 0, p.stderr
    assert "episode 1" in p.stdout

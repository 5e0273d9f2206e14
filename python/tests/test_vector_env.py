"""billiards.env.VectorEnv: the Gymnasium vector API's shapes and dtypes, same-step
autoreset, the pot task's rewards against the single-world engine, every game, bad
arguments, and determinism whatever the thread count."""
import math

import numpy as np
import pytest

import billiards
from billiards.env import VectorEnv

R = 0.028575


def ghost_ball_actions(obs, speed=1.5, pocket=None):
    """Aim at the ghost ball of the target for the pocket with the smallest cut (or the
    given pocket index), centre ball."""
    pockets = billiards.table("pool-9ft")["pockets"][:, :2]
    actions = np.zeros((len(obs), 4))
    actions[:, 1] = speed
    for i, o in enumerate(obs):
        cue = o[o[:, 3] == 1][0, :2]
        target = o[o[:, 4] == 1][0, :2]
        best = None
        for k, p in enumerate(pockets):
            d = (p - target) / np.linalg.norm(p - target)
            ghost = target - 2 * R * d
            v = ghost - cue
            cut = math.acos(np.clip(v @ d / np.linalg.norm(v), -1, 1))
            if (pocket is None and (best is None or cut < best[0])) or k == pocket:
                best = (cut, math.degrees(math.atan2(v[1], v[0])))
        actions[i, 0] = best[1]
    return actions


def test_spaces_shapes_and_dtypes():
    env = VectorEnv(3, game="pot", seed=1, threads=1)
    assert env.single_action_space.shape == (4,)
    assert env.single_observation_space.shape == (2, 5)
    assert env.action_space.shape == (3, 4) and env.observation_space.shape == (3, 2, 5)
    assert env.metadata["autoreset_mode"] == "same-step"
    obs, infos = env.reset(seed=1)
    assert obs.shape == (3, 2, 5) and obs.dtype == np.float64 and infos == {}
    assert env.observation_space.contains(obs)
    for o in obs:  # row 0 the cue ball, row 1 the target, both on the table
        assert o[:, 2:].tolist() == [[1.0, 1.0, 0.0], [1.0, 0.0, 1.0]]
    actions = env.action_space.sample()
    assert actions.shape == (3, 4) and env.action_space.contains(actions)
    obs, rewards, terminations, truncations, infos = env.step(actions)
    assert obs.shape == (3, 2, 5)
    assert rewards.shape == (3,) and rewards.dtype == np.float64
    assert terminations.dtype == np.bool_ and truncations.dtype == np.bool_
    assert terminations.all() and not truncations.any()  # one shot per episode
    assert set(infos) >= {"legal", "pocketed", "first_contact", "cue_pocketed",
                          "final_observation", "_final_observation"}
    assert infos["final_observation"].shape == (3, 2, 5)
    env.close()


def test_more_object_balls_and_the_games_observation_rows():
    env = VectorEnv(2, object_balls=5, seed=4, threads=1)
    obs, _ = env.reset()
    assert obs.shape == (2, 6, 5)
    assert (obs[:, :, 4].sum(axis=1) == 1).all() and (obs[:, 0, 3] == 1).all()
    # No two balls overlap.
    for o in obs:
        d = np.linalg.norm(o[:, None, :2] - o[None, :, :2], axis=2) + np.eye(6)
        assert d.min() >= 2 * R
    for game, rows in (("8-ball", 16), ("9-ball", 16), ("snooker", 22), ("three-cushion", 3)):
        env = VectorEnv(2, game=game, seed=5, threads=1, max_shots=2)
        obs, _ = env.reset()
        assert obs.shape == (2, rows, 5), game
        assert (obs[:, :, 3].sum(axis=1) == 1).all(), game  # one cue ball
        assert (obs[:, :, 4].sum(axis=1) >= 1).all(), game  # something to hit
        env.close()


def test_a_pot_is_rewarded_as_the_world_plays_it():
    """The rewards and pocketed counts of the vector env are those of the same shots run one
    at a time through World with the same physics (the ideal physics is the engine's
    defaults, whose cushion friction a scenario file leaves at 0 unless given)."""
    env = VectorEnv(6, seed=11, threads=2, physics="ideal")
    obs, _ = env.reset()
    actions = ghost_ball_actions(obs)
    _, rewards, _, _, infos = env.step(actions)
    assert np.array_equal(infos["final_observation"], obs)
    assert infos["_final_observation"].all()
    for o, a, reward, pocketed in zip(obs, actions, rewards, infos["pocketed"]):
        w = billiards.World("pool-9ft", physics={"cushion_friction": 0.2})
        w.add_ball(0, o[0, :2])
        w.add_ball(1, o[1, :2])
        w.strike(heading=a[0], speed=a[1])
        w.run(max_seconds=60.0)
        b = w.balls()
        in_pocket = b["state"][list(b["id"]).index(1)] == billiards.STATES.index("pocketed")
        cue_in = b["state"][list(b["id"]).index(0)] == billiards.STATES.index("pocketed")
        assert pocketed == int(in_pocket)
        assert reward == float(in_pocket and not cue_in)
    assert rewards.sum() >= 2  # ghost-ball aim pots some of six


def test_missing_the_target_is_no_pot():
    env = VectorEnv(4, seed=2, threads=1)
    obs, _ = env.reset()
    # Away from the target: it is not hit first (or at all).
    actions = ghost_ball_actions(obs)
    actions[:, 0] += 180.0
    _, rewards, _, _, infos = env.step(actions)
    assert rewards.tolist() == [0.0] * 4
    assert (infos["first_contact"] != 1).all() and not infos["legal"].any()


def test_same_step_autoreset_starts_new_positions():
    env = VectorEnv(4, seed=3, threads=1)
    obs, _ = env.reset()
    new_obs, _, terminations, _, infos = env.step(ghost_ball_actions(obs))
    assert terminations.all() and infos["_final_observation"].all()
    assert np.array_equal(infos["final_observation"], obs)
    assert not np.array_equal(new_obs[:, :, :2], obs[:, :, :2])


def test_games_run_to_truncation_and_reset():
    env = VectorEnv(2, game="9-ball", seed=7, threads=2, max_shots=2)
    obs, _ = env.reset()
    breaks = obs.copy()
    soft = np.array([[180.0, 0.3, 0.0, 0.0]] * 2)  # away from every ball: a foul
    obs, rewards, terminations, truncations, infos = env.step(soft)
    assert rewards.tolist() == [-1.0, -1.0] and not infos["legal"].any()
    assert not (terminations | truncations).any() and not infos["_final_observation"].any()
    assert (infos["final_observation"] == 0).all()
    obs, rewards, terminations, truncations, infos = env.step(soft)
    assert truncations.all() and not terminations.any() and infos["shots"].tolist() == [2, 2]
    assert infos["_final_observation"].all()
    # A new game racked: every object ball back, the 1 to hit.
    assert obs[:, 1:10, 2].all() and obs[:, :, 4].tolist() == breaks[:, :, 4].tolist()


def test_every_game_plays_a_few_shots():
    for game in ("8-ball", "snooker", "three-cushion"):
        env = VectorEnv(2, game=game, seed=1, threads=2, max_shots=3)
        env.reset()
        rng = np.random.default_rng(0)
        for _ in range(3):
            a = np.column_stack([rng.uniform(-180, 180, 2), rng.uniform(1, 6, 2),
                                 np.zeros(2), np.zeros(2)])
            obs, rewards, terminations, truncations, infos = env.step(a)
            assert obs.shape[0] == 2 and np.isfinite(rewards).all(), game
            assert (rewards == -1.0).tolist() == (~infos["legal"]).tolist(), game
        assert (terminations | truncations).all(), game
        env.close()


def run(threads, game="pot", steps=3, n=6, **kw):
    env = VectorEnv(n, game=game, seed=21, threads=threads, **kw)
    out = list(env.reset())[:1]
    rng = np.random.default_rng(5)
    for _ in range(steps):
        a = np.column_stack([rng.uniform(-180, 180, n), rng.uniform(0.5, 4, n),
                             rng.uniform(-0.5, 0.5, n), rng.uniform(-0.5, 0.5, n)])
        obs, rewards, terminations, truncations, infos = env.step(a)
        out += [obs, rewards, terminations, truncations] + [infos[k] for k in sorted(infos)]
    env.close()
    return out


@pytest.mark.parametrize("game", ["pot", "9-ball"])
def test_one_and_two_threads_give_the_same_bits(game):
    kw = {"object_balls": 3} if game == "pot" else {"max_shots": 2}
    one, two = run(1, game, **kw), run(2, game, **kw)
    assert len(one) == len(two)
    for a, b in zip(one, two):
        assert a.dtype == b.dtype and a.tobytes() == b.tobytes()


def test_seeds_give_their_streams():
    a = VectorEnv(3, seed=8, threads=1)
    b = VectorEnv(3, seed=9, threads=1)
    oa, ob = a.reset()[0], b.reset()[0]
    assert not np.array_equal(oa, ob)
    assert np.array_equal(a.reset(seed=9)[0], ob)  # reset(seed) restarts every stream
    # Environment i's stream does not depend on how many there are.
    c = VectorEnv(5, seed=9, threads=2)
    assert np.array_equal(c.reset()[0][:3], ob)


@pytest.mark.parametrize("kwargs, error, message", [
    ({"num_envs": 0}, ValueError, "num_envs: must be at least 1"),
    ({"num_envs": 2.0}, TypeError, "num_envs: must be an integer"),
    ({"num_envs": 2, "game": "pool"}, ValueError, 'game: must be one of "pot"'),
    ({"num_envs": 2, "threads": 0}, ValueError, "threads: must be at least 1"),
    ({"num_envs": 2, "object_balls": 16}, ValueError, "object_balls: must be between 1 and 15"),
    ({"num_envs": 2, "game": "snooker", "object_balls": 2}, ValueError, "only for the"),
    ({"num_envs": 2, "physics": "real"}, ValueError, 'physics: must be "play" or "ideal"'),
    ({"num_envs": 2, "table": "carom-10ft"}, ValueError, "not a standard pool table"),
    ({"num_envs": 2, "max_speed": 50.0}, ValueError, "max_speed: must be above 0"),
    ({"num_envs": 2, "seed": -1}, ValueError, "seed: must be at least 0"),
])
def test_bad_arguments_are_refused(kwargs, error, message):
    with pytest.raises(error, match=message):
        VectorEnv(**kwargs)


def test_bad_actions_are_refused_before_any_shot():
    env = VectorEnv(2, seed=1, threads=1)
    with pytest.raises(RuntimeError, match="before reset"):
        env.step(np.zeros((2, 4)))
    obs, _ = env.reset()
    for actions in (np.zeros((3, 4)), np.zeros(4), np.zeros((2, 3)), np.zeros((2, 4, 1))):
        with pytest.raises(ValueError, match=r"must have the shape \(2, 4\)"):
            env.step(actions)
    bad = np.ones((2, 4))
    bad[1, 2] = np.nan
    with pytest.raises(ValueError, match="row 1 is not finite"):
        env.step(bad)
    with pytest.raises(ValueError, match="not finite"):
        env.step(np.full((2, 4), np.inf))
    with pytest.raises(ValueError, match="reset: seed"):
        env.reset(seed=-3)
    # Nothing was played: the next step starts from the same positions.
    _, _, _, _, infos = env.step(np.zeros((2, 4)))
    assert np.array_equal(infos["final_observation"], obs)
    env.close()
    with pytest.raises(RuntimeError, match="closed"):
        env.step(np.zeros((2, 4)))

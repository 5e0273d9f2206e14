"""billiards.World: building a world ball by ball, striking, running, reading arrays."""
import json
import math
import os

import numpy as np
import pytest

import billiards
from conftest import scenario_files

FRICTIONLESS = {"sliding_friction": 0, "rolling_friction": 0, "spin_friction": 0,
                "ball_friction": 0, "cushion_friction": 0}


def test_from_scenario_runs_as_simulate():
    for path in scenario_files():
        w = billiards.World.from_scenario(path)
        w.run()
        assert w.result(events=True) == billiards.simulate(path, events=True), path


def test_a_world_built_in_python_is_the_scenario_it_writes():
    w = billiards.World("pool-9ft", physics={"ball_contact": "hertz"})
    w.add_ball(0, (-0.635, 0.0))
    for k, (x, y) in enumerate([(0.635, 0.0), (0.685, 0.03), (0.685, -0.03)], start=1):
        w.add_ball(k, (x, y))
    w.strike(heading=0.5, speed=5.0, side=0.1, height=0.2)
    scenario = w.scenario()
    assert [b["id"] for b in scenario["balls"]] == [0, 1, 2, 3]
    assert "shot" not in scenario  # the strike is in the balls' motion
    w.run()
    # The same scenario with the shot, run by the engine's scenario runner.
    s = billiards.World("pool-9ft", physics={"ball_contact": "hertz"}).scenario()
    s["balls"] = [{"id": 0, "position": [-0.635, 0.0]}, {"id": 1, "position": [0.635, 0.0]},
                  {"id": 2, "position": [0.685, 0.03]}, {"id": 3, "position": [0.685, -0.03]}]
    s["shot"] = {"ball": 0, "heading": 0.5, "speed": 5.0, "tip": [0.1, 0.2]}
    assert w.result(events=True) == billiards.simulate(s, events=True)


def test_strike_gives_the_closed_form_velocity_and_frictionless_motion_is_straight():
    w = billiards.World("pool-9ft", physics=FRICTIONLESS)
    w.add_ball(0, (-0.5, -0.2))
    heading, speed = 20.0, 1.5
    w.strike(heading=heading, speed=speed)
    m, M, e = 0.17, 0.567, 0.75
    v0 = (1 + e) * speed / (1 + m / M)  # cue.hpp: the centre hit
    h = math.radians(heading)
    v = w.balls()["velocity"][0]
    assert v == pytest.approx([v0 * math.cos(h), v0 * math.sin(h)], rel=1e-14)
    steps = w.run_for(0.1)
    assert w.time == pytest.approx(0.1, abs=1e-15)
    assert steps == 24  # 0.1 s of 1/240 s steps
    p = w.balls()["position"][0]
    assert p == pytest.approx([-0.5 + 0.1 * v[0], -0.2 + 0.1 * v[1]], abs=1e-12)
    assert billiards.STATES[w.balls()["state"][0]] in ("sliding", "rolling")


def test_sliding_to_rolling_and_rest_follow_the_cloth_model():
    """A centre hit slides, rolls after 2 v0 / (7 mu_s g), stops at 5/7 v0 / (mu_r g)."""
    w = billiards.World("pool-9ft")
    w.add_ball(0, (-1.0, 0.0))
    w.strike(heading=0.0, speed=0.5)
    v0 = w.balls()["velocity"][0][0]
    g, mu_s, mu_r = 9.81, 0.2, 0.01
    t_roll = 2 * v0 / (7 * mu_s * g)
    w.run_for(t_roll * 0.9)
    assert billiards.STATES[w.balls()["state"][0]] == "sliding"
    w.run_for(t_roll * 0.2)
    assert billiards.STATES[w.balls()["state"][0]] == "rolling"
    w.run()
    t_rest = t_roll + (5 / 7) * v0 / (mu_r * g)
    assert w.at_rest
    assert t_rest <= w.time < t_rest + 1 / 240 + 1e-12
    x_rest = -1.0 + v0 * t_roll - 0.5 * mu_s * g * t_roll**2 + ((5 / 7) * v0) ** 2 / (2 * mu_r * g)
    assert w.balls()["position"][0][0] == pytest.approx(x_rest, abs=1e-9)


def test_events_as_arrays_match_the_result_file():
    path = os.path.join(os.path.dirname(scenario_files()[0]), "break-8ball.json")
    w = billiards.World.from_scenario(path)
    w.run()
    ev = w.events()
    listed = w.result(events=True)["events"]
    assert len(ev["time"]) == len(listed) > 10
    for k, e in enumerate(listed):
        assert ev["time"][k] == e["time"]
        kind = billiards.EVENT_KINDS[ev["kind"][k]]
        assert kind == e["kind"]
        if kind == "ball_ball":
            assert [ev["ball"][k], ev["other"][k]] == e["balls"]
        elif kind == "cluster":
            assert ev["end"][k] == e["end"] and list(ev["members"][k]) == e["balls"]
        else:
            assert ev["ball"][k] == e["ball"] and ev["other"][k] == e[
                "cushion" if kind == "ball_cushion" else "pocket"]
    b = w.balls()
    final = w.result()["balls"]
    assert b["position"].shape == (len(final), 2) and b["spin"].shape == (len(final), 3)
    assert b["position"].tolist() == [f["position"] for f in final]
    assert [billiards.STATES[s] for s in b["state"]] == [f["state"] for f in final]


def test_trajectory_samples_the_same_run():
    path = os.path.join(os.path.dirname(scenario_files()[0]), "break-9ball.json")
    ref = billiards.World.from_scenario(path)
    ref.run()
    w = billiards.World.from_scenario(path)
    tr = w.trajectory(rate=60)
    every = round(240 / 60)
    assert np.all(np.diff(tr.times) > 0)
    assert tr.times[1] - tr.times[0] == pytest.approx(every / 240)
    assert tr.positions.shape == (len(tr), 10, 2) and tr.states.shape == (len(tr), 10)
    start = billiards.World.from_scenario(path).balls()["position"]
    assert tr.positions[0].tolist() == start.tolist()
    assert w.at_rest and w.result(events=True) == ref.result(events=True)
    assert tr.positions[-1].tolist() == ref.balls()["position"].tolist()
    assert list(tr.ids) == list(ref.balls()["id"])


def test_the_mathavan_throw_model_and_its_steps():
    w = billiards.World(physics={"throw_model": "mathavan", "throw_steps": 50})
    assert w.physics()["throw_model"] == "mathavan"
    assert w.physics()["throw_steps"] == 50
    with pytest.raises(ValueError, match=r"physics\.throw_steps: must be between 1 and 100000"):
        w.set_physics(throw_steps=0)


def test_edits_are_checked_with_the_scenario_readers_messages():
    w = billiards.World()
    w.add_ball(0, (0.0, 0.0))
    with pytest.raises(ValueError, match=r"^World: balls\[1\]\.position: overlaps balls\[0\]$"):
        w.add_ball(1, (0.01, 0.0))
    with pytest.raises(ValueError, match=r"^World: balls\[1\]\.position: outside the table"):
        w.add_ball(1, (2.0, 0.0))
    with pytest.raises(ValueError, match=r"^World: balls\[1\]\.id"):
        w.add_ball(0, (0.5, 0.0))
    with pytest.raises(ValueError, match=r"physics\.gravity"):
        w.set_physics(gravity=-1)
    with pytest.raises(ValueError, match=r"physics\.frcton: unknown key"):
        w.set_physics(frcton=1)
    with pytest.raises(ValueError, match=r"shot\.tip: miscue"):
        w.strike(heading=0, speed=1, side=0.6)
    with pytest.raises(ValueError, match=r"shot\.speed"):
        w.strike(heading=0, speed=-1)
    with pytest.raises(ValueError, match=r"shot\.ball"):
        w.strike(heading=0, speed=1, ball=7)
    with pytest.raises(ValueError, match=r"^table: unknown table|table"):
        billiards.World("no-such-table")
    with pytest.raises(ValueError):
        w.run(max_seconds=-1)
    for seconds in (float("inf"), float("nan"), 1e6):
        with pytest.raises(ValueError, match="seconds: must be between 0 and 86400"):
            w.run_for(seconds)
        with pytest.raises(ValueError, match="seconds: must be between 0 and 86400"):
            w.run(max_seconds=seconds)
    with pytest.raises(ValueError):
        w.trajectory(rate=0)
    with pytest.raises(ValueError, match=r"balls\[1\]\.position: must be an array of 2 numbers"):
        w.add_ball(1, "here")
    with pytest.raises(TypeError):
        w.add_ball(1, 7)
    # The world is unchanged by the refused edits.
    assert [b["id"] for b in w.scenario()["balls"]] == [0]
    w.set_ball(0, position=(0.2, 0.1))
    assert w.balls()["position"][0].tolist() == [0.2, 0.1]
    w.remove_ball(0)
    assert len(w.balls()["id"]) == 0


def test_tables_by_name_and_inline():
    assert set(billiards.tables()) >= {"pool-9ft", "pool-8ft", "pool-7ft"}
    t = billiards.table("pool-9ft")
    assert t["length"] == 2.54 and t["width"] == 1.27 and t["spec"]["length"] == 2.54
    assert t["pockets"].shape == (6, 3) and t["cushions"].shape[1] == 4
    box = {"cushions": [{"from": [-1, -1], "to": [1, -1]}, {"from": [1, -1], "to": [1, 1]},
                        {"from": [1, 1], "to": [-1, 1]}, {"from": [-1, 1], "to": [-1, -1]}],
           "pockets": []}
    inline = billiards.table(box)
    assert inline["cushions"].tolist() == [[-1, -1, 1, -1], [1, -1, 1, 1], [1, 1, -1, 1],
                                           [-1, 1, -1, -1]]
    w = billiards.World(box, physics=dict(FRICTIONLESS, cushion_restitution=1))
    w.add_ball(0, (0.0, 0.0), velocity=(1.0, 0.0))
    w.run_for(1.5)  # to the wall at 1 - R and back
    r = 0.028575
    assert w.balls()["position"][0][0] == pytest.approx(1 - r - (1.5 - (1 - r)), abs=1e-12)
    assert w.events()["kind"].tolist() == [1]
    with pytest.raises(ValueError, match=r"table\.cushions\[0\]"):
        billiards.table({"cushions": [{"from": [0, 0], "to": [0, 0]}], "pockets": []})


def test_an_empty_world_takes_any_cushion_model():
    """The physics of an empty world is checked with a ghost ball that fits cushion_height."""
    R = 0.02625
    for physics in ({"cushion_model": "mathavan"},
                    {"cushion_model": "mathavan", "cushion_height": 1.4 * R}):
        w = billiards.World("pool-9ft", physics=physics)
        w.add_ball(0, (-0.6, 0.5), velocity=(0.0, 1.0), spin=(-1.0 / R, 0.0, 0.0), radius=R,
                   mass=0.1406)
        w.run_for(0.2)
        assert w.events()["kind"].tolist() == [1]  # the rail
        # Straight in, rolling: it comes straight back, slower, and never gains energy.
        v = w.balls()["velocity"][0]
        assert abs(v[0]) < 1e-12 and -1.0 < v[1] < 0.0
    with pytest.raises(ValueError, match=r"physics\.cushion_height"):
        billiards.World("pool-9ft", physics={"cushion_model": "mathavan", "cushion_height": -1})


@pytest.mark.parametrize("value", [float("nan"), float("inf")], ids=str)
def test_non_finite_numbers_in_edits_are_reported_at_their_path(value):
    w = billiards.World()
    w.add_ball(0, (0.0, 0.0))
    before = w.scenario()
    cases = [
        (lambda: w.add_ball(1, (0.5, value)), r"balls\[1\]\.position\[1\]"),
        (lambda: w.add_ball(1, (0.5, 0.0), velocity=(value, 0)), r"balls\[1\]\.velocity\[0\]"),
        (lambda: w.set_ball(0, spin=(0, 0, value)), r"balls\[0\]\.spin\[2\]"),
        (lambda: w.set_physics(sliding_friction=value), r"physics\.sliding_friction"),
        (lambda: w.strike(heading=value, speed=1), r"shot\.heading"),
        (lambda: w.strike(heading=0, speed=1, elevation=value), r"shot\.elevation"),
    ]
    for edit, where in cases:
        with pytest.raises(billiards.InputError, match=rf"^World: {where}: must be a finite number$"):
            edit()
    assert w.scenario() == before
    with pytest.raises(billiards.InputError, match=r"^World: duration: must be a finite number$"):
        billiards.World(duration=value)
    with pytest.raises(billiards.InputError,
                       match=r"^Match: physics\.sliding_friction: must be a finite number$"):
        billiards.Match(physics={"sliding_friction": value})


def never_at_rest(duration):
    """Two balls on a frictionless table: they never come to rest."""
    w = billiards.World(physics=FRICTIONLESS, duration=duration)
    w.add_ball(0, (-0.5, 0.0), velocity=(1.0, 0.3))
    w.add_ball(1, (0.5, 0.0), velocity=(-0.7, 0.2))
    return w


def test_a_trajectory_that_could_outgrow_the_cap_is_refused_before_it_runs():
    """A day of two balls at 60 Hz would be 5.2 million samples (1.4 GB before the cap):
    refused up front, the world unchanged; within the cap it runs."""
    cap = billiards.TRAJECTORY_MAX_BALL_SAMPLES
    assert cap == 2_000_000
    # The bound is what the arguments allow, known before the run: a world that would rest
    # within a second is refused too when a day of samples could not be held.
    resting = billiards.World(duration=86400.0)
    resting.add_ball(0, (0.0, 0.0), velocity=(0.5, 0.0))
    dt = resting.physics()["timestep"]
    every = max(1, round(1.0 / (60 * dt)))
    most = math.floor(86400.0 / (every * dt)) + 1  # about 5,184,000
    with pytest.raises(ValueError, match=rf"^trajectory: up to {most} samples of 1 ball, "
                                         r"more than the cap of 2000000 ball samples"):
        resting.trajectory()
    assert resting.time == 0 and resting.steps == 0
    assert len(resting.trajectory(max_seconds=60)) > 1 and resting.at_rest
    w = never_at_rest(86400.0)
    with pytest.raises(ValueError, match="samples of 2 balls, more than the cap"):
        w.trajectory()
    with pytest.raises(ValueError, match="cap of 2000000 ball samples"):
        w.trajectory(rate=1e9, max_seconds=20000)  # a sample a step
    assert w.time == 0 and w.steps == 0
    # Within the cap: a sample a step for 10 s.
    tr = w.trajectory(rate=1 / dt, max_seconds=10.0)
    assert len(tr) == round(10.0 / dt) + 1 and tr.positions.shape == (len(tr), 2, 2)
    assert np.isfinite(tr.positions).all() and w.time == pytest.approx(10.0)

"""billiards.simulate against the real `billiards simulate`: the same bytes for every
shipped scenario, the same messages for bad input, and threads that run in parallel."""
import concurrent.futures
import json
import math
import os
import time

import pytest

import billiards
from conftest import cli, scenario_files

SCENARIOS = scenario_files()


@pytest.mark.parametrize("path", SCENARIOS, ids=os.path.basename)
def test_simulate_is_the_command_line_byte_for_byte(path):
    status, out, err = cli("simulate", path, "--events")
    assert status == 0, err
    text = billiards.simulate_json(path, events=True)
    assert text.encode() == out
    assert billiards.simulate(path, events=True) == json.loads(out)


def test_without_events_and_from_a_dict():
    path = os.path.join(os.path.dirname(SCENARIOS[0]), "break-9ball.json")
    status, out, _ = cli("simulate", path)
    assert status == 0
    with open(path) as f:
        scenario = json.load(f)
    assert billiards.simulate_json(path).encode() == out
    # A dict goes through json.dumps: Python writes floats in their shortest round-trip
    # form, so the engine reads the very same doubles.
    assert billiards.simulate(scenario) == json.loads(out)
    assert "events" not in billiards.simulate(scenario)


BAD = {
    "radius": ({"format": "billiards-scenario/1",
                "balls": [{"id": 0, "position": [0, 0], "radius": -1}]}, "balls[0].radius"),
    "unknown key": ({"format": "billiards-scenario/1", "physics": {"frcton": 1},
                     "balls": [{"id": 0, "position": [0, 0]}]}, "physics.frcton: unknown key"),
    "overlap": ({"format": "billiards-scenario/1",
                 "balls": [{"id": 0, "position": [0, 0]}, {"id": 1, "position": [0.01, 0]}]},
                "balls[1].position: overlaps balls[0]"),
    "miscue": ({"format": "billiards-scenario/1", "balls": [{"id": 0, "position": [0, 0]}],
                "shot": {"ball": 0, "speed": 1, "tip": [0.6, 0]}}, "shot.tip: miscue"),
    "format": ({"format": "billiards-result/1", "balls": []}, "format:"),
    "table": ({"format": "billiards-scenario/1", "table": "pool-99ft",
               "balls": [{"id": 0, "position": [0, 0]}]}, "table:"),
    "type": ({"format": "billiards-scenario/1", "balls": [{"id": "zero", "position": [0, 0]}]},
             "balls[0].id"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_input_raises_the_command_lines_message(case, tmp_path):
    scenario, field = BAD[case]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(scenario))
    status, _, err = cli("simulate", str(path))
    assert status == 2
    with pytest.raises(ValueError) as raised:
        billiards.simulate(str(path))
    assert str(raised.value) == err.strip()
    assert isinstance(raised.value, billiards.InputError)
    assert field in str(raised.value)
    # From a dict the message is the same but for the file's name.
    with pytest.raises(ValueError) as from_dict:
        billiards.simulate(scenario, name=str(path))
    assert str(from_dict.value) == err.strip()


def test_unreadable_and_wrong_arguments(tmp_path):
    missing = str(tmp_path / "nonexist.json")
    status, _, err = cli("simulate", missing)
    with pytest.raises(ValueError) as raised:
        billiards.simulate(missing)
    assert status == 2 and str(raised.value) == err.strip()
    assert str(raised.value).endswith("$: cannot read: No such file or directory")
    for folder in (str(tmp_path), "/dev/null"):
        refused = r"\$: cannot read: (is a directory|a character device)"
        with pytest.raises(ValueError, match=refused):
            billiards.simulate(folder)
    (tmp_path / "broken.json").write_text("{\n")
    with pytest.raises(ValueError, match=r"\$: invalid JSON"):
        billiards.simulate(str(tmp_path / "broken.json"))
    with pytest.raises(TypeError):
        billiards.simulate(42)
    with pytest.raises(TypeError):
        billiards.simulate(None)
    with pytest.raises(TypeError):
        billiards.simulate_json(SCENARIOS[0], events="yes please")  # not a bool
    with pytest.raises(ValueError, match=r"scenario: \$: invalid JSON"):
        billiards.simulate({"format": "billiards-scenario/1", "duration": float("nan"),
                            "balls": [{"id": 0, "position": [0, 0]}]})


def test_threads_run_in_parallel_with_identical_results():
    # The pi-digits runs are tens of thousands of impacts of two balls: left out for time.
    jobs = [p for p in SCENARIOS if "pi-digits" not in p for _ in range(3)]
    serial = [billiards.simulate_json(p, events=True) for p in jobs]
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        threaded = list(pool.map(lambda p: billiards.simulate_json(p, events=True), jobs))
    assert threaded == serial


def long_run():
    """300 balls bouncing in a box without friction or pockets for 20 s: a long run."""
    box = {"cushions": [{"from": [-1, -0.5], "to": [1, -0.5]}, {"from": [1, -0.5], "to": [1, 0.5]},
                        {"from": [1, 0.5], "to": [-1, 0.5]}, {"from": [-1, 0.5], "to": [-1, -0.5]}],
           "pockets": []}
    balls = [{"id": k, "position": [-0.95 + 0.095 * (k % 20), -0.45 + 0.06 * (k // 20)],
              "velocity": [math.cos(k * 2.4), math.sin(k * 2.4)]} for k in range(300)]
    return {"format": "billiards-scenario/1", "table": box, "balls": balls,
            "physics": {"sliding_friction": 0, "rolling_friction": 0, "spin_friction": 0,
                        "ball_friction": 0, "cushion_friction": 0,
                        "cushion_restitution": 1, "ball_restitution": 1},
            "duration": 20.0}


def test_the_lock_is_released_while_the_engine_runs():
    """While one thread runs a long simulation the interpreter keeps running others: a
    Python loop makes progress during the call (it could not if the lock were held)."""
    scenario = long_run()
    ticks = 0
    done = []

    def run():
        billiards.simulate(scenario)
        done.append(time.monotonic())

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        start = time.monotonic()
        future = pool.submit(run)
        while not future.done():
            ticks += 1
            time.sleep(0.001)
        future.result()
    assert done[0] - start > 0.02, "the run was too short to tell"
    assert ticks >= 10


def test_one_object_in_two_threads_raises_instead_of_racing():
    w = billiards.World.from_scenario(long_run())
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        future = pool.submit(w.run)
        time.sleep(0.05)
        assert not future.done(), "the run was too short to tell"
        with pytest.raises(RuntimeError, match="running in another thread"):
            w.balls()
        with pytest.raises(RuntimeError, match="running in another thread"):
            w.run()
        future.result()
    assert w.at_rest or w.time == 20.0
    assert len(w.balls()["id"]) == 300

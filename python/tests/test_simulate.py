"""billiards.simulate against the real `billiards simulate`: the same bytes for every
shipped scenario, the same messages for bad input, and threads that run in parallel."""
import concurrent.futures
import json
import math
import os

import pytest

import billiards
from conftest import cli, engine_running, is_busy, scenario_files

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
    with pytest.raises(ValueError, match=r"^scenario: duration: must be a finite number$"):
        billiards.simulate({"format": "billiards-scenario/1", "duration": float("nan"),
                            "balls": [{"id": 0, "position": [0, 0]}]})


@pytest.mark.parametrize("value", [float("nan"), float("inf"), -float("inf")], ids=str)
def test_a_non_finite_number_in_a_dict_is_reported_where_it_is(value, tmp_path):
    """JSON has no NaN or infinity: a dict holding one is reported as the file reader reports
    a number out of range (1e999), at its path, not as a JSON syntax error."""
    scenario = {"format": "billiards-scenario/1", "balls": [{"id": 0, "position": [0, 0]}]}
    scenario["balls"][0]["position"][0] = value
    with pytest.raises(billiards.InputError,
                       match=r"^scenario: balls\[0\]\.position\[0\]: must be a finite number$"):
        billiards.simulate(scenario)
    # The file reader's message for a number too large for a double begins the same way.
    path = tmp_path / "huge.json"
    path.write_text(json.dumps(scenario, allow_nan=True).replace("NaN", "1e999")
                    .replace("-Infinity", "-1e999").replace("Infinity", "1e999"))
    with pytest.raises(billiards.InputError) as from_file:
        billiards.simulate(str(path))
    assert str(from_file.value).startswith(
        f"{path}: balls[0].position[0]: must be a finite number")
    odd = {"format": "billiards-scenario/1", "physics": {"odd key": [1.0, value]},
           "balls": [{"id": 0, "position": [0, 0]}]}
    with pytest.raises(ValueError, match=r'^s: physics\["odd key"\]\[1\]: must be a finite'):
        billiards.simulate(odd, name="s")


def test_paths_with_a_nul_byte_are_refused_as_open_refuses_them(tmp_path):
    """A NUL ends a C string: "a.json\\0evil" would read a.json, a save would write a
    shorter name. ValueError, as Python's open() raises, and nothing read or written."""
    source = os.path.join(os.path.dirname(SCENARIOS[0]), "break-9ball.json")
    good = tmp_path / "a.json"
    good.write_bytes(open(source, "rb").read())
    cut = str(good) + "\0evil"
    with pytest.raises(ValueError, match="embedded null byte"):
        open(cut)
    with pytest.raises(ValueError, match="embedded null byte"):
        billiards.simulate(cut)
    with pytest.raises(ValueError, match="embedded null byte"):
        billiards.simulate_json(cut)
    with pytest.raises(ValueError, match="embedded null byte"):
        billiards.World.from_scenario(cut)
    m = billiards.Match()
    m.save(tmp_path / "m.json")
    with pytest.raises(ValueError, match="embedded null byte"):
        billiards.Match.load(str(tmp_path / "m.json") + "\0evil")
    with pytest.raises(ValueError, match="embedded null byte"):
        m.save(str(tmp_path / "saved.json") + "\0evil")
    core = billiards._billiards
    with pytest.raises(ValueError, match="embedded null byte"):
        core.read_text_file(cut)
    with pytest.raises(ValueError, match="embedded null byte"):
        core.write_file_atomic(str(tmp_path / "w.json") + "\0evil", "{}")
    with pytest.raises(ValueError, match="embedded null byte"):
        core.sync_folder(str(tmp_path) + "\0evil")
    assert sorted(os.listdir(tmp_path)) == ["a.json", "m.json"]


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
    """This thread runs Python code while another is inside simulate(): engine_running
    enters its block only then (an engine that kept the lock would fail every attempt)."""
    scenario = long_run()
    with engine_running(lambda: lambda: billiards.simulate_json(scenario)) as run:
        assert not run.finished
    assert run.result == billiards.simulate_json(scenario)


def test_one_object_in_two_threads_raises_instead_of_racing():
    worlds = []

    def start():
        worlds.append(billiards.World.from_scenario(long_run()))
        return worlds[-1].run

    with engine_running(start, inside=lambda: is_busy(lambda: worlds[-1].time)) as run:
        w = worlds[-1]
        assert not run.finished
        with pytest.raises(RuntimeError, match="running in another thread"):
            w.balls()
        with pytest.raises(RuntimeError, match="running in another thread"):
            w.run()
        with pytest.raises(RuntimeError, match="running in another thread"):
            w.scenario()
    # The run went on undisturbed.
    assert w.at_rest or w.time == 20.0
    assert len(w.balls()["id"]) == 300

"""The work cap in the compiled core: ``_billiards.simulate_text(..., max_events=N)`` and
``WorldCore.run(max_seconds, max_events=N)`` stop a run that would never end with an error,
and leave the results of runs under the cap as they are (`billiards simulate --max-events`)."""
import json
import os

import pytest

import billiards
from billiards import _billiards
from conftest import SOURCE, cli

# The pi billiard with a mass ratio of 1e24: some 3e12 impacts, never done in practice (the
# command line's work cap test runs the same file).
with open(os.path.join(SOURCE, "tests", "data", "endless-mass-ratio.json")) as _f:
    ENDLESS = _f.read()


def pi5():
    with open(os.path.join(SOURCE, "assets", "scenarios", "pi-digits-5.json")) as f:
        return f.read()


def test_simulate_stops_at_the_cap():
    with pytest.raises(RuntimeError, match=r"^endless\.json: work cap reached: the run needs more "
                       r"than 100000 events \(max_events\); stopped at t = [0-9.e-]+ s with "
                       r"balls still moving$"):
        _billiards.simulate_text(ENDLESS, "endless.json", False, max_events=100000)


def test_world_run_stops_at_the_cap_where_it_is():
    w = _billiards.WorldCore(ENDLESS, "endless.json")
    with pytest.raises(RuntimeError, match=r"^work cap reached: the run needs more than 50000"):
        w.run(2.0, max_events=50000)
    assert 0.0 < w.time < 2.0
    assert not w.at_rest


def test_under_the_cap_nothing_changes():
    text = pi5()
    free = _billiards.simulate_text(text, "pi5.json", True)
    assert _billiards.simulate_text(text, "pi5.json", True, max_events=10**9) == free
    # pi-digits-5: 31415 impacts, all the events of the run: the smallest cap it passes.
    assert _billiards.simulate_text(text, "pi5.json", True, max_events=31415) == free
    with pytest.raises(RuntimeError):
        _billiards.simulate_text(text, "pi5.json", True, max_events=31414)
    w = _billiards.WorldCore(text, "pi5.json")
    steps = w.run(w.duration, max_events=31415)
    assert w.result_json(True) == free
    assert steps == json.loads(free)["steps"]


def test_the_command_line_agrees():
    path = os.path.join(SOURCE, "assets", "scenarios", "pi-digits-5.json")
    code, out, err = cli("simulate", path, "--events", "--max-events", "31415")
    assert code == 0, err
    assert out.decode() == _billiards.simulate_text(pi5(), path, True, max_events=31415)
    code, out, err = cli("simulate", path, "--max-events", "31414")
    assert code == 1
    assert out == b""
    assert err.startswith("billiards simulate: " + path + ": work cap reached: ")


def test_the_package_passes_the_cap_on():
    with pytest.raises(RuntimeError, match=r"work cap reached: the run needs more than 20000"):
        billiards.simulate(json.loads(ENDLESS), max_events=20000)
    text = pi5()
    assert billiards.simulate_json(json.loads(text), events=True, name="pi5.json",
                                   max_events=31415) == \
        _billiards.simulate_text(text, "pi5.json", True)
    w = billiards.World(table=json.loads(ENDLESS)["table"], physics=json.loads(ENDLESS)["physics"],
                        balls=json.loads(ENDLESS)["balls"], duration=2.0)
    with pytest.raises(RuntimeError, match=r"^work cap reached"):
        w.run(max_events=30000)


@pytest.mark.parametrize("bad", [-1, 1.5, "10", True, None])
def test_a_cap_is_a_whole_number(bad):
    with pytest.raises(ValueError, match=r"max_events: must be a whole number >= 0"):
        billiards.simulate(json.loads(ENDLESS), max_events=bad)

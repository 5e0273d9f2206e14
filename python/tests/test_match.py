"""billiards.Match: 8-ball and 9-ball under the rules, the computer's choice, save/load."""
import json
import math
import os

import numpy as np
import pytest

import billiards
from conftest import cli, engine_running, is_busy

BUDGET = 150_000  # a small search: quick, still deterministic


def test_a_new_9_ball_game():
    m = billiards.Match("9-ball", seed=3)
    v = m.view()
    assert v["game"] == "9-ball" and v["phase"] == "aiming" and v["shooter"] == 0
    assert v["on_table"] == list(range(1, 10))
    assert m.legal_targets() == [1]  # the break must hit the lowest ball
    assert v["ball_in_hand"] and v["kitchen_only"]
    b = m.balls()
    assert sorted(b["id"].tolist()) == list(range(10))
    # Behind the head string only, and not onto another ball.
    assert m.placement_ok((-0.8, 0.2)) == (True, "")
    ok, why = m.placement_ok((0.3, 0.0))
    assert not ok and why
    with pytest.raises(ValueError, match="placement refused"):
        m.place_cue_ball((0.3, 0.0))


def test_check_shot_judges_without_playing_and_shoot_plays():
    m = billiards.Match("8-ball", seed=5)
    before = m.to_json()
    verdict = m.check_shot(heading=0.0, speed=7.0)
    assert m.to_json() == before and m.view()["shots"] == 0
    assert verdict["break_shot"] and set(verdict) >= {"legal", "foul", "pocketed", "messages"}
    played = m.shoot(heading=0.0, speed=7.0)
    assert {k: played[k] for k in verdict} == verdict  # the same physics, the same verdict
    assert m.view()["shots"] == 1 and len(m.history()) == 1
    # A miss that touches nothing is a foul: aim away from every ball, softly.
    m2 = billiards.Match("9-ball", seed=1)
    v = m2.check_shot(heading=180.0, speed=0.5)
    assert not v["legal"] and v["foul"] in ("no contact", "illegal break")


def test_refused_shots_and_decisions_raise_value_errors():
    m = billiards.Match("9-ball")
    with pytest.raises(ValueError, match="cue speed must be between 0 and 20 m/s"):
        m.shoot(heading=0, speed=30)
    with pytest.raises(ValueError, match="miscue"):
        m.shoot(heading=0, speed=3, side=0.5, height=0.5)
    with pytest.raises(ValueError, match="push-out not available"):
        m.shoot(heading=0, speed=3, push_out=True)
    with pytest.raises(ValueError, match="choice"):
        m.decide("accept table")  # nothing pending
    with pytest.raises(ValueError, match="unknown choice"):
        m.decide("surrender")
    with pytest.raises(ValueError, match=r"^Match: game: must be one of"):
        billiards.Match("carambole")
    with pytest.raises(ValueError, match=r"^Match: seats\[1\]\.kind"):
        billiards.Match(seats=("human", "robot"))
    with pytest.raises(ValueError, match=r"^Match: seats\[0\]\.level"):
        billiards.Match(level="godlike")
    with pytest.raises(TypeError):
        m.shoot(None, 3)
    assert m.view()["shots"] == 0


def test_every_level_of_the_menus_is_a_level(tmp_path):
    for level in ("easy", "medium", "hard", "pro"):
        path = tmp_path / (level + ".json")
        billiards.Match(level=level, seats=("human", "computer")).save(str(path))
        assert json.loads(path.read_text())["seats"][1]["level"] == level


def test_the_noise_model_is_saved_and_played(tmp_path):
    path = tmp_path / "standard.json"
    m = billiards.Match("9-ball", seats=("computer", "computer"), level="easy", seed=3,
                        noise="standard")
    m.save(str(path))
    assert [s["noise"] for s in json.loads(path.read_text())["seats"]] == ["standard"] * 2
    plain = billiards.Match("9-ball", seats=("computer", "computer"), level="easy", seed=3)
    plain.save(str(tmp_path / "level.json"))
    assert "noise" not in (tmp_path / "level.json").read_text()
    loaded = billiards.Match.load(str(path))
    # The same noise after loading: the same noisy break; another model breaks differently.
    for match in (m, loaded, plain):
        match.play_computer_turn()
    assert m.view() == loaded.view()
    assert m.view() != plain.view()
    with pytest.raises(ValueError, match=r"^Match: seats\[0\]\.noise: must be one of"):
        billiards.Match(noise="fastfiz")


def test_the_computers_choice_is_deterministic_and_plays():
    m = billiards.Match("9-ball", seats=("computer", "computer"), seed=7)
    a = m.computer_move(BUDGET)
    b = m.copy().computer_move(BUDGET)
    assert a == b and not a["is_decision"] and a["plan"]
    assert a["shot"]["speed"] > 0
    # The move's shot (degrees refined by their exact radians) plays the very same shot.
    by_hand = m.copy()
    if a["place_cue"]:
        by_hand.place_cue_ball(a["cue_position"])
    s = a["shot"]
    assert s["heading_rad"] == pytest.approx(math.radians(s["heading"]), rel=1e-12)
    mine = by_hand.shoot(**s, call=a["call"], push_out=a["push_out"])
    m.play_move()
    assert m.view()["shots"] == 1
    assert m.history()[-1] == mine
    assert m.balls()["position"].tolist() == by_hand.balls()["position"].tolist()
    for _ in range(4):
        if m.view()["game_over"]:
            break
        m.play_computer_turn(BUDGET)
    assert m.view()["shots"] >= 2


def test_save_and_load_rebuild_the_match(tmp_path):
    m = billiards.Match("8-ball", seats=("human", "computer"), seed=11)
    m.shoot(heading=1.0, speed=7.5, height=0.1)
    while m.computer_to_act and not m.view()["game_over"]:
        m.play_computer_turn(BUDGET)
    path = tmp_path / "m.json"
    m.save(path)
    loaded = billiards.Match.load(path)
    assert loaded.to_json() == m.to_json()
    assert loaded.view() == m.view()
    assert loaded.balls()["position"].tolist() == m.balls()["position"].tolist()
    saved = json.loads(path.read_text())
    assert saved["format"] == "billiards-game/1" and saved["inputs"]
    assert billiards.Match.from_json(m.to_json()).view() == m.view()


def test_a_bad_save_file_reports_file_path_problem(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"format": "billiards-match/1", "game": "9-ball",
                                "seats": [{"kind": "human"}], "inputs": []}))
    with pytest.raises(ValueError, match=r"bad\.json: seats: "):
        billiards.Match.load(path)
    with pytest.raises(ValueError, match=r"cannot read"):
        billiards.Match.load(tmp_path / "none.json")


def test_the_match_command_line_and_python_play_the_same_game(tmp_path):
    """`billiards match` plays computer against computer from the game's physics and a seed;
    the same seats, seed and physics from Python give the same first shots."""
    status, _, err = cli("match", "--mode", "9ball", "--players", "ai:easy,ai:easy", "--games",
                         "1", "--seed", "4", "--max-shots", "3", "--shots", "--out",
                         str(tmp_path / "r.json"))
    assert status == 0, err
    report = json.loads((tmp_path / "r.json").read_text())
    log = report["games"][0]["shot_log"]
    m = billiards.Match("9-ball", seats=("computer", "computer"), level="easy", seed=4,
                        max_shots=3)
    for shot in log:
        move = m.play_computer_turn()
        while move["is_decision"]:
            move = m.play_computer_turn()
        assert move["plan"] == shot["plan"]
        last = m.history()[-1]
        assert last["pocketed"] == shot["pocketed"]
        assert last["shot"]["speed"] == shot["speed"]


NAN, INF = float("nan"), float("inf")
BAD_SHOTS = {
    "elevation nan": ({"elevation": NAN}, "elevation"),
    "elevation 91": ({"elevation": 91.0}, "elevation"),
    "elevation -5": ({"elevation": -5.0}, "elevation"),
    "elevation inf": ({"elevation": INF}, "elevation"),
    "heading 1e308": ({"heading": 1e308}, "heading"),
    "heading nan": ({"heading": NAN}, "heading"),
    "heading -inf": ({"heading": -INF}, "heading"),
    "speed nan": ({"speed": NAN}, "speed"),
    "speed -1": ({"speed": -1.0}, "speed"),
    "speed inf": ({"speed": INF}, "speed"),
    "side nan": ({"side": NAN}, "side"),
    "side 2": ({"side": 2.0}, "side"),
    "height inf": ({"height": INF}, "height"),
    "call ball 99": ({"call": (99, -1)}, "call"),
}


@pytest.mark.parametrize("case", sorted(BAD_SHOTS))
def test_a_shot_a_save_could_not_hold_is_refused_and_the_match_unchanged(case):
    changes, argument = BAD_SHOTS[case]
    m = billiards.Match("9-ball", seed=2)
    before, balls = m.to_json(), m.balls()["position"].tolist()
    shot = {"heading": 0.0, "speed": 5.0}
    shot.update(changes)
    with pytest.raises(ValueError, match=rf"^shoot: {argument}: must be "):
        m.shoot(**shot)
    with pytest.raises(ValueError, match=rf"^shoot: {argument}: must be "):
        m.check_shot(**shot)
    assert m.to_json() == before and m.balls()["position"].tolist() == balls
    assert m.view()["shots"] == 0 and m.history() == []


@pytest.mark.parametrize("x", [NAN, INF, 1e5], ids=str)
def test_a_cue_ball_position_a_save_could_not_hold_is_refused(x):
    m = billiards.Match("9-ball", seed=2)
    before = m.to_json()
    with pytest.raises(ValueError, match=r"^place_cue_ball: x: must be between -10000"):
        m.place_cue_ball((x, 0.0))
    with pytest.raises(ValueError, match=r"^placement_ok: y: must be between -10000"):
        m.placement_ok((-0.8, x))
    assert m.to_json() == before


def test_every_shot_the_match_takes_is_saved_and_loaded(tmp_path):
    """The edges of the accepted ranges: played, saved, loaded back to the same match."""
    for k, shot in enumerate([{"heading": 1e6, "speed": 3.0}, {"heading": -1e6, "speed": 3.0},
                              {"heading": 0.0, "speed": 3.0, "elevation": 90.0},
                              {"heading": 180.0, "speed": 0.0, "elevation": 0.0},
                              {"heading": 10.0, "speed": 20.0, "call": (15, 5)}]):
        m = billiards.Match("9-ball", seed=2)
        m.shoot(**shot)
        path = tmp_path / f"m{k}.json"
        m.save(path)
        loaded = billiards.Match.load(path)
        assert loaded.to_json() == m.to_json(), shot
        assert loaded.balls()["position"].tolist() == m.balls()["position"].tolist()
        assert np.isfinite(m.balls()["position"]).all()


def test_play_move_plays_only_the_move_chosen_for_this_position():
    m = billiards.Match("9-ball", seats=("computer", "computer"), seed=7)
    before = m.to_json()
    with pytest.raises(ValueError, match=r"^play_move: no move to play"):
        m.play_move()
    assert m.to_json() == before and m.view()["shots"] == 0
    m.computer_move(BUDGET)
    with pytest.raises(ValueError, match=r"^play_move: no move to play"):
        m.copy().play_move()  # a copy has no move of its own
    m.play_move()
    assert m.view()["shots"] == 1
    after = m.to_json()
    with pytest.raises(ValueError, match=r"^play_move: no move to play"):
        m.play_move()  # played already
    assert m.to_json() == after
    # A move chosen, then a shot by hand: the move was for the position before it.
    h = billiards.Match("9-ball", seed=7)
    h.computer_move(BUDGET)
    h.shoot(heading=0.0, speed=5.0)
    shot = h.to_json()
    with pytest.raises(ValueError, match=r"^play_move: no move to play"):
        h.play_move()
    assert h.to_json() == shot


def test_the_computer_has_no_move_after_the_game():
    m = billiards.Match("9-ball", seats=("computer", "computer"), seed=7, max_shots=1)
    m.play_computer_turn(BUDGET)
    assert m.view()["game_over"] and m.view()["capped"]
    with pytest.raises(ValueError, match=r"^computer_move: no move to choose: the game is over"):
        m.computer_move(BUDGET)
    with pytest.raises(ValueError, match=r"^computer_move: no move to choose: the game is over"):
        m.play_computer_turn(BUDGET)
    m.rematch()
    assert not m.computer_move(BUDGET)["is_decision"]


def test_the_lock_is_released_while_the_computer_thinks():
    matches = []

    def start():
        matches.append(billiards.Match("9-ball", seats=("computer", "computer"), seed=7))
        return lambda: matches[-1].computer_move(BUDGET)

    with engine_running(start, inside=lambda: is_busy(matches[-1].view)) as run:
        m = matches[-1]
        assert not run.finished
        with pytest.raises(RuntimeError, match="running in another thread"):
            m.shoot(heading=0.0, speed=5.0)
        with pytest.raises(RuntimeError, match="running in another thread"):
            m.play_move()
    assert run.result == billiards.Match("9-ball", seats=("computer", "computer"),
                                         seed=7).computer_move(BUDGET)
    m.play_move()
    assert m.view()["shots"] == 1


def test_exact_radians_refine_the_degrees_and_must_agree_with_them():
    m = billiards.Match("8-ball", seed=3)
    before = m.to_json()
    with pytest.raises(ValueError, match=r"heading_rad: must be the radians of heading"):
        m.shoot(heading=10.0, speed=5.0, heading_rad=0.2)
    with pytest.raises(ValueError, match=r"elevation_rad: must be the radians of elevation"):
        m.shoot(heading=10.0, speed=5.0, elevation=5.0, elevation_rad=1.0)
    assert m.to_json() == before
    # A radian value its degrees do not convert back to is played as given.
    rad = 0.08666488962133885
    assert math.radians(math.degrees(rad)) != rad
    by_degrees, exact = m.copy(), m.copy()
    by_degrees.shoot(heading=math.degrees(rad), speed=6.0)
    exact.shoot(heading=math.degrees(rad), speed=6.0, heading_rad=rad)
    assert exact.history()[-1]["shot"]["heading_rad"] == rad
    assert by_degrees.history()[-1]["shot"]["heading_rad"] != rad

"""billiards.Match: 8-ball and 9-ball under the rules, the computer's choice, save/load."""
import json
import os

import pytest

import billiards
from conftest import cli

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
        billiards.Match("snooker")
    with pytest.raises(ValueError, match=r"^Match: seats\[1\]\.kind"):
        billiards.Match(seats=("human", "robot"))
    with pytest.raises(ValueError, match=r"^Match: seats\[0\]\.level"):
        billiards.Match(level="godlike")
    with pytest.raises(TypeError):
        m.shoot(None, 3)
    assert m.view()["shots"] == 0


def test_the_computers_choice_is_deterministic_and_plays():
    m = billiards.Match("9-ball", seats=("computer", "computer"), seed=7)
    a = m.computer_move(BUDGET)
    b = m.copy().computer_move(BUDGET)
    assert a == b and not a["is_decision"] and a["plan"]
    assert a["shot"]["speed"] > 0
    # The move's degrees give back its radians exactly: shooting them plays the same shot.
    by_hand = m.copy()
    if a["place_cue"]:
        by_hand.place_cue_ball(a["cue_position"])
    s = a["shot"]
    mine = by_hand.shoot(s["heading"], s["speed"], s["side"], s["height"], s["elevation"],
                         call=a["call"], push_out=a["push_out"])
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
    assert saved["format"] == "billiards-match/1" and saved["inputs"]
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

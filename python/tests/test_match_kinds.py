"""billiards.Match("snooker") and Match("three-cushion"): pool's methods for every kind, the
computer's game against itself as `billiards match` plays it, saves, undo and errors."""
import json

import numpy as np
import pytest

import billiards
from conftest import cli

# Short games (the tests also run under the sanitizers): easy seats, snooker to a shot cap,
# three-cushion to one point or one inning each.
SNOOKER = dict(seats=("computer", "computer"), level="easy", seed=3, max_shots=8)
CAROM = dict(seats=("computer", "computer"), level="easy", seed=2, target=1, innings_limit=1)


def play_out(m):
    """The computer plays both seats to the end of the game; the moves it made."""
    moves = []
    while not m.view()["game_over"]:
        assert m.computer_to_act
        moves.append(m.play_computer_turn())
        assert len(moves) < 500
    return moves


def same_position(a, b):
    assert a.view() == b.view()
    assert a.history() == b.history()
    for key in ("id", "position", "state"):
        np.testing.assert_array_equal(a.balls()[key], b.balls()[key])


def test_snooker_played_by_the_computer_is_the_command_lines_frame(tmp_path):
    """The same seats, seed and cap from Python and from `billiards match` give the same
    frame, stroke for stroke, and its scores add up."""
    status, _, err = cli("match", "--mode", "snooker", "--players", "ai:easy,ai:easy", "--seed",
                         "3", "--max-shots", "8", "--shots", "--out", str(tmp_path / "r.json"))
    assert status == 0, err
    frame = json.loads((tmp_path / "r.json").read_text())["games"][0]
    m = billiards.Match("snooker", **SNOOKER)
    assert m.view()["game"] == "snooker" and m.view()["ball_in_hand"]
    assert m.legal_targets() == list(range(1, 16))  # the reds
    play_out(m)
    v, strokes = m.view(), m.history()
    assert [(s["shooter"], s["shot"]["heading_rad"], s["pocketed"]) for s in strokes] == [
        (s["shooter"], s["heading"], s["pocketed"]) for s in frame["shot_log"]]
    assert v["scores"] == frame["scores"] and v["winner"] == frame["winner"]
    assert v["status"] == frame["result"]
    for seat in (0, 1):  # a seat's score: its points and the other's penalties
        assert v["scores"][seat] == (sum(s["points"] for s in strokes if s["shooter"] == seat) +
                                     sum(s["penalty"] for s in strokes if s["shooter"] != seat))
    assert v["match_over"] and v["games_won"][v["winner"]] == 1
    with pytest.raises(ValueError, match="the match is over"):
        m.rematch()  # best of one: decided
    with pytest.raises(ValueError, match="the frame is over"):
        m.computer_move()


def test_three_cushion_played_by_the_computer_is_the_command_lines_game(tmp_path):
    status, _, err = cli("match", "--mode", "three-cushion", "--players", "ai:easy,ai:easy",
                         "--seed", "2", "--target", "1", "--innings-limit", "1", "--shots",
                         "--out", str(tmp_path / "r.json"))
    assert status == 0, err
    game = json.loads((tmp_path / "r.json").read_text())["games"][0]
    m = billiards.Match("three-cushion", **CAROM)
    v = m.view()
    assert v["breaker"] == game["breaker"] == game["lag_winner"] == v["shooter"]
    assert m.legal_targets() == [2]  # the break is played on the red
    with pytest.raises(ValueError, match="no ball in hand"):
        m.place_cue_ball((0.0, 0.0))
    assert m.placement_ok((0.0, 0.0)) == (False, "no ball in hand at three-cushion")
    play_out(m)
    v, shots = m.view(), m.history()
    assert [(s["shooter"], s["shot"]["heading_rad"], s["point"]) for s in shots] == [
        (s["shooter"], s["heading"], s["point"]) for s in game["shot_log"]]
    assert v["scores"] == game["scores"] and v["innings"] == game["innings"]
    assert v["winner"] == game["winner"] and v["status"] == game["result"]
    assert sum(v["scores"]) == sum(s["point"] for s in shots)
    m.rematch()  # the next game: the other player breaks
    assert m.view()["game_number"] == 2 and m.view()["shooter"] == 1 - game["breaker"]


@pytest.mark.parametrize("kind,options",
                         [("snooker", SNOOKER), ("three-cushion", dict(CAROM, target=3, innings_limit=0))])
def test_a_save_loads_as_the_same_game_and_plays_on_alike(kind, options, tmp_path):
    m = billiards.Match(kind, **options)
    if m.view()["ball_in_hand"]:
        m.place_cue_ball((-1.1, 0.08))  # in the D
    m.shoot(heading=1.0, speed=6.0, height=0.2)
    m.shoot(heading=95.0, speed=2.0, side=-0.1)
    m.save(tmp_path / "game.json")
    loaded = billiards.Match.load(tmp_path / "game.json")
    assert loaded.to_json() == m.to_json()
    same_position(loaded, m)
    assert billiards.Match.from_json(m.to_json()).to_json() == m.to_json()
    # Saved again, the previous file is kept as the backup.
    m.save(tmp_path / "game.json")
    assert (tmp_path / "game.json.bak").exists()
    # The same shot plays alike in both.
    shot = dict(heading=200.0, speed=4.0)
    for g in (m, loaded):
        if not g.view()["may_shoot"]:
            g.decide(g.view()["decisions"][0])  # snooker: play on after a foul
        if g.view()["ball_in_hand"]:
            g.place_cue_ball((-1.1, 0.08))
    assert loaded.shoot(**shot) == m.shoot(**shot)
    same_position(loaded, m)


@pytest.mark.parametrize("kind,options", [("snooker", SNOOKER), ("three-cushion", CAROM)])
def test_undo_takes_back_a_shot_and_copies_and_checks_leave_the_game_as_it_is(kind, options):
    m = billiards.Match(kind, practice=True, **options)
    before = m.copy()
    move = m.computer_move()
    assert not move["is_decision"] and move["plan"]
    m.check_shot(**move["shot"])
    same_position(m, before)
    placed = m.copy()  # the move by hand: placement (snooker's cue ball in hand), then shot
    if move["place_cue"]:
        placed.place_cue_ball(move["cue_position"])
    verdict = placed.check_shot(nominated=move.get("nominated", -1), **move["shot"])
    m.play_move()
    assert m.history()[-1] == verdict
    assert m.view()["shots"] == 1 and m.view()["can_undo"]
    with pytest.raises(ValueError, match="no move to play"):
        m.play_move()
    assert m.undo()  # back before the shot (a placement is not taken back)
    same_position(m, placed)
    assert not m.undo()  # nothing left to take back
    assert not billiards.Match(kind, **options).undo()  # not in practice


def test_snooker_rejects_what_does_not_fit():
    m = billiards.Match("snooker", seed=1)
    with pytest.raises(ValueError, match="unknown choice"):
        m.decide("surrender")
    with pytest.raises(ValueError, match="does not answer the pending decision"):
        m.decide("play on")  # no foul to answer
    with pytest.raises(ValueError, match="shot refused: miscue"):
        m.shoot(heading=0.0, speed=3.0, side=0.9, height=0.9)
    with pytest.raises(ValueError, match=r"^shoot: speed: must be between 0(\.0)? and 100"):
        m.shoot(heading=0.0, speed=150.0)  # played, its save could not be read
    with pytest.raises(ValueError, match="placement refused"):
        m.place_cue_ball((0.0, 0.0))  # outside the D
    assert m.view()["shots"] == 0
    with pytest.raises(ValueError, match="only for three-cushion"):
        billiards.Match("snooker", target=5)


def test_three_cushion_rejects_what_does_not_fit():
    m = billiards.Match("three-cushion", seed=1)
    with pytest.raises(ValueError, match="does not answer the pending decision"):
        m.decide("spot the balls")  # no frozen cue ball
    with pytest.raises(ValueError, match="no work budget"):
        m.computer_move(budget=1000)
    with pytest.raises(ValueError, match="only for snooker"):
        billiards.Match("three-cushion", best_of=3)
    with pytest.raises(ValueError, match="only for 8-ball and 9-ball"):
        billiards.Match("three-cushion", call_shots=True)


def test_bad_games_and_files_raise_value_errors(tmp_path):
    with pytest.raises(ValueError, match=r'^Match: game: must be one of "8-ball", "9-ball", '
                                         r'"snooker", "three-cushion"'):
        billiards.Match("carom")
    with pytest.raises(ValueError, match=r"^Match: seats\[1\]\.kind"):
        billiards.Match("snooker", seats=("human", "robot"))
    with pytest.raises(ValueError, match=r"^Match: players\[0\]\.level"):
        billiards.Match("three-cushion", level="godlike")
    with pytest.raises(ValueError, match=r"^Match: best_of"):
        billiards.Match("snooker", best_of=2)
    with pytest.raises(ValueError, match=r"^Match: table"):
        billiards.Match("snooker", table="pool-9ft")
    with pytest.raises(ValueError, match=r"^bad\.json: shots\[0\]"):
        billiards.Match.from_json(json.dumps({
            "format": billiards.CAROM_FORMAT, "table": "carom-10ft", "breaker": 0, "target": 3,
            "players": [{"kind": "human"}, {"kind": "human"}],
            "shots": [{"heading_rad": 0.0, "speed": 99.0}]}), "bad.json")
    with pytest.raises(ValueError, match=r"^bad\.json: inputs\[0\]"):
        billiards.Match.from_json(json.dumps({
            "format": billiards.SNOOKER_FORMAT, "table": "snooker-12ft", "seats": [{"kind": "human"}, {"kind": "human"}],
            "seed": 1, "inputs": [{"kind": "reply", "reply": "play_on"}]}), "bad.json")
    (tmp_path / "report.json").write_text(json.dumps({"format": "billiards-match-report/1"}))
    with pytest.raises(ValueError, match="match report"):
        billiards.Match.load(tmp_path / "report.json")
    with pytest.raises(ValueError):
        billiards.Match.load(tmp_path / "missing.json")


BAD_STROKES = {
    "snooker nominated 99": ("snooker", {"nominated": 99}, "nominated"),
    "snooker nominated -2": ("snooker", {"nominated": -2}, "nominated"),
    "snooker call": ("snooker", {"call": (3, 1)}, "call"),
    "snooker push-out": ("snooker", {"push_out": True}, "push_out"),
    "three-cushion heading 1000": ("three-cushion", {"heading": 1000.0}, "heading"),
    "three-cushion nominated": ("three-cushion", {"nominated": 17}, "nominated"),
    "three-cushion call": ("three-cushion", {"call": (1, 0)}, "call"),
    "9-ball nominated": ("9-ball", {"nominated": 17}, "nominated"),
}


@pytest.mark.parametrize("case", sorted(BAD_STROKES))
def test_a_stroke_the_kind_has_no_part_of_or_could_not_save_is_refused(case, tmp_path):
    """Refused before it is played: the game unchanged, its save still loads."""
    kind, extra, name = BAD_STROKES[case]
    m = billiards.Match(kind, seed=1)
    before = m.to_json()
    with pytest.raises(ValueError, match=rf"^shoot: {name}: "):
        m.shoot(**dict({"heading": 0.0, "speed": 3.0}, **extra))
    assert m.to_json() == before and m.view()["shots"] == 0
    m.save(tmp_path / "game.json")
    assert billiards.Match.load(tmp_path / "game.json").to_json() == before

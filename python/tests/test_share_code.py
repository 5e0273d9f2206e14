"""Share codes from Python against the real `billiards code`: the same code, the file back
bit for bit (a decoded scenario simulates the same), and bad codes raise InputError."""
import json
import os

import pytest

import billiards
from conftest import cli, scenario_files


@pytest.mark.parametrize("name", ["break-8ball.json", "draw-shot.json", "snooker-rack.json"])
def test_the_code_is_the_command_lines_and_comes_back(name):
    path = next(p for p in scenario_files() if os.path.basename(p) == name)
    status, out, err = cli("code", "encode", path)
    assert status == 0, err
    code = billiards.share_code(path)
    assert code.encode() + b"\n" == out
    with open(path) as f:
        assert billiards.share_code(json.load(f)) == code
    back = billiards.from_share_code(code)
    assert back["format"] == billiards.SCENARIO_FORMAT
    assert billiards.simulate(back) == billiards.simulate(path)


def test_a_rack_code_is_short_and_seeded():
    a = billiards.rack_code("9ball", seed=7)
    assert len(a) <= 40
    status, out, _ = cli("code", "encode", "--rack", "9ball", "--seed", "7")
    assert status == 0 and out.decode().strip() == a
    balls = billiards.from_share_code(a)["balls"]
    assert len(balls) == 10
    assert billiards.from_share_code(billiards.rack_code("9ball", seed=8))["balls"] != balls
    assert billiards.from_share_code(billiards.rack_code("8ball", table="pool-7ft"))["table"] \
        == "pool-7ft"


def test_bad_codes_and_arguments_raise():
    code = billiards.rack_code("8ball")
    with pytest.raises(billiards.InputError, match=r"^code: \$: the code is damaged"):
        billiards.from_share_code(code[:-3])
    with pytest.raises(billiards.InputError, match="must begin with"):
        billiards.from_share_code("hello")
    with pytest.raises(TypeError):
        billiards.from_share_code(42)
    with pytest.raises(ValueError, match="game: must be one of"):
        billiards.rack_code("7ball")
    with pytest.raises(ValueError, match="seed"):
        billiards.rack_code("8ball", seed=-1)
    with pytest.raises(billiards.InputError, match="not played on snooker-12ft"):
        billiards.rack_code("8ball", table="snooker-12ft")
    with pytest.raises(billiards.InputError, match=r"^scenario: balls: is required"):
        billiards.share_code({"format": billiards.SCENARIO_FORMAT})

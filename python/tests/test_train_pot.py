"""examples/python/train_pot.py, shortly: a fixed number of shots (the same run on any
machine) must leave the policy potting clearly more held-out positions than it did untrained
and than random play. PyTorch is needed; sanitized builds leave it to the optimised build
(the same Python, and minutes of engine work under the sanitizers)."""
import json
import os
import subprocess
import sys

import pytest

from conftest import SANITIZED, SOURCE

SCRIPT = os.path.join(SOURCE, "examples", "python", "train_pot.py")


@pytest.mark.skipif(SANITIZED, reason="training is left to the optimised build")
def test_a_short_training_run_learns_to_pot(tmp_path):
    pytest.importorskip("torch", reason="PyTorch (python3-torch, cmake/setup.sh) is needed")
    out = tmp_path / "figures.json"
    p = subprocess.run([sys.executable, SCRIPT, "--shots", "12288", "--envs", "512",
                        "--held-out", "1024", "--eval-every", "1000", "--threads", "2",
                        "--json", str(out)], capture_output=True, text=True, timeout=280)
    assert p.returncode == 0, p.stderr
    f = json.loads(out.read_text())
    assert "final held-out pot rate" in p.stdout
    assert f["shots"] == 12288
    assert f["random"] < 0.1  # random play rarely pots
    assert f["final"] > f["random"] + 0.2
    assert f["final"] > f["untrained"] + 0.1, f

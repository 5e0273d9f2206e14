"""The example study runs on a LocalCluster and gives the same numbers as in one process."""
import json
import os
import subprocess
import sys

from conftest import SOURCE

STUDY = os.path.join(SOURCE, "examples", "python", "cut_angle_study.py")


def study(tmp_path, workers):
    out = tmp_path / f"w{workers}"
    p = subprocess.run([sys.executable, STUDY, "--shots", "6", "--angles", "0:60:30",
                        "--speeds", "1,3", "--chunk", "5", "--workers", str(workers),
                        "--out", f"{out}.png", "--json", f"{out}.json"],
                       capture_output=True, text=True, timeout=240)
    assert p.returncode == 0, p.stderr
    with open(f"{out}.png", "rb") as f:
        assert f.read(8) == b"\x89PNG\r\n\x1a\n"
    return json.loads((tmp_path / f"w{workers}.json").read_text())


def test_cut_angle_study_on_a_cluster_equals_one_process(tmp_path):
    local, cluster = study(tmp_path, 0), study(tmp_path, 2)
    assert local == cluster
    chance = local["chance"]
    assert len(chance) == 3 and all(len(row) == 2 for row in chance)
    assert chance[0][0] > 0.5  # a straight-in shot from 0.6 m mostly drops
    assert chance[2][0] < chance[0][0]  # a 60 degree cut at 1 m/s drops less often


def test_cushion_rebound_figure_is_drawn(tmp_path):
    out = tmp_path / "rebound.png"
    script = os.path.join(SOURCE, "examples", "python", "cushion_rebound.py")
    p = subprocess.run([sys.executable, script, str(out)], capture_output=True, text=True,
                       timeout=240)
    assert p.returncode == 0, p.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_throw_plot_matches_the_closed_form(tmp_path):
    out = tmp_path / "throw.png"
    script = os.path.join(SOURCE, "examples", "python", "throw_plot.py")
    p = subprocess.run([sys.executable, script, "--out", str(out), "--step", "20"],
                       capture_output=True, text=True, timeout=240)
    assert p.returncode == 0, p.stderr
    assert "largest difference engine - closed form" in p.stdout
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

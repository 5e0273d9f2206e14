"""Shared helpers: the real `billiards` binary (BILLIARDS_EXE) and the source tree's
scenarios, set by python/tests/CMakeLists.txt."""
import glob
import os
import subprocess

import pytest

EXE = os.environ.get("BILLIARDS_EXE", "")
HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.environ.get("BILLIARDS_SOURCE_DIR", os.path.dirname(os.path.dirname(HERE)))
SANITIZED = os.environ.get("BILLIARDS_SANITIZED") == "1"


# Runs of several seconds (pi-digits-6 counts 314,159 impacts): left out to keep the
# suite short; pi-digits-5 (31,415) stands for them.
SLOW = ("pi-digits-6.json",)


def scenario_files():
    """Every scenario the project ships (assets/scenarios and the docs' pictures) but the
    slow ones."""
    files = sorted(glob.glob(os.path.join(SOURCE, "assets", "scenarios", "*.json")))
    files += sorted(glob.glob(os.path.join(SOURCE, "docs", "*.json")))
    files = [f for f in files if os.path.basename(f) not in SLOW]
    assert len(files) >= 10, files
    return files


def cli(*args, cwd=None):
    """Runs the real binary: (exit status, stdout bytes, stderr text)."""
    assert EXE and os.path.exists(EXE), "BILLIARDS_EXE must name the built billiards binary"
    env = dict(os.environ)
    env.pop("LD_PRELOAD", None)  # the binary links its sanitizers itself
    env["ASAN_OPTIONS"] = "detect_leaks=0"
    p = subprocess.run([EXE, *args], capture_output=True, cwd=cwd, env=env)
    return p.returncode, p.stdout, p.stderr.decode()


@pytest.fixture
def source():
    return SOURCE

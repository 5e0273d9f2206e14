"""Shared helpers: the real `billiards` binary (BILLIARDS_EXE) and the source tree's
scenarios, set by python/tests/CMakeLists.txt."""
import contextlib
import glob
import os
import subprocess
import sys
import threading

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


class EngineRun:
    """What engine_running yields: `finished` turns True when the call has returned."""
    finished = False
    result = None
    error = None


def is_busy(read):
    """Whether `read()` (a read of a World or Match) finds the object running elsewhere."""
    try:
        read()
    except RuntimeError as e:
        assert "running in another thread" in str(e)
        return True
    return False


@contextlib.contextmanager
def engine_running(start, inside=lambda: True, attempts=5):
    """Runs start()'s call (start makes a fresh one each attempt) in another thread and
    enters the block while that call is in progress, this thread holding the interpreter
    lock: with a huge switch interval the interpreter does not hand the lock over on its
    own, so this thread gets it only when the call lets go of it, inside the engine, and
    the call cannot return (it needs the lock back) until the block ends. No sleeps, no
    clocks. Only the operating system can spoil an attempt, by not running this thread
    before the call ends (then `finished` is True, or `inside()` false): another attempt.
    An engine that keeps the lock spoils every attempt, and the test fails. The call's
    error is raised at the end."""
    interval = sys.getswitchinterval()
    try:
        for _ in range(attempts):
            run = EngineRun()
            call = start()
            started = threading.Event()

            def body():
                started.set()
                try:
                    run.result = call()
                except BaseException as e:  # noqa: BLE001 - raised in the caller's thread
                    run.error = e
                run.finished = True

            sys.setswitchinterval(1000.0)
            thread = threading.Thread(target=body)
            thread.start()
            started.wait()  # returns once the call lets go of the lock
            if run.finished or not inside():
                sys.setswitchinterval(interval)
                thread.join()
                if run.error is not None:
                    raise run.error
                continue
            try:
                yield run
            finally:
                sys.setswitchinterval(interval)
                thread.join()
            if run.error is not None:
                raise run.error
            return
        raise AssertionError(f"the call never let go of the interpreter lock in {attempts} "
                             "attempts: the engine keeps it while it runs")
    finally:
        sys.setswitchinterval(interval)

"""python3 -m billiards.batch against a real Dask cluster: a `dask scheduler` and `dask worker`
processes started here, on 127.0.0.1 with free ports, their files in the test's folder, and
torn down by the test (process groups, SIGTERM then SIGKILL) even when it fails. A worker
killed mid-batch loses nothing and duplicates nothing; a task that fails for good (the
scheduler allows no failure, or the worker cannot import the package) fails its scenarios
alone, reported one line each, the other results written, exit status 1, no traceback."""
import json
import os
import signal
import subprocess
import sys
import time

import psutil
import pytest
from distributed import Client

import billiards

from conftest import cli, scenario_files

HERE = os.path.dirname(os.path.abspath(__file__))
DEADLINE = 90.0  # seconds for a process to come up; the batch's own timeout is apart
LOOPBACK = ("127.0.0.1", "::1")


class Cluster:
    """A scheduler and workers as separate processes; close() ends every one of them."""

    def __init__(self, folder, scheduler_env=None):
        self.folder = folder
        self.procs = []
        self.address = None
        self.file = str(folder / "scheduler.json")
        self._start("scheduler", ["scheduler", "--host", "127.0.0.1", "--port", "0",
                                  "--dashboard-address", "127.0.0.1:0", "--no-show",
                                  "--scheduler-file", self.file], scheduler_env or {})

    def _start(self, name, args, env_changes):
        env = dict(os.environ)
        env.update(env_changes)
        env = {k: v for k, v in env.items() if v is not None}
        log = open(self.folder / f"{name}.log", "wb")
        p = subprocess.Popen([sys.executable, "-m", "dask", *args], cwd=self.folder, env=env,
                             stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        log.close()
        p.name = name
        self.procs.append(p)
        return p

    def worker(self, name, env_changes=None, preload=None):
        args = ["worker", "--scheduler-file", self.file, "--host", "127.0.0.1",
                "--dashboard-address", "127.0.0.1:0", "--nthreads", "1", "--no-nanny",
                "--name", name, "--local-directory", str(self.folder / name),
                "--death-timeout", str(DEADLINE)]
        if preload:
            args += ["--preload", preload]
        return self._start(name, args, env_changes or {})

    def client(self):
        deadline = time.monotonic() + DEADLINE
        while not os.path.exists(self.file) or not os.path.getsize(self.file):
            assert self.procs[0].poll() is None, self.logs()
            assert time.monotonic() < deadline, "the scheduler did not start\n" + self.logs()
            time.sleep(0.05)
        for _ in range(100):  # the file may be caught half written
            try:
                with open(self.file) as f:
                    self.address = json.load(f)["address"]
                break
            except (ValueError, KeyError):
                time.sleep(0.05)
        assert self.address and self.address.startswith("tcp://127.0.0.1:"), self.address
        return Client(self.address, timeout=DEADLINE)

    def logs(self):
        out = []
        for p in self.procs:
            path = self.folder / f"{p.name}.log"
            if path.exists():
                out.append(f"--- {p.name} (exit {p.poll()}) ---\n" + path.read_text(errors="replace")[-3000:])
        return "\n".join(out)

    def close(self):
        for p in reversed(self.procs):
            if p.poll() is None:
                os.killpg(p.pid, signal.SIGTERM)
        for p in self.procs:
            try:
                p.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
                p.wait(timeout=15)


@pytest.fixture
def cluster(tmp_path):
    made = []

    def make(**kwargs):
        folder = tmp_path / f"cluster{len(made)}"
        folder.mkdir()
        made.append(Cluster(folder, **kwargs))
        return made[-1]

    try:
        yield make
    finally:
        for c in made:
            c.close()


def batch(address, inputs, out, timeout=120):
    return subprocess.run([sys.executable, "-m", "billiards.batch", *inputs, "--chunk", "1",
                           "--scheduler", address, "--timeout", "30", "--out", str(out)],
                          capture_output=True, text=True, timeout=timeout)


def expected(tmp_path, inputs):
    status, _, err = cli("batch", *inputs, "--out", str(tmp_path / "cli"))
    assert status == 0, err
    return {n: (tmp_path / "cli" / n).read_bytes() for n in os.listdir(tmp_path / "cli")}


def listening(pid):
    return [c.laddr for c in psutil.Process(pid).connections(kind="inet")
            if c.status == psutil.CONN_LISTEN]


def start_two_workers(c, killer_env):
    """A good worker first, then one that dies on its first task: the scheduler gives
    tasks to both."""
    c.worker("good")
    client = c.client()
    client.wait_for_workers(1, timeout=DEADLINE)
    killer = c.worker("killer", killer_env, preload=os.path.join(HERE, "dask_kill_worker.py"))
    client.wait_for_workers(2, timeout=DEADLINE)
    return client, killer


def test_a_worker_killed_mid_batch_loses_and_duplicates_nothing(tmp_path, cluster):
    inputs = scenario_files()[:8]
    want = expected(tmp_path, inputs)
    c = cluster()
    marker = tmp_path / "killed"
    client, killer = start_two_workers(c, {"BILLIARDS_KILL_MARKER": str(marker)})
    with client:
        # Loopback only: every socket the scheduler and the workers listen on.
        for p in c.procs:
            addresses = listening(p.pid)
            assert addresses, p.name
            assert all(a.ip in LOOPBACK for a in addresses), (p.name, addresses)
        p = batch(c.address, inputs, tmp_path / "dask")
    assert p.returncode == 0, p.stderr + c.logs()
    assert killer.wait(timeout=DEADLINE) == -signal.SIGKILL and marker.exists(), c.logs()
    assert "Traceback" not in p.stderr
    # Every result once: the files are the command line's, and the count of writes is N.
    got = {n: (tmp_path / "dask" / n).read_bytes() for n in os.listdir(tmp_path / "dask")}
    assert got == want
    assert f"billiards batch: {len(inputs)} result files written to" in p.stderr
    progress = [line for line in p.stderr.splitlines() if " scenarios, " in line]
    assert progress[-1].startswith(f"billiards batch: {len(inputs)}/{len(inputs)} scenarios")


def test_a_task_that_fails_for_good_fails_its_scenarios_alone(tmp_path, cluster):
    inputs = scenario_files()[:8]
    want = expected(tmp_path, inputs)
    # The scheduler allows no failure: the tasks on the killed worker fail (KilledWorker).
    c = cluster(scheduler_env={"DASK_DISTRIBUTED__SCHEDULER__ALLOWED_FAILURES": "0"})
    marker = tmp_path / "killed"
    client, killer = start_two_workers(c, {"BILLIARDS_KILL_MARKER": str(marker)})
    with client:
        p = batch(c.address, inputs, tmp_path / "dask")
    assert p.returncode == 1, p.stderr + c.logs()
    assert "Traceback" not in p.stderr
    assert killer.wait(timeout=DEADLINE) == -signal.SIGKILL, c.logs()
    failed = [line for line in p.stderr.splitlines() if ": the Dask task failed: " in line]
    assert failed and all("KilledWorker" in line for line in failed), p.stderr
    failed_inputs = {line.split(": the Dask task failed: ")[0] for line in failed}
    assert failed_inputs < set(inputs) and len(failed_inputs) == len(failed)
    # Every other scenario's result is written, as the command line writes it.
    got = {n: (tmp_path / "dask" / n).read_bytes() for n in os.listdir(tmp_path / "dask")}
    assert got and len(got) == len(inputs) - len(failed)
    assert all(want[n] == data for n, data in got.items())
    names = dict(zip(inputs, billiards._billiards.batch_result_names(inputs)))
    assert set(got) == {names[path] for path in inputs if path not in failed_inputs}
    assert f"billiards batch: {len(got)} result files written to" in p.stderr
    assert f"billiards batch: {len(failed)} of {len(inputs)} scenarios failed:" in p.stderr


def test_a_worker_that_cannot_import_the_package(tmp_path, cluster):
    inputs = scenario_files()[:3]
    # A package named billiards that fails to import, ahead of the real one.
    shadow = tmp_path / "shadow" / "billiards"
    shadow.mkdir(parents=True)
    (shadow / "__init__.py").write_text('raise ImportError("this worker cannot import billiards")\n')
    c = cluster()
    c.worker("bad", {"PYTHONPATH": str(shadow.parent)})
    with c.client() as client:
        client.wait_for_workers(1, timeout=DEADLINE)
        p = batch(c.address, inputs, tmp_path / "dask")
    assert p.returncode == 1, p.stderr + c.logs()
    assert "Traceback" not in p.stderr
    lines = p.stderr.splitlines()
    for path in inputs:
        line = [x for x in lines if x.startswith(f"{path}: the Dask task failed: ")]
        assert len(line) == 1 and "cannot import billiards" in line[0], p.stderr
    assert "billiards batch: 0 result files written to" in p.stderr
    assert f"billiards batch: {len(inputs)} of {len(inputs)} scenarios failed:" in p.stderr
    assert os.listdir(tmp_path / "dask") == []


def pot_rollout(seed):
    """One VectorEnv step of random shots (run on a worker)."""
    import numpy as np  # noqa: PLC0415 - on the worker
    from billiards.env import VectorEnv  # noqa: PLC0415

    with VectorEnv(4, game="pot", seed=seed, threads=1) as env:
        obs, _ = env.reset()
        rng = np.random.default_rng(seed)
        actions = np.column_stack([rng.uniform(-180, 180, 4), rng.uniform(0.5, 3, 4),
                                   np.zeros(4), np.zeros(4)])
        _, rewards, _, _, infos = env.step(actions)
        return obs.tobytes(), rewards.tobytes(), infos["first_contact"].tobytes()


def test_vector_env_rollouts_on_a_cluster_equal_local_ones(tmp_path, cluster):
    import cloudpickle  # noqa: PLC0415 - distributed's own

    # The workers cannot import this test module: the function goes by value.
    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    try:
        c = cluster()
        c.worker("w")
        with c.client() as client:
            client.wait_for_workers(1, timeout=DEADLINE)
            got = client.gather(client.map(pot_rollout, [1, 2, 3]))
    finally:
        cloudpickle.unregister_pickle_by_value(sys.modules[__name__])
    assert got == [pot_rollout(s) for s in (1, 2, 3)], c.logs()

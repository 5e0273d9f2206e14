"""python3 -m billiards.batch on a LocalCluster of worker processes against the real
`billiards batch`: the same result files, byte for byte, the same names for repeated file
names, the same exit status and failure lines."""
import os
import shutil
import socket
import subprocess
import sys

from conftest import cli, scenario_files


def test_dask_batch_writes_what_billiards_batch_writes(tmp_path):
    files = scenario_files()
    # Two files of the same name in different folders, and a bad one: names and failures.
    (tmp_path / "copy").mkdir()
    twin = tmp_path / "copy" / os.path.basename(files[0])
    shutil.copy(files[0], twin)
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "billiards-scenario/1", "balls": [{"id": 0}]}')
    inputs = files + [str(twin), str(bad)]

    status, _, cli_err = cli("batch", *inputs, "--events", "--jobs", "2", "--out",
                             str(tmp_path / "cli"))
    p = subprocess.run([sys.executable, "-m", "billiards.batch", *inputs, "--events",
                        "--workers", "3", "--chunk", "2", "--out", str(tmp_path / "dask")],
                       capture_output=True, text=True, timeout=240)
    assert status == 2 and p.returncode == 2, p.stderr
    written = sorted(os.listdir(tmp_path / "cli"))
    assert len(written) == len(inputs) - 1
    assert sorted(os.listdir(tmp_path / "dask")) == written
    for name in written:
        dask, real = (tmp_path / "dask" / name).read_bytes(), (tmp_path / "cli" / name).read_bytes()
        assert dask == real, name
    # The failure line is the command line's.
    failure = [line for line in cli_err.splitlines() if line.startswith(str(bad))]
    assert failure and failure[0] in p.stderr.splitlines()
    assert "balls[0]: position" in failure[0] or "balls[0].position" in failure[0]
    assert f"{len(written)} result files written to" in p.stderr
    assert f"{len(inputs)}/{len(inputs)} scenarios" in p.stderr  # the progress's last line


def test_dask_batch_without_events_and_bad_arguments(tmp_path):
    files = scenario_files()[:3]
    cli("batch", *files, "--out", str(tmp_path / "cli"))
    p = subprocess.run([sys.executable, "-m", "billiards.batch", *files, "--workers", "2",
                        "--out", str(tmp_path / "dask")], capture_output=True, text=True,
                       timeout=240)
    assert p.returncode == 0, p.stderr
    for name in os.listdir(tmp_path / "cli"):
        assert (tmp_path / "dask" / name).read_bytes() == (tmp_path / "cli" / name).read_bytes()
    p = subprocess.run([sys.executable, "-m", "billiards.batch", files[0], "--workers", "0"],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 2 and "--workers" in p.stderr
    (tmp_path / "file").write_text("")
    p = subprocess.run([sys.executable, "-m", "billiards.batch", files[0], "--out",
                        str(tmp_path / "file")], capture_output=True, text=True, timeout=60)
    assert p.returncode == 2 and "cannot create the directory" in p.stderr


def test_the_local_cluster_listens_on_the_loopback_address_only():
    """The scheduler, the nannies, the workers and their HTTP servers (distributed's
    defaults: the scheduler's on 0.0.0.0:8787, the workers' on 0.0.0.0) on 127.0.0.1."""
    import psutil
    from distributed import Client

    from billiards.batch import local_cluster

    with local_cluster(2) as cluster, Client(cluster) as client:
        client.wait_for_workers(2, timeout=120)
        workers = set(client.run(os.getpid).values())
        me = psutil.Process()
        sockets = [(p.pid, c.laddr) for p in [me] + me.children(recursive=True)
                   for c in p.connections(kind="inet") if c.status == psutil.CONN_LISTEN]
        assert len(workers) == 2 and workers <= {pid for pid, _ in sockets}, sockets
        assert os.getpid() in {pid for pid, _ in sockets}  # the scheduler and the nannies
        assert [(pid, a) for pid, a in sockets if a.ip not in ("127.0.0.1", "::1")] == []


def test_a_bad_or_unreachable_scheduler_is_one_line(tmp_path):
    files = scenario_files()[:1]
    p = subprocess.run([sys.executable, "-m", "billiards.batch", *files, "--scheduler",
                        "not a url", "--out", str(tmp_path / "out")],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 2
    assert p.stderr.splitlines() == [
        "billiards batch: --scheduler not a url: missing port number in address 'not a url' "
        "(expected tcp://HOST:PORT)"]
    # A port nobody listens on (taken from the system, then freed).
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    p = subprocess.run([sys.executable, "-m", "billiards.batch", *files, "--scheduler",
                        f"tcp://127.0.0.1:{port}", "--timeout", "1", "--out",
                        str(tmp_path / "out")], capture_output=True, text=True, timeout=120)
    assert p.returncode == 1
    lines = p.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(
        f"billiards batch: --scheduler tcp://127.0.0.1:{port}: cannot connect: "), p.stderr

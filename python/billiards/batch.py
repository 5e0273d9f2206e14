"""``python3 -m billiards.batch SCENARIO... --out DIR [--scheduler tcp://HOST:PORT] [--workers N]``

Runs scenarios on a Dask distributed cluster and writes one result file each, as
``billiards batch`` writes them: the same file names (``a.json`` gives ``a.result.json``,
names never collide), the same bytes, written atomically and synced; the same exit
status (0, 2 for bad input, 1 otherwise) and messages. ``--scheduler`` uses an existing
cluster; without it a LocalCluster of ``--workers`` processes (default 2) runs here.

The scenario files are read here and sent to the workers as text, and the results come
back as text and are written here, so the workers need no shared file system.
Progress goes to standard error: a line per tenth of the batch, then a summary.

A task that fails on the cluster (a worker that cannot import the package, a worker that
dies more often than the scheduler allows) fails its scenarios alone: they are reported as
failed lines, every other result is written, and the exit status is 1. The local cluster
listens on the loopback address only (scheduler, workers, nannies and their HTTP servers).
"""
from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time
from typing import List, Optional, Sequence, Tuple

from . import _billiards


def _one_line(text: str) -> str:
    return text.replace("\n", " ").replace("\r", " ")


def run_text(text: str, file_name: str, events: bool) -> Tuple[int, str, Optional[str]]:
    """One scenario's (status, message, result text), as ``billiards batch`` reports it:
    status 2 and "FILE: JSON.PATH: problem" for bad input, 1 for any other failure."""
    try:
        return 0, "", _billiards.simulate_text(text, file_name, events)
    except _billiards.InputError as e:
        return 2, _one_line(str(e)), None
    except Exception as e:  # noqa: BLE001 - reported like the command line's failures
        return 1, _one_line(f"{file_name}: {e}"), None


def run_many(jobs: Sequence[Tuple[str, str]], events: bool) -> List[Tuple[int, str, Optional[str]]]:
    """run_text for several (text, file name) pairs: one Dask task runs a chunk."""
    return [run_text(text, name, events) for text, name in jobs]


def _parse(argv: Optional[Sequence[str]]) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        prog="python3 -m billiards.batch",
        description="Run scenarios on a Dask cluster, one result file each "
                    "(as `billiards batch` writes them).")
    p.add_argument("scenarios", nargs="+", metavar="SCENARIO", help="scenario files")
    p.add_argument("--out", "-o", default=".", metavar="DIR",
                   help="directory for the result files (created if missing; default .)")
    p.add_argument("--scheduler", metavar="tcp://HOST:PORT",
                   help="address of a running Dask scheduler (default: a local cluster)")
    p.add_argument("--workers", type=int, default=2, metavar="N",
                   help="worker processes of the local cluster (default 2)")
    p.add_argument("--chunk", type=int, default=0, metavar="K",
                   help="scenarios per task (default: about 8 tasks per worker)")
    p.add_argument("--events", action="store_true", help="include each run's event list")
    p.add_argument("--timeout", type=float, default=30.0, metavar="SECONDS",
                   help="how long to wait for --scheduler to answer (default 30)")
    a = p.parse_args(argv)
    if a.workers < 1:
        p.error("--workers: must be at least 1")
    if not (a.timeout > 0 and a.timeout < 1e6):
        p.error("--timeout: must be between 0 and 1e6 seconds")
    return a


def _address_problem(address: str) -> Optional[str]:
    """What is wrong with a scheduler address, None when it reads as [PROTOCOL://]HOST:PORT."""
    from distributed.comm import get_address_host_port
    try:
        host, port = get_address_host_port(address)
    except Exception as e:  # noqa: BLE001 - distributed's reason, on one line
        return f"{_one_line(str(e))} (expected tcp://HOST:PORT)"
    if not host or not 0 < port < 65536:
        return "expected tcp://HOST:PORT, the port between 1 and 65535"
    return None


def local_cluster(workers: int):
    """A LocalCluster of `workers` processes, one thread each, on this machine only: the
    scheduler, the workers, their nannies and every HTTP server (the dashboards, when
    bokeh is installed) listen on 127.0.0.1, on free ports. (distributed's defaults put
    the scheduler's HTTP server on 0.0.0.0:8787 even with the dashboard off, and the
    workers' on 0.0.0.0.)"""
    from distributed import LocalCluster
    return LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                        host="127.0.0.1", dashboard_address="127.0.0.1:0",
                        worker_dashboard_address="127.0.0.1:0", silence_logs=40)


def _client(a: argparse.Namespace):
    from distributed import Client
    if a.scheduler:
        return Client(a.scheduler, timeout=a.timeout), None
    cluster = local_cluster(a.workers)
    return Client(cluster), cluster


def _task_failure(e: BaseException) -> str:
    """A failed task's reason, on one line (a KilledWorker's explanation is long)."""
    text = _one_line(str(e)).strip()
    if len(text) > 300:
        text = text[:297] + "..."
    return f"the Dask task failed: {type(e).__name__}" + (f": {text}" if text else "")


def main(argv: Optional[Sequence[str]] = None) -> int:
    a = _parse(argv)
    if a.scheduler is not None:
        problem = _address_problem(a.scheduler)
        if problem:
            print(f"billiards batch: --scheduler {a.scheduler}: {problem}", file=sys.stderr)
            return 2
    names = _billiards.batch_result_names(list(a.scenarios))
    try:
        os.makedirs(a.out, exist_ok=True)
    except OSError:
        pass
    if not os.path.isdir(a.out):
        print(f"billiards batch: --out {a.out}: cannot create the directory", file=sys.stderr)
        return 2

    outcomes: List[Tuple[int, str]] = [(0, "")] * len(a.scenarios)
    jobs: List[Tuple[int, str, str]] = []  # (index, text, file name)
    for k, path in enumerate(a.scenarios):
        try:
            jobs.append((k, _billiards.read_text_file(path), path))
        except ValueError as e:  # InputError, or a NUL in the path
            outcomes[k] = (2, _one_line(str(e)))

    start = time.monotonic()
    try:
        client, cluster = _client(a)
    except Exception as e:  # noqa: BLE001 - one line, no traceback
        where = f"--scheduler {a.scheduler}" if a.scheduler else "the local cluster"
        print(f"billiards batch: {where}: cannot connect: {_one_line(str(e))}",
              file=sys.stderr)
        return 1
    status = 0
    written = 0
    try:
        from distributed import as_completed
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        chunk = a.chunk if a.chunk > 0 else max(1, len(jobs) // (8 * workers))
        chunks = [jobs[i:i + chunk] for i in range(0, len(jobs), chunk)]
        futures = {}
        for c in chunks:
            f = client.submit(run_many, [(text, name) for _, text, name in c], a.events,
                              pure=False)
            futures[f] = c
        done = 0
        shown = 0
        for f in as_completed(list(futures)):
            chunk_jobs = futures.pop(f)
            try:
                results = f.result()
            except (Exception, asyncio.CancelledError) as e:  # noqa: BLE001
                # This chunk's scenarios fail; the other chunks' results are still written.
                reason = _task_failure(e)
                results = [(1, f"{name}: {reason}", None) for _, _, name in chunk_jobs]
            for (k, _, _), (st, message, result) in zip(chunk_jobs, results):
                if st == 0:
                    try:
                        _billiards.write_file_atomic(os.path.join(a.out, names[k]), result,
                                                     sync_folder=False)
                        written += 1
                    except _billiards.InputError as e:
                        st, message = 2, _one_line(str(e))
                    except Exception as e:  # noqa: BLE001
                        st, message = 1, _one_line(f"{a.scenarios[k]}: {e}")
                outcomes[k] = (st, message)
            done += len(chunk_jobs)
            if done * 10 // max(1, len(jobs)) > shown or done == len(jobs):
                shown = done * 10 // max(1, len(jobs))
                t = time.monotonic() - start
                print(f"billiards batch: {done}/{len(jobs)} scenarios, {done / t:.3g}/s"
                      if t > 0 else f"billiards batch: {done}/{len(jobs)}", file=sys.stderr,
                      flush=True)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    try:
        _billiards.sync_folder(a.out)
    except Exception as e:  # noqa: BLE001
        print(f"billiards batch: {_one_line(str(e))}", file=sys.stderr)
        status = 1
    seconds = time.monotonic() - start
    failed = [m for st, m in outcomes if st != 0]
    for st, _ in outcomes:
        status = max(status, st)
    n = len(outcomes)
    ok = written  # counted as written: a result written twice would show
    print(f"billiards batch: {ok} result file{'' if ok == 1 else 's'} written to {a.out} "
          f"({n} scenario{'' if n == 1 else 's'} in {seconds:.3g} s, "
          f"{n / seconds if seconds > 0 else 0.0:.3g}/s)", file=sys.stderr)
    if failed:
        print(f"billiards batch: {len(failed)} of {n} scenarios failed:", file=sys.stderr)
        for m in failed:
            print(m, file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())

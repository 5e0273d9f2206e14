"""A `dask worker --preload` for test_dask_cluster.py: the worker kills itself with SIGKILL
(as the kernel's out-of-memory killer would) the moment it starts executing its first
task, when it is the first to create the file BILLIARDS_KILL_MARKER names (so one worker
dies, once, mid-batch)."""
import os
import signal

from distributed import WorkerPlugin


class KillOnFirstTask(WorkerPlugin):
    name = "billiards-test-kill-on-first-task"

    def transition(self, key, start, finish, **kwargs):
        if finish != "executing":
            return
        try:
            os.close(os.open(os.environ["BILLIARDS_KILL_MARKER"],
                             os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            return
        os.kill(os.getpid(), signal.SIGKILL)


async def dask_setup(worker):
    await worker.plugin_add(KillOnFirstTask())

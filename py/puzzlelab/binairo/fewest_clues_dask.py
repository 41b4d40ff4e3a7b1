"""The fewest-clues search's tasks on Dask, and a cluster's failures in words.

Dask (an optional dependency: ``pip install "dask[distributed]"``) runs the
tasks of :mod:`puzzlelab.binairo.fewest_clues` on a local cluster or on the
scheduler at an address. A cluster can fail under a run: the scheduler dies
or the connection to it is lost, a worker dies (Dask then runs its task on
another), a worker restarts, every worker goes. Each ends the run in one
sentence (:class:`ClusterFailed`), never a traceback, and every wait is
bounded: no scheduler for :data:`CONNECT_SECONDS`, no worker for
:data:`NO_WORKER_SECONDS`. The caller has kept every task that came back
(:mod:`puzzlelab.binairo.fewest_clues_native`), so a rerun resumes.
"""

from __future__ import annotations

import contextlib
import logging
import re
import time
from collections.abc import Iterator
from typing import Any

from puzzlelab.binairo import fewest_clues
from puzzlelab.notation import PuzzleError

#: How long to wait for a Dask scheduler to answer (at the start, and again
#: after a lost connection) before saying it did not.
CONNECT_SECONDS = 10
#: How long a run waits while the scheduler has no worker before giving up.
NO_WORKER_SECONDS = 60
#: How often the run asks the scheduler how many workers it has.
WORKER_CHECK_SECONDS = 1.0


class ClusterFailed(PuzzleError):
    """The cluster failed under the run; the message says how, as a clause."""


def run_on_worker(n: int, bound: int, task: int, tasks: int) -> tuple[dict[str, Any], str]:
    """One task on a Dask worker: its result and the worker's address (so
    that the answer can say how many workers really ran tasks)."""
    from distributed import get_worker

    return fewest_clues.run_task(n, bound, task, tasks), str(get_worker().address)


class DaskRun:
    """The tasks on Dask: the scheduler at ``address``, or a local cluster when
    ``address`` is "local" (checked here, before any work). ``used`` gathers
    the addresses of the workers that returned a task."""

    def __init__(self, address: str) -> None:
        if address != "local" and not re.fullmatch(r"([a-z]+://)?[\w.\-\[\]:]+:\d{1,5}",
                                                    address):
            raise PuzzleError(f"--dask takes 'local' or a scheduler's HOST:PORT (as "
                              f"tcp://10.0.0.5:8786); got {address[:40]!r}.")
        try:
            import distributed  # noqa: F401 - only to say it is missing
        except ImportError as error:
            raise PuzzleError('Dask is not installed: pip install "dask[distributed]".') from error
        self.address = address
        self.workers = 0  # the local cluster's processes, once started
        self.used: set[str] = set()

    def describe(self) -> str:
        """What ran, for the answer's engine: where, and how many workers ran tasks."""
        where = (f"a local cluster of {self.workers} process{'es' if self.workers > 1 else ''}"
                 if self.address == "local" else f"the scheduler at {self.address}")
        count = len(self.used)
        return f"Dask, {where}; {count} worker{'s' if count != 1 else ''} ran tasks"

    def results(self, n: int, bound: int, todo: list[int], tasks: int,
                workers: int) -> Iterator[dict[str, Any]]:
        """Each task's result as it comes back, or ``{}`` while none does (a
        chance to report and to be stopped); :class:`ClusterFailed` when the
        cluster fails under the run. A local cluster has ``workers`` processes."""
        from dask.distributed import Client, LocalCluster

        _quiet_dask_logs()
        cluster = None
        if self.address == "local":
            self.workers = workers
            cluster = LocalCluster(n_workers=self.workers, threads_per_worker=1,
                                   processes=True, dashboard_address=None,
                                   silence_logs=logging.CRITICAL)
        try:
            client = Client(cluster if cluster is not None else self.address,
                            timeout=f"{CONNECT_SECONDS}s")
        except (OSError, ValueError, TypeError) as error:  # no scheduler there, or no address
            if cluster is not None:
                cluster.close()
            raise PuzzleError(f"No Dask scheduler answered at {self.address[:80]!r} "
                              f"({error}); give HOST:PORT of a running one, or 'local'."
                              ) from error
        try:
            yield from self._watch(client, [
                client.submit(run_on_worker, n, bound, t, tasks, pure=False) for t in todo])
        finally:
            _close(client, cluster)

    def _watch(self, client: Any, jobs: list[Any]) -> Iterator[dict[str, Any]]:
        """Yield the jobs' results as they finish; a failed cluster ends it in words."""
        from dask.distributed import as_completed

        finished = as_completed(jobs)
        seen_worker = seen_scheduler = time.monotonic()
        checked = 0.0
        while not finished.is_empty():
            batch = finished.next_batch(block=False)
            for future in batch:
                result, worker = self._outcome(future)
                self.used.add(worker)
                yield result
            now = time.monotonic()
            if client.status in ("closed", "closing"):
                raise ClusterFailed(f"the connection to the Dask scheduler at "
                                    f"{self.address} was lost (it stopped, or the network did)")
            if now - checked >= WORKER_CHECK_SECONDS:  # the scheduler answers, with workers?
                checked = now
                count = _worker_count(client) if client.status == "running" else None
                if count is not None:
                    seen_scheduler = now
                    if count:
                        seen_worker = now
            if time.monotonic() - seen_scheduler > CONNECT_SECONDS:
                raise ClusterFailed(f"the Dask scheduler at {self.address} stopped answering "
                                    f"for {CONNECT_SECONDS} s (it stopped or hangs, or the "
                                    "network did)")
            if now - seen_worker > NO_WORKER_SECONDS:
                raise ClusterFailed(f"the Dask scheduler at {self.address} has had no worker "
                                    f"for {NO_WORKER_SECONDS} s (they stopped, or none started)")
            if not batch:
                time.sleep(0.1)
                yield {}

    def _outcome(self, future: Any) -> tuple[dict[str, Any], str]:
        """A finished job's result and worker, or the reason it has none in words."""
        from distributed.client import FutureCancelledError

        try:
            return future.result(timeout=CONNECT_SECONDS)
        except (FutureCancelledError, TimeoutError, OSError) as error:
            reason = getattr(error, "reason", "") or type(error).__name__
            raise ClusterFailed(f"a task was cancelled by the Dask cluster at {self.address} "
                                f"({reason}: the scheduler or its connection was lost)") from error
        except ImportError as error:  # the task's code is not on that worker
            raise ClusterFailed(f"a Dask worker cannot run the search ({error}): install "
                                "puzzlelab on every worker") from error
        except Exception as error:
            if type(error).__name__ != "KilledWorker":
                raise  # the task itself failed: a fault of the search, not of the cluster
            raise ClusterFailed(f"the Dask workers running one task kept dying ({error}); the "
                                "task may need more memory than a worker has") from error


def _quiet_dask_logs() -> None:
    """Keep Dask's own log lines off the terminal: a lost connection logs
    tracebacks (from its background thread, even after the run has ended),
    and what failed is said in one sentence instead. Each logger of
    ``distributed`` has its own level (from Dask's config), so each is set."""
    names = ["distributed", *(name for name in logging.root.manager.loggerDict
                              if name.startswith("distributed."))]
    for name in names:
        logging.getLogger(name).setLevel(logging.CRITICAL)


def _worker_count(client: Any) -> int | None:
    """How many workers the scheduler has, or None when it does not answer
    within :data:`CONNECT_SECONDS`."""
    try:  # (bounded: a scheduler that hangs must not hang the run)
        identity = client.sync(client.scheduler.identity, callback_timeout=CONNECT_SECONDS)
        return len(identity.get("workers", {}))
    except Exception:  # noqa: BLE001 - a connection lost meanwhile: the status check says so
        return None


def _close(client: Any, cluster: Any) -> None:
    """Close the client (bounded: its scheduler may be gone) and a local cluster.

    Whatever closing a lost cluster raises is dropped: the run has already
    kept its tasks and said what happened.
    """
    with contextlib.suppress(Exception):
        client.close(timeout=CONNECT_SECONDS)
    if cluster is not None:
        with contextlib.suppress(Exception):
            cluster.close(timeout=CONNECT_SECONDS)

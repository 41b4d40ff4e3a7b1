"""How much memory this process may really use, for every memory budget.

The census, the peg count and the binary-puzzle count plan their memory up
front; they all ask :func:`memory_headroom`. Physical memory alone is not the
limit: an address-space limit (``prlimit --as``, ``ulimit -v``), a data
limit, a container's cgroup, or the page's WebAssembly heap may be far lower,
and a budget taken from physical memory then ends in ``MemoryError`` instead
of a refusal in words. Every source is optional: a platform without one
(Windows has no ``resource``, Pyodide has no ``/proc``) just skips it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

try:  # (imported here, not when memory has run out and an import may fail)
    import resource
except ImportError:  # Windows, Pyodide
    resource = None  # type: ignore[assignment]

IN_PAGE = sys.platform == "emscripten"
#: The page's worker: a 32-bit WebAssembly heap addresses at most 4 GB, and the
#: page plans for 1 to 2 GB for everything the worker holds (each budget also
#: has its own, lower, cap in the page); the heap's real ceiling is not readable
#: from Python, so this is the figure taken.
WASM_HEAP = 2 * 1024**3
#: When nothing can be read (not a POSIX system): assume a modest machine.
UNKNOWN_MEMORY = 4 * 1024**3
#: cgroup v1 writes "no limit" as a huge number (about 2^63, rounded to pages).
_NO_LIMIT = 2**60

_CGROUP_ROOT = Path("/sys/fs/cgroup")
_PROC_SELF = Path("/proc/self")


def _physical() -> int | None:
    try:
        pages, size = os.sysconf("SC_PHYS_PAGES"), os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, OSError, ValueError):
        return None
    return pages * size if pages > 0 and size > 0 else None


def _status_bytes(field: str) -> int:
    """A ``kB`` field of ``/proc/self/status`` (VmSize, VmData) in bytes; 0 if unknown."""
    try:
        for line in (_PROC_SELF / "status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return 0


def _rlimits() -> list[tuple[int, int]]:
    """(limit, in use) of the address-space and data limits (``ulimit -v``, ``prlimit``)."""
    if resource is None:
        return []
    room = []
    for name, used_field in (("RLIMIT_AS", "VmSize"), ("RLIMIT_DATA", "VmData")):
        which = getattr(resource, name, None)
        if which is None:
            continue
        try:
            soft, _hard = resource.getrlimit(which)
        except (OSError, ValueError):
            continue
        if soft != resource.RLIM_INFINITY and soft > 0:
            room.append((soft, _status_bytes(used_field)))
    return room


def _read_number(path: Path) -> int | None:
    try:
        text = path.read_text().strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None  # "max" (no limit) is not a number


def _cgroups() -> list[tuple[int, int]]:
    """(limit, in use) of its cgroups (v2 ``memory.max``, v1 ``memory.limit_in_bytes``)."""
    try:
        lines = (_PROC_SELF / "cgroup").read_text().splitlines()
    except OSError:
        return []
    room = []
    for line in lines:
        parts = line.split(":", 2)
        if len(parts) != 3:
            continue
        _id, controllers, where = parts
        where = where.lstrip("/")
        if controllers == "":  # cgroup v2: one tree; a limit may sit on any ancestor
            candidates = [_CGROUP_ROOT / where, *(_CGROUP_ROOT / where).parents]
            for folder in candidates:
                if not folder.is_relative_to(_CGROUP_ROOT):
                    break
                limit = _read_number(folder / "memory.max")
                if limit is not None:
                    room.append((limit, _read_number(folder / "memory.current") or 0))
        elif "memory" in controllers.split(","):
            for folder in (_CGROUP_ROOT / "memory" / where, _CGROUP_ROOT / "memory"):
                limit = _read_number(folder / "memory.limit_in_bytes")
                if limit is not None and limit < _NO_LIMIT:
                    room.append((limit, _read_number(folder / "memory.usage_in_bytes") or 0))
                    break
    return room


def _limits() -> list[tuple[int, int]]:
    """Every memory limit that applies here, as (limit, bytes in use under it)."""
    if IN_PAGE:
        return [(WASM_HEAP, 0)]
    return [(_physical() or UNKNOWN_MEMORY, 0), *_rlimits(), *_cgroups()]


def memory_limit() -> int:
    """The most memory this process may hold in all: the least of the machine's
    physical memory, its address-space and data limits, its cgroup's limit and
    (in the page) the WebAssembly heap."""
    return min(limit for limit, _used in _limits())


def memory_headroom() -> int:
    """Bytes this process can still take: the least room left under any of the
    limits of :func:`memory_limit`. Read afresh at each call: what is in use
    changes. (Physical memory counts whole: other programs come and go.)"""
    return max(0, min(limit - used for limit, used in _limits()))


def out_of_memory(advice: str) -> str:
    """The one sentence for a job that ran out of memory, with what to try."""
    return (f"Out of memory: this needs more than the {megabytes(memory_limit())} this "
            f"process may use here (the least of the machine's memory, its ulimit and its "
            f"container's limit). Try {advice}, or run it where more memory is allowed.")


def budget(share: float, cap: float) -> int:
    """A memory budget: ``share`` of :func:`memory_headroom`, at most ``cap`` bytes."""
    return int(min(cap, share * memory_headroom()))


def megabytes(size: float) -> str:
    """Bytes in words for messages: ``"512 MB"``, ``"3.2 GB"``."""
    if size >= 10**10:
        return f"{size / 1e9:,.0f} GB"
    if size >= 10**9:
        return f"{size / 1e9:.1f} GB"
    return f"{size / 1e6:,.0f} MB"

"""Files the project writes and reads back later, checked before any use.

A run's task results, a tool's cache and a shipped data file are all read
back by a later process that cannot know who wrote them: an older version of
the program, another search that happened to use the same folder, a run cut
short mid-write, a person with an editor. So each such file names what it
holds, and a reader takes it only when every name matches:

* a header line of JSON: ``{"record": KIND, "version": V, "params": {...},
  "digest": "sha256:..."}`` (what the file is, the format and program version
  that wrote it, the exact job it belongs to, and the SHA-256 of the body, so
  that a truncated or edited body is seen);
* the body: one line of JSON (:func:`write_record`), or bytes of the file's
  own format after the header line (:func:`body_digest` for those).

:func:`read_record` raises :class:`RecordRejected` with the reason in words
when anything is off; the caller reports it in one sentence and computes the
value again. Checking what the body *claims* (a puzzle has one solution, a
count is an int) stays with the caller, who knows the claim: a digest only
says the file is what some writer wrote, not that the writer was right.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

#: The most bytes a record file may hold before it is refused unread (a task
#: result of the 8x8 search is some kilobytes; a cache entry less).
MOST_BYTES = 64 * 1024**2


class RecordRejected(ValueError):
    """A record file that cannot be used: ``reason`` says why, as a clause
    ("it belongs to another search (bound 5, not 36)")."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path.name}: {reason}")
        self.path = path
        self.reason = reason


def body_digest(body: bytes) -> str:
    """The digest a header gives for ``body``."""
    return "sha256:" + hashlib.sha256(body).hexdigest()


def encode_record(kind: str, version: int, params: dict[str, Any], value: Any) -> bytes:
    """A record file's bytes: the header line and ``value`` as one line of JSON."""
    body = json.dumps(value, separators=(",", ":"), sort_keys=True).encode()
    header = {"record": kind, "version": version, "params": params,
              "digest": body_digest(body)}
    return json.dumps(header, sort_keys=True).encode() + b"\n" + body + b"\n"


def write_record(path: Path, kind: str, version: int, params: dict[str, Any],
                 value: Any) -> None:
    """Write a record atomically: the file is whole or absent (a ``.part``
    file renamed into place), never half written."""
    part = path.with_name(path.name + ".part")
    try:
        part.write_bytes(encode_record(kind, version, params, value))
        os.replace(part, path)
    except OSError:
        part.unlink(missing_ok=True)  # (no half-written file left behind)
        raise


def split_header(path: Path, data: bytes) -> tuple[dict[str, Any], bytes]:
    """The header (a JSON object) and the rest of a record file's bytes."""
    line, newline, rest = data.partition(b"\n")
    try:
        header = json.loads(line)
    except (ValueError, RecursionError):
        header = None
    if not newline or not isinstance(header, dict):
        raise RecordRejected(path, "it has no record header (not written by this program, "
                                   "or by an older version)")
    return header, rest


def check_header(path: Path, header: dict[str, Any], kind: str, version: int,
                 params: dict[str, Any] | None, body: bytes) -> None:
    """Raise :class:`RecordRejected` unless ``header`` names this kind, version
    and params (None: any) and its digest is the digest of ``body``."""
    if "record" not in header:
        raise RecordRejected(path, "it has no record header (not written by this program, "
                                   "or by an older version)")
    if header.get("record") != kind:
        raise RecordRejected(path, f"it holds {str(header.get('record'))[:40]!r}, not {kind!r}")
    if header.get("version") != version:
        raise RecordRejected(path, f"it was written by another version of the program "
                                   f"(format {str(header.get('version'))[:20]}, not {version})")
    if params is not None and header.get("params") != params:
        theirs = header.get("params")
        differ = (", ".join(f"{k} {str(theirs.get(k))[:20]}, not {params[k]}" for k in params
                            if theirs.get(k) != params[k]) if isinstance(theirs, dict) else "")
        raise RecordRejected(path, "it belongs to another job" + (f" ({differ})" if differ else ""))
    if header.get("digest") != body_digest(body):
        raise RecordRejected(path, "its content was cut short or changed since it was "
                                   "written (the digest does not match)")


def read_record(path: Path, kind: str, version: int, params: dict[str, Any] | None) -> Any:
    """The value of a record written by :func:`write_record` with these names
    (``params`` None: any job's, for a reader that only summarises).

    Raises :class:`RecordRejected` (why, in words) for a file that is missing,
    unreadable, too large, headless, of another kind, version or job, or whose
    body is not what its header's digest says.
    """
    try:
        if path.stat().st_size > MOST_BYTES:
            raise RecordRejected(path, f"it holds over {MOST_BYTES // 1024**2} MB")
        data = path.read_bytes()
    except OSError as error:
        raise RecordRejected(path, f"it cannot be read ({error.strerror or error})") from error
    header, rest = split_header(path, data)
    body = rest[:-1] if rest.endswith(b"\n") else rest
    check_header(path, header, kind, version, params, body)
    try:
        return json.loads(body)
    except (ValueError, RecursionError) as error:  # (a writer's bug: the digest matched)
        raise RecordRejected(path, "its body is not JSON") from error

"""The arguments of every request, described once: names, kinds, ranges, defaults.

:mod:`puzzlelab.api` checks each request against its command's description
before the command runs, so a handler only ever sees values of the right kind
and range; the command line builds its options from the same descriptions and
reads its words with :func:`from_text`; the web worker forwards requests to the
API, which also answers ``{"cmd": "describe"}`` with these descriptions as JSON.

Each family describes its own commands (``ARGUMENTS`` in its ``commands``
module, found through :mod:`puzzlelab.families`), from the pieces of
:mod:`puzzlelab.arguments`; :data:`COMMANDS` gathers them, loading a family's
descriptions the first time one of its commands is looked up. Ranges are those
the solvers handle, so that a board of 10^9 x 10^9 is refused at once instead
of attempted. Keys a command does not describe are ignored (the worker adds its own).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from puzzlelab import families
from puzzlelab.arguments import (
    KINDS,
    MAX_GRID_CHARS,
    MAX_SEED,
    MAX_SMALL_GRID_CHARS,
    MAX_WORD_CHARS,
    SEED,
    Arg,
    check_value,
    from_text,
)
from puzzlelab.notation import PuzzleError

__all__ = [
    "COMMANDS", "KINDS", "MAX_GRID_CHARS", "MAX_SEED", "MAX_SMALL_GRID_CHARS",
    "MAX_WORD_CHARS", "SEED", "Arg", "check", "check_value", "describe",
    "from_text", "spec",
]

#: The commands of the surface itself (no family).
CORE_COMMANDS: dict[str, tuple[Arg, ...]] = {
    "ping": (),
    "describe": (),
}


class _Commands(Mapping[str, tuple[Arg, ...]]):
    """Every command's arguments: the core's, and each family's on first lookup."""

    def __getitem__(self, command: str) -> tuple[Arg, ...]:
        if command in CORE_COMMANDS:
            return CORE_COMMANDS[command]
        module = families.commands_of(command) if isinstance(command, str) else None
        if module is None:
            raise KeyError(command)
        return module.ARGUMENTS[command]

    def __iter__(self) -> Iterator[str]:
        yield from CORE_COMMANDS
        for family in families.FAMILIES:
            yield from families.commands(family).ARGUMENTS

    def __len__(self) -> int:
        return sum(1 for _ in self)


#: Command name -> its arguments, in order (a read-only mapping).
COMMANDS: Mapping[str, tuple[Arg, ...]] = _Commands()


def spec(command: str, name: str) -> Arg:
    """The description of argument ``name`` of ``command``."""
    for arg in COMMANDS[command]:
        if arg.name == name:
            return arg
    raise KeyError(f"{command} has no argument {name!r}")


def check(command: str, request: Mapping[str, Any]) -> dict[str, Any]:
    """The request's arguments checked against ``command``'s description.

    Returns a new dict with ``cmd``, every argument given (not null), and the
    defaults of those absent that have one. Raises :class:`PuzzleError` with
    one sentence for the first argument that does not fit.
    """
    out: dict[str, Any] = {"cmd": command}
    for arg in COMMANDS[command]:
        value = request.get(arg.name)
        if value is None:
            if arg.required:
                raise PuzzleError(f"The request needs {arg.name!r} ({arg.describe()}).")
            if arg.default is not None:
                out[arg.name] = arg.default
            continue
        out[arg.name] = check_value(arg, value)
    return out


def describe() -> dict[str, Any]:
    """Every command's arguments as JSON (the ``describe`` command's answer)."""
    return {"commands": {name: [arg.as_json() for arg in args]
                         for name, args in sorted(COMMANDS.items())}}

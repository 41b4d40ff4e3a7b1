"""``python -m puzzlelab``: the command line (the ``puzzlelab`` command when installed)."""

try:
    from puzzlelab.console import run
except KeyboardInterrupt:  # Ctrl-C while the guard itself loads: its words, its code
    import os
    import sys

    sys.stderr.write("error: interrupted.\n")
    sys.stderr.flush()
    os._exit(130)  # (not SystemExit: see console._leave_interrupted)

run()

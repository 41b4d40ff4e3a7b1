"""``python -m puzzlelab``: the command line."""

import os
import sys

from puzzlelab.cli import main

try:
    sys.exit(main())
except BrokenPipeError:
    # The reader closed the pipe (``... | head``): stop quietly, as other
    # command-line tools do, instead of a traceback; and keep Python's own
    # flush at exit from failing again on the closed stdout.
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    sys.exit(1)

"""``python -m puzzlelab``: the command line."""

import sys

from puzzlelab.cli import main

sys.exit(main())

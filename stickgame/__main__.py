"""``python -m stickgame``: the command line (see :mod:`stickgame.cli`)."""

import sys

from stickgame.cli import main

if __name__ == "__main__":
    sys.exit(main())

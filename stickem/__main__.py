"""``python -m stickem``: the command line (see :mod:`stickem.cli`)."""

import sys

from stickem.cli import main

if __name__ == "__main__":
    sys.exit(main())

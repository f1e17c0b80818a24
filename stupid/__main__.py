"""``python -m stupid``: the command line (see :mod:`stupid.cli`)."""

import sys

from stupid.cli import main

if __name__ == "__main__":
    sys.exit(main())

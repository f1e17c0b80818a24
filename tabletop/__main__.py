"""``python -m tabletop [--game NAME] play|simulate``: the ``stickem`` command."""

import sys

from tabletop.cli import main

sys.exit(main())

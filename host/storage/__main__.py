"""`python -m host.storage ...` (also `python -m bot.storage`): database maintenance
(see `host.storage.maintenance`)."""

import sys

from host.storage.maintenance import main

sys.exit(main())

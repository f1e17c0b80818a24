"""`python -m bot.storage ...`: database maintenance (see `bot.storage.maintenance`)."""

import sys

from bot.storage.maintenance import main

sys.exit(main())

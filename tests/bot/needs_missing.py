"""A game package of a host's own that imports a module not installed (tests/bot/test_config_games.py)."""

import nomodule_x  # type: ignore[import-not-found]  # noqa: F401

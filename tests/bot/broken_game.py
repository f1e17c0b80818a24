"""A game package of a host's own that fails on import (tests/bot/test_config_games.py)."""

RATIO = 1 / 0

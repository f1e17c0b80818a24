"""Project-wide pytest configuration: registers the Discord emulator fixtures, the one-line
report of the PostgreSQL variants skipped without a server, and the marker ``alone``."""

pytest_plugins = ["tests.discord_emulator.pytest_plugin", "tests.postgres_skips", "tests.alone"]
"""Without a PostgreSQL server the PostgreSQL variants of the tests are skipped and counted in
one line of the run's summary, not listed one by one; other skips and failures are reported as
usual, and under CI=true the variants fail instead (tests/postgres_skips.py). A test marked
``alone`` runs while no other pytest-xdist worker is in a test (tests/alone.py)."""

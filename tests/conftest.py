"""Project-wide pytest configuration: registers the Discord emulator fixtures and the one-line
report of the PostgreSQL variants skipped without a server."""

pytest_plugins = ["tests.discord_emulator.pytest_plugin", "tests.postgres_skips"]

"""Project-wide pytest configuration: registers the Discord emulator fixtures."""

pytest_plugins = ["tests.discord_emulator.pytest_plugin"]

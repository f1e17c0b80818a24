"""The Discord bot runtime: configuration, start-up, storage and rendering."""

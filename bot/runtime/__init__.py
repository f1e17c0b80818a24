"""The measured discord.py internals, in one place: each module names what it changes and why
(see docs/architecture.md, "Private internals")."""

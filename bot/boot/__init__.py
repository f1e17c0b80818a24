"""Start-up: the bot object, its configuration, the checks before it connects, command sync, invite."""

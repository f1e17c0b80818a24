"""discord.py cogs: one per concern; they translate between Discord and stickem."""

"""The name of the database maintenance command (``python -m bot.storage prune|info``), kept
for self-hosters' scripts; storage itself is :mod:`host.storage`."""

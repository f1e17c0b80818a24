"""The game-agnostic host: tables in channels (lobby, seats, host, options), the game flow of a
:class:`tabletop.Match`, computer seats and turn timers, away/back, leaving and taking over, the
journal that stores every accepted change before it is shown, storage, and the message catalog
(:mod:`host.catalog`) that holds every player-facing text of the host and the Discord layer.

Nothing here imports Discord or a game package: games are reached through
:mod:`tabletop.registry`, and what a table shows is described as effects that the Discord layer
(:mod:`bot`, :mod:`cogs`) turns into messages. ``tests/tabletop/test_layers.py`` checks both.
"""

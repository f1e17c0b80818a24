"""A channel's table, from the lobby to the final standings, in parts by job (``host.tables``
names them all)."""

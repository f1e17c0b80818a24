"""What the card-game engines share: plumbing, not rules. Standard library only.

- :mod:`cardkit.records`: events and views as JSON-able dicts (``to_dict``);
- :mod:`cardkit.saved`: the signed saved-game document (``to_json`` / ``from_json``);
- :mod:`cardkit.card_names`: the words, letters and symbols of the French-suited deck.

An engine may import this package and nothing else outside the standard library, so that
importing a game's engine still loads no protocol, host, storage or Discord code. Each module
is imported by name (this file imports none of them): an engine loads only what it uses.
"""

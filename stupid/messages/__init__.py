"""Stupid's messages for a chat table, as :mod:`tabletop.presentation` specs (no Discord here).

- :mod:`.words`: cards, hands and tricks written as text (every card as text, ``Q♣``, the suit
  symbol part of it; suits named in words where it matters);
- :mod:`.table`: the public table message, and its last form when a round closes;
- :mod:`.prompt`: a seat's private prompt (bid buttons, card buttons) and what it becomes
  once the seat acted;
- :mod:`.reports`: round scores, final standings, the rules and the options in words;
- :mod:`.stages`: stale prompts and reminders, read from the match's stage text.

:class:`stupid.presentation.StupidPresentation` puts them together.
"""

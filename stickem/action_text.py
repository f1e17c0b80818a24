"""Stick'em's actions as short text: what the host stores, a button carries and a worker
process returns.

``m:<card>`` picks a misery card, ``p:<card>`` plays a card; a card is its color and value
run together (``m:red7``, ``p:violet12``), short enough for a button's custom id. Shared by
:mod:`stickem.hosting` (the match speaks it) and :mod:`stickem.presentation` (buttons carry
it), so that neither imports the other.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Final

from stickem.actions import Action
from stickem.cards import Card, deck

__all__ = [
    "action_text",
    "action_texts",
    "card_token",
    "decode_action",
    "encode_action",
    "parse_card_token",
    "split_action",
]

_CARD_TOKEN = re.compile(r"(?P<color>[a-z]+)(?P<value>\d{1,2})")
_MOST_PLAYERS: Final = 7
"""The largest deck holds every card."""


@lru_cache(maxsize=256)
def card_token(card: Card) -> str:
    """A card in an action text or a custom id: ``red 7`` -> ``red7`` (cards are few and
    interned: cached)."""
    return f"{card.color.value}{card.value}"


def parse_card_token(token: str) -> Card:
    """The card named by :func:`card_token` output; ``ValueError`` for anything else."""
    found = _CARD_TOKEN.fullmatch(token)
    if found is None:
        raise ValueError(f"not a card token: {token[:40]!r}")
    return Card.parse(f"{found['color']} {found['value']}")


_TEXTS: Final = {kind: {card: f"{kind}:{card_token(card)}" for card in deck(_MOST_PLAYERS)} for kind in "mp"}
"""Every action text, by kind and card: a table lists them for every prompt, so they are
built once."""


def action_text(kind: str, card: Card) -> str:
    """The text of a misery pick (``kind`` ``"m"``) or a play (``"p"``) of ``card``."""
    return _TEXTS[kind][card]


def action_texts(kind: str) -> Mapping[Card, str]:
    """Every misery pick (``kind`` ``"m"``) or play (``"p"``) as text, by card."""
    return _TEXTS[kind]


def encode_action(action: Action) -> str:
    """The compact text of an engine action (without its seat): ``p:red7``."""
    return _TEXTS[action.kind[0]][action.card]


@lru_cache(maxsize=1024)
def split_action(text: str) -> tuple[str, Card]:
    """The kind (``m`` or ``p``) and card of an action text; ValueError for anything else
    (cached: a resume decodes hundreds of thousands of the same few hundred texts)."""
    kind, colon, token = text.partition(":")
    if kind not in ("m", "p") or not colon:
        raise ValueError(f"{text[:40]!r} is not a Stick'em action")
    return kind, parse_card_token(token)


def decode_action(seat: int, text: str) -> Action:
    """The engine action ``text`` stands for, taken by ``seat``; ValueError if it is none."""
    if not isinstance(text, str):
        raise ValueError(f"{text!r} is not a Stick'em action")
    kind, card = split_action(text)
    return Action("misery" if kind == "m" else "play", seat, card)

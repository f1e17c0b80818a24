"""What a person types at Stick Game's terminal table, read into actions.

A card is typed as the engine reads it (``7H``, ``10C``, ``AS``, ``*`` for a joker, ``7♥``) or as
its number in the hand as shown (:func:`stickgame.present_text.hand_order`, from 1); numbers
count in the hand as it was shown before the command, so a wild taken in it is named (``*``,
``2C``), never numbered. Table melds are numbered from 1, as the table shows them. Anything
that cannot be read raises :class:`CommandError` with a sentence for the person; whether the
rules allow the action is the engine's to say.

==========================  ==================================================================
typed                       action
==========================  ==================================================================
``draw``, ``s``, ``stock``  draw the top card of the stock
``d``, ``pile``             draw the top card of the discard pile
``lay``                     lay down the stick as suggested (see :mod:`stickgame.suggest`)
``lay 4C 5C * | 9S 9H 9H``  lay down these melds (a meld may start with ``set`` or ``run`` and
                            ``up``, ``down`` or ``from 8``: where a run's wilds go)
``meld 7H 8H *``            lay down one more meld
``off 3 8H``                lay 8H off on table meld #3
``take 3 7H / lay``         put 7H in place of the wild in meld #3 and use the wild at once:
                            ``/ lay`` (suggested), ``/ lay <melds>`` or ``/ meld <cards>``
``x 7H``, ``discard 7H``,   discard a card (a card alone, by name or number, as in every game
``7H``, ``3``               in the terminal: playing a card here is discarding it)
==========================  ==================================================================
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Final

from tabletop.catalog import DEFAULT_LANGUAGE, Text, render

from .actions import (
    Action,
    AddMeld,
    Discard,
    DrawDiscard,
    DrawStock,
    LayDown,
    LayOff,
    MeldPlay,
    Swap,
    TakeWild,
)
from .cards import DECK, RANK_NAMES, Card
from .melds import Placement
from .present_text import card_name, hand_order, stick_name
from .sticks import Stick
from .suggest import suggested_lay_down
from .texts import TYPED_WORDS, t
from .views import TableMeld

__all__ = ["CommandError", "Situation", "read_command"]

_DRAW_STOCK: Final = frozenset({("draw",), ("s",), ("stock",), ("draw", "stock"), ("draw", "s")})
_DRAW_PILE: Final = frozenset(
    {("d",), ("pile",), ("draw", "pile"), ("draw", "d"), ("draw", "discard"), ("discard", "pile")}
)
_LAY: Final = frozenset({"lay", "l"})
_MELD: Final = frozenset({"meld", "m"})
_OFF: Final = frozenset({"off", "o"})
_TAKE: Final = frozenset({"take", "w"})
_DISCARD: Final = frozenset({"x", "discard"})
_RANKS: Final = {name.lower(): rank for rank, name in RANK_NAMES.items()}


class CommandError(ValueError):
    """A typed command that cannot be read; ``text`` (a text of the game's catalog, in English
    as ``str()``) says why and what to type."""

    def __init__(self, text: Text) -> None:
        super().__init__(render(text))
        self.text = text


@dataclass(frozen=True, slots=True)
class Situation:
    """What reading a command needs: the person's ``hand`` (any order), their uncompleted
    ``stick`` (None once completed) and the table's ``melds``."""

    hand: tuple[Card, ...]
    stick: Stick | None
    melds: tuple[TableMeld, ...]
    language: str = DEFAULT_LANGUAGE

    @property
    def shown(self) -> tuple[Card, ...]:
        """The hand in the order it is shown and numbered."""
        return hand_order(self.hand)


def read_command(line: str, situation: Situation) -> Action:
    """The action ``line`` asks for; :class:`CommandError` saying why it cannot be read."""
    words = _words(situation.language)
    text = " ".join(
        words.get(word.lower(), word) for word in line.replace("|", " | ").replace("/", " / ").split()
    )
    lowered = text.lower()
    if tuple(lowered.split()) in _DRAW_STOCK:
        return DrawStock()
    if tuple(lowered.split()) in _DRAW_PILE:
        return DrawDiscard()
    word, _, rest = text.partition(" ")
    verb = word.lower()
    if verb in _LAY:
        return _lay(rest, situation, situation.hand)
    if verb in _MELD:
        return AddMeld(_meld(rest, situation.shown, t("terminal.example.meld"), situation.language))
    if verb in _OFF:
        return _lay_off(rest, situation)
    if verb in _TAKE:
        return _take(rest, situation)
    if verb in _DISCARD:
        cards = _cards(rest.split(), situation.shown, situation.language)
        if len(cards) != 1:
            raise CommandError(t("terminal.command.discard_one"))
        return Discard(cards[0])
    bare = _bare_card(text, situation.shown, situation.language)
    if bare is not None:
        return Discard(bare)
    raise CommandError(t("terminal.command.not_understood", word=repr(word)))


def _bare_card(text: str, shown: Sequence[Card], language: str) -> Card | None:
    """The card ``text`` names alone (``8D``, ``seven of hearts``, or its number in the hand),
    which is discarded as with ``x``: in every game in the terminal a card typed alone is played,
    and here playing a card is discarding it. None when ``text`` names no card."""
    if text.isdigit():
        return _cards([text], shown)[0]
    try:
        return _parse(text, language)
    except ValueError:
        return None


def _lay(rest: str, situation: Situation, hand: Sequence[Card]) -> LayDown:
    """A lay-down: the cards typed (numbers counting in the hand as shown), or the one offered
    for ``hand`` (the hand after any wild taken)."""
    if not rest:
        if situation.stick is None:
            raise CommandError(t("terminal.command.laid_already"))
        found = suggested_lay_down(hand, situation.stick)
        if found is None:
            raise CommandError(t("terminal.command.no_lay_down", stick=stick_name(situation.stick)))
        return LayDown(found)
    parts = rest.split("|")
    return LayDown(
        tuple(_meld(part, situation.shown, t("terminal.example.lay"), situation.language) for part in parts)
    )


def _meld(text: str, shown: Sequence[Card], example: Text, language: str = DEFAULT_LANGUAGE) -> MeldPlay:
    tokens = text.split()
    kind: str | None = None
    placement: Placement | None = None
    if tokens and tokens[0].lower() in ("set", "run"):
        kind = tokens.pop(0).lower()
    if tokens and tokens[0].lower() in ("up", "down"):
        placement = "up" if tokens.pop(0).lower() == "up" else "down"
    elif len(tokens) > 1 and tokens[0].lower() == "from":
        start = tokens[1].lower()
        if start not in _RANKS or _RANKS[start] > 12:
            raise CommandError(t("terminal.command.run_from", start=tokens[1]))
        placement = _RANKS[start]
        del tokens[:2]
    if not tokens:
        raise CommandError(t("terminal.command.name_meld_cards", example=example))
    return MeldPlay(_cards(tokens, shown, language), kind, placement)


def _lay_off(rest: str, situation: Situation) -> LayOff:
    number, _, cards = rest.partition(" ")
    if not number or not cards:
        raise CommandError(t("terminal.command.off_what"))
    index = _meld_index(number, situation.melds)
    play = _meld(cards, situation.shown, t("terminal.example.off"), situation.language)
    if play.kind is not None:
        raise CommandError(t("terminal.command.off_kind"))
    return LayOff(index, play.cards, play.placement)


def _meld_index(number: str, melds: Sequence[TableMeld]) -> int:
    """The engine's index of the meld the person numbered ``number`` (from 1)."""
    if not melds:
        raise CommandError(t("terminal.command.no_melds"))
    if not number.isdigit():
        raise CommandError(t("terminal.command.not_meld_number", number=repr(number), count=len(melds)))
    if not 1 <= int(number) <= len(melds):
        raise CommandError(t("terminal.command.no_such_meld", number=int(number), count=len(melds)))
    return int(number) - 1


def _take(rest: str, situation: Situation) -> TakeWild:
    swaps_text, slash, then_text = rest.partition("/")
    tokens = swaps_text.replace(":", " ").split()
    if not tokens:
        raise CommandError(t("terminal.command.take_what"))
    if len(tokens) % 2:
        raise CommandError(t("terminal.command.take_pairs"))
    swaps = []
    hand = list(situation.hand)
    for number, card_text in zip(tokens[::2], tokens[1::2], strict=True):
        index = _meld_index(number, situation.melds)
        card = _cards([card_text], situation.shown, situation.language)[0]
        swaps.append(Swap(index, card))
        wild = _wild_for(situation.melds[index], card)
        if card in hand and wild is not None:
            hand.remove(card)
            hand.append(wild)
    if not slash:
        raise CommandError(t("terminal.command.take_use"))
    verb, _, cards = then_text.strip().partition(" ")
    then: LayDown | AddMeld
    if verb.lower() in _LAY:
        then = _lay(cards, situation, hand)
    elif verb.lower() in _MELD:
        then = AddMeld(_meld(cards, situation.shown, t("terminal.example.take"), situation.language))
    else:
        raise CommandError(t("terminal.command.take_then"))
    return TakeWild(tuple(swaps), then)


def _wild_for(table_meld: TableMeld, card: Card) -> Card | None:
    """The wild of ``table_meld`` that ``card`` would replace (None: none)."""
    spot = table_meld.meld.takeable(card)
    return None if spot is None else table_meld.meld.cards[spot]


def _cards(
    tokens: Sequence[str], shown: Sequence[Card], language: str = DEFAULT_LANGUAGE
) -> tuple[Card, ...]:
    """The cards ``tokens`` name, each by its text or its number in ``shown``."""
    cards = []
    numbers: set[int] = set()
    for token in tokens:
        if token.isdigit():
            number = int(token)
            if not 1 <= number <= len(shown):
                raise CommandError(t("terminal.command.no_card_number", number=number, count=len(shown)))
            if number in numbers:
                raise CommandError(t("terminal.command.named_twice", number=number))
            numbers.add(number)
            cards.append(shown[number - 1])
            continue
        try:
            cards.append(_parse(token, language))
        except ValueError:
            raise CommandError(t("terminal.command.not_a_card", token=repr(token))) from None
    if not cards:
        raise CommandError(t("terminal.command.name_cards"))
    return tuple(cards)


@cache
def _words(language: str) -> dict[str, str]:
    """The command words of ``language`` (lower case) and the English ones they stand for."""
    if language == DEFAULT_LANGUAGE:
        return {}
    return {render(t(f"terminal.typed.{word}"), language).lower(): word for word in TYPED_WORDS}


@cache
def _typed_cards(language: str) -> dict[str, Card]:
    """Every card as ``language`` writes it, in lower case (``d♥``, ``joker``)."""
    return {render(card_name(card), language).lower(): card for card in DECK}


def _parse(text: str, language: str) -> Card:
    """The card ``text`` names, as the engine reads it (``QH``, ``7♥``, ``*``) or as the table's
    language writes it (``D♥``); ValueError else."""
    try:
        return Card.parse(text)
    except ValueError:
        card = _typed_cards(language).get(text.lower())
        if card is None:
            raise
        return card

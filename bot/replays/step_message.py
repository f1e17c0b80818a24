"""What a replay shows: one step of a finished game as a message, every hand face up, with the
buttons that page through it (pure: a step in, a message spec out).

The game says what a step is (:mod:`tabletop.replay`: a label with its fields, and the table
as it stood) and words it: its label by the one convention every game follows
(:class:`~tabletop.replay.StepLabel`: the entry ``replay.step.<words or key>`` of the game's own
catalog, ``<game>/catalog/``, :func:`tabletop.registry.catalog`), so that a game installed on its
own words its steps as the built-in games do; a label its game does not word shows its round
alone. A seat's counters and the extras are worded by their catalog keys, the game's first,
then the host's, which words those of the built-in games:

- ``replay.counter.<counter>``: a seat's counter, given ``count`` (its value);
- ``replay.extra.<extra>``: the cards of an extra, given ``cards`` (listed in the reader's words).

An unknown counter or extra is not shown at all, so a new game's replay still pages. The cards
and melds are shown in the game's own words for the reader (the snapshot's ``words``). Every
text of a step is a catalog text, filled in in the reader's language by the converter
(:mod:`bot.tables.payload`) when it is sent.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from bot.messages.limits import FIELD_VALUE
from bot.replays.ids import ReplayId, ReplayKind
from bot.replays.stepper import Stepper
from bot.tables.table_messages import drawn_name
from host.catalog import DEFAULT_LANGUAGE, Words, lazy
from host.text import clipped, joined
from tabletop.catalog import Catalog, Field, Text, render
from tabletop.pictures import ArtModule, Sketch
from tabletop.presentation import Button, Embed, EmbedField, Message
from tabletop.replay import SEAT_FIELDS, ReplayStep, StepLabel, TableSnapshot

EMBED_COLOR: Final = 0x2E7D32


def _seat_name(names: Sequence[Words], seat: int | str) -> Words:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else str(seat)


def _game_word(game: Catalog | None, key: str, fields: Mapping[str, Field]) -> Text | None:
    """The game's own text of ``key``, given those of ``fields`` its entry names; None if the
    game has no catalog or no such entry (:class:`~tabletop.catalog.CatalogError` for an entry
    that names a field it cannot be given: a bug of the game's catalog)."""
    if game is None or key not in game.entries():
        return None
    named = game.fields(key)
    return game.lazy(key, **{name: v for name, v in fields.items() if name in named})


def label_words(
    label: StepLabel, names: Sequence[Words], turn: int = 0, game: Catalog | None = None
) -> Words:
    """What a step is, in its reader's words ("Round 2, trick 5: ann takes it"): the game's own
    (``game``: its catalog's entry :attr:`~tabletop.replay.StepLabel.entry`, by the one
    convention of :class:`~tabletop.replay.StepLabel`), given the label's fields, the seats by
    name, and ``turn``, the step's place among its round's steps of its key; else its round
    alone. Every game, built in or installed, is worded the same way: none by name here."""
    f: dict[str, Field] = dict(label.fields)
    for seat in SEAT_FIELDS:
        if seat in label.fields:
            f[seat] = _seat_name(names, label.fields[seat])
    if (own := _game_word(game, label.entry, {**f, "turn": turn})) is not None:
        return own
    return lazy("replay.step_round", round=f.get("round", ""))


def label_text(
    label: StepLabel,
    names: Sequence[Words],
    turn: int = 0,
    language: str = DEFAULT_LANGUAGE,
    game: Catalog | None = None,
) -> str:
    """:func:`label_words` as a reader of ``language`` reads them."""
    return render(label_words(label, names, turn, game), language)


def _worded(snapshot: TableSnapshot) -> Callable[[str], Words]:
    """A snapshot's card or meld text in its reader's words: the game's words for it, if it gave
    any."""
    words = snapshot.words
    return lambda shown: words.get(shown, shown)


def _listed(cards: Sequence[str], snapshot: TableSnapshot) -> Text:
    return joined(list(map(_worded(snapshot), cards)), ", ")


def _cards(cards: Sequence[str], snapshot: TableSnapshot) -> Words:
    return _listed(cards, snapshot) if cards else lazy("replay.no_cards")


def _extras(snapshot: TableSnapshot, names: Sequence[Words], game: Catalog | None) -> list[Words]:
    worded = _worded(snapshot)
    lines: list[Words] = []
    for name, cards in snapshot.extras.items():
        if not any(cards):
            continue
        listed = _listed(cards, snapshot)
        if (own := _game_word(game, f"replay.extra.{name}", {"cards": listed})) is not None:
            lines.append(own)
        elif name == "misery":
            picks = [
                joined([_seat_name(names, seat), worded(card)], ": ")
                for seat, card in enumerate(cards)
                if card
            ]
            lines.append(lazy("replay.extra.misery", cards=joined(picks, ", ")))
        elif name == "trump":
            lines.append(lazy("replay.extra.trump", cards=listed))
        elif name == "undealt":
            lines.append(lazy("replay.extra.undealt", cards=listed))
        elif name == "discard":
            lines.append(lazy("replay.extra.discard", cards=listed))
    return lines


def _counter(name: str, value: int, game: Catalog | None) -> Text | None:
    if (own := _game_word(game, f"replay.counter.{name}", {"count": value})) is not None:
        return own
    match name:
        case "captured":
            return lazy("replay.counter.captured", count=value)
        case "round_scores":
            return lazy("replay.counter.round_score", score=value)
        case "bids":
            return lazy("replay.counter.bid", bid=value if value >= 0 else "-")
        case "taken":
            return lazy("replay.counter.taken", count=value)
        case "completed":
            return lazy("replay.counter.completed", count=value)
    return None


def _seat_value(snapshot: TableSnapshot, seat: int, game: Catalog | None) -> Text:
    lines = [_cards(snapshot.hands[seat], snapshot)]
    for name, values in snapshot.counters.items():
        if seat < len(values) and (line := _counter(name, values[seat], game)) is not None:
            lines.append(line)
    return clipped(joined(lines, "\n"), FIELD_VALUE)


def _table(snapshot: TableSnapshot, names: Sequence[Words]) -> Text | None:
    if not snapshot.table:
        return None
    worded = _worded(snapshot)
    laid = joined(
        [joined([_seat_name(names, seat), worded(what)], ": ") for seat, what in snapshot.table], "\n"
    )
    return lazy("replay.table", cards=laid)


@dataclass(frozen=True)
class ShownReplay:
    """A replay as shown: its game's title, the stored game's id, the seats' names (each shown
    in its reader's language), the steps, the game's drawing module (None: a game that draws
    nothing, or pictures turned off) and the game's own catalog (None: none; its words of the
    steps come first, see the module)."""

    title: Words
    game_id: int
    names: Sequence[Words]
    steps: Sequence[ReplayStep]
    art: ArtModule | None = None
    catalog: Catalog | None = None


def step_sketch(replay: ShownReplay, index: int, language: str = DEFAULT_LANGUAGE) -> Sketch | None:
    """The picture of step ``index``: the table with every hand below it, drawn by the game's
    art from the step's views in ``language``'s words (None when the game draws nothing or the
    step has no views)."""
    views = replay.steps[index].views
    if replay.art is None or views is None:
        return None
    names = tuple(drawn_name(render(name, language)) for name in replay.names)
    return Sketch(replay.art, "replay", views, names, language)


def step_embed(replay: ShownReplay, index: int) -> Embed:
    """Step ``index`` of a replay: what it is, the table, every hand and score."""
    names, steps = replay.names, replay.steps
    step = steps[index]
    snapshot = step.snapshot
    turn = sum(1 for s in steps[: index + 1] if s.label.key == step.label.key and s.round == step.round)
    game = replay.catalog
    lines: list[Words] = [joined(["**", label_words(step.label, names, turn, game), "**"], "")]
    if (table := _table(snapshot, names)) is not None:
        lines.append(table)
    lines += _extras(snapshot, names, game)
    if index == len(steps) - 1:
        lines.append(lazy("replay.game_over"))
    fields = []
    for seat, name in enumerate(names[: len(snapshot.hands)]):
        score = snapshot.scores[seat] if seat < len(snapshot.scores) else 0
        field = lazy("replay.seat", name=name, score=score)
        fields.append(EmbedField(field, _seat_value(snapshot, seat, game), inline=True))
    return Embed(
        title=lazy("replay.title", game=replay.title, id=replay.game_id),
        description=joined(lines, "\n"),
        colour=EMBED_COLOR,
        fields=tuple(fields),
        footer=lazy("replay.footer", step=index + 1, steps=len(steps)),
    )


def _button(kind: ReplayKind, game_id: int, here: int, target: int | None, label: Text) -> Button:
    return Button(
        label, ReplayId(kind, game_id, here if target is None else target).encode(), disabled=target is None
    )


def step_message(replay: ShownReplay, index: int, language: str = DEFAULT_LANGUAGE) -> Message:
    """Step ``index`` with its paging buttons, the download button and its picture, if any
    (``ValueError`` for a step that does not exist): its texts are the catalog's, filled in in
    the reader's language when sent; the picture is drawn in ``language`` (the reader's)."""
    game_id = replay.game_id
    to = Stepper.of([step.round for step in replay.steps]).targets(index)
    paging = (
        _button("first", game_id, index, to.first, lazy("replay.button.first")),
        _button("back", game_id, index, to.back, lazy("replay.button.back")),
        _button("next", game_id, index, to.next, lazy("replay.button.next")),
        _button("last", game_id, index, to.last, lazy("replay.button.last")),
        _button("round", game_id, index, to.next_round, lazy("replay.button.next_round")),
    )
    download = Button(lazy("replay.button.download"), ReplayId("json", game_id, index).encode())
    embed = step_embed(replay, index)
    return Message("", (embed,), (paging, (download,)), step_sketch(replay, index, language))

"""What a replay shows: one step of a finished game as a message, every hand face up, with the
buttons that page through it (pure: a step in, a message spec out).

The game says what a step is (:mod:`tabletop.replay`: a label key with its fields, and the table
as it stood); this module words its label keys, counters and extras, each by its catalog key:
first in the game's own catalog (``<game>/catalog/``, :func:`tabletop.registry.catalog`), so
that a game brings the words of its replay with it, then in the host's, which words those of
the built-in games. The game's keys are the host's names:

- ``replay.step.<label key>``: a step, given those of the label's fields the entry names (the
  seat fields ``dealer``, ``winner``, ``seat`` as the seat's name) and ``turn`` (the step's place
  among its round's turn steps);
- ``replay.counter.<counter>``: a seat's counter, given ``count`` (its value);
- ``replay.extra.<extra>``: the cards of an extra, given ``cards`` (listed in the reader's words).

A label neither catalog words is shown by its round alone, an unknown counter or extra not at
all, so a new game's replay still pages. The cards and melds are shown in the game's own words
for the reader (the snapshot's ``words``, catalog texts rendered in the reader's language).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from bot.messages.limits import FIELD_VALUE, clip
from bot.replays.ids import ReplayId, ReplayKind
from bot.replays.stepper import Stepper
from bot.tables.table_messages import drawn_name
from host.catalog import DEFAULT_LANGUAGE, text
from tabletop.catalog import Catalog, Text, render
from tabletop.pictures import ArtModule, Sketch
from tabletop.presentation import Button, Embed, EmbedField, Message
from tabletop.replay import ReplayStep, StepLabel, TableSnapshot

EMBED_COLOR: Final = 0x2E7D32
SEAT_FIELDS: Final = ("dealer", "winner", "seat")
"""The label fields that are seats (shown by the seat's name)."""


def _seat_name(names: Sequence[str], seat: int | str) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else str(seat)


def _game_word(game: Catalog | None, key: str, language: str, fields: Mapping[str, object]) -> str | None:
    """The game's own text of ``key`` in ``language``, given those of ``fields`` its entry names;
    None if the game has no catalog or no such entry (:class:`~tabletop.catalog.CatalogError`
    for an entry that names a field it cannot be given: a bug of the game's catalog)."""
    if game is None or key not in game.entries():
        return None
    named = game.fields(key)
    return game.text(key, language=language, **{name: v for name, v in fields.items() if name in named})


def label_text(
    label: StepLabel,
    names: Sequence[str],
    turn: int = 0,
    language: str = DEFAULT_LANGUAGE,
    game: Catalog | None = None,
) -> str:
    """What a step is, in words of ``language`` ("Round 2, trick 5: ann takes it"): the game's
    own (``game``, its catalog's ``replay.step.<label key>``), else the host's; ``turn``: a turn
    step's place among its round's turns (the game does not count turns:
    :mod:`stickgame.replay`)."""
    f: dict[str, int | str] = dict(label.fields)
    for seat in SEAT_FIELDS:
        if seat in f:
            f[seat] = _seat_name(names, f[seat])
    if (own := _game_word(game, f"replay.step.{label.key}", language, {**f, "turn": turn})) is not None:
        return own
    match label.key:
        case "deal":
            return text(
                "replay.step.deal", language=language, round=f.get("round", ""), dealer=f.get("dealer", "")
            )
        case "misery":
            return text("replay.step.misery", language=language, round=f.get("round", ""))
        case "bids":
            return text("replay.step.bids", language=language, round=f.get("round", ""))
        case "trick" if label.fields.get("winner", -1) == -1:
            said = text(
                "replay.step.trick_set_aside",
                language=language,
                round=f.get("round", ""),
                trick=f.get("trick", ""),
            )
        case "trick":
            said = text(
                "replay.step.trick",
                language=language,
                round=f.get("round", ""),
                trick=f.get("trick", ""),
                winner=f["winner"],
            )
        case "turn" if label.fields.get("out", 0):
            return text(
                "replay.step.turn_out",
                language=language,
                round=f.get("round", ""),
                turn=turn,
                seat=f.get("seat", ""),
            )
        case "turn":
            return text(
                "replay.step.turn",
                language=language,
                round=f.get("round", ""),
                turn=turn,
                seat=f.get("seat", ""),
            )
        case _:
            return text("replay.step.other", language=language, round=f.get("round", ""))
    return (
        said + " " + text("replay.step.round_scored", language=language)
        if label.fields.get("last", 0)
        else said
    )


Worded = Callable[[str], str]
"""A snapshot's card or meld text as its reader reads it (:func:`_worded`)."""


def _worded(snapshot: TableSnapshot, language: str) -> Worded:
    """The snapshot's texts in ``language``: each by the game's words for it, if it gave any."""
    words = snapshot.words
    return lambda shown: render(words.get(shown, shown), language)


def _cards(cards: Sequence[str], worded: Worded, language: str) -> str:
    return ", ".join(map(worded, cards)) if cards else text("replay.no_cards", language=language)


def _extras(snapshot: TableSnapshot, names: Sequence[str], language: str, game: Catalog | None) -> list[str]:
    worded = _worded(snapshot, language)
    lines = []
    for name, cards in snapshot.extras.items():
        if not any(cards):
            continue
        listed = ", ".join(map(worded, cards))
        if (own := _game_word(game, f"replay.extra.{name}", language, {"cards": listed})) is not None:
            lines.append(own)
        elif name == "misery":
            picks = enumerate(cards)
            by_seat = ", ".join(f"{_seat_name(names, seat)}: {worded(card)}" for seat, card in picks if card)
            lines.append(text("replay.extra.misery", language=language, cards=by_seat))
        elif name == "trump":
            lines.append(text("replay.extra.trump", language=language, cards=listed))
        elif name == "undealt":
            lines.append(text("replay.extra.undealt", language=language, cards=listed))
        elif name == "discard":
            lines.append(text("replay.extra.discard", language=language, cards=listed))
    return lines


def _counter(name: str, value: int, language: str, game: Catalog | None) -> str | None:
    if (own := _game_word(game, f"replay.counter.{name}", language, {"count": value})) is not None:
        return own
    match name:
        case "captured":
            return text("replay.counter.captured", language=language, count=value)
        case "round_scores":
            return text("replay.counter.round_score", language=language, score=value)
        case "bids":
            return text("replay.counter.bid", language=language, bid=value if value >= 0 else "-")
        case "taken":
            return text("replay.counter.taken", language=language, count=value)
        case "completed":
            return text("replay.counter.completed", language=language, count=value)
    return None


def _seat_value(snapshot: TableSnapshot, seat: int, language: str, game: Catalog | None) -> str:
    lines = [_cards(snapshot.hands[seat], _worded(snapshot, language), language)]
    for name, values in snapshot.counters.items():
        if seat < len(values) and (line := _counter(name, values[seat], language, game)) is not None:
            lines.append(line)
    return clip("\n".join(lines), FIELD_VALUE)


def _table(snapshot: TableSnapshot, names: Sequence[str], language: str) -> str | None:
    if not snapshot.table:
        return None
    worded = _worded(snapshot, language)
    laid = "\n".join(f"{_seat_name(names, seat)}: {worded(what)}" for seat, what in snapshot.table)
    return text("replay.table", language=language, cards=laid)


@dataclass(frozen=True)
class ShownReplay:
    """A replay as shown: its game's title, the stored game's id, the seats' names, the steps,
    the game's drawing module (None: a game that draws nothing, or pictures turned off) and
    the game's own catalog (None: none; its words of the steps come first, see the module)."""

    title: str | Text
    game_id: int
    names: Sequence[str]
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
    return Sketch(replay.art, "replay", views, tuple(map(drawn_name, replay.names)), language)


def step_embed(replay: ShownReplay, index: int, language: str = DEFAULT_LANGUAGE) -> Embed:
    """Step ``index`` of a replay in ``language`` (its reader's): what it is, the table, every
    hand and score."""
    names, steps = replay.names, replay.steps
    step = steps[index]
    snapshot = step.snapshot
    turn = sum(1 for s in steps[: index + 1] if s.label.key == "turn" and s.round == step.round)
    game = replay.catalog
    lines = [f"**{label_text(step.label, names, turn, language, game)}**"]
    if (table := _table(snapshot, names, language)) is not None:
        lines.append(table)
    lines += _extras(snapshot, names, language, game)
    if index == len(steps) - 1:
        lines.append(text("replay.game_over", language=language))
    fields = []
    for seat, name in enumerate(names[: len(snapshot.hands)]):
        score = snapshot.scores[seat] if seat < len(snapshot.scores) else 0
        field = text("replay.seat", language=language, name=name, score=score)
        fields.append(EmbedField(field, _seat_value(snapshot, seat, language, game), inline=True))
    return Embed(
        title=text("replay.title", language=language, game=replay.title, id=replay.game_id),
        description="\n".join(lines),
        colour=EMBED_COLOR,
        fields=tuple(fields),
        footer=text("replay.footer", language=language, step=index + 1, steps=len(steps)),
    )


def _button(kind: ReplayKind, game_id: int, here: int, target: int | None, label: str) -> Button:
    return Button(
        label, ReplayId(kind, game_id, here if target is None else target).encode(), disabled=target is None
    )


def step_message(replay: ShownReplay, index: int, language: str = DEFAULT_LANGUAGE) -> Message:
    """Step ``index`` with its paging buttons, the download button and its picture, if any, in
    ``language`` (its reader's; ``ValueError`` for a step that does not exist)."""
    game_id = replay.game_id
    to = Stepper.of([step.round for step in replay.steps]).targets(index)
    paging = (
        _button("first", game_id, index, to.first, text("replay.button.first", language=language)),
        _button("back", game_id, index, to.back, text("replay.button.back", language=language)),
        _button("next", game_id, index, to.next, text("replay.button.next", language=language)),
        _button("last", game_id, index, to.last, text("replay.button.last", language=language)),
        _button("round", game_id, index, to.next_round, text("replay.button.next_round", language=language)),
    )
    download = Button(
        text("replay.button.download", language=language), ReplayId("json", game_id, index).encode()
    )
    embed = step_embed(replay, index, language)
    return Message("", (embed,), (paging, (download,)), step_sketch(replay, index, language))

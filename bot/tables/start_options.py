"""The game options of /start as a player types them: ``name=value`` pairs, and suggestions.

Slash commands have fixed parameters, while each game has its own options; so /start takes the
common ones as parameters (rules preset, rounds, players, computer level, timer) and the rest
as one text of ``name=value`` pairs ("decks=2 max_hand=5"), completed as the player types
(Discord's autocomplete, up to 25 suggestions). The game validates every value
(:meth:`tabletop.GameSpec.resolve_options`); here only the shape of the text is checked.
"""

from __future__ import annotations

import re
from typing import Final

from bot.messages import limits
from host.catalog import lazy
from host.tables import TableError
from tabletop import GameSpec, registry
from tabletop.catalog import DEFAULT_LANGUAGE, render

MAX_SEATS: Final = max(registry.game(name).max_players for name in registry.names())
"""The most players any offered game seats (the bound of /start's ``players``)."""

MAX_SUGGESTIONS: Final = 25
"""Discord shows at most this many autocomplete choices."""

_PAIR = re.compile(r"(?P<name>[a-z_]+)\s*=\s*(?P<value>[^\s,;=]+)")


def parse_options(text: str | None) -> dict[str, object]:
    """The options in ``text`` ("decks=2, max_hand=5"), by name; :class:`TableError` saying how
    to write them for anything else."""
    if text is None or not text.strip():
        return {}
    found: dict[str, object] = {}
    rest = text.strip().lower()
    position = 0
    for pair in _PAIR.finditer(rest):
        between = rest[position : pair.start()]
        if between.strip(" ,;"):
            break
        found[pair["name"]] = pair["value"]
        position = pair.end()
    if rest[position:].strip(" ,;") or not found:
        raise TableError(lazy("errors.unreadable_options", options=limits.echo(text.strip())))
    return found


def preset_suggestions(
    spec: GameSpec, typed: str, language: str = DEFAULT_LANGUAGE
) -> list[tuple[str, str]]:
    """The game's presets whose name starts with what is typed: (label, value) pairs, each
    preset's help in ``language`` (a catalog language or a Discord locale)."""
    typed = typed.strip().lower()
    return [
        (f"{preset.name}: {render(preset.help, language)}"[:100], preset.name)
        for preset in spec.presets
        if preset.name.startswith(typed)
    ][:MAX_SUGGESTIONS]


def option_suggestions(
    spec: GameSpec, typed: str, language: str = DEFAULT_LANGUAGE
) -> list[tuple[str, str]]:
    """Completions of the options text typed so far: the pairs already typed, followed by each
    option not yet given (with its help in ``language`` and its allowed values), or by each
    allowed value of the option whose name is being typed. (label, value) pairs, labels and
    values within Discord's 100 characters. Option names and values are typed as they are in
    every language."""
    text = typed.lower()
    done, _, last = text.rpartition(" ")
    prefix = f"{done} " if done else ""
    given = {pair["name"] for pair in _PAIR.finditer(done)}
    suggestions: list[tuple[str, str]] = []
    name, equals, value = last.partition("=")
    by_name = {option.name: option for option in spec.options}
    if equals and name in by_name:
        option = by_name[name]
        values = list(option.choices)
        if option.minimum is not None and option.maximum is not None:
            values += [str(n) for n in range(option.minimum, min(option.maximum, option.minimum + 20) + 1)]
        for candidate in values:
            if candidate.startswith(value):
                suggestions.append((f"{prefix}{name}={candidate}", f"{prefix}{name}={candidate}"))
    else:
        for option in spec.options:
            if option.name in given or option.name == "preset" or not option.name.startswith(name):
                continue
            pair = f"{prefix}{option.name}={option.default}"
            allowed = render(option.allowed(), language)
            suggestions.append((f"{pair} ({render(option.help, language)}; {allowed})", pair))
    return [(label[:100], value[:100]) for label, value in suggestions][:MAX_SUGGESTIONS]

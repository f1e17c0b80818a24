"""The host's option values of a Stick'em table, read as the engine's :class:`stickem.Rules`
and written back.

Shared by :mod:`stickem.hosting` (which offers the options) and :mod:`stickem.presentation`
(which writes them in words), so that neither imports the other. Decision: "one round per
player" (``rounds=None`` in ``Rules``) is the word ``per-player`` here, since option values
are never None.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from stickem.rules import Rules, RulesError
from stickem.texts import t
from tabletop import OptionError, OptionValue
from tabletop.catalog import Text

__all__ = ["PER_PLAYER", "options_for", "rules_for", "rules_refusal"]

PER_PLAYER: Final = "per-player"
"""The ``rounds`` value for one round per player."""


def options_for(rules: Rules) -> dict[str, OptionValue]:
    """The option values that stand for ``rules`` (what :func:`rules_for` turns back)."""
    data = rules.to_dict()
    values: dict[str, OptionValue] = {key: data[key] for key in ("preset", "all_zero", "first_lead")}
    values["rounds"] = PER_PLAYER if rules.rounds is None else rules.rounds
    values["min_players"] = rules.min_players
    values["max_players"] = rules.max_players
    return values


def rules_for(options: Mapping[str, OptionValue]) -> Rules:
    """The engine's :class:`stickem.Rules` for resolved option values (:class:`OptionError` in
    the players' words: the fewest players more than the most; any other, which option values
    resolved by the spec never are, by the engine's :class:`stickem.RulesError`)."""
    rounds = options["rounds"]
    low, high = options["min_players"], options["max_players"]
    if isinstance(low, int) and isinstance(high, int) and low > high:
        raise OptionError("not_allowed", t("option.min_above_max", low=low, high=high))
    try:
        return Rules.preset(
            str(options["preset"]),
            rounds=None if rounds == PER_PLAYER else rounds,
            all_zero=options["all_zero"],
            first_lead=options["first_lead"],
            min_players=options["min_players"],
            max_players=options["max_players"],
        )
    except RulesError as exc:
        raise OptionError("not_allowed", rules_refusal(exc)) from exc


def rules_refusal(error: RulesError) -> Text:
    """What a player reads for rule options the engine refuses: a text by the error's ``code``
    and fields, in the reader's language."""
    f = {name: str(value) for name, value in error.fields.items()}
    code = error.code
    if code == "unknown_preset":
        return t("option.refused.unknown_preset", preset=f["preset"], presets=f["presets"])
    if code == "unknown_option":
        return t("option.refused.unknown_option", option=f["option"], options=f["options"])
    if code == "rounds":
        return t("option.refused.rounds", value=f["value"], high=f["high"])
    if code == "not_one_of":
        return t("option.refused.not_one_of", option=f["option"], value=f["value"], allowed=f["allowed"])
    if code == "out_of_range":
        return t(
            "option.refused.out_of_range", option=f["option"], value=f["value"], low=f["low"], high=f["high"]
        )
    if code == "min_above_max":
        return t("option.min_above_max", low=f["low"], high=f["high"])
    return t("option.refused.not_allowed")

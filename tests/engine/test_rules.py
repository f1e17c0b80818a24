"""Rule options and presets (RULES section 7)."""

from __future__ import annotations

import dataclasses

import pytest

from stickem import PRESETS, Rules


def test_presets_match_rules_table() -> None:
    classic, amigo, online = (Rules.preset(name) for name in ("classic", "amigo", "online"))
    assert Rules.PRESETS == PRESETS == ("classic", "amigo", "online")
    assert (classic.rounds, classic.all_zero, classic.first_lead) == (5, "first", "lowest_score")
    assert (classic.min_players, classic.max_players) == (3, 7)
    assert (amigo.rounds, amigo.all_zero, amigo.first_lead) == (None, "nobody", "rotate")
    assert (amigo.min_players, amigo.max_players) == (3, 6)
    assert (online.rounds, online.all_zero, online.first_lead) == (5, "first", "rotate")
    assert (online.min_players, online.max_players) == (3, 6)
    assert Rules.preset() == classic == Rules.preset(name="classic")
    assert [r.preset for r in (classic, amigo, online)] == ["classic", "amigo", "online"]


def test_rounds_for() -> None:
    assert Rules.preset("amigo").rounds_for(4) == 4
    assert Rules.preset("amigo").rounds_for(6) == 6
    assert Rules.preset("classic").rounds_for(7) == 5
    assert Rules.preset("online", rounds=4).rounds_for(3) == 4


def test_overrides_and_immutability() -> None:
    rules = Rules.preset("online", rounds=4, all_zero="nobody")
    assert (rules.preset, rules.rounds, rules.all_zero, rules.first_lead) == (
        "online",
        4,
        "nobody",
        "rotate",
    )
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.rounds = 3  # type: ignore[misc]
    assert rules.replace(rounds=3).rounds == 3
    assert hash(rules) == hash(Rules.preset("online", rounds=4, all_zero="nobody"))
    assert Rules.from_dict(rules.to_dict()) == rules
    assert "4 rounds" in rules.describe()


@pytest.mark.parametrize(
    ("call", "bad", "allowed"),
    [
        (lambda: Rules.preset("poker"), "'poker'", "'classic', 'amigo', 'online'"),
        (lambda: Rules.preset("classic", all_zero="last"), "'last'", "'first', 'nobody'"),
        (lambda: Rules.preset("amigo", first_lead="dealer"), "'dealer'", "'lowest_score'"),
        (lambda: Rules.preset("classic", rounds=0), "0", "1 to 20"),
        (lambda: Rules.preset("classic", rounds="5"), "'5'", "1 to 20"),
        (lambda: Rules.preset("classic", max_players=8), "8", "3 to 7"),
        (lambda: Rules.preset("classic", min_players=5, max_players=4), "5", "4"),
        (lambda: Rules.preset("classic", speed=3), "'speed'", "'rounds'"),
        (lambda: Rules.preset("classic").replace(colour="red"), "'colour'", "'all_zero'"),
    ],
)
def test_bad_options_name_value_and_allowed(call: object, bad: str, allowed: str) -> None:
    with pytest.raises(ValueError) as error:
        call()  # type: ignore[operator]
    assert bad in str(error.value) and allowed in str(error.value)


def test_from_dict_rejects_unknown_or_missing_keys() -> None:
    data = Rules.preset().to_dict()
    with pytest.raises(ValueError, match="exactly the keys"):
        Rules.from_dict({**data, "extra": 1})
    del data["rounds"]
    with pytest.raises(ValueError, match="exactly the keys"):
        Rules.from_dict(data)

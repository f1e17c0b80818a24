"""The table's messages name a computer seat in their reader's language: "Bot Ada (schwer)"
in a German channel, "Bot Ada (hard)" in an English one (no Discord)."""

from __future__ import annotations

from bot.tables.table_messages import lobby_spec, prompt_spec, table_spec, takeover_spec
from host.tables import Table, TakeoverRequest


def table_with_a_computer() -> Table:
    table = Table(777, 1, seed_source=lambda: 11, id_source=lambda: "abc123")
    table.lobby.join(1, "ann")
    table.lobby.join(2, "bob")
    table.lobby.add_bot(1, "hard")
    return table


def test_the_lobby_names_the_computer_in_the_channels_language() -> None:
    table = table_with_a_computer()
    assert "Bot Ada (schwer)" in lobby_spec(table, language="de").content
    assert "Bot Ada (hard)" not in lobby_spec(table, language="de").content
    assert "Bot Ada (hard)" in lobby_spec(table, language="en").content


def test_the_game_messages_name_the_computer_in_their_readers_language() -> None:
    table = table_with_a_computer()
    table.lobby.start(1, options={"rounds": 3}, timer="off")
    german = table_spec(table, language="de", pictured=True)
    shown = german.content + "".join(str(embed.to_dict()) for embed in german.embeds)
    assert "Bot Ada (schwer)" in shown and "(hard)" not in shown
    prompt = prompt_spec(table, 0, language="de", pictured=True)
    words = prompt.content + "".join(str(embed.to_dict()) for embed in prompt.embeds)
    assert "(hard)" not in words


def test_the_hosts_takeover_question_names_the_computer_in_german() -> None:
    table = table_with_a_computer()
    table.lobby.start(1, options={"rounds": 3}, timer="off")
    ask = takeover_spec(table, TakeoverRequest(9, "cy", (2,)), language="de")
    assert "Bot Ada (schwer)" in ask.content

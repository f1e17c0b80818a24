"""Data flows one way: the journal (the host's store step) holds nothing the Discord layer set;
what it has to say (a table reloaded from storage, a change undone) comes back to its caller as
a value or an error, and nobody is called back."""

from __future__ import annotations

from bot.tables.service import TableService


def test_the_journal_holds_no_callable_of_the_discord_layer() -> None:
    service = TableService(client=None)  # type: ignore[arg-type]
    held = {
        name: getattr(value, "__module__", None)
        for name, value in vars(service.journal).items()
        if callable(value) and str(getattr(value, "__module__", "")).startswith(("bot", "cogs"))
    }
    assert held == {}

"""The catalog machinery every catalog uses (:mod:`tabletop.catalog`): texts named now and filled
in when shown (:class:`Text`), nested texts, plural forms by CLDR's rules, numbers as each
language writes them, the fallback to English, and the checks of a language's file.

(The host's own catalog and its use by the code: ``tests/host/test_catalog.py``.)"""

from __future__ import annotations

import pickle
import tomllib
from pathlib import Path

import pytest

from tabletop import OptionError, Refused
from tabletop.catalog import Catalog, CatalogError, Text, render

ENGLISH = """
[card]
red = "red {rank}"
[hand]
cards = { one = "{count} card", other = "{count} cards" }
holds = "{name} holds {cards}."
no_count = { one = "a card", other = "some cards" }
[score]
points = "{points:n} points"
id = "game #{game}"
took = "{name} took {card}."
total = "total {points:n}"
"""

GERMAN = """
[card]
red = "rot {rank}"
[hand]
cards = { one = "{count} Karte", other = "{count} Karten" }
holds = "{name} hält {cards}."
[score]
points = "{points:n} Punkte"
"""


def catalog_of(tmp_path: Path, **files: str) -> Catalog:
    """A catalog folder with ``files`` (language code -> TOML)."""
    for code, content in files.items():
        (tmp_path / f"{code.replace('_', '-')}.toml").write_text(content, encoding="utf-8")
    return Catalog(tmp_path)


@pytest.fixture
def catalog(tmp_path: Path) -> Catalog:
    return catalog_of(tmp_path, en=ENGLISH, de=GERMAN)


# --- texts named now, shown later --------------------------------------------------------------


def test_a_text_is_filled_in_only_when_shown_in_the_readers_language(catalog: Catalog) -> None:
    said = catalog.lazy("card.red", rank=7)
    assert isinstance(said, Text)
    assert render(said, "de") == "rot 7"
    assert render(said, "en") == "red 7"
    assert str(said) == "red 7"  # str(): English, for logs
    assert render("as it is", "de") == "as it is"


def test_a_nested_text_is_shown_in_the_same_language(catalog: Catalog) -> None:
    said = catalog.lazy("hand.holds", name="Ada", cards=catalog.lazy("hand.cards", count=3))
    assert render(said, "de") == "Ada hält 3 Karten."
    assert render(said, "en") == "Ada holds 3 cards."
    # the sentence falls back to English, the card in it is still German
    took = catalog.lazy("score.took", name="Ada", card=catalog.lazy("card.red", rank=7))
    assert render(took, "de") == "Ada took rot 7."


def test_a_discord_locale_finds_its_language(catalog: Catalog) -> None:
    said = catalog.lazy("card.red", rank=7)
    assert render(said, "de") == render(said, "de-AT") == "rot 7"
    assert render(said, "en-US") == render(said, "fr") == "red 7"


def test_texts_with_the_same_key_and_fields_are_equal(catalog: Catalog) -> None:
    same = catalog.lazy("hand.holds", cards="x", name="Ada")
    assert catalog.lazy("hand.holds", name="Ada", cards="x") == same
    assert catalog.lazy("card.red", rank=7) != catalog.lazy("card.red", rank=8)
    assert len({catalog.lazy("card.red", rank=7), catalog.lazy("card.red", rank=7)}) == 1
    assert Text(catalog, "hand.holds", (("name", "Ada"), ("cards", "x"))) == same
    with pytest.raises(CatalogError, match="twice"):
        Text(catalog, "card.red", (("rank", 7), ("rank", 8)))


def test_a_text_with_a_wrong_key_or_field_fails_when_it_is_made(catalog: Catalog) -> None:
    with pytest.raises(CatalogError, match=r"no text 'card\.blue'"):
        catalog.lazy("card.blue", rank=7)
    with pytest.raises(CatalogError, match=r"takes the fields \['rank'\], not \['colour', 'rank'\]"):
        catalog.lazy("card.red", rank=7, colour="red")
    with pytest.raises(CatalogError, match=r"takes the fields \['count'\], not \[\]"):
        catalog.lazy("hand.cards")


# --- plurals -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("count", "english", "german"),
    [
        (0, "0 cards", "0 Karten"),
        (1, "1 card", "1 Karte"),
        (2, "2 cards", "2 Karten"),
        (21, "21 cards", "21 Karten"),
        (1.5, "1.5 cards", "1.5 Karten"),
    ],
)
def test_the_plural_form_follows_the_languages_rules(
    catalog: Catalog, count: int, english: str, german: str
) -> None:
    assert catalog.text("hand.cards", count=count) == english
    assert catalog.text("hand.cards", language="de", count=count) == german


def test_a_plural_text_needs_its_count_even_where_no_form_shows_it(catalog: Catalog) -> None:
    assert catalog.fields("hand.no_count") == {"count"}
    assert catalog.text("hand.no_count", count=1) == "a card"
    assert catalog.text("hand.no_count", count=4) == "some cards"
    with pytest.raises(CatalogError, match="a number"):
        catalog.text("hand.no_count", count="4")


def test_a_language_with_more_forms_uses_them(tmp_path: Path) -> None:
    russian = (
        '[hand]\ncards = { one = "{count} карта", few = "{count} карты", many = "{count} карт",'
        ' other = "{count} карты" }\n'
    )
    catalog = catalog_of(tmp_path, en=ENGLISH, ru=russian)
    shown = [catalog.text("hand.cards", language="ru", count=n) for n in (1, 3, 5, 21, 22, 25)]
    assert shown == ["1 карта", "3 карты", "5 карт", "21 карта", "22 карты", "25 карт"]


def test_a_translation_may_say_it_once_for_every_count(tmp_path: Path) -> None:
    catalog = catalog_of(tmp_path, en=ENGLISH, de='[hand]\ncards = "Karten: {count}"\n')
    assert catalog.text("hand.cards", language="de", count=1) == "Karten: 1"


# --- numbers -----------------------------------------------------------------------------------


def test_a_number_marked_n_is_written_as_the_language_writes_numbers(catalog: Catalog) -> None:
    assert catalog.text("score.points", points=12345) == "12,345 points"
    assert catalog.text("score.points", language="de", points=12345) == "12.345 Punkte"
    assert catalog.text("score.points", language="de", points=-7) == "-7 Punkte"
    # where the language has no entry, the number is written as the English sentence writes it
    assert catalog.text("score.total", language="de", points=1000) == "total 1,000"
    nested = catalog.lazy("score.points", points=1000)
    assert catalog.text("score.took", language="de", name="Ada", card=nested) == "Ada took 1.000 Punkte."


def test_a_bare_number_is_plain_digits(catalog: Catalog) -> None:
    assert catalog.text("score.id", game=123456) == "game #123456"
    assert catalog.text("score.id", language="de", game=123456) == "game #123456"


# --- fallback ----------------------------------------------------------------------------------


def test_a_missing_entry_or_language_shows_english_never_a_key(catalog: Catalog) -> None:
    assert catalog.text("score.id", language="de", game=3) == "game #3"
    assert catalog.text("hand.no_count", language="de", count=2) == "some cards"
    assert render(catalog.lazy("card.red", rank=7), "ja") == "red 7"


# --- checking a language's file ----------------------------------------------------------------


EXTRA_FIELD = "has fields the English text has not"


@pytest.mark.parametrize(
    ("german", "problem"),
    [
        ('[hand]\ncards = { other = "{count} Karten" }\n', r"hand\.cards must have .*missing \['one'\]"),
        (
            '[hand]\ncards = { one = "{count} Karte", few = "x", other = "{count} Karten" }\n',
            r"not used by the language \['few'\]",
        ),
        (
            '[hand]\ncards = { one = "{count} Karte", other = "{number} Karten" }\n',
            rf"hand\.cards {EXTRA_FIELD}: \['number'\]",
        ),
        ('[card]\nred = "rot {rank} {suit}"\n', rf"card\.red {EXTRA_FIELD}: \['suit'\]"),
        ('[card]\nred = { one = "rot", other = "rote" }\n', rf"card\.red {EXTRA_FIELD}: \['count'\]"),
        ('[card]\nblue = "blau"\n', r"card\.blue is not a key of en\.toml"),
        ('[hand]\ncards = { one = 1, other = "x" }\n', "not a text"),
    ],
)
def test_a_language_file_that_does_not_fit_fails_loudly(tmp_path: Path, german: str, problem: str) -> None:
    catalog = catalog_of(tmp_path, en=ENGLISH, de=german)
    with pytest.raises(CatalogError, match=problem):
        catalog.text("card.red", language="de", rank=7)


def test_english_plural_forms_are_checked_by_englishs_rules(tmp_path: Path) -> None:
    catalog = catalog_of(tmp_path, en='cards = { one = "a card", two = "a pair", other = "{count} cards" }\n')
    with pytest.raises(CatalogError, match=r"not used by the language \['two'\]"):
        catalog.text("cards", count=2)


# --- refusals ----------------------------------------------------------------------------------


def test_a_refusal_may_carry_a_text_whose_str_is_english(catalog: Catalog) -> None:
    said = catalog.lazy("hand.holds", name="Ada", cards=catalog.lazy("hand.cards", count=2))
    refused = Refused(said)
    assert str(refused) == "Ada holds 2 cards."
    assert render(refused.message, "de") == "Ada hält 2 Karten."
    option_error = OptionError("players", catalog.lazy("hand.cards", count=1), players=1)
    assert str(option_error) == "1 card"
    assert render(option_error.message, "de") == "1 Karte"


# --- every catalog of the repository -----------------------------------------------------------

REPO = Path(__file__).resolve().parents[2]
CATALOG_FOLDERS = sorted(path.parent for path in REPO.glob("*/catalog/en.toml"))
"""The host's catalog and each game's (``<package>/catalog/``)."""


def test_the_host_catalog_is_found_among_the_catalogs() -> None:
    assert REPO / "host" / "catalog" in CATALOG_FOLDERS


@pytest.mark.parametrize("folder", CATALOG_FOLDERS, ids=lambda folder: folder.parent.name)
def test_every_language_of_every_catalog_fits_its_english(folder: Path) -> None:
    """A language file with a key, a field or plural forms that do not fit fails here, not when
    a player first reads it."""
    catalog = Catalog(folder)
    for language in catalog.languages():
        assert catalog.entries(language), f"{folder}/{language}.toml is empty"


def test_a_text_survives_pickling_as_a_refusal_from_a_worker_process(catalog: Catalog) -> None:
    refused = Refused(catalog.lazy("hand.holds", name="Ada", cards=catalog.lazy("hand.cards", count=1)))
    copy = pickle.loads(pickle.dumps(refused))
    assert render(copy.message, "de") == "Ada hält 1 Karte."


def test_texts_unpickled_in_a_process_share_one_catalog_read_once(
    catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A worker that draws a hand unpickles a text with every picture: its catalog's files are
    read for the first, not again for each."""
    first = pickle.loads(pickle.dumps(catalog.lazy("hand.cards", count=1)))
    assert render(first, "de") == "1 Karte"
    parsed: list[str] = []
    loads = tomllib.loads
    monkeypatch.setattr(tomllib, "loads", lambda text: parsed.append(text) or loads(text))
    for count in (2, 3):
        again = pickle.loads(pickle.dumps(catalog.lazy("hand.cards", count=count)))
        assert again.catalog is first.catalog
        assert render(again, "de") == f"{count} Karten"
    assert parsed == []


# --- what a catalog remembers between texts ----------------------------------------------------
# A catalog keeps, per key and reader's language, the entry it shows, and the fields each key
# takes; these tests show one text to readers of several languages in turn, so that a choice
# remembered for one reader can never be shown to another.


def test_one_text_shown_to_readers_of_several_languages_in_turn(catalog: Catalog) -> None:
    said = catalog.lazy("hand.holds", name="Ada", cards=catalog.lazy("hand.cards", count=1))
    shown = [render(said, language) for language in ("de", "en", "de-AT", "en-US", "fr", "de", "en")]
    german, english = "Ada hält 1 Karte.", "Ada holds 1 card."
    assert shown == [german, english, german, english, english, german, english]


def test_a_remembered_choice_still_writes_numbers_in_the_language_of_its_entry(catalog: Catalog) -> None:
    points, total = catalog.lazy("score.points", points=1234), catalog.lazy("score.total", points=1234)
    assert [render(points, language) for language in ("de-AT", "en", "de")] == [
        "1.234 Punkte",
        "1,234 points",
        "1.234 Punkte",
    ]
    # no German entry: the English one, with English numbers, for every German reader
    assert [render(total, language) for language in ("de", "de-AT", "en")] == ["total 1,234"] * 3


def test_a_remembered_plural_entry_chooses_its_form_for_each_count(catalog: Catalog) -> None:
    shown = [render(catalog.lazy("hand.cards", count=n), "de-AT") for n in (1, 2, 1, 0)]
    assert shown == ["1 Karte", "2 Karten", "1 Karte", "0 Karten"]
    assert render(catalog.lazy("hand.cards", count=1.5), "en") == "1.5 cards"
    assert render(catalog.lazy("hand.cards", count=1), "en") == "1 card"
    with pytest.raises(CatalogError, match="a number"):
        render(catalog.lazy("hand.cards", count=True), "en")  # True == 1, yet not a count


def test_a_text_without_fields_is_shown_in_each_readers_language(tmp_path: Path) -> None:
    catalog = catalog_of(
        tmp_path, en='over = "The round is over {{for now}}."\n', de='over = "Die Runde ist vorbei."\n'
    )
    over = catalog.lazy("over")
    assert [render(over, language) for language in ("de", "en", "de-AT", "ja")] == [
        "Die Runde ist vorbei.",
        "The round is over {for now}.",
        "Die Runde ist vorbei.",
        "The round is over {for now}.",
    ]
    assert over.fields == () and over == Text(catalog, "over") and hash(over) == hash(Text(catalog, "over"))
    assert catalog.text("over", language="de") == "Die Runde ist vorbei."
    with pytest.raises(CatalogError, match=r"takes the fields \[\], not \['round'\]"):
        catalog.lazy("over", round=2)  # the text without fields, already made, takes none
    with pytest.raises(CatalogError, match=r"no text 'under'"):
        catalog.lazy("under")


def test_a_key_whose_fields_are_known_still_refuses_wrong_fields(catalog: Catalog) -> None:
    assert render(catalog.lazy("card.red", rank=7)) == "red 7"  # the fields of card.red now known
    with pytest.raises(CatalogError, match=r"takes the fields \['rank'\], not \[\]"):
        catalog.lazy("card.red")
    with pytest.raises(CatalogError, match=r"takes the fields \['rank'\], not \['colour', 'rank'\]"):
        catalog.lazy("card.red", rank=7, colour="red")
    with pytest.raises(CatalogError, match=r"takes the fields \['rank'\], not \['value'\]"):
        catalog.lazy("card.red", value=7)


def test_a_lazy_text_is_the_same_value_as_one_made_directly(catalog: Catalog) -> None:
    lazy = catalog.lazy("hand.holds", name="Ada", cards=catalog.lazy("hand.cards", count=2))
    direct = Text(
        catalog, "hand.holds", (("name", "Ada"), ("cards", Text(catalog, "hand.cards", (("count", 2),))))
    )
    assert lazy == direct and hash(lazy) == hash(direct) and repr(lazy) == repr(direct)
    assert lazy.fields == (("cards", catalog.lazy("hand.cards", count=2)), ("name", "Ada"))
    assert catalog.fill("hand.holds", "de", dict(lazy.fields)) == render(lazy, "de") == "Ada hält 2 Karten."
    with pytest.raises(AttributeError):
        lazy.key = "card.red"  # type: ignore[misc]
    copy = pickle.loads(pickle.dumps(lazy))
    assert (copy.key, render(copy, "de-AT")) == ("hand.holds", "Ada hält 2 Karten.")


TERMED_EN = """
[table]
closed = "Closed. Use {join} to open one, {mention}."
braces = "{{literal}} {join}"
[table.away]
one = "{mention} missed {count} turn; use {back}."
other = "{mention} missed {count} turns; use {back}."
[terms]
mention = "<@{user}>"
join = "/join"
back = "/back"
"""

TERMED_DE = """
[table]
closed = "Geschlossen. Mit {join} eröffnest du einen, {mention}."
[table.away]
one = "{mention} hat {count} Zug verpasst; nutze {back}."
other = "{mention} hat {count} Züge verpasst; nutze {back}."
[terms]
join = "/beitreten"
"""


def test_terms_are_written_by_the_catalog_in_each_language(tmp_path: Path) -> None:
    """A field that names a term is written as the term of the reader's language (English's
    where that has none); a term's own fields become the entry's, so the code gives the user id
    and never the mention."""
    termed = catalog_of(tmp_path, en=TERMED_EN, de=TERMED_DE)
    assert termed.fields("table.closed") == {"user"}
    assert termed.fields("table.away") == {"user", "count"}
    assert termed.text("table.closed", user=7) == "Closed. Use /join to open one, <@7>."
    german = termed.text("table.closed", language="de", user=7)
    assert german == "Geschlossen. Mit /beitreten eröffnest du einen, <@7>."
    shown = termed.lazy("table.away", user=7, count=2)
    assert (shown.render(), shown.render("de")) == (
        "<@7> missed 2 turns; use /back.",
        "<@7> hat 2 Züge verpasst; nutze /back.",
    )
    assert termed.text("table.braces") == "{literal} /join"
    assert "terms.join" not in termed.entries() and "table.closed" in termed.entries("de")
    with pytest.raises(CatalogError, match="takes the fields"):
        termed.text("table.closed", join="/start", user=7)


@pytest.mark.parametrize(
    ("english", "german", "wrong"),
    [
        (TERMED_EN, '[terms]\nstart = "/starten"\n', "not terms of en.toml"),
        (TERMED_EN, '[terms]\njoin = ["/beitreten"]\n', "not texts"),
        (TERMED_EN.replace("Use {join}", "Use {join!r}"), "", "writes the term 'join' with a format"),
    ],
)
def test_a_term_that_does_not_fit_fails_loudly(tmp_path: Path, english: str, german: str, wrong: str) -> None:
    termed = catalog_of(tmp_path, en=english, de=german)
    with pytest.raises(CatalogError, match=wrong):
        termed.entries("de")

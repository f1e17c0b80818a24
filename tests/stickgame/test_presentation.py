"""Stick Game's presentation: plays made only by clicking what the prompts offer.

Positions are rigged on the engine (``helpers.rig``) behind a hosted match, so each click goes
through ``click`` and each resulting action through ``match.apply``, as the host does it.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from stickgame import STICKS, Card
from stickgame.events import GameOver, RoundEnded, StickCompleted, WildTaken
from stickgame.hosting import GAME, StickGameMatch
from stickgame.present_draft import Draft, MeldDraft
from stickgame.present_text import hand_order, suit_group
from stickgame.views import View
from tabletop import Refused
from tabletop.presentation import MAX_INTENT, Act, Button, Component, Message, Presentation, Redraw, Select

from .english import EnglishPresentation
from .helpers import rig

P = EnglishPresentation(GAME.presentation)
"""The presentation as an English reader sees it (every catalog text rendered in English)."""
NAMES = ["Alice", "Bob", "Carol"]
NAMES4 = [*NAMES, "Dan"]
STICK_6 = STICKS[5]  # a run of 4 and a set


def new_match(players: int = 3, **options: object) -> StickGameMatch:
    return GAME.new_match(players, GAME.resolve_options(options), seed=11)


def rigged(**kwargs: object) -> StickGameMatch:
    """A 3-player match, seat 0 to play, in the rigged position."""
    match = new_match()
    rig(match.game, **kwargs)  # type: ignore[arg-type]
    return match


def view0(match: StickGameMatch) -> View:
    return match.view(0)


def prompt(match: StickGameMatch, draft: str = "") -> Message:
    message = P.prompt(view0(match), NAMES, draft=draft)
    check_message(message)
    return message


def check_message(message: Message) -> None:
    """Discord's limits and unique intents (a custom id must be unique in its message)."""
    intents = [item.intent for item in message.components()]
    assert len(intents) == len(set(intents)), intents
    assert all(len(intent) <= MAX_INTENT for intent in intents)
    assert len(message.content) <= 2000 and len(message.rows) <= 5
    for row in message.rows:
        assert 0 < len(row) <= 5
        for item in row:
            if isinstance(item, Select):
                assert len(row) == 1 and 0 < len(item.choices) <= 25
                assert len({c.value for c in item.choices}) == len(item.choices)


def find(message: Message, text: str) -> Component:
    """The component whose label (a button) or placeholder (a select) starts with ``text``."""
    for item in message.components():
        name = item.label if isinstance(item, Button) else item.placeholder
        if name.startswith(text):
            return item
    raise AssertionError(f"no {text!r} in {[getattr(i, 'label', i.intent) for i in message.components()]}")


def labels(message: Message) -> list[str]:
    return [item.label for item in message.components() if isinstance(item, Button)]


def press(match: StickGameMatch, message: Message, text: str) -> Act | Redraw:
    button = find(message, text)
    assert isinstance(button, Button) and not button.disabled
    return P.click(view0(match), button.intent, ())


def choose(match: StickGameMatch, message: Message, text: str, wanted: list[str]) -> Act | Redraw:
    """Choose the options labelled ``wanted`` (a label twice: two such options) in a select."""
    select = find(message, text)
    assert isinstance(select, Select)
    values: list[str] = []
    for label in wanted:
        value = next(c.value for c in select.choices if c.label == label and c.value not in values)
        values.append(value)
    return P.click(view0(match), select.intent, values)


def redrawn(match: StickGameMatch, meaning: Act | Redraw) -> Message:
    assert isinstance(meaning, Redraw), meaning
    return prompt(match, meaning.draft)


def test_stick_game_offers_a_presentation() -> None:
    assert isinstance(GAME.presentation, Presentation)


# --- laying down, with a wild whose place is asked -------------------------------------------


def test_a_lay_down_asks_where_an_ambiguous_wild_goes_and_lays_it_there() -> None:
    match = rigged(
        hands={0: "5C 6C 7C * 9S 9H 9D KD 3H", 1: "4D 4D", 2: "8S"},
        discard="QD",
        sticks={0: STICK_6},
    )
    main = prompt(match)
    assert "Your stick: **a run of 4 and a set**" in main.content
    opened = redrawn(match, press(match, main, "Lay down your stick"))
    assert "Lay down" in labels(opened)  # the engine's melds, ready to confirm
    first = redrawn(match, press(match, opened, "Back"))  # back to meld 1
    cleared = redrawn(match, press(match, first, "Clear"))
    picked = redrawn(match, choose(match, cleared, "Cards for meld 1", ["5♣", "6♣", "7♣", "joker"]))
    assert "where do the wild cards go?" in picked.content
    assert {"Run 4♣ to 7♣", "Run 5♣ to 8♣"} <= set(labels(picked))
    assert "Next meld" not in labels(picked)  # asked before going on
    placed = redrawn(match, press(match, picked, "Run 4♣ to 7♣"))
    assert "joker(=4♣) 5♣ 6♣ 7♣ ✓" in placed.content
    second = redrawn(match, press(match, placed, "Next meld"))
    done = redrawn(match, choose(match, second, "Cards for meld 2", ["9♦", "9♥", "9♠"]))
    act = press(match, done, "Lay down")
    assert isinstance(act, Act) and act.action.startswith("L run 4 * 5C 6C 7C | set ")
    events = match.apply(0, act.action)
    completed = next(e for e in events if isinstance(e, StickCompleted))
    run = next(m for m in completed.melds if m.kind == "run")
    assert run.stands_for(0) == "4♣"
    assert P.acted(view0(match), act.action, NAMES) is None  # the turn goes on: discard next
    assert P.reply(act.action, view0(match)) == "You laid down your stick: joker 5♣ 6♣ 7♣ | 9♦ 9♥ 9♠."


def test_the_lay_down_is_filled_with_each_wild_where_the_rules_put_it_upward() -> None:
    """sticks.md section 2: without a choice a wild extends its run upward. The solver found
    2♣ 9♣ 10♣ as 8♣-10♣; the lay-down it fills in reads it as the rules do, 9♣-J♣, for the
    last meld and for one before it alike."""
    for stick, hand, run_meld in (
        (STICKS[2], "2C 9C 10C 4H 5H 6H KS", 2),
        (STICKS[0], "2C 9C 10C KH KS KD 4H", 1),
    ):
        match = rigged(hands={0: hand, 1: "3C", 2: "4S"}, discard="QC", sticks={0: stick})
        opened = redrawn(match, press(match, prompt(match), "Lay down your stick"))
        assert f"Meld {run_meld}: 9♣ 10♣ 2♣(=J♣) ✓" in opened.content, opened.content
        act = press(match, opened, "Lay down")
        assert isinstance(act, Act) and "run 9 2C 9C 10C" in act.action, act
        match.apply(0, act.action)
        run = next(
            m.meld
            for m in match.view(None).melds
            if m.meld.kind == "run" and m.meld.suit is not None and m.meld.suit.name == "CLUBS"
        )
        assert (run.low, run.high) == (9, 11)


def test_the_wild_of_a_meld_before_the_last_can_be_moved_without_losing_the_others() -> None:
    """Meld 1 of two is a run whose wild may go either way: the lay-down offers to change it
    (no Back that drops meld 2), and the stick is laid down as chosen."""
    match = rigged(hands={0: "2C 9C 10C KH KS KD 4H", 1: "3C", 2: "4S"}, discard="QC", sticks={0: STICKS[0]})
    opened = redrawn(match, press(match, prompt(match), "Lay down your stick"))
    change = find(opened, "Change where the wild cards of an earlier meld go")
    assert isinstance(change, Select)
    assert [(c.label, c.default) for c in change.choices] == [
        ("Meld 1: Run 9♣ to J♣", True),
        ("Meld 1: Run 8♣ to 10♣", False),
    ]
    moved = redrawn(match, choose(match, opened, "Change where the wild cards", ["Meld 1: Run 8♣ to 10♣"]))
    assert "Meld 1: 2♣(=8♣) 9♣ 10♣ ✓" in moved.content and "Meld 2: K♦ K♥ K♠ ✓" in moved.content
    act = press(match, moved, "Lay down")
    assert act == Act("L run 8 2C 9C 10C | set KD KH KS")
    with pytest.raises(Refused):  # a value no prompt offered
        P.click(view0(match), change.intent, ["1R8"])


@pytest.mark.parametrize(
    ("number", "hand"),
    [
        (37, "JH * * * 5C 9D"),  # A K Q of hearts: J♥ and three wilds standing for Q♥ K♥ A♥
        (27, "6C 7C 8C 9C 10C * * * KD 4S"),  # 8♣ leaves the run for the set of eights
        (33, "7D 8D 9D 10D JD * * 2D 4S 5H"),  # J♦ leaves the run for the set of jacks
    ],
)
def test_a_rare_lay_down_is_offered_and_two_clicks_lay_it_down(number: int, hand: str) -> None:
    stick = STICKS[number - 1]
    match = rigged(hands={0: hand, 1: "4D 4D", 2: "8S"}, discard="QD", sticks={0: stick})
    main = prompt(match)
    opened = redrawn(match, press(match, main, "Lay down your stick"))
    act = press(match, opened, "Lay down")
    assert isinstance(act, Act) and act.action.startswith("L ")
    events = match.apply(0, act.action)
    completed = next(e for e in events if isinstance(e, StickCompleted))
    assert completed.stick is stick
    assert view0(match).stick is None and P.reply(act.action, view0(match)).startswith(
        "You laid down your stick:"
    )


def test_a_lay_down_not_answering_the_wild_question_is_refused_privately() -> None:
    match = rigged(hands={0: "5C 6C 7C * 9S 9H 9D KD 3H"}, discard="QD", sticks={0: STICK_6})
    hand = hand_order(view0(match).hand or ())
    run = sum(1 << p for p, c in enumerate(hand) if c.code in ("5C", "6C", "7C", "*"))
    nines = sum(1 << p for p, c in enumerate(hand) if c.rank == 9)
    draft = Draft("L", (MeldDraft(run), MeldDraft(nines))).encode()
    with pytest.raises(Refused, match="where the wild cards of meld 1 go"):
        P.click(view0(match), "a" + draft, ())


def test_melds_that_do_not_complete_the_stick_say_why_in_the_engines_words() -> None:
    match = rigged(hands={0: "5C 6C 7C 9S 9H 9D KD 3H"}, discard="QD", sticks={0: STICK_6})
    hand = hand_order(view0(match).hand or ())
    run = sum(1 << p for p, c in enumerate(hand) if c.code in ("5C", "6C", "7C"))
    message = prompt(match, Draft("L", (MeldDraft(run),)).encode())
    assert (
        "a run of 4 needs at least 4 cards of one suit in sequence; 5♣ 6♣ 7♣ has 3 cards" in message.content
    )
    assert "Next meld" not in labels(message)


# --- laying off, taking a wild ---------------------------------------------------------------


def completed_seat(hand: str) -> StickGameMatch:
    """Seat 0 to play with its stick completed; Bob owns 5♥ 6♥ W(7♥), Carol 9♠ 9♥ 9♦."""
    return rigged(
        hands={0: hand, 1: "3C 3D", 2: "4S"},
        melds=[(1, "5H 6H *"), (2, "9S 9H 9D")],
        discard="QC",
        sticks={0: None},
    )


def test_lay_off_onto_a_chosen_meld() -> None:
    match = completed_seat("8H 9C KS KD 4D")
    main = prompt(match)
    targets = redrawn(match, press(match, main, "Lay off"))
    meld_select = find(targets, "Lay off on which meld?")
    assert isinstance(meld_select, Select)
    assert [c.label for c in meld_select.choices] == ["#1 Bob: 5♥ 6♥ joker(=7♥)", "#2 Carol: 9♠ 9♥ 9♦"]
    onto = redrawn(match, P.click(view0(match), meld_select.intent, ["0"]))
    cards = find(onto, "Cards to lay off")
    assert isinstance(cards, Select) and [c.label for c in cards.choices] == ["8♥"]
    ready = redrawn(match, choose(match, onto, "Cards to lay off", ["8♥"]))
    assert "5♥ 6♥ joker(=7♥) 8♥ ✓" in ready.content
    act = press(match, ready, "Lay off")
    assert isinstance(act, Act)
    match.apply(0, act.action)
    assert [str(c) for c in match.view(None).melds[0].meld.cards] == ["5♥", "6♥", "joker", "8♥"]
    assert P.reply(act.action, view0(match)) == "You laid off 8♥ on #1."


def test_a_lone_wild_on_another_players_meld_is_not_offered_and_says_why() -> None:
    match = completed_seat("* 9C KS KD 4D")
    hand = hand_order(view0(match).hand or ())
    message = prompt(match, Draft("O", (MeldDraft(1 << hand.index(Card.parse("*"))),), target=0).encode())
    assert "a wild card may be laid off alone only on your own melds" in message.content
    assert "Lay off" not in labels(message)


def test_take_a_wild_then_use_it_to_lay_down() -> None:
    match = rigged(
        hands={0: "7H 9C 10C JC KS KS KD 3D 4S 8D", 1: "3C 3D", 2: "4S"},
        melds=[(1, "5H 6H *")],
        discard="QD",
        sticks={0: STICK_6},
    )
    main = prompt(match)
    assert "Lay down your stick" not in labels(main)  # not without the wild
    swaps = redrawn(match, press(match, main, "Take a wild"))
    chosen = redrawn(match, choose(match, swaps, "Wilds to take", ["7♥ for the joker in #1"]))
    assert "Taking the joker from #1 (putting 7♥ there): use it now." in chosen.content
    act = press(match, chosen, "Lay down")
    assert isinstance(act, Act) and act.action.startswith("W 0:7H / L ")
    events = match.apply(0, act.action)
    assert any(isinstance(e, WildTaken) for e in events)
    assert any(isinstance(e, StickCompleted) for e in events)
    assert [str(c) for c in match.view(None).melds[0].meld.cards] == ["5♥", "6♥", "7♥"]
    assert P.reply(act.action, view0(match)).startswith("You took 1 wild and laid down your stick:")


# --- discarding ------------------------------------------------------------------------------


def test_an_undiscardable_card_is_not_offered_and_refused_with_the_reason() -> None:
    match = completed_seat("* 8H 9C KS KD 4D")
    main = prompt(match)
    select = find(main, "Discard a card")
    assert isinstance(select, Select)
    assert [c.value for c in select.choices] == ["4D", "KD", "KS"]  # hand order: by suit
    assert (
        "You may not discard: wild cards (joker); 9♣ (it fits #2 on the table); 8♥ (it fits #1"
        in main.content
    )
    with pytest.raises(Refused, match="8♥: it could be laid off on #1"):
        P.click(view0(match), select.intent, ["8H"])
    with pytest.raises(Refused, match="a wild card may not be discarded"):
        P.click(view0(match), select.intent, ["*"])
    act = P.click(view0(match), select.intent, ["KD"])
    assert act == Act("X KD")
    match.apply(0, act.action)
    after = P.acted(view0(match), act.action, NAMES)
    assert after is not None and not after.rows
    assert after.content.startswith("You discarded K♦.\nYour turn is over")


def test_when_no_card_may_be_discarded_any_card_is_offered() -> None:
    match = completed_seat("* 8H 9C")
    select = find(prompt(match), "Discard a card")
    assert isinstance(select, Select) and [c.value for c in select.choices] == ["*", "9C", "8H"]
    assert "you may discard any one" in prompt(match).content


# --- large hands and intents -----------------------------------------------------------------

BIG_HAND = (
    "* * 2C AC 3C 4C 5C 6C 7C 8C AD 3D 4D 5D 6D 7D 9D 10D JD AH 3H 4H 5H 6H 7H 8H AS 3S 4S 5S 6S 7S 8S 9S"
)


def test_a_hand_of_more_than_25_cards_is_paged_by_suit_in_two_selects() -> None:
    match = completed_seat(BIG_HAND)
    assert len(view0(match).hand or ()) == 34
    builder = redrawn(match, press(match, prompt(match), "New meld"))
    selects = [item for item in builder.components() if isinstance(item, Select)]
    assert len(selects) == 2
    pages = [[c.label for c in s.choices] for s in selects]
    assert sum(map(len, pages)) == 34
    groups = [[suit_group(Card.parse(label)) for label in page] for page in pages]
    assert not set(groups[0]) & set(groups[1])  # a page break falls between suits
    first = redrawn(match, choose(match, builder, selects[0].placeholder, ["3♣", "4♣"]))
    both = redrawn(match, choose(match, first, selects[1].placeholder, ["5♠"]))
    assert "Meld: 3♣ 4♣ 5♠: " in both.content  # the first page's choice is kept
    discards = [item for item in prompt(match).components() if isinstance(item, Select)]
    assert len(discards) == 2 and all(len(s.choices) <= 25 for s in discards)
    offered = {c.value for s in discards for c in s.choices}
    assert len(offered) == 27 and not offered & {"*", "2C", "4H", "8H", "9D", "9S"}


def test_the_longest_draft_stays_within_an_intent() -> None:
    """The longest draft the rules allow (16 cards after the draw, a 4-meld stick, every meld
    a run read from its highest start, 25 wilds to take) fits in an intent with its operation."""
    full = MeldDraft((1 << 16) - 1, "R12")
    longest = Draft("W", (full,) * 4, swaps=(1 << 25) - 1, using=True).encode()
    assert len("c0" + longest) <= MAX_INTENT


def _walk(match: StickGameMatch, seat: int, rng: random.Random, seen: set[str]) -> None:
    """One action of ``seat`` by random clicks (the computer player if none is found)."""
    draft = ""
    for _ in range(30):
        message = P.prompt(match.view(seat), NAMES4, draft=draft)
        check_message(message)
        seen.update(item.intent for item in message.components())
        items = [item for item in message.components() if not item.disabled]
        item = rng.choice(items)
        values: list[str] = []
        if isinstance(item, Select):
            values = [
                c.value for c in rng.sample(item.choices, rng.randint(item.min_values, item.max_values))
            ]
        try:  # a choice a select cannot forbid (one wild chosen twice) is refused at the click
            meaning = P.click(match.view(seat), item.intent, values)
        except Refused:
            draft = ""
            continue
        if isinstance(meaning, Redraw):
            draft = meaning.draft
            continue
        try:
            match.apply(seat, meaning.action)
            return
        except Refused:
            draft = ""
    match.apply(seat, GAME.computer_player("normal", seat).decide(match.view(seat)))


def test_every_intent_of_random_play_stays_within_60_characters() -> None:
    seen: set[str] = set()
    for seed in (1, 2):
        match = GAME.new_match(4, GAME.resolve_options({}), seed)
        rng = random.Random(seed)
        for _ in range(150):
            if match.is_over:
                break
            _walk(match, match.awaiting[0], rng, seen)
    assert any(intent.startswith("c0") for intent in seen)
    assert max(map(len, seen)) <= MAX_INTENT


# --- forged clicks ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("intent", "values"),
    [
        ("aLffffffff", ()),  # cards beyond the hand
        ("gL3.3", ()),  # one card in two melds
        ("gLzz", ()),  # not a draft
        ("gL0.3", ()),  # an empty meld before another
        ("aO7.1", ()),  # no such meld on the table
        ("gW", ()),  # no wild can be taken
        ("gW:0", ()),  # melds for no swap
        ("aM1", ()),  # a new meld before the stick is completed
        ("c9L0", ("0",)),  # no such page
        ("c0L0", ("99",)),  # a position not offered
        ("X0", ("AS",)),  # a card not in the hand
        ("gL1", ("0",)),  # values on a button
        ("q", ()),
    ],
)
def test_a_click_with_a_forged_draft_is_refused_and_changes_nothing(
    intent: str, values: tuple[str, ...]
) -> None:
    match = rigged(hands={0: "5C 6C 7C * 9S 9H 9D KD 3H"}, discard="QD", sticks={0: STICK_6})
    before = match.game.to_json()
    with pytest.raises(Refused) as refused:
        P.click(view0(match), intent, values)
    assert str(refused.value)
    assert match.game.to_json() == before


def test_clicks_out_of_turn_are_refused() -> None:
    match = rigged(hands={0: "5C 6C", 1: "9S 9H 9D"}, discard="QD", turn=1, phase="play")
    with pytest.raises(Refused, match="not your turn"):
        P.click(view0(match), "gL0", ())
    assert not prompt(match).rows  # no components for a seat that is not awaited


# --- a whole game by clicks ------------------------------------------------------------------

Chooser = Callable[[Message], tuple[Component, list[str]] | None]


def _first_button(*names: str) -> Chooser:
    def pick(message: Message) -> tuple[Component, list[str]] | None:
        for name in names:
            for item in message.components():
                if isinstance(item, Button) and item.label.startswith(name):
                    return item, []
        return None

    return pick


def _click_turn(match: StickGameMatch, seat: int, rng: random.Random) -> None:
    """One action of ``seat`` the way a keen player clicks: draw, lay down what the prompt
    offers (the stick, a suggested meld, a lay-off), else discard a random offered card."""
    view = match.view(seat)
    message = P.prompt(view, NAMES)
    check_message(message)
    if view.phase == "draw":
        meaning = P.click(view, rng.choice(message.components()).intent, ())
        assert isinstance(meaning, Act)
        match.apply(seat, meaning.action)
        return
    for route in (
        ("Lay down your stick", "Lay down"),
        ("New meld", "Suggest", "Lay down the meld"),
        ("Lay off",),
    ):
        draft = ""
        for name in route:
            current = P.prompt(view, NAMES, draft=draft)
            check_message(current)
            picked = _first_button(name)(current)
            if picked is None and name == "Lay off" and draft:
                picked = _lay_off_step(current)
            if picked is None:
                break
            item, values = picked
            meaning = P.click(view, item.intent, values)
            if isinstance(meaning, Act):
                try:
                    match.apply(seat, meaning.action)
                    return
                except Refused:
                    break
            draft = meaning.draft
        if route == ("Lay off",) and draft:
            for _ in range(3):  # choose a meld, its first card, then lay off
                current = P.prompt(view, NAMES, draft=draft)
                picked = _lay_off_step(current)
                if picked is None:
                    break
                meaning = P.click(view, picked[0].intent, picked[1])
                if isinstance(meaning, Act):
                    try:
                        match.apply(seat, meaning.action)
                        return
                    except Refused:
                        break
                draft = meaning.draft
    selects = [
        item for item in message.components() if isinstance(item, Select) and item.intent.startswith("X")
    ]
    select = rng.choice(selects)
    meaning = P.click(view, select.intent, [rng.choice(select.choices).value])
    assert isinstance(meaning, Act)
    match.apply(seat, meaning.action)


def _lay_off_step(message: Message) -> tuple[Component, list[str]] | None:
    for item in message.components():
        if isinstance(item, Button) and item.label == "Lay off":
            return item, []
        if isinstance(item, Button) and item.label.startswith("Run "):
            return item, []
    for item in message.components():
        if isinstance(item, Select) and item.placeholder.startswith(("Lay off on", "Cards to lay off")):
            return item, [item.choices[0].value]
    return None


@pytest.mark.parametrize("seed", [5, 6, 7])
def test_a_whole_game_is_played_by_clicks_alone(seed: int) -> None:
    match = GAME.new_match(3, GAME.resolve_options({"sticks_to_win": 1, "hand_size": 11}), seed)
    rng = random.Random(seed)
    for _ in range(3000):
        if match.is_over:
            break
        _click_turn(match, match.awaiting[0], rng)
    assert match.is_over
    assert any(action.startswith("L ") for _, action in match.log)  # a stick laid down by clicks
    assert match.results().winners


# --- the table and the reports ---------------------------------------------------------------


def test_the_table_shows_sticks_cards_melds_and_what_each_wild_stands_for() -> None:
    match = completed_seat("8H 9C KS")
    table = P.table(match.view(None), NAMES, notes=["A turn lasts 2 minutes."], stopped=False)
    text = table.content
    assert "Turn: **Alice** (to play and discard)" in text
    assert "Discard pile: ♣️ Q♣" in text
    assert "**Bob** · 0 sticks · 2 cards" in text and "#1 5♥ 6♥ joker(=7♥)" in text
    assert "A turn lasts 2 minutes." in text
    assert "8H" not in text and "K♠" not in text  # nobody's hand


def test_the_table_of_eight_players_with_many_melds_fits_a_message() -> None:
    names = [f"Player number {n}" for n in range(8)]
    match = GAME.new_match(8, GAME.resolve_options({"scoring": "points"}), 3)
    runs = [
        "3H 4H 5H * 7H 8H * 10H",
        "4D 5D 6D * 8D 9D * JD",
        "5C 6C 7C * 9C 10C * QC",
        "3S 4S 5S * 7S 8S * 10S",
    ]
    melds = [(seat, runs[(seat + k) % len(runs)]) for seat in range(8) for k in range(4)]
    melds += [(seat, "9S 9S 9D * 2C") for seat in range(8)]
    rig(match.game, hands={s: "KS" for s in range(8)}, melds=melds, discard="QC")
    table = P.table(match.view(None), names, notes=[], stopped=False)
    assert len(table.content) <= 2000 and not table.content.endswith("…")
    assert all(name in table.content for name in names)
    assert "0 sticks = 0 points" in table.content
    assert "#1 3♥-10♥ (wild 6♥ 9♥) · #2 4♦-J♦ (wild 7♦ 10♦)" in table.content  # compact
    assert "#40 9♠ 9♠ 9♦ +2 wild" in table.content


def test_going_out_closes_the_round_and_reports_results_and_standings() -> None:
    match = GAME.new_match(3, GAME.resolve_options({"sticks_to_win": 1}), 9)
    rig(
        match.game,
        hands={0: "5C 6C 7C 8C 9S 9H 9D", 1: "3C 3D", 2: "4S"},
        discard="QD",
        sticks={0: STICK_6},
    )
    events = match.apply(0, "L 5C 6C 7C 8C | 9S 9H 9D")
    assert any(isinstance(e, RoundEnded) for e in events) and any(isinstance(e, GameOver) for e in events)
    public = match.view(None)
    closed = P.round_closed(events, public, NAMES)
    assert closed is not None
    assert closed.content.startswith(
        "**Stick Game** · round 1 is over: **Alice** went out (laid down their stick)."
    )
    reports = P.reports(events, public, NAMES)
    assert [m.embeds[0].title for m in reports] == ["Round 1 results", "Final standings"]
    assert "completed **a run of 4 and a set** (7 points)" in reports[0].embeds[0].description
    assert reports[1].content == "**Game over!** Alice wins."
    assert reports[1].embeds[0].description.split("\n")[1].startswith("1. **Alice**: 1 stick · 7 points")
    assert P.acted(match.view(0), "L 5C 6C 7C 8C | 9S 9H 9D", NAMES) is not None
    assert P.nudge(match.view(0)) == "the game is over."


def test_reports_are_empty_while_a_round_goes_on() -> None:
    match = completed_seat("8H 9C KS KD")
    events = match.apply(0, "X KD")
    assert P.reports(events, match.view(None), NAMES) == ()
    assert P.round_closed(events, match.view(None), NAMES) is None


# --- the short texts -------------------------------------------------------------------------


def test_nudge_stale_options_and_rules() -> None:
    match = rigged(hands={0: "5C 6C"}, discard="QD", phase="draw")
    assert P.nudge(view0(match)) == "it is your turn to draw (round 1)."
    assert "moved on" in (P.stale("1.0", view0(match)) or "")
    assert "from round 0, which is over" in (P.stale("0.4", view0(match)) or "")
    assert P.options_line({"scoring": "points", "sticks_to_win": 3, "hand_size": 11}, 4) == (
        "first to **3 sticks** · most points wins · 11 cards a hand (4 players)"
    )
    rules = P.rules()
    assert rules.embeds and "deuce" in rules.embeds[0].fields[0].value
    draw = prompt(match)
    assert labels(draw) == ["Draw from stock", "Take the discard (Q♦)"]
    assert P.click(view0(match), "D", ()) == Act("D")
    match.apply(0, "D")
    assert P.acted(view0(match), "D", NAMES) is None


def test_many_ways_to_place_the_wilds_are_asked_in_a_select() -> None:
    match = completed_seat("7D * * * * KS")
    hand = hand_order(view0(match).hand or ())
    mask = sum(1 << p for p, c in enumerate(hand) if c.code in ("7D", "*"))
    message = prompt(match, Draft("M", (MeldDraft(mask),)).encode())
    question = find(message, "Where do the wild cards go?")
    assert isinstance(question, Select)
    assert [c.label for c in question.choices][:2] == ["Set of 7s", "Run 7♦ to J♦"]
    assert "Run 3♦ to 7♦" in [c.label for c in question.choices]
    placed = redrawn(match, P.click(view0(match), question.intent, ["R3"]))
    assert "joker(=3♦) joker(=4♦) joker(=5♦) joker(=6♦) 7♦ ✓" in placed.content
    act = press(match, placed, "Lay down the meld")
    assert act == Act("M run 3 * * * * 7D")
    match.apply(0, act.action)
    assert match.view(None).melds[-1].meld.low == 3


def test_one_wild_of_a_set_chosen_twice_is_refused_at_once_with_why() -> None:
    """The review's position (8 players, seed 2, ten normal moves): the set 7♣ 7♥ 7♠ 2♣ on the
    table, and two naturals in hand that could each replace its one wild. Both chosen in the
    swap select must be refused there and then, not at "Lay down" with the engine's sentence."""
    match = GAME.new_match(8, GAME.resolve_options({}), 2)
    players = [GAME.computer_player("normal", 20 + seat) for seat in range(8)]
    for _ in range(10):
        seat = match.awaiting[0]
        match.apply(seat, players[seat].decide(match.view(seat)))
    view = match.view(match.awaiting[0])
    offered = find(P.prompt(view, NAMES4 * 2, draft="W"), "Wilds to take")
    assert isinstance(offered, Select)
    same_wild = [c.value for c in offered.choices if c.label.endswith("for the 2♣ in #1")]
    assert len(same_wild) >= 2
    before = len(match.log)
    with pytest.raises(Refused, match=r"^The 2♣ in #1 can be taken only once: choose one card"):
        P.click(view, offered.intent, same_wild[:2])
    assert len(match.log) == before
    assert isinstance(P.click(view, offered.intent, same_wild[:1]), Redraw)  # one is fine


def test_going_out_by_discarding_says_so_and_shows_no_hand_of_the_next_round() -> None:
    """Alice's last card discarded: her answer says she went out and the round is over, with
    no hand (the new round's hand comes in its own prompt, even when she begins that round)."""
    match = GAME.new_match(3, GAME.resolve_options({}), 9)
    rig(match.game, hands={0: "AS", 1: "3C 3D", 2: "4S"}, discard="QD", sticks={0: None})
    match.apply(0, "X AS")
    view = view0(match)
    assert view.round == 2 and view.hand is not None and len(view.hand) == 15
    done = P.acted(view, "X AS", NAMES)
    assert done is not None and not done.rows
    assert done.content == "You discarded A♠. You went out: round 1 is over."


def test_an_ordinary_discard_still_ends_the_turn_with_the_hand() -> None:
    match = completed_seat("8H 9C KS KD")
    match.apply(0, "X KD")
    done = P.acted(view0(match), "X KD", NAMES)
    assert done is not None
    lines = done.content.split("\n")
    assert lines[:3] == [
        "You discarded K♦.",
        "Your turn is over; your next prompt comes on your next turn.",
        "Your hand (3 cards):",
    ]

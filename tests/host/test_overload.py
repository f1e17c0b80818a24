"""The overload signal (host/overload.py): a few spaced late figures mark the process behind, and it is
back to normal only after a calm time without figures over the lower level (hysteresis)."""

from __future__ import annotations

import pytest

from host.overload import CALM_FOR, ENTER_AT, ENTER_COUNT, ENTER_SPACING, ENTER_WINDOW, LEAVE_AT, Overload


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def test_one_pause_read_by_many_figures_is_one_spike(clock: FakeClock) -> None:
    """A healthy bot's loop held for a second once (a collection, the host busy a moment): the
    probe's lag and every interaction held back by the pause come late at the same moment.
    That is one spike, not enough to mark it behind, however many clicks it held back."""
    overload = Overload(clock)
    for _ in range(12):  # the probe's figure and the clicks that waited behind the pause
        overload.observe(1.2)
        clock.now += 0.01
    clock.now += 0.25
    overload.observe(0.01)  # and then it keeps up again
    assert not overload.behind and overload.episodes == 0


def test_a_process_that_keeps_up_is_not_behind(clock: FakeClock) -> None:
    overload = Overload(clock)
    for _ in range(50):
        overload.observe(ENTER_AT * 0.9)  # late, but under the level that marks it behind
        clock.now += 0.1
    assert not overload.behind and overload.episodes == 0


def mark_behind(overload: Overload, late: float = 2.0) -> None:
    """Feed ``overload`` enough late figures, :data:`ENTER_SPACING` apart, to mark it behind."""
    clock = overload.clock
    assert isinstance(clock, FakeClock)
    for step in range(ENTER_COUNT):
        if step:
            clock.now += ENTER_SPACING
        overload.observe(late)


def test_a_few_figures_over_the_level_mark_it_behind_at_once(clock: FakeClock) -> None:
    overload = Overload(clock)
    for _ in range(ENTER_COUNT - 1):
        overload.observe(ENTER_AT)
        assert not overload.behind, "fewer late figures than needed"
        clock.now += ENTER_SPACING
    clock.now += ENTER_WINDOW / 2 - ENTER_COUNT * ENTER_SPACING
    overload.observe(ENTER_AT)
    assert overload.behind and overload.episodes == 1


def test_lone_spikes_do_not_mark_it_behind(clock: FakeClock) -> None:
    """A collection or a moment of a busy host now and then: a spike per window is not enough."""
    overload = Overload(clock)
    for _ in range(20):
        overload.observe(ENTER_AT * 3)
        clock.now += ENTER_WINDOW / (ENTER_COUNT - 1) + 0.01
    assert not overload.behind and overload.episodes == 0


def test_it_comes_back_after_the_calm_time_on_its_own(clock: FakeClock) -> None:
    overload = Overload(clock)
    mark_behind(overload)
    clock.now += CALM_FOR - 0.01
    assert overload.behind  # not calm long enough
    clock.now += 0.02
    assert not overload.behind  # no figure needed: the time alone ends it


def test_figures_between_the_two_levels_keep_it_behind(clock: FakeClock) -> None:
    """Hysteresis: while behind, a figure under the entering level but over the leaving one
    restarts the calm time; a process hovering just under its limit does not flap."""
    overload = Overload(clock)
    mark_behind(overload)
    for _ in range(100):  # 30 s of figures between the levels
        clock.now += 0.3
        overload.observe((LEAVE_AT + ENTER_AT) / 2)
        assert overload.behind
    clock.now += CALM_FOR
    assert not overload.behind
    assert overload.episodes == 1


def test_figures_between_the_levels_do_not_mark_a_normal_process_behind(clock: FakeClock) -> None:
    overload = Overload(clock)
    for _ in range(100):
        clock.now += 0.3
        overload.observe((LEAVE_AT + ENTER_AT) / 2)
    assert not overload.behind


def test_calm_figures_let_it_come_back(clock: FakeClock) -> None:
    overload = Overload(clock)
    mark_behind(overload, 5.0)
    for _ in range(int(CALM_FOR / 0.5) + 1):
        clock.now += 0.5
        overload.observe(LEAVE_AT * 0.5)
    assert not overload.behind


def test_no_flapping_under_a_load_that_spikes_now_and_then(clock: FakeClock) -> None:
    """A spike every 5 s keeps the process behind throughout: one episode, not one per spike."""
    overload = Overload(clock)
    mark_behind(overload)
    states = []
    for step in range(600):  # 60 s, a figure every 0.1 s
        clock.now += 0.1
        overload.observe(1.5 if step % 50 == 0 else 0.05)
        states.append(overload.behind)
    assert all(states) and overload.episodes == 1


def test_a_new_episode_after_coming_back(clock: FakeClock) -> None:
    overload = Overload(clock)
    mark_behind(overload, 1.5)
    clock.now += CALM_FOR + 1
    assert not overload.behind
    mark_behind(overload, 1.5)
    assert overload.behind and overload.episodes == 2


def test_levels_in_the_wrong_order_are_refused() -> None:
    with pytest.raises(ValueError):
        Overload(enter_at=0.5, leave_at=1.0)


def test_a_calm_time_ends_it_even_when_nobody_asked_meanwhile(clock: FakeClock) -> None:
    """Back to normal after the calm time whether or not anything read :attr:`Overload.behind`
    in it (a quiet bot: no /join, no computer move): one figure between the levels afterwards is
    a normal process's, and does not mark it behind again for another calm time."""
    overload = Overload(clock)
    mark_behind(overload)
    for _ in range(int(CALM_FOR / 0.25) + 4):  # the probe's calm figures, nobody asks
        clock.now += 0.25
        overload.observe(0.01)
    overload.observe((LEAVE_AT + ENTER_AT) / 2)  # a moment of a busy host
    assert not overload.behind


def test_watchers_are_told_each_change_once_when_it_is_seen(clock: FakeClock) -> None:
    """A watcher hears True when the process is marked behind and False when it has caught up,
    each once, on the figure or the question that saw the change (nothing in between)."""
    overload = Overload(clock)
    heard: list[bool] = []
    overload.watch(heard.append)
    mark_behind(overload)
    assert heard == [True]
    overload.observe(2.0)  # still behind: nothing new
    clock.now += CALM_FOR / 2
    assert overload.behind and heard == [True]
    clock.now += CALM_FOR
    assert not overload.behind and heard == [True, False]  # seen by the question
    assert not overload.behind and heard == [True, False]
    mark_behind(overload)
    clock.now += CALM_FOR + 1
    overload.observe(0.0)  # seen by a figure
    assert heard == [True, False, True, False]

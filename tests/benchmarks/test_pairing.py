"""The paired comparison of ``benchmarks/discord_load.py``: which side goes first in each pair,
the warm-up pair never counted, and the ratios' arithmetic (``benchmarks/pairing.py``)."""

from __future__ import annotations

import math

import pytest

from benchmarks.pairing import Step, plan, ratio_of, ratios


def test_plan_alternates_who_goes_first_after_an_uncounted_warm_up() -> None:
    steps = plan(4, ("new", "old"), warm_up=True)
    assert steps[0] == Step(("new", "old"), None)
    assert not steps[0].counted
    assert [step.order for step in steps[1:]] == [
        ("new", "old"), ("old", "new"), ("new", "old"), ("old", "new"),
    ]
    assert [step.pair for step in steps[1:]] == [0, 1, 2, 3]
    assert all(step.counted for step in steps[1:])


def test_plan_without_warm_up_counts_every_step() -> None:
    steps = plan(3, ("on", "off"), warm_up=False)
    assert [step.pair for step in steps] == [0, 1, 2]
    assert [step.order[0] for step in steps] == ["on", "off", "on"]


def test_over_an_even_number_of_pairs_each_side_goes_first_as_often() -> None:
    firsts = [step.order[0] for step in plan(6, ("new", "old"), warm_up=True) if step.counted]
    assert firsts.count("new") == firsts.count("old") == 3


def test_a_comparison_needs_a_pair() -> None:
    with pytest.raises(ValueError):
        plan(0, ("new", "old"), warm_up=True)


def test_each_pair_has_its_ratio_and_the_median_is_of_the_ratios() -> None:
    figure = ratios([10.0, 40.0, 9.0], [20.0, 10.0, 10.0])
    assert figure.ratios == (0.5, 4.0, 0.9)
    assert figure.median_of_ratios == pytest.approx(0.9)
    # the ratio of the medians is another number: 10 / 10
    assert figure.ratio_of_medians == pytest.approx(1.0)
    assert figure.spread == (0.5, 4.0)


def test_median_of_an_even_number_of_ratios_is_the_mean_of_the_middle_two() -> None:
    figure = ratios([1.0, 2.0, 3.0, 4.0], [1.0, 1.0, 1.0, 1.0])
    assert figure.median_of_ratios == pytest.approx(2.5)


def test_a_pair_without_a_figure_is_left_out_of_the_median() -> None:
    figure = ratios([2.0, 5.0, float("nan"), 3.0], [1.0, 0.0, 1.0, 2.0])
    assert math.isnan(figure.ratios[1])  # old 0: no ratio
    assert math.isnan(figure.ratios[2])  # no cards: no CPU per card
    assert figure.median_of_ratios == pytest.approx(1.75)  # of 2.0 and 1.5
    assert figure.spread == (1.5, 2.0)


def test_no_ratio_at_all_reads_nan_not_an_error() -> None:
    figure = ratios([1.0], [0.0])
    assert math.isnan(figure.median_of_ratios)
    assert all(math.isnan(end) for end in figure.spread)


def test_ratios_need_one_value_per_side_and_pair() -> None:
    with pytest.raises(ValueError):
        ratios([1.0, 2.0], [1.0])
    with pytest.raises(ValueError):
        ratios([], [])


def test_ratio_of_zero_or_nan_is_nan() -> None:
    assert ratio_of(3.0, 2.0) == 1.5
    assert math.isnan(ratio_of(1.0, 0.0))
    assert math.isnan(ratio_of(float("nan"), 1.0))
    assert math.isnan(ratio_of(1.0, float("nan")))

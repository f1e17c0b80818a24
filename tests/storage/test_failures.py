"""``translated``: a block's driver failures become storage's errors, with or without ``await``."""

from __future__ import annotations

import sqlite3

import pytest
from sqlalchemy.exc import IntegrityError, OperationalError

from host.storage.errors import StorageConflict, StorageError, StorageUnavailable
from host.storage.failures import translated

MESSAGE = "the save failed"


def _integrity() -> IntegrityError:
    return IntegrityError("INSERT", {}, sqlite3.IntegrityError("UNIQUE constraint failed: actions.seq"))


def _operational() -> OperationalError:
    return OperationalError("BEGIN", {}, sqlite3.OperationalError("database is locked"))


@pytest.mark.parametrize(
    ("raised", "expected"),
    [
        (_integrity(), StorageConflict),
        (_operational(), StorageUnavailable),
        (OSError("disk gone"), StorageUnavailable),
        (TimeoutError(), StorageUnavailable),
    ],
)
async def test_driver_failures_become_storage_errors(
    raised: BaseException, expected: type[StorageError]
) -> None:
    for sync in (True, False):
        with pytest.raises(expected) as caught:
            if sync:
                with translated(MESSAGE):
                    raise raised
            else:
                async with translated(MESSAGE):
                    raise raised
        assert caught.value.__cause__ is raised
        if isinstance(caught.value, StorageUnavailable):
            assert str(caught.value) == MESSAGE
            assert caught.value.detail.startswith(type(raised).__name__)
        else:
            assert "UNIQUE constraint failed: actions.seq" in str(caught.value)


@pytest.mark.parametrize("raised", [StorageConflict("taken"), ValueError("a bug"), KeyError("k")])
async def test_other_errors_pass_unchanged(raised: BaseException) -> None:
    with pytest.raises(type(raised)) as caught:
        async with translated(MESSAGE):
            raise raised
    assert caught.value is raised
    with pytest.raises(type(raised)) as caught, translated(MESSAGE):
        raise raised
    assert caught.value is raised


async def test_a_block_without_failure_goes_on() -> None:
    done = []
    async with translated(MESSAGE), translated(MESSAGE):
        done.append(1)
    with translated(MESSAGE):
        done.append(2)
    assert done == [1, 2]

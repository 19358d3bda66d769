"""Each person's time (issue 25, migration m0010) on both backends: set column by column, read many at once."""

from __future__ import annotations

import pytest

from storage import AnyStore, UserTime

T0 = 1_700_000_000.0


async def test_a_person_without_a_row_gets_the_defaults(store: AnyStore) -> None:
    assert await store.user_times([5, 6]) == {5: UserTime(5), 6: UserTime(6)}
    assert await store.user_times([]) == {}
    assert await store.digest_users() == []


async def test_settings_are_kept_column_by_column(store: AnyStore) -> None:
    first = await store.set_user_time(5, T0, timezone="Europe/Berlin", quiet_from=22 * 60, quiet_to=7 * 60)
    assert first == UserTime(5, "Europe/Berlin", 1320, 420)
    second = await store.set_user_time(5, T0 + 1, remind_every=3600.0, remind_max=2, digest=True, digest_at=T0)
    assert second == UserTime(5, "Europe/Berlin", 1320, 420, 3600.0, 2, True, T0)
    await store.set_user_time(6, T0, away_from=T0, away_until=T0 + 86400)
    both = await store.user_times([6, 5, 7])
    assert both[5] == second and both[6].away_until == T0 + 86400 and both[7] == UserTime(7)
    assert [u.user_id for u in await store.digest_users()] == [5]
    cleared = await store.set_user_time(5, T0 + 2, quiet_from=None, quiet_to=None, digest=False)
    assert (cleared.quiet_from, cleared.quiet_to, cleared.digest, cleared.timezone) == (
        None,
        None,
        False,
        "Europe/Berlin",
    )
    assert await store.digest_users() == []


async def test_a_snowflake_fits_and_bad_values_are_refused(store: AnyStore) -> None:
    big = 1_234_567_890_123_456_789
    assert (await store.set_user_time(big, T0, remind_max=0)).remind_max == 0
    with pytest.raises(ValueError):
        await store.set_user_time(5, T0, updated_at=6.0)
    with pytest.raises(Exception):  # noqa: B017 (the CHECK; each backend maps it to its own StorageError)
        await store.set_user_time(5, T0, quiet_from=24 * 60)


async def test_many_people_are_read_in_slices(store: AnyStore) -> None:
    for user_id in (3, 700, 1400):
        await store.set_user_time(user_id, T0, remind_max=user_id % 7)
    many = await store.user_times(range(1, 1501))
    assert len(many) == 1500 and [many[u].remind_max for u in (3, 700, 1400)] == [3, 0, 0]
    assert many[4] == UserTime(4)


async def test_an_id_that_is_not_a_number_is_left_out(store: AnyStore) -> None:
    # A damaged players row may hold any text as a user id; the others' settings are still read.
    await store.set_user_time(5, T0, remind_max=2)
    assert await store.user_times([5, "damaged", None, True]) == {5: UserTime(5, remind_max=2)}  # type: ignore[list-item]

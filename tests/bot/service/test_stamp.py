"""bot/service/stamp.py: a state's tag tells apart the states a version number names after /undo; autocomplete
values carry it and give it back; the same request made twice acts once, another request from that state does not."""

from __future__ import annotations

import pytest

import engine
from bot.service import Refusal, Services, Table, stamp
from tests.bot.helpers import ALICE, CH, started


def test_a_value_gives_back_the_tag_it_was_offered_at() -> None:
    assert stamp.untagged("draw:3@0123abcd") == ("draw:3", "0123abcd")
    assert stamp.untagged("a@b@0123abcd") == ("a@b", "0123abcd")
    # Typed by a person: no tag, whatever it looks like.
    for typed in ("draw:3", "me@home", "x@0123ABCD", "x@0123abc", 3, None):
        assert stamp.untagged(typed) == (typed, None)


async def test_the_tag_of_a_version_reached_again_after_undo_is_new(svc: Services) -> None:
    await started(svc)
    await svc.turns.play(CH, ALICE, key="ship:A1N")
    first = await svc.tables.table(CH, fresh=True)
    assert first is not None
    await svc.turns.play(CH, ALICE, key="explore:2")
    await svc.store.rollback(first.game_id, 1, svc.clock() + 5)
    again = await svc.tables.table(CH, fresh=True)
    assert again is not None and again.version == first.version == 1
    assert engine_json(again) == engine_json(first)  # the same state, reached at another moment
    assert stamp.tag_of(again) != stamp.tag_of(first)
    assert stamp.tagged("explore:2", first).endswith("@" + stamp.tag_of(first))
    # A choice offered on the first one acts no more; the restored one's does.
    with pytest.raises(Refusal, match="offered in an earlier turn"):
        await svc.turns.play(CH, ALICE, command="entdecker explore", value="2", seen=stamp.tag_of(first))
    outcome = await svc.turns.play(CH, ALICE, command="entdecker explore", value="2", seen=stamp.tag_of(again))
    assert outcome.table.version == 2


async def test_a_request_acts_once_and_another_one_from_its_state_still_acts(svc: Services) -> None:
    await started(svc)
    table = await svc.tables.table(CH)
    assert table is not None
    arrived = stamp.tag_of(table)
    await svc.turns.play(CH, ALICE, command="entdecker ship", value="A1N", arrived=arrived)
    with pytest.raises(Refusal, match=r"Already done: that move was made \(move 1\)"):
        await svc.turns.play(CH, ALICE, command="entdecker ship", value="A1N", arrived=arrived)
    # Sent on the same state, but another request: judged on the state now, where it is legal.
    outcome = await svc.turns.play(CH, ALICE, command="entdecker explore", value="2", arrived=arrived)
    assert outcome.table.version == 2
    keys = [m.move for m in await svc.store.moves(table.game_id)]
    assert len(keys) == 2


def engine_json(table: Table) -> str:
    return str(engine.state_to_json(table.state, history=False))

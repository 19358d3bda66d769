"""Turns: who may act, stale and double clicks, concurrency, another process, whole games and restarts."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

import engine
from bot.service import Refusal, Services, build_services
from storage import Store
from tests.bot.helpers import ALICE, BOB, CAROL, CH, started


async def test_only_the_current_player_acts(svc: Services) -> None:
    await started(svc)
    with pytest.raises(Refusal, match="Ann's turn, not yours"):
        await svc.turns.play(CH, BOB, command="entdecker ship", value="A1N")
    with pytest.raises(Refusal, match="not playing"):
        await svc.turns.play(CH, CAROL, command="entdecker ship", value="A1N")
    table = await svc.tables.table(CH)
    assert svc.legal.legal_for(table, BOB, ["ship"]) == []
    assert svc.legal.legal_for(table, CAROL, ["ship"]) == []
    assert len(svc.legal.legal_for(table, ALICE, ["ship"])) == 34


async def test_stale_and_double_clicks(svc: Services) -> None:
    await started(svc)
    table = await svc.tables.table(CH)
    game_id, version = table.game_id, table.version
    outcome = await svc.turns.play(CH, ALICE, key="ship:A1N", game_id=game_id, version=version)
    assert outcome.lines == ["Ann puts the ship on A1N."] and not outcome.turn_over
    with pytest.raises(Refusal, match="earlier turn") as info:
        await svc.turns.play(CH, ALICE, key="ship:A1N", game_id=game_id, version=version)
    assert "/entdecker explore tiles:" in str(info.value)
    with pytest.raises(Refusal, match="game that is over"):
        await svc.turns.play(CH, ALICE, key="explore:1", game_id=game_id + 1, version=version + 1)
    assert (await svc.tables.table(CH, fresh=True)).version == 1


async def test_two_clicks_at_once_apply_once(svc: Services) -> None:
    await started(svc)
    table = await svc.tables.table(CH)
    results = await asyncio.gather(
        *(svc.turns.play(CH, ALICE, key="ship:A1N", game_id=table.game_id, version=0) for _ in range(5)),
        return_exceptions=True,
    )
    assert sum(not isinstance(r, Exception) for r in results) == 1
    assert all(isinstance(r, Refusal) for r in results if isinstance(r, Exception))
    assert len(await svc.store.moves(table.game_id)) == 1


async def test_stale_version_from_another_process(svc: Services, tmp_path: Path) -> None:
    await started(svc)
    await svc.tables.table(CH)  # cached at version 0
    other_store = await Store.open(tmp_path / "t.db")
    try:
        other = build_services(other_store, svc.settings, svc.clock)
        await other.turns.play(CH, ALICE, key="ship:B1N")
    finally:
        await other_store.close()
    # This process still has version 0 cached; the fresh read before every move catches it.
    with pytest.raises(Refusal, match="earlier turn"):
        await svc.turns.play(CH, ALICE, key="ship:A1N", version=0)
    outcome = await svc.turns.play(CH, ALICE, command="entdecker explore", value=1)
    assert outcome.table.version == 2


async def test_whole_game_by_ai_then_history_and_restart(svc: Services, tmp_path: Path) -> None:
    await svc.lobby.new_game(CH, 1, ALICE, "Ann", "entdecker", {}, 3)
    await svc.lobby.add_bot(CH, ALICE, "heuristic")
    await svc.lobby.start(CH, ALICE)
    turns = 0
    while True:
        table = await svc.tables.table(CH)
        if table is None:
            break
        # Ann's turns played by the AI too (force), the AI seat by itself.
        outcome = await svc.turns.ai_step(CH, force=table.current is not None and not table.current.is_ai)
        assert outcome is not None
        turns += outcome.turn_over
        if outcome.game_over:
            break
    assert outcome.game_over and any("Game over" in line for line in outcome.lines)
    record = (await svc.store.history(CH))[0]
    assert record.status == "finished"
    saved = await svc.store.saved_game(record.id)
    assert engine.state_to_json(engine.replay(saved)) == engine.state_to_json(outcome.table.state)
    # The finished game stays in the history and the channel is free again.
    assert await svc.tables.table(CH, fresh=True) is None
    _, lines = await svc.accounts.log_lines(CH)
    assert lines and "Game over" in lines[-1]
    await svc.lobby.new_game(CH, 1, BOB, "Bob")
    assert turns > 10


async def test_restart_continues_exactly(svc: Services, tmp_path: Path) -> None:
    await started(svc, seed=7)
    for key in ("ship:A1N", "explore:3"):
        await svc.turns.play(CH, ALICE, key=key)
    before = engine.state_to_json((await svc.tables.table(CH)).state)
    await svc.store.close()
    store = await Store.open(tmp_path / "t.db")
    try:
        again = build_services(store, svc.settings, svc.clock)
        table = await again.tables.table(CH)
        assert engine.state_to_json(table.state) == before
        outcome = await again.turns.play(CH, ALICE, command="entdecker draw", value="1")
        assert outcome.table.version == 3
    finally:
        await store.close()


async def test_channels_are_independent(svc: Services) -> None:
    await started(svc, seed=1, channel=CH)
    await started(svc, seed=2, channel=CH + 1)
    await svc.turns.play(CH, ALICE, key="ship:A1N")
    assert (await svc.tables.table(CH + 1)).version == 0
    await svc.turns.play(CH + 1, ALICE, key="ship:B1N")
    assert (await svc.tables.table(CH)).state.ship != (await svc.tables.table(CH + 1)).state.ship

"""GameService without Discord: lobby rules, who may act, refusals naming legal values, concurrency, restarts."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

import engine
from bot.catalog import Catalog
from bot.service import Refusal, Services, build_services
from storage import Store

CH = 1001
ALICE, BOB, CAROL = 11, 12, 13


async def started(svc: Services, seed: int = 1, channel: int = CH) -> None:
    await svc.lobby.new_game(channel, 1, ALICE, "Ann", "entdecker", {}, seed)
    await svc.lobby.join(channel, BOB, "Bob")
    await svc.lobby.start(channel, ALICE)


async def test_lobby_rules(svc: Services) -> None:
    table = await svc.lobby.new_game(CH, 1, ALICE, "Ann", "entdecker", {"personal_tiles": True}, 5)
    assert table.names == ["Ann"] and table.record.options == {"personal_tiles": True}
    with pytest.raises(Refusal, match="already has a game"):
        await svc.lobby.new_game(CH, 1, BOB, "Bob")
    with pytest.raises(Refusal, match="at least 2 players"):
        await svc.lobby.start(CH, ALICE)
    await svc.lobby.join(CH, BOB, "Bob")
    with pytest.raises(Refusal, match="already have a seat"):
        await svc.lobby.join(CH, BOB, "Bob")
    with pytest.raises(Refusal, match="Only the host"):
        await svc.lobby.start(CH, BOB)
    with pytest.raises(Refusal, match="host cannot leave"):
        await svc.lobby.leave(CH, ALICE)
    await svc.lobby.leave(CH, BOB)
    table = await svc.lobby.add_bot(CH, ALICE)
    assert table.players[1].is_ai
    with pytest.raises(Refusal, match="Only players"):
        await svc.lobby.add_bot(CH, CAROL)
    table = await svc.lobby.start(CH, CAROL, manage=True)
    assert table.state is not None and table.state.version == 0
    with pytest.raises(Refusal, match="already started"):
        await svc.lobby.join(CH, CAROL, "Cat")


async def test_bad_option_refused(svc: Services) -> None:
    with pytest.raises(Refusal, match="Plant tokens must be one of: from two piles, from a bag"):
        await svc.lobby.new_game(CH, 1, ALICE, "Ann", "entdecker", {"plant_draw": "hat"})


async def test_only_the_current_player_acts(svc: Services) -> None:
    await started(svc)
    with pytest.raises(Refusal, match="Ann's turn, not yours"):
        await svc.turns.play(CH, BOB, command="ship", value="A1N")
    with pytest.raises(Refusal, match="not playing"):
        await svc.turns.play(CH, CAROL, command="ship", value="A1N")
    table = await svc.tables.table(CH)
    assert svc.legal.legal_for(table, BOB, ["ship"]) == []
    assert svc.legal.legal_for(table, CAROL, ["ship"]) == []
    assert len(svc.legal.legal_for(table, ALICE, ["ship"])) == 34


async def test_bad_values_name_the_legal_ones(svc: Services) -> None:
    await started(svc)
    with pytest.raises(Refusal) as info:
        await svc.turns.play(CH, ALICE, command="ship", value="Z99")
    assert "not one of your choices" in str(info.value) and "A1N" in str(info.value)
    await svc.turns.play(CH, ALICE, command="ship", value="A1N")
    await svc.turns.play(CH, ALICE, command="explore", value=2)
    with pytest.raises(Refusal) as info:
        await svc.turns.play(CH, ALICE, command="draw", value="9")
    text = str(info.value)
    assert "/draw pile:" in text and "Pile 1" in text and "Pile 5" in text and "draw:" not in text
    with pytest.raises(Refusal, match=r"You cannot `/build` now: it is time to draw a tile\. You can:"):
        await svc.turns.play(CH, ALICE, command="build", value="colony:0")


async def test_stale_and_double_clicks(svc: Services) -> None:
    await started(svc)
    table = await svc.tables.table(CH)
    game_id, version = table.game_id, table.version
    outcome = await svc.turns.play(CH, ALICE, key="ship:A1N", game_id=game_id, version=version)
    assert outcome.lines == ["Ann puts the ship on A1N."] and not outcome.turn_over
    with pytest.raises(Refusal, match="earlier turn") as info:
        await svc.turns.play(CH, ALICE, key="ship:A1N", game_id=game_id, version=version)
    assert "/explore tiles:" in str(info.value)
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
    outcome = await svc.turns.play(CH, ALICE, command="explore", value=1)
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
        outcome = await again.turns.play(CH, ALICE, command="draw", value="1")
        assert outcome.table.version == 3
    finally:
        await store.close()


async def test_turn_account_covers_the_whole_turn(svc: Services) -> None:
    await started(svc)
    lines: list[str] = []
    while True:
        table = await svc.tables.table(CH)
        outcome = await svc.turns.ai_step(CH, force=True)
        lines.extend(outcome.lines)
        if outcome.turn_over:
            break
    account = await svc.accounts.turn_account(table.game_id, table.names, "entdecker")
    # The AI played a person's turn (force, as /game skip does): credited as acting for that person.
    assert account == lines and account[0].startswith("AI for Ann puts the ship")


async def test_skip_needs_idle_time_and_keeps_the_seat(svc: Services) -> None:
    await started(svc)
    with pytest.raises(Refusal, match="away for"):
        await svc.seats.skip_turn(CH, BOB)
    with pytest.raises(Refusal, match="your own turn"):
        await svc.seats.skip_turn(CH, ALICE)
    svc.clock.now += svc.settings.idle_after + 1  # type: ignore[attr-defined]
    with pytest.raises(Refusal, match="Only the other players"):
        await svc.seats.skip_turn(CH, CAROL)
    outcomes = await svc.seats.skip_turn(CH, BOB)
    assert outcomes and outcomes[-1].turn_over and all(o.by_ai and o.seat == 0 for o in outcomes)
    table = await svc.tables.table(CH, fresh=True)
    assert table.current.user_id == BOB and not table.players[0].is_ai


async def test_handover_to_ai_and_to_a_member(svc: Services) -> None:
    await started(svc)
    with pytest.raises(Refusal, match="away for"):
        await svc.seats.handover(CH, CAROL, manage=True, absent=True)
    with pytest.raises(Refusal, match="no seat"):
        await svc.seats.handover(CH, CAROL)
    player = await svc.seats.handover(CH, BOB, to_user=(CAROL, "Cat"))  # your own seat, any time
    assert player.seat == 1 and player.user_id == CAROL
    svc.clock.now += svc.settings.idle_after + 1  # type: ignore[attr-defined]
    player = await svc.seats.handover(CH, CAROL, absent=True)  # Ann has been away: Cat hands her seat to an AI
    assert player.seat == 0 and player.is_ai
    outcome = await svc.turns.ai_step(CH)
    assert outcome is not None and outcome.by_ai
    idle = await svc.store.idle_games(svc.clock() + 1, 0)
    assert [i.game.channel_id for i in idle if i.player is not None and i.player.is_ai] == [CH]
    with pytest.raises(Refusal, match=r"played by an AI|not yours|not playing"):
        await svc.turns.play(CH, ALICE, command="explore", value=1)


async def test_abandon(svc: Services) -> None:
    await started(svc)
    with pytest.raises(Refusal, match="Only the host"):
        await svc.lobby.abandon(CH, BOB)
    record = await svc.lobby.abandon(CH, BOB, manage=True)
    assert record.status == "abandoned"
    with pytest.raises(Refusal, match="no game"):
        await svc.turns.play(CH, ALICE, command="ship", value="A1N")


async def test_channels_are_independent(svc: Services) -> None:
    await started(svc, seed=1, channel=CH)
    await started(svc, seed=2, channel=CH + 1)
    await svc.turns.play(CH, ALICE, key="ship:A1N")
    assert (await svc.tables.table(CH + 1)).version == 0
    await svc.turns.play(CH + 1, ALICE, key="ship:B1N")
    assert (await svc.tables.table(CH)).state.ship != (await svc.tables.table(CH + 1)).state.ship


def test_legal_summary_is_grouped_by_command() -> None:
    legal = [
        {"key": "draw:1", "kind": "draw"},
        {"key": "draw:2", "kind": "draw"},
        {"key": "build:fort:0", "kind": "build"},
        {"key": "stop", "kind": "stop"},
    ]
    legal = [
        {**e, "label": label} for e, label in zip(legal, ["Pile 1", "Pile 2", "Build a fort", "Stop"], strict=True)
    ]
    assert Catalog().legal_summary("entdecker", legal) == (
        "You can: `/draw pile:` Pile 1; Pile 2 · `/build piece:` Build a fort · `/stop`"
    )


async def test_a_host_who_gave_their_seat_away_no_longer_abandons(svc: Services) -> None:
    """Issue 14, item 2: only seated players (or Manage Channels) may abandon a running game."""
    await started(svc)
    await svc.seats.handover(CH, ALICE, to_user=(CAROL, "Cat"))  # the host leaves the table
    with pytest.raises(Refusal, match="Only the host while seated"):
        await svc.lobby.abandon(CH, ALICE)
    with pytest.raises(Refusal, match="Only the host while seated"):
        await svc.lobby.abandon(CH, 99)  # a spectator
    record = await svc.lobby.abandon(CH, CAROL)  # now any seated player speaks for the table
    assert record.status == "abandoned"


async def test_an_idle_game_leaves_the_cache_and_comes_back_on_use(svc: Services) -> None:
    await started(svc)
    await started(svc, channel=CH + 1)
    await svc.turns.play(CH, ALICE, command="ship", value="A1N")
    open_channels = {CH, CH + 1}
    svc.tables.prune(open_channels)
    assert svc.tables.cached_count() == 2  # both were used just now
    svc.clock.now += 3 * 3600  # type: ignore[attr-defined]
    await svc.tables.table(CH)  # CH is in use, CH + 1 rests
    svc.clock.now += 4 * 3600  # type: ignore[attr-defined]
    svc.tables.prune(open_channels)
    assert svc.tables.cached(CH) is not None and svc.tables.cached(CH + 1) is None
    table = await svc.tables.table(CH + 1)  # read back on use, exactly as it was
    assert table is not None and table.version == 0 and svc.tables.cached(CH + 1) is table

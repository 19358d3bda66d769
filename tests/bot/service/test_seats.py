"""Seats: skip, substitute and handover, and their races."""

from __future__ import annotations

import asyncio
import contextlib

import pytest

from bot.service import Refusal, Services
from bot.settings import HOUR
from tests.bot.helpers import ALICE, ANN, BOB, CAROL, CH, CY, started, three_players


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
        await svc.turns.play(CH, ALICE, command="entdecker explore", value=1)


@pytest.mark.parametrize("seed", [0, 1, 2])
async def test_two_skips_at_once_never_play_the_next_players_turn(svc: Services, seed: int) -> None:
    await three_players(svc, seed)
    svc.clock.now += 49 * HOUR  # type: ignore[attr-defined]  # Ann has been away long enough
    await asyncio.gather(svc.seats.skip_turn(CH, BOB), svc.seats.skip_turn(CH, CY), return_exceptions=True)
    table = await svc.tables.table(CH, fresh=True)
    moves = await svc.store.moves(table.game_id)
    assert {m.move.get("player") for m in moves} == {0}, [(m.seq, m.move) for m in moves]
    assert table.current is not None and table.current.user_id == BOB


async def test_an_ai_seat_can_be_given_back_to_a_person(svc: Services) -> None:
    await three_players(svc)
    await svc.seats.handover(CH, BOB, manage=False)  # Bob hands his own seat to an AI (e.g. by mistake)
    table = await svc.tables.table(CH, fresh=True)
    assert table.players[1].is_ai
    svc.clock.now += 49 * HOUR  # type: ignore[attr-defined]
    with contextlib.suppress(Refusal):
        # `/game substitute to:@Bob seat:2`: an AI seat goes back to a person (any player or a moderator).
        await svc.seats.handover(CH, ANN, to_user=(BOB, "Bob"), manage=True, absent=True, seat=1)
    table = await svc.tables.table(CH, fresh=True)
    assert table.players[1].user_id == BOB


async def test_giving_an_ai_seat_to_a_person_is_checked(svc: Services) -> None:
    await three_players(svc)
    await svc.seats.handover(CH, BOB)  # seat 2 (index 1) is an AI now
    with pytest.raises(Refusal, match="name the member"):
        await svc.seats.handover(CH, ANN, absent=True, seat=1)
    with pytest.raises(Refusal, match="Only the players"):
        await svc.seats.handover(CH, 99, to_user=(BOB, "Bob"), absent=True, seat=1)
    with pytest.raises(Refusal, match="no seat 7"):
        await svc.seats.handover(CH, ANN, to_user=(BOB, "Bob"), absent=True, seat=6)
    with pytest.raises(Refusal, match="already has a seat"):
        await svc.seats.handover(CH, ANN, to_user=(CY, "Cy"), absent=True, seat=1)
    svc.clock.now += 49 * HOUR  # type: ignore[attr-defined]
    # Seat 3 is neither an AI's nor the absent player's to move (it is Ann's turn).
    with pytest.raises(Refusal, match="cannot be handed over"):
        await svc.seats.handover(CH, CY, to_user=(99, "Dee"), absent=True, seat=2)
    player = await svc.seats.handover(CH, CY, to_user=(BOB, "Bob"), absent=True, seat=1)
    assert player.user_id == BOB and not player.is_ai


async def test_a_skip_after_the_turn_moved_on_does_nothing(svc: Services) -> None:
    await three_players(svc)
    svc.clock.now += 49 * HOUR  # type: ignore[attr-defined]
    first = await svc.seats.skip_turn(CH, BOB)
    assert first and first[-1].turn_over and {o.seat for o in first} == {0}
    svc.clock.now += 49 * HOUR  # type: ignore[attr-defined]  # now Bob is away too
    second = await svc.seats.skip_turn(CH, CY)
    assert {o.seat for o in second} == {1}  # Bob's turn, not Ann's again and not Cy's own

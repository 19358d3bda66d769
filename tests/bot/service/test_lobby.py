"""Lobby: who may open, join, leave, start and abandon, and refusals in words."""

from __future__ import annotations

import pytest

from bot.service import Refusal, Services
from tests.bot.helpers import ALICE, BOB, CAROL, CH, started


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


async def test_abandon(svc: Services) -> None:
    await started(svc)
    with pytest.raises(Refusal, match="Only the host"):
        await svc.lobby.abandon(CH, BOB)
    record = await svc.lobby.abandon(CH, BOB, manage=True)
    assert record.status == "abandoned"
    with pytest.raises(Refusal, match="no game"):
        await svc.turns.play(CH, ALICE, command="entdecker ship", value="A1N")


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

"""Legal: reading typed values as one legal move, and refusals that name the legal ones."""

from __future__ import annotations

from dataclasses import replace

import pytest

import engine
from bot.service import Refusal, Services, Table
from bot.service.legal import Legal
from tests.bot.helpers import ALICE, CH, started


async def test_bad_values_name_the_legal_ones(svc: Services) -> None:
    await started(svc)
    with pytest.raises(Refusal) as info:
        await svc.turns.play(CH, ALICE, command="entdecker ship", value="Z99")
    assert "not one of your choices" in str(info.value) and "A1N" in str(info.value)
    await svc.turns.play(CH, ALICE, command="entdecker ship", value="A1N")
    await svc.turns.play(CH, ALICE, command="entdecker explore", value=2)
    with pytest.raises(Refusal) as info:
        await svc.turns.play(CH, ALICE, command="entdecker draw", value="9")
    text = str(info.value)
    assert "/entdecker draw pile:" in text and "Pile 1" in text and "Pile 5" in text and "draw:" not in text
    with pytest.raises(Refusal, match=r"You cannot `/entdecker build` now: it is time to draw a tile\. You can:"):
        await svc.turns.play(CH, ALICE, command="entdecker build", value="colony:0")


def lone_choice(confirm: bool = False) -> Table:
    """A desert table (all people) at the first step where the seat to act has one legal move."""
    state = engine.new_game("desert", ["alice", "bob", "carol"], {}, 1)
    while True:
        seat = engine.to_act(state)[0]
        if len([m for m in engine.legal_moves(state) if m.player == seat]) == 1:
            return Table.detached(state, ["alice", "bob", "carol"], {"confirm_steps": confirm})
        state = engine.apply(state, engine.ai_move(state))


def test_a_lone_move_is_made_unless_the_table_confirms_or_a_turn_just_ended() -> None:
    table = lone_choice()
    (only,) = [e["key"] for e in Legal.legal_of(table, table.current.seat)]
    assert Legal.forced(table) == only
    assert Legal.forced(table, turn_over=True) is None
    assert Legal.forced(lone_choice(confirm=True)) is None
    table.players[table.current.seat] = replace(table.players[table.current.seat], is_ai=True)
    assert Legal.forced(table) is None  # an AI seat plays for itself


def test_two_choices_are_asked() -> None:
    state = engine.new_game("desert", ["alice", "bob", "carol"], {}, 1)
    assert Legal.forced(Table.detached(state, ["alice", "bob", "carol"])) is None

"""Legal: reading typed values as one legal move, and refusals that name the legal ones."""

from __future__ import annotations

from dataclasses import replace

import pytest

import engine
from bot.service import Refusal, Services, Table
from bot.service.accounts import ALIKE_MARK
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


def first_draw(alike: bool) -> Table:
    """An Entdecker table (all people) at a voyage's first draw whose piles' backs do (or do not) look alike."""
    for seed in range(1, 40):
        state = engine.new_game("entdecker", ["alice", "bob", "carol"], {}, seed)
        while not state.game_over:
            if state.phase == "voyage" and not state.voyage.drew_any:
                tops = {bool(engine.view(state, None)["piles"]["discovery"][i]["top_event"]) for i in range(5)}
                if (len(tops) == 1) == alike:
                    return Table.detached(state, ["alice", "bob", "carol"])
            state = engine.apply(state, engine.ai_move(state))
    raise AssertionError("no such draw")


def test_a_blind_draw_from_piles_that_look_alike_is_made_from_the_tallest() -> None:
    table = first_draw(alike=True)
    made = Legal.made_for(table)
    assert made is not None and made[1] == ALIKE_MARK
    piles = table.view(None)["piles"]["discovery"]
    tallest = max(range(5), key=lambda i: (piles[i]["count"], -i))
    assert made[0] == f"draw:{tallest + 1}"
    assert Legal.made_for(Table.detached(table.state, ["alice", "bob", "carol"], {"confirm_steps": True})) is None


def test_a_draw_where_one_pile_shows_an_event_is_asked() -> None:
    table = first_draw(alike=False)
    assert len(Legal.legal_of(table, table.current.seat)) > 1
    assert Legal.made_for(table) is None


def test_a_later_draw_beside_stop_is_asked() -> None:
    state = first_draw(alike=True).state
    while not (state.phase == "voyage" and state.voyage.drew_any) and not state.game_over:
        state = engine.apply(state, engine.ai_move(state))
    table = Table.detached(state, ["alice", "bob", "carol"])
    assert "stop" in {e["kind"] for e in Legal.legal_of(table, table.current.seat)}
    assert Legal.made_for(table) is None

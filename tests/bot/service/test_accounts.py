"""Accounts: turn accounts, names that cannot ping, the log in pages (also of an archived game)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import engine
from bot import messages
from bot.announcer import Announcer
from bot.lang import speaking
from bot.service import Services
from bot.service.accounts import ALIKE_MARK, ONLY_CHOICE_MARK, credited
from storage import Store
from storage.repository import _unarchive
from tests.bot.helpers import ANN, BOB, CH, engine_pick, started


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


async def test_names_in_accounts_cannot_ping(svc: Services) -> None:
    tag = "<@123456789012345678>"
    await svc.lobby.new_game(CH, 1, ANN, tag, "entdecker", {}, 1)
    await svc.lobby.join(CH, BOB, "**Bob**")
    table = await svc.lobby.start(CH, ANN)
    assert tag not in " ".join(table.shown_names) and "\\*\\*Bob\\*\\*" in table.shown_names[1]
    outcome = await svc.turns.play(CH, ANN, key=engine_pick(table))
    assert all(tag not in line for line in outcome.lines)
    assert tag not in messages.turn_content(svc.catalog, outcome.table, outcome.lines)
    assert tag not in messages.lobby_content(svc.catalog, table)


T0 = 1_700_000_000.0


async def pages_of(svc: Services, budget: int = 900) -> list[str]:
    _, _, count, _ = await svc.accounts.log_page(CH, None, budget)
    return [(await svc.accounts.log_page(CH, page, budget))[3] for page in range(1, count + 1)]


async def test_the_log_of_an_archived_game_pages_as_before(svc: Services) -> None:
    store = svc.store
    assert isinstance(store, Store)
    names = ["Ann", "Bob"]
    game = await store.create_game(1, CH, "entdecker", {}, 5, 1, T0)
    for user, name in enumerate(names, start=1):
        await store.join(game.id, user, name, max_seats=2, now=T0)
    state = engine.new_game("entdecker", names, {}, 5)
    await store.start_game(game.id, state, T0)
    undone = False
    while not state.game_over:
        move = engine.ai_move(state, "random")
        new_state, events = engine.step(state, move)
        now = T0 + new_state.version
        await store.append_move(game.id, state.version, move, new_state, events, move.player + 1, now, actor="x")
        if new_state.version == 20 and not undone:  # an undo shows in the log where it happened
            state = await store.rollback(game.id, 19, now + 0.5, expected_version=20, undone_by="Ann")
            undone = True
            continue
        state = new_state
    assert (await store.game(game.id)).status == "finished"
    assert not await store.driver.fetch("SELECT 1 FROM moves WHERE game_id = :id", {"id": game.id})
    archived = await pages_of(svc)
    assert len(archived) > 3 and "took back move 20" in "".join(archived)

    async def unarchive(tx: Any) -> None:  # the log as its own rows again, as before migration 6
        await _unarchive(tx, game.id)

    await store.driver.write(unarchive)
    assert await pages_of(svc) == archived


async def test_every_move_of_a_desert_game_has_its_numbered_line_in_the_log(svc: Services) -> None:
    """ "No explorer" and a quiet "end the turn" tell nothing in their events: the game's words for the move do."""
    await svc.lobby.new_game(CH, 1, ANN, "Ann", "desert", {}, 7)
    await svc.lobby.join(CH, BOB, "Bob")
    await svc.lobby.start(CH, ANN)
    kinds: set[str] = set()
    for _ in range(60):
        table = await svc.tables.table(CH)
        outcome = await svc.turns.ai_step(CH, force=True)
        assert outcome is not None
        kinds.add(outcome.key.split(":", 1)[0])
    assert {"no_explorer", "stop"} & kinds, "the seed plays a quiet move"
    _, lines = await svc.accounts.full_log(CH)
    numbers = {int(line.split(".", 1)[0]) for line in lines if line[:1].isdigit()}
    assert numbers == set(range(1, table.version + 2))
    assert any(line.endswith("places no explorer.") or line.endswith("ends the turn.") for line in lines)


@pytest.mark.parametrize("mark", [ONLY_CHOICE_MARK, ALIKE_MARK])
async def test_a_move_made_for_a_seat_says_so_once(svc: Services, mark: str) -> None:
    """The bot's move for a seat is credited "(the only choice)" (or why else it was made) at the end of its first
    line, and the other lines name the player plainly (not "bob (the only choice)'s caravan moves")."""
    await started(svc)
    table = await svc.tables.table(CH)
    move = engine.ai_move(table.state)
    _, events = engine.step(table.state, move)
    names = credited(table.shown_names, move.player, "Ann" + mark)
    lines = svc.accounts.describe_move("entdecker", move.to_json(), events, names)
    plain = svc.accounts.describe_move("entdecker", move.to_json(), events, table.shown_names)
    assert lines[0] == plain[0].removesuffix(".") + mark + "." and lines[1:] == plain[1:]
    assert all("Ann" + mark not in line for line in lines)


async def _first_turn_where(svc: Services, wanted: Callable[[list[str], list[str]], bool]) -> tuple[Any, int]:
    """An Entdecker game played by the AI for both people until the seat to act would hear `wanted` (near, scored)."""
    await started(svc)
    for _ in range(1500):
        table = await svc.tables.table(CH)
        assert table is not None and table.current is not None, "the game ended before"
        seat = table.current.seat
        if wanted(*await svc.accounts.since(table.game_id, "entdecker", table.shown_names, seat, [], table.view(None))):
            return table, seat
        await svc.turns.ai_step(CH, force=True)
    raise AssertionError("no such turn")


async def test_since_your_last_turn_tells_what_scored_while_you_waited(svc: Services) -> None:
    """The seat to act hears of the islands scored since it last moved, except what the turn account already says."""
    table, seat = await _first_turn_where(svc, lambda near, scored: bool(scored))
    found = await svc.accounts.since_last_turn(table.game_id, "entdecker", table.shown_names, seat, [])
    assert found and all(line.startswith(("Island complete", "Incomplete island")) for line in found)
    moves = await svc.store.recent_moves(table.game_id, 60)
    last = max(i for i, m in enumerate(moves) if m.move.get("player") == seat)
    later = [e for m in moves[last + 1 :] for e in m.events if e.get("type") == "island"]
    assert len(found) == len(later)  # every island scored since, and nothing from before
    assert await svc.accounts.since_last_turn(table.game_id, "entdecker", table.shown_names, seat, found) == []


async def test_since_your_last_turn_tells_what_the_others_did_near_your_pieces(svc: Services) -> None:
    """Beside what scored, the note says which tiles the others placed by the player's buildings, at most two such
    lines, and three lines in all."""
    table, seat = await _first_turn_where(svc, lambda near, scored: bool(near))
    near, _scored = await svc.accounts.since(table.game_id, "entdecker", table.shown_names, seat, [], table.view(None))
    other = table.shown_names[1 - seat]
    assert near and all(line.startswith(f"{other} placed ") and "by your buildings (" in line for line in near)
    # The spaces named are tiles the other player placed since this seat last moved.
    moves = await svc.store.recent_moves(table.game_id, 60)
    last = max(i for i, m in enumerate(moves) if m.move.get("player") == seat)
    placed = {e["space"] for m in moves[last + 1 :] for e in m.events if e.get("type") == "place"}
    named = {s for line in near for s in line.rsplit("(", 1)[1].rstrip(").").split(", ")}
    assert named <= placed
    announcer = Announcer(None, svc.store, svc.tables, svc.accounts, svc.catalog, None, None)  # type: ignore[arg-type]
    note = (await announcer.since_note(table, [])).split("\n")
    assert note[0] == "🕰️ Since your last turn:" and note[1] == f"• {near[0]}"
    assert len([line for line in note if line.startswith("• ")]) <= 3
    with speaking("de"):
        german, _ = await svc.accounts.since(table.game_id, "entdecker", table.shown_names, seat, [], table.view(None))
    assert german[0].startswith(f"{other} hat ") and "an deine Gebäude gelegt" in german[0]

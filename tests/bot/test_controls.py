"""bot/controls.py: which controls a turn offers and how they group (issue 21), over every registered game."""

from __future__ import annotations

import random
from typing import Any

import pytest

import engine
from bot.components import controls_view, private_controls, public_controls
from bot.controls import MAX_OPTIONS, MAX_ROWS, Button, Menu, Private, turn_controls
from bot.service.table import Table
from engine.api import Presenter, Verb

PRESENTER = Presenter(
    verbs=(Verb("go", "Go", ("go", "count")),),
    rules_text="",
    describe=lambda event, names: None,
    select_kinds=frozenset({"go"}),
    placeholders={"go": "Go to…", "count": "How many…"},
    group=lambda entry: f"row {entry['row']}",
)


def entries(kind: str, n: int, rows: int = 1) -> list[dict[str, Any]]:
    return [
        {
            "key": f"{kind}:{i}",
            "kind": kind,
            "player": 0,
            "label": f"#{i + 1} {kind} {i}",
            "number": i + 1,
            "row": i % rows + 1,
        }
        for i in range(n)
    ]


def test_five_or_fewer_are_buttons_even_of_a_menu_kind() -> None:
    controls = turn_controls(entries("go", 5), PRESENTER)
    assert [type(c) for row in controls.rows for c in row] == [Button] * 5
    assert controls.clicks("go:3") == 1


def test_up_to_25_alone_are_buttons_five_a_row() -> None:
    controls = turn_controls(entries("go", 25), PRESENTER)
    assert [len(row) for row in controls.rows] == [5] * 5
    assert all(isinstance(c, Button) for row in controls.rows for c in row)
    assert controls.clicks("go:24") == 1


def test_26_are_one_menu_with_its_whole_placeholder() -> None:
    controls = turn_controls(entries("go", 26, rows=1), PRESENTER)
    menus = [c for row in controls.rows for c in row]
    assert all(isinstance(m, Menu) for m in menus) and menus[0].placeholder.startswith("Go to…")
    assert controls.clicks("go:25") == 2


def test_buttons_while_the_rows_last_and_a_menu_kind_gives_way_first() -> None:
    controls = turn_controls(entries("count", 8), PRESENTER)
    assert all(isinstance(c, Button) for row in controls.rows for c in row) and len(controls.rows) == 2
    crowded = turn_controls(entries("go", 8) + entries("count", 8) + entries("more", 6), PRESENTER)
    kinds = [type(c).__name__ for row in crowded.rows for c in row[:1]]
    assert kinds == ["Menu", "Button", "Button", "Button", "Button"] and crowded.left_out == 0
    # Eleven of one kind beside a lone button: three rows of buttons and one, within the five.
    roomy = turn_controls(entries("count", 11) + entries("stop", 1), PRESENTER)
    assert [len(row) for row in roomy.rows] == [5, 5, 1, 1]
    # Twenty beside six: the longer one gives way (the rows would not hold both).
    tight = turn_controls(entries("count", 20) + entries("more", 6), PRESENTER)
    assert [type(c).__name__ for row in tight.rows for c in row[:1]] == ["Menu", "Button", "Button"]


def test_a_menu_never_mixes_kinds() -> None:
    controls = turn_controls(entries("go", 7) + entries("count", 12), PRESENTER)
    for row in controls.rows:
        for c in row:
            if isinstance(c, Menu):
                assert len({k.split(":")[0] for k, _ in c.options}) == 1


def test_more_than_25_are_grouped_whole_groups_per_menu_named_in_the_placeholder() -> None:
    legal = entries("go", 60, rows=6)  # ten per row
    controls = turn_controls(legal, PRESENTER)
    menus = [c for row in controls.rows for c in row if isinstance(c, Menu)]
    assert [len(m.options) for m in menus] == [20, 20, 20]
    assert menus[0].placeholder == "Go to… (row 1 to row 2)"
    assert all(controls.clicks(e["key"]) == 2 for e in legal) and controls.left_out == 0
    first = {k for k, _ in menus[0].options}
    assert first == {e["key"] for e in legal if e["row"] in (1, 2)}


def test_groups_in_number_order_and_no_menu_of_one() -> None:
    legal = entries("go", 26, rows=1)
    for e in legal:
        e["row"] = 10 if e["number"] <= 13 else 2
    menus = [c for row in turn_controls(legal, PRESENTER).rows for c in row]
    assert [m.placeholder for m in menus] == ["Go to… (row 2)", "Go to… (row 10)"]
    ungrouped = Presenter(verbs=(), rules_text="", describe=lambda e, n: None, select_kinds=frozenset({"go"}))
    shares = [len(c.options) for row in turn_controls(entries("go", 26), ungrouped).rows for c in row]
    assert shares == [13, 13]


def test_a_lone_option_takes_its_neighbours_last_group_along() -> None:
    legal = [*entries("go", 25, rows=5), {**entries("go", 1)[0], "key": "go:last", "row": 9}]
    menus = [c for row in turn_controls(legal, PRESENTER).rows for c in row]
    assert [len(m.options) for m in menus] == [20, 6]
    assert menus[1].placeholder == "Go to… (row 5 to row 9)"


def test_at_most_five_rows_and_what_does_not_fit_is_counted() -> None:
    controls = turn_controls(entries("go", 200, rows=1), PRESENTER)
    assert len(controls.rows) == MAX_ROWS
    assert controls.left_out == 200 - sum(len(c.options) for row in controls.rows for c in row)
    assert all(len(c.options) <= MAX_OPTIONS for row in controls.rows for c in row if isinstance(c, Menu))


def test_private_choices_get_a_button_in_a_row_of_their_own() -> None:
    controls = turn_controls(entries("go", 3), PRESENTER, private=True)
    assert controls.private and controls.rows[-1] == (Private(),)


def states(game: str, options: dict[str, Any], moves: int, seed: int = 3) -> list[Any]:
    state = engine.new_game(game, ["alice", "bob", "carol"], options, seed)
    rng = random.Random(seed)
    out = []
    while not state.game_over and len(out) < moves:
        out.append(state)
        state = engine.apply(state, rng.choice(engine.legal_moves(state)))
    return out


@pytest.mark.parametrize("game", engine.GAMES)
def test_every_legal_move_of_the_seat_to_act_is_on_the_controls(game: str) -> None:
    """Through the public message or its private copy: no move needs a slash command (unless over 125)."""
    options = {o.name: True for o in engine.info(game).options if o.is_switch}
    for state in states(game, {}, 40) + states(game, options, 40):
        table = Table.detached(state, ["alice", "bob", "carol"])
        presenter = engine.presenter(game)
        seat = engine.to_act(state)[0]
        public = public_controls(table, presenter)
        assert public is not None
        mine = [m for m in engine.legal_moves(state) if m.player == seat]
        private = private_controls(table, presenter, seat)
        for move in mine:
            offered = public.clicks(move.key) or (private.clicks(move.key) if public.private else None)
            assert offered or public.left_out + private.left_out, (game, move.key)
        view = controls_view(table.game_id, table.version, public)
        assert view is not None and len(view.children) == sum(len(r) for r in public.rows)


def test_many_placements_become_openers_whose_pairs_make_both_steps() -> None:
    """The Discovery's placement among more than 25 choices: openers (buttons), each holding at most PAIR_ROOM
    pairs, every placement under exactly one; an opener's pairs are each placement with each follower choice
    after it, and applying a pair's two keys in turn is legal."""
    import engine as eng
    from bot.components import pairs_controls, public_controls
    from bot.controls import PAIR_ROOM, Back, Opener, Pair
    from bot.service.legal import Legal
    from bot.service.table import Table

    state = eng.new_game("discovery", ["a", "b", "c"], {}, 2)
    while sum(m.kind == "place" for m in eng.legal_moves(state)) <= 25:
        state, _events = eng.step(state, eng.ai_move(state, "random"))
    table = Table.detached(state, ["a", "b", "c"], {})
    presenter = eng.presenter("discovery")
    controls = public_controls(table, presenter)
    assert controls is not None
    opened = [c for row in controls.rows for c in row if isinstance(c, Opener)]
    placements = sorted(m.key for m in eng.legal_moves(state) if m.kind == "place")
    assert sorted(k for o in opened for k in o.keys) == placements
    seat = eng.to_act(state)[0]
    for opener in opened:
        second = pairs_controls(table, presenter, opener.n, seat, private=False)
        assert second is not None and isinstance(second.rows[-1][0], Back)
        pairs = [c for row in second.rows for c in row if isinstance(c, Pair)]
        assert 0 < len(pairs) <= PAIR_ROOM and {p.first for p in pairs} == set(opener.keys)
        for pair in pairs[:3]:
            after, _events = eng.step(state, eng.move_from_key(state, pair.first))
            if pair.second is not None:
                eng.step(after, eng.move_from_key(after, pair.second))  # raises if not legal
            else:
                assert Legal.seconds(table, pair.first) is None
    assert controls.clicks(placements[0]) == 2 and controls.opens(placements[0])

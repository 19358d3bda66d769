"""Discord's limits for the words in components, in every language (issue 23): the bot's component builders (the
turn message's controls and layout, a seat's private copy, the lobby, the end, undo and seat offers) give labels of
at most 80 characters a button, 100 a menu option, 150 a placeholder, whatever the catalogs hold. Checked by the fake
Discord's own rules (tests/fakediscord/limits.py) over positions of a seeded game of every registered game, in each
language, and once in a made-up language whose every word is far too long, so that a builder that puts a word in a
component without cutting it (`bot.text.fit`) fails here whichever catalog first gives it a long translation."""

from __future__ import annotations

import functools
import gettext
from collections.abc import Iterator
from typing import Any

import discord
import pytest

import engine
from bot import lang as bot_lang
from bot import messages
from bot.catalog import Catalog
from bot.components import controls_view, end_row, lobby_view, private_controls, turn_view
from bot.offers.buttons import seat_offer_view
from bot.service.table import Table
from bot.turn_layout import rows_of, turn_layout
from bot.undo.buttons import undo_view
from engine import LANGUAGES, Words
from engine.core import lang as engine_lang
from engine.core.lang import reading
from tests.fakediscord import limits

GAMES = [info.name for info in engine.games()]
POSITIONS = 40  # states of each game looked at: the first moves of every kind and a game well under way
NAMES = ["Ann", "Bob", "Cleo"]


@functools.cache
def catalog() -> Catalog:
    return Catalog()


@functools.cache
def states(game: str) -> tuple[Any, ...]:
    """POSITIONS states of a seeded game of `game`, spread over the whole game (random AI: every kind of step)."""
    info = engine.GAMES[game].info
    kind = "random" if info.ai_kind("random") is not None else info.default_ai
    state = engine.new_game(game, NAMES[: max(2, info.min_players)], None, 7)
    seen = [state]
    while not state.game_over:
        state = engine.apply(state, engine.ai_move(state, kind))
        seen.append(state)
    step = max(1, len(seen) // POSITIONS)
    return (*seen[::step][:POSITIONS], seen[-1])


def payloads(table: Table) -> Iterator[tuple[str, list[dict[str, Any]], int]]:
    """Every component payload the bot builds for this table: (what, components, flags)."""
    presenter = catalog().presenter(table.game)
    controls, _left_out = turn_view(table, presenter)
    rows = rows_of(controls)
    if table.state.game_over:
        rows.append(end_row(table.game_id))
    layout, _more = turn_layout(messages.turn_content(catalog(), table, []), "board.png", rows)
    yield "turn message", layout.to_components(), limits.FLAG_COMPONENTS_V2
    for player in table.to_act:
        mine = controls_view(
            table.game_id, table.version, private_controls(table, presenter, player.seat), tag="0123abcd"
        )
        if mine is not None:
            yield f"private copy of seat {player.seat}", mine.to_components(), 0


def problems_of(table: Table) -> list[str]:
    return [f"{what}: {p}" for what, payload, flags in payloads(table) for p in limits.check_components(payload, flags)]


def others(game: str) -> list[discord.ui.View]:
    info = catalog().info(game)
    return [lobby_view(1, info, {}), undo_view(1, 2), seat_offer_view("0123456789abcdef")]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_every_component_of_a_game_holds_discords_limits_in_each_language(game: str, language: str) -> None:
    found = []
    with reading(language):
        for state in states(game):
            found += problems_of(Table.detached(state, NAMES[: len(state.names)], {"language": language}))
        found += [f"{v}: {p}" for v in others(game) for p in limits.check_components(v.to_components(), 0)]
    assert not found, "\n".join(found[:20])


class Verbose(gettext.NullTranslations):
    """A made-up language: every word three times over and then some, far past every limit of Discord's."""

    def gettext(self, message: str) -> str:
        return " ".join([message] * 3) + " and so on and so forth" * 5

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self.gettext(msgid1 if n == 1 else msgid2)


def test_a_builder_cuts_every_word_it_puts_in_a_component(monkeypatch: pytest.MonkeyPatch) -> None:
    verbose = Words("de", Verbose())
    monkeypatch.setattr(engine_lang, "words", lambda folders, language: verbose)
    monkeypatch.setattr(bot_lang, "words", lambda folders, language: verbose)
    with reading("de"):
        assert len(bot_lang._("Take the seat")) > 100 and len(engine_lang._("Game over")) > 100
        found = []
        for game in GAMES:
            for state in states(game)[:: POSITIONS // 8]:
                found += problems_of(Table.detached(state, NAMES[: len(state.names)]))
            found += [f"{v}: {p}" for v in others(game) for p in limits.check_components(v.to_components(), 0)]
    assert not found, "\n".join(found[:20])

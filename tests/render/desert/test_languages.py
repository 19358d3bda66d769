"""Issue 23: the desert board in German, Dutch and French, at the start, mid-game (with and without the overlay)
and at the end: every word the painter draws is its catalog's (none of its English left), every action space
carries its letter in that language, and no text runs out of the room the legend gives it (its column, the
picture)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

import engine
import render
from bot.locale_update import RENDER_ROOT, code_words
from engine.core.lang import reading
from render import panel, sprites
from render.desert import layout_for, legend, tiles
from tests.played import selfplay_states

LANGUAGES = ("de", "nl", "fr")
CATALOGS = Path(engine.__file__).parent / "desert" / "locale"
FIELD = re.compile(r"\{[^{}]*\}")
Drawn = tuple[float, float, float, str, int, str]  # left, right, baseline (or middle), text, size, anchor


@lru_cache(maxsize=2)
def views(players: int) -> tuple[tuple[dict[str, Any], bool], ...]:
    """The empty board, every 15th position (the seat to act's view, every other one with the overlay) and the
    end, with long names so the rows are as full as they get."""
    states = selfplay_states(11 + players, players, game="desert")
    out = []
    for i in [*range(0, len(states), 15), len(states) - 1]:
        acting = engine.to_act(states[i])
        view = engine.view(states[i], acting[0] if acting else None)
        out.append((view, i % 30 == 15))
    return tuple(out)


def drawn(view: dict[str, Any], overlay: bool, monkeypatch: pytest.MonkeyPatch) -> list[Drawn]:
    """Every text the legend draws, with where it reaches."""
    found: list[Drawn] = []

    def recording(
        im: Any, xy: tuple[float, float], s: str, size: int, color: Any, anchor: str = "ls", **kw: Any
    ) -> int:
        width = sprites.put_text(im, xy, s, size, color, anchor, **kw)
        x = xy[0] - {"l": 0, "m": width / 2, "r": width}[anchor[0]]
        found.append((x, x + width, xy[1], s, size, anchor))
        return width

    with monkeypatch.context() as m:
        m.setattr(legend, "put_text", recording)
        m.setattr(panel, "put_text", recording)
        render.compose(view, overlay=overlay)
    return found


def overflows(view: dict[str, Any], texts: list[Drawn]) -> list[str]:
    lay = layout_for(view)
    cols = legend._columns(lay)
    divider, top = cols.divider[0], cols.divider[1]
    key_top = lay.height - legend.KEY_HEIGHT
    problems = []
    for left, right, y, text, size, anchor in texts:
        low = y + (size / 2 if anchor[1] == "m" else size * 0.25)  # a descender's depth below the baseline
        if low > lay.height:
            problems.append(f"{text!r} below the picture ({low:.0f} > {lay.height})")
        if y < top or y >= key_top:  # the status line and the key span the panel
            room = (panel.PAD, lay.width - panel.PAD)
        else:
            room = (panel.PAD, divider) if left < divider else (divider, lay.width - panel.PAD)
        if left < room[0] - 1 or right > room[1] + 1:
            problems.append(f"{text!r} at {left:.0f}-{right:.0f}, its room {room[0]}-{room[1]}")
    return problems


def english_words() -> list[str]:
    """The painter's English words (a catalog entry of render/desert translated otherwise in every language): the
    pieces between placeholders, each at least a word of four letters."""
    wanted = {w if isinstance(w, str) else w[0] for w in code_words(RENDER_ROOT / "desert")}
    catalogs = [read_po((CATALOGS / f"{lang}.po").open("rb"), locale=lang) for lang in LANGUAGES]
    pieces = set()
    for message in catalogs[0]:
        english = message.id if isinstance(message.id, str) else message.id[0]
        if english not in wanted:
            continue
        translations = " ".join(str(c[message.id].string) for c in catalogs if c[message.id])
        # a piece some language keeps as it is (a name, "Oasis" in French) is no sign of English
        pieces |= {p for p in (q.strip(" .,:;()") for q in FIELD.split(english)) if p not in translations}
    return sorted(p for p in pieces if re.search(r"[A-Za-z]{4}", p))


def english_in(texts: list[str], pieces: list[str]) -> list[tuple[str, str]]:
    return [(p, t) for t in texts for p in pieces if re.search(rf"(?<![\w-]){re.escape(p)}(?![\w-])", t)]


def every_view() -> Iterator[tuple[dict[str, Any], bool]]:
    for players in (2, 4):
        yield from views(players)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_board_speaks_the_language_and_every_text_fits_its_room(
    language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    pieces = english_words()
    assert "last round" in pieces and "moves the caravan" in pieces  # the check looks for the painter's words
    problems, english, seen = [], [], set()
    with reading(language):
        for view, overlay in every_view():
            texts = drawn(view, overlay, monkeypatch)
            problems += overflows(view, texts)
            english += english_in([t[3] for t in texts], pieces)
            seen |= {t[3] for t in texts}
    assert not problems, problems[:10]
    assert not english, english[:10]
    assert len(seen) > 40  # the legend was drawn, rows, key and all


def test_the_english_board_fits_too(monkeypatch: pytest.MonkeyPatch) -> None:
    problems = [p for view, overlay in every_view() for p in overflows(view, drawn(view, overlay, monkeypatch))]
    assert not problems, problems[:10]


def test_the_letters_on_the_action_spaces_are_the_readers() -> None:
    letters = {}
    for language in ("en", *LANGUAGES):
        with reading(language):
            letters[language] = "".join(tiles.action_letter(a) for a in tiles.ACTIONS)
            key = tiles.action_icon("frankincense", 24)
        assert sprites.texts(key) == ((letters[language][1], tiles.TEXT, False),)
    assert letters == {"en": "MFGSCRW", "de": "MWESKGW", "nl": "MWEZKGW", "fr": "MEGSCRP"}
    with reading("de"):
        german = render.render_board(views(2)[-1][0])
    assert german != render.render_board(views(2)[-1][0])  # the cached English art is not reused for German

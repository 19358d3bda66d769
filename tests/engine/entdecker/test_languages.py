"""Issue 23: everything Entdecker composes in words (labels, buttons, menus' placeholders, events, prompts, progress,
status, hand, the piles left) read in German, Dutch and French over whole seeded games: no English piece of any
catalog left, no placeholder unfilled, Discord's limits held; and English exactly as before."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import engine
import engine.entdecker
from engine.core.lang import reading, words
from engine.entdecker.lang import WORDS
from engine.entdecker.tiles import tileset
from engine.entdecker.words import TILE_NAMES
from tests.e2e.test_languages import english_left, found
from tests.engine import test_words
from tests.engine.test_words import texts_of_a_game

LANGUAGES = ("de", "nl", "fr")
ALL_VARIANTS = {
    "personal_tiles": True,
    "rotating_first_player": True,
    "keep_unplayable": True,
    "end_when_plants_run_out": True,
    "plant_draw": "bag",
}
GAMES = ((3, ALL_VARIANTS), (8, {}))  # (seed, options): each variant's words and the plain game's
CATALOG = Path(engine.entdecker.__file__).parent / "locale"
BUTTON, OPTION, PLACEHOLDER = 80, 100, 150  # Discord's limits: a button's label, a menu option's, a placeholder
NAMES = re.compile(r"\bP\d\b")  # the seats' names texts_of_a_game plays with


ENGLISH: dict[int, list[tuple[str, str]]] = {}  # by seed: each game read in English once


def read(
    seed: int, options: dict[str, object], language: str, monkeypatch: pytest.MonkeyPatch
) -> list[tuple[str, str]]:
    """(where, text) for one seeded game read in `language`, with the piles left now and then."""
    if language == "en" and seed in ENGLISH:
        return ENGLISH[seed]
    monkeypatch.setitem(test_words.OPTIONS, "entdecker", options)
    with reading(language):
        texts = list(texts_of_a_game("entdecker", seed))
        texts += list(piles_left(seed, options))
        presenter = engine.presenter("entdecker")
        texts += [(f"placeholder of {k}", presenter.placeholder_of(k)) for k in ("ship", "place", "explore", "draw")]
    if language == "en":
        ENGLISH[seed] = texts
    return texts


def piles_left(seed: int, options: dict[str, object]) -> Iterator[tuple[str, str]]:
    from tests.played import played

    for i, step in enumerate(played("entdecker", 3, seed, ("heuristic", "random"), options).steps):
        if i % 40 == 0 or step.after.game_over:
            for pile in engine.tiles_left(step.after):
                yield "pile", pile["name"]
                yield from (("pile kind", kind["words"]) for kind in pile["kinds"])


@pytest.mark.parametrize(("seed", "options"), GAMES, ids=["variants", "plain"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_whole_game_reads_in_the_language(
    language: str, seed: int, options: dict[str, object], monkeypatch: pytest.MonkeyPatch
) -> None:
    english = read(seed, options, "en", monkeypatch)
    texts = read(seed, options, language, monkeypatch)
    assert [where for where, _text in texts] == [where for where, _text in english]  # the same game, word for word
    shown = [text for _where, text in texts]
    assert not found(list(dict.fromkeys(shown)), english_left(language))  # each text once: most repeat
    assert not [t for t in shown if "{" in t or "}" in t]
    # A text the same as in English holds no word of its own (only names, spaces, numbers: "P2", "#3 C4").
    same = [t for (_w, t), (_e, e) in zip(texts, english, strict=True) if t == e and re.search("[A-Za-z]{3}", t)]
    assert not [t for t in same if re.search("[A-Za-z]{3}", NAMES.sub("", t))], same[:5]
    for where, text in texts:
        if where.startswith("label of"):
            assert len(text) <= OPTION, (where, text)
        elif where.startswith("button of") and "personal" not in where:  # personal: the next test
            assert len(text) <= BUTTON, (where, text)
        elif where.startswith("placeholder"):
            assert len(text) <= PLACEHOLDER, (where, text)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_personal_tiles_button_keeps_its_cost_when_cut(language: str) -> None:
    """A personal tile's label can pass a button's 80 characters (the bot cuts it): the cost comes first."""
    template = words(WORDS.folders, language).gettext("Personal tile: {tile} (2 gold)")
    assert template.index("{tile}") < 40 and template.endswith("{tile}"), template


@pytest.mark.parametrize("language", LANGUAGES)
def test_entdeckers_words_are_its_own_in_every_catalog_chain(language: str) -> None:
    """This game's words are read from its own catalog first, then the engine's: a word of this game that the
    engine's catalog translates otherwise is still shown in this game's words."""
    with (CATALOG / f"{language}.po").open("rb") as po:
        catalog = read_po(po, locale=language)
    chain = words(WORDS.folders, language)
    other = []
    for message in catalog:
        if not message.id:
            continue
        if isinstance(message.id, tuple):  # one thing and five: the first form and the last
            shown = (chain.ngettext(*message.id, 1), chain.ngettext(*message.id, 5))
            mine: object = (message.string[0], message.string[-1])
        else:
            shown, mine = chain.gettext(message.id), message.string
        if shown != mine:
            other.append((message.id, mine, shown))
    assert not other, other


def test_every_tile_name_is_in_the_catalogs() -> None:
    names = {t.name for t in tileset().tiles.values() if not t.name.startswith("fill-in")}
    assert names == set(TILE_NAMES)

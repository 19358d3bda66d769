"""Issue 23: Im Reich der Wüstensöhne's composed words in German, Dutch and French, over whole seeded games: every
label, button, menu placeholder, prompt, progress, status line, hand text, event line, score and `/game tiles`
text in the reader's language (no English piece of the catalogs left, no English text left as it was), no
placeholder left unfilled, and every label within Discord's limits; English stays as it was written."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

import pytest
from babel.messages.pofile import read_po

import engine
from engine.core.lang import ENGINE_FOLDER, reading
from tests.e2e.test_languages import FIELD, english_left, found
from tests.engine.test_words import texts_of_a_game
from tests.played import played

GAME = "desert"
LANGUAGES = ("de", "nl", "fr")
FOLDERS = (ENGINE_FOLDER, ENGINE_FOLDER.parent / GAME / "locale")
SEEDS = (3, 8)
NOT_WORDS = re.compile(r"\*\*P\d\*\*|\bP\d\b|#\d+|\b[A-K]\d{1,2}\b|[-+]?\d+|[▶•:;,.()/!-]")
LIMITS = {"label": 100, "button": 80, "placeholder": 150}  # a select option, a button, a menu's placeholder


def kept_as_written(language: str) -> re.Pattern[str]:
    """The words a catalog keeps as they are in `language` ("Pile {n}" is French too): a text made of them alone
    may read as the English does."""
    words = set()
    for folder in FOLDERS:
        catalog = read_po((folder / f"{language}.po").open("rb"), locale=language)
        for message in catalog:
            if message.id and message.string == message.id:
                words |= {w for w in re.findall(r"[^\W\d_]+", FIELD.sub("", message.id))}
    return re.compile("|".join(rf"\b{re.escape(w)}\b" for w in sorted(words, key=len, reverse=True)) or "^$")


def texts(seed: int) -> Iterator[tuple[str, str]]:
    """What a player reads of one game, and each pile of `/game tiles` every 20 moves."""
    yield from texts_of_a_game(GAME, seed)
    presenter = engine.presenter(GAME)
    for i, state in enumerate(played(GAME, 3, seed, "heuristic", moves=400).states[:400]):
        if state.game_over:
            break
        if i % 20 == 0:
            for pile in engine.GAMES[GAME].tiles_left(state):
                yield "tiles left", pile["name"]
                yield from (("tiles left", kind["words"]) for kind in pile["kinds"])
            view = engine.view(state, engine.to_act(state)[0])
            kinds = {e["kind"] for e in view["legal"]}
            yield from (("placeholder", presenter.placeholder_of(k)) for k in kinds)
            yield "score", presenter.score_of(i)


@cache
def english_of(seed: int) -> tuple[tuple[str, str], ...]:
    """The English of a game, read once for its three languages."""
    return tuple(texts(seed))


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("seed", SEEDS)
def test_every_word_of_a_game_is_in_the_readers_language(language: str, seed: int) -> None:
    english = english_of(seed)
    with reading(language):
        translated = list(texts(seed))
    assert [w for w, _t in translated] == [w for w, _t in english]  # the same game, told in another language
    pieces = english_left(language)
    left = found(list(dict.fromkeys(t for _w, t in translated)), pieces)  # each text once: most repeat
    assert not left, left[:10]
    same = kept_as_written(language)
    unchanged = [
        (w, t)
        for (w, t), (_w, e) in zip(translated, english, strict=True)
        if t == e and re.search("[a-z]", same.sub("", NOT_WORDS.sub("", t)), re.IGNORECASE)
    ]
    assert not unchanged, unchanged[:10]
    assert not [(w, t) for w, t in translated if "{" in t or "}" in t]
    for where, text in translated:
        kind = where.split()[0]
        if kind in LIMITS:
            assert len(text) <= LIMITS[kind], (where, text)
    assert len({t for _w, t in translated}) > 300  # the game was told, not a few lines


def test_english_is_as_written() -> None:
    presenter = engine.presenter(GAME)
    assert presenter.score_of(1) == "1 gold" and presenter.score_of(30) == "30 gold"
    with reading("fr"):
        assert presenter.score_of(1) == "1 pièce d'or" and presenter.score_of(30) == "30 pièces d'or"
    with reading("de"):
        assert presenter.score_of(30) == "30 Gold"
        assert presenter.placeholder_of("withdraw") == "Wählen…"
        assert presenter.label_of({"key": "stop", "kind": "stop", "label": "End the turn"}) == "Zug beenden"

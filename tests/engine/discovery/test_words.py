"""The Discovery's composed words in German, Dutch and French (issue 23): a seeded game's every label, event line,
prompt, status line, hand text, tiles-left text and refusal read under each language carries no English piece of
the game's catalog, no unfilled placeholder, and keeps to Discord's limits where it becomes a label; English stays
as it was (the golden playthroughs hold the English)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

import engine
from engine.core.lang import reading, words
from engine.core.moves import Move
from engine.discovery.labels import ROLE_LINES
from engine.discovery.lang import WORDS, _
from tests.played import played

FOLDER = Path(engine.__file__).parent / "discovery" / "locale"
FIELD = re.compile(r"\{[^{}]*\}")
LANGUAGES = ("de", "nl", "fr")
NAMES = ["Ann", "Bo", "Cy"]


def catalog(language: str) -> list[Any]:
    with (FOLDER / f"{language}.po").open("rb") as po:
        return [m for m in read_po(po, locale=language) if m.id]


def english_pieces(language: str) -> list[str]:
    """The English pieces (between placeholders) of every word the catalog translates differently, and the single
    English words it translates (a terrain, a role): none may stand in a text written in `language`."""
    pieces: set[str] = set()
    for message in catalog(language):
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for english in ids:
            if english in strings:
                continue
            for piece in (p.strip(" .,:;()·`'\n") for p in FIELD.split(english)):
                if (len(piece) >= 8 and " " in piece) or (piece.isalpha() and len(piece) >= 4):
                    pieces.add(piece)
    return sorted(pieces)


def english_left(texts: list[str], pieces: list[str]) -> list[tuple[str, str]]:
    """(piece, text) for every piece standing whole in a text. One pattern of all pieces finds the texts that hold
    any; only those are searched piece by piece, each piece's pattern compiled once (a search per text and piece,
    compiled again as more pieces than re's cache holds, took three quarters of this file's time)."""
    if not pieces:
        return []
    whole = [(p, re.compile(rf"(?<![\w]){re.escape(p)}(?![\w])", flags=re.IGNORECASE)) for p in pieces]
    alternatives = "|".join(re.escape(p) for p in sorted(pieces, key=len, reverse=True))
    anywhere = re.compile(rf"(?<![\w])(?:{alternatives})(?![\w])", flags=re.IGNORECASE)
    suspects = {text for text in set(texts) if anywhere.search(text)}
    return [(piece, text) for text in texts if text in suspects for piece, pattern in whole if pattern.search(text)]


def states_of(options: dict[str, Any], seed: int) -> Iterator[tuple[Any, list[dict[str, Any]]]]:
    """Each state of a seeded three-player game by the random AI (the heuristic's weighing costs 4x) and the events
    that led to it."""
    game = played("discovery", NAMES, seed, "random", options)
    yield game.states[0], []
    yield from ((step.after, step.events) for step in game.steps)


BAD_MOVES = (
    {"kind": "place", "at": "99,99", "turn": 0},
    {"kind": "place", "at": "x", "turn": 45},
    {"kind": "place", "tile": 7, "at": "1,0", "turn": 0},
    {"kind": "deploy", "role": "navigator", "region": "NESW"},
    {"kind": "deploy", "role": "explorer", "region": "Q"},
    {"kind": "score", "at": "0,0", "region": "N"},
)


class Texts:
    def __init__(self) -> None:
        self.lines: list[str] = []  # every text
        self.labels: list[str] = []  # select options and autocomplete names: at most 100
        self.buttons: list[str] = []  # at most 80
        self.placeholders: list[str] = []  # at most 150


def texts_of(options: dict[str, Any], seed: int) -> Texts:
    presenter = engine.presenter("discovery")
    out = Texts()
    for k, (state, events) in enumerate(states_of(options, seed)):
        out.lines += [line for e in events if (line := presenter.describe(e, NAMES))]
        seats = [] if state.game_over else [state.current]
        if k % 10 == 0 or state.game_over:  # now and then (labels are the costly part): the others' views, the pile
            seats = list(range(len(NAMES)))
            out.lines += [p["name"] for p in engine.tiles_left(state)]
            out.lines += [kind["words"] for p in engine.tiles_left(state) for kind in p["kinds"]]
        for seat in seats:
            view = engine.view(state, seat)
            out.lines += [view["prompt"], presenter.progress_of(view), *presenter.hand_of(view)]
            out.lines += presenter.status_of(view, NAMES)
            for entry in view["legal"]:
                out.labels.append(entry["label"])
                out.lines.append(presenter.group_of(entry))
                if entry["kind"] in presenter.select_kinds:
                    out.placeholders.append(presenter.placeholder_of(entry["kind"]))
                else:
                    out.buttons.append(presenter.label_of(entry))
        if not state.game_over and k % 4 == 0:
            for bad in BAD_MOVES:
                reason = engine.GAMES["discovery"].why_illegal(state, Move.make(player=state.current, **bad))
                out.lines.append(reason or "")
    out.lines += [presenter.score_of(n) for n in (0, 1, 2, 17)]
    out.lines += out.labels + out.buttons + out.placeholders
    out.lines = [t for t in out.lines if t]
    return out


CASES = (({}, 11), ({"double_tile": True, "equal_turns": True}, 5))


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("options", "seed"), CASES)
def test_a_whole_game_reads_in_the_language(language: str, options: dict[str, Any], seed: int) -> None:
    with reading(language):
        texts = texts_of(options, seed)
    assert len(texts.lines) > 500 and texts.labels and texts.buttons and texts.placeholders
    assert not english_left(texts.lines, english_pieces(language))[:5]
    assert not [t for t in texts.lines if "{" in t or "}" in t][:5]
    assert max(len(t) for t in texts.labels) <= 100
    assert max(len(t) for t in texts.buttons) <= 100  # the bot cuts a button's to 80 at a word (bot.text.fit)
    assert max(len(t) for t in texts.placeholders) <= 150


def test_english_reads_as_before() -> None:
    """The same game without a reader, and read in English, gives the same words (the English is the code's)."""
    plain = texts_of(*CASES[1]).lines
    with reading("en"):
        assert texts_of(*CASES[1]).lines == plain
    assert english_left(plain, english_pieces("de"))  # the check above finds English where it stands


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_other_catalog_shadows_a_word_of_the_game(language: str) -> None:
    """The game reads its own catalog first, then the engine's: a word the engine's catalog translates otherwise
    (the same English) must still read as this game's catalog says."""
    mine, everyone = words((FOLDER,), language), words(WORDS.folders, language)
    for message in catalog(language):
        if isinstance(message.id, tuple):
            for n in (1, 2, 5):
                assert everyone.ngettext(*message.id, n) == mine.ngettext(*message.id, n), message.id
        else:
            assert everyone.gettext(message.id) == mine.gettext(message.id), message.id


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_deployment_cut_to_a_button_keeps_its_value(language: str) -> None:
    """A deployment's label runs past a button's 80 characters in every language: what it is worth comes before the
    territory's details, which the cut may take."""
    with reading(language):
        shown = [_(role.deploy_label) for role in ROLE_LINES.values()]
    assert all(label.index("{value}") < label.index("{territory}") for label in shown), shown

"""Names and choices as players write and read them: every script drawn, names up to 16 characters whole, choices
shortened so the words that tell them apart stay, and no jargon on any game's picture."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from PIL import ImageChops

import engine
import render
from render import panel, sprites, style
from tests.played import played

WORLD_NAMES = ("Zoë", "Łukasz", "Δημήτρης", "李雷", "🙂bob", "Ñandú Çelik", "Юлия", "김민준")


@pytest.mark.parametrize("name", WORLD_NAMES)
def test_every_character_of_a_name_has_a_font(name: str) -> None:
    assert all(style.font_for(ch) is not None for ch in name)
    assert "?" not in "".join(t for _, t in style.runs(name))


@pytest.mark.parametrize(("name", "plain"), [("Zoë", "Zoe"), ("Łukasz", "Lukasz"), ("Δημήτρης", "????????")])
def test_accents_and_scripts_are_drawn_not_replaced(name: str, plain: str) -> None:
    a, b = sprites.text(name, 24, (255, 255, 255)), sprites.text(plain, 24, (255, 255, 255))
    assert a.size != b.size or ImageChops.difference(a, b).getbbox() is not None


def test_emoji_are_drawn_in_colour_beside_the_letters() -> None:
    im = sprites.text("🙂bob", 24, (255, 255, 255))
    colours = {px[:3] for px in im.get_flattened_data() if px[3] > 200}
    assert any(r > 180 and b < 120 for r, g, b in colours), "the yellow face is drawn"
    assert im.width > sprites.text("bob", 24, (255, 255, 255)).width + 15


@pytest.mark.parametrize("name", ["Maximilian Mülle", "alice_wonderland", "Δημήτρης Παπαδόπ", "Zheng He (AI) 16"])
def test_names_of_sixteen_characters_fit_whole(name: str) -> None:
    assert len(name) == 16
    assert panel.fit_name(name, panel.NAME_WIDTH)[0] == name


def test_labels_lose_their_details_before_their_telling_words() -> None:
    label = "Build a trading post (1 gold, ends the turn)"
    assert panel.fit_label(label, 19, 260) == "Build a trading post (1 gold)"
    assert panel.fit_label(label, 19, 200) == "Build a trading post"
    assert panel.fit_label("Stop: end the turn without building", 19, 120) == "Stop"


@pytest.fixture
def drawn_texts(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every string the picture writes (through the shared text sprites)."""
    seen: list[str] = []
    real = sprites.text

    def record(s: str, *args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        seen.append(s)
        return real(s, *args, **kwargs)

    monkeypatch.setattr(sprites, "text", record)
    yield seen


NAMES = ["Maximilian Mülle", "Δημήτρης Παπαδό", "李雷", "🙂bob the builder"]


def _states(game: str) -> tuple:
    """A game of four (or the most) seats with hard names, by the game's default AI (kept for the run: three tests
    read Entdecker's)."""
    players = NAMES[: min(4, engine.info(game).max_players)]
    return played(game, players, 5, engine.info(game).default_ai, moves=2999).states


@pytest.mark.parametrize("game", ["entdecker", "discovery", "desert"])
def test_every_game_writes_whole_names_and_no_jargon(game: str, drawn_texts: list[str]) -> None:
    states = _states(game)
    for state in (states[len(states) // 3], states[-1]):
        acting = engine.to_act(state)
        drawn_texts.clear()
        render.compose(engine.view(state, acting[0] if acting else None), overlay=True)
        players = engine.view(state, None)["players"]
        for p in players:
            assert any(p["name"] in t for t in drawn_texts), f"{p['name']} is not written whole in {game}"
        for t in drawn_texts:
            assert not re.search(r"\b\d:\d", t), f"jargon {t!r}"
            assert "phase" not in t.lower()


def test_entdecker_says_what_the_event_icons_mean(drawn_texts: list[str]) -> None:
    panel._KEYS.clear()  # the key is drawn once per background and language, then pasted
    render.compose(engine.view(_states("entdecker")[0], None))
    for words in ("storm", "hostile natives", "welcoming natives", "pirates", "ruins", "gold"):
        assert any(t.startswith(words) for t in drawn_texts), words


def test_entdecker_choices_keep_their_telling_words(drawn_texts: list[str]) -> None:
    for state in _states("entdecker"):
        view = engine.view(state, state.current)
        if any(m["kind"] == "build" for m in view["legal"]) and len(view["legal"]) >= 3:
            break
    drawn_texts.clear()
    render.compose(view, overlay=True)
    for m in view["legal"]:
        if m["kind"] == "build":
            telling = m["label"].split(" (")[0]
            assert any(t.startswith(telling) for t in drawn_texts), telling

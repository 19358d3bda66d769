"""Right-to-left names drawn shaped and in order (Pillow's raqm layout with the shipped Arabic and Hebrew fonts), the
other scripts still drawn, and long names shortened before the words that say what happens."""

from __future__ import annotations

import itertools

import pytest
from PIL import Image, ImageChops, features

import engine
import render
from render import panel, sprites, style

WHITE = (255, 255, 255)


def _ink(im: Image.Image) -> tuple[int, int, int, int] | None:
    return im.getchannel("A").point(lambda a: 255 if a > 100 else 0).getbbox()


def _same(a: Image.Image, b: Image.Image) -> bool:
    """Two sprites show the same ink (to within antialiasing)."""
    if a.size != b.size:
        return False
    diff = ImageChops.difference(a.getchannel("A"), b.getchannel("A"))
    return sum(1 for v in diff.get_flattened_data() if v > 96) <= a.width * a.height // 200


def test_pillow_lays_out_text_with_raqm() -> None:
    # Without libfribidi (Debian libfribidi0, which the Dockerfile and .ci/run install) Arabic is drawn unjoined.
    assert features.check("raqm")


RTL_FONTS = [("محمد", "NotoSansArabic-Regular.ttf"), ("שלום", "NotoSansHebrew-Regular.ttf")]


@pytest.mark.parametrize(("name", "font"), RTL_FONTS)
def test_right_to_left_names_have_their_font(name: str, font: str) -> None:
    assert style.runs(name) == ((style.FONT_FILES.index(font), name),)


def test_arabic_letters_are_joined() -> None:
    """Shaped, the four letters of محمد join into one word: other glyphs than the letters' own, one by one."""
    word = style.text_width("محمد", 40)
    alone = sum(style.text_width(ch, 40) for ch in "محمد")
    assert abs(word - alone) > 3
    im = sprites.text("محمد", 40, WHITE)
    columns = [any(im.getpixel((x, y))[3] > 100 for y in range(im.height)) for x in range(im.width)]
    gaps = sum(1 for a, b in itertools.pairwise(columns) if a and not b)
    assert gaps <= 1, "joined letters leave no gaps between them"


def test_two_word_arabic_name_reads_right_to_left() -> None:
    """In "محمد علي" the first word stands on the right."""
    both = sprites.text("محمد علي", 40, WHITE)
    first = sprites.text("محمد", 40, WHITE)
    second = sprites.text("علي", 40, WHITE)
    right = both.crop((both.width - first.width, 0, both.width, both.height))
    left = both.crop((0, 0, second.width, both.height))
    top_first = both.info["baseline"] - first.info["baseline"]
    top_second = both.info["baseline"] - second.info["baseline"]
    assert _same(right.crop((0, top_first, first.width, top_first + first.height)), first)
    assert _same(left.crop((0, top_second, second.width, top_second + second.height)), second)


def test_a_right_to_left_name_sits_in_order_in_an_english_line() -> None:
    line = "Turn 4 | محمد علي places a tile"
    assert style.runs(line) == (
        (0, "Turn 4 | "),
        (style.FONT_FILES.index("NotoSansArabic-Regular.ttf"), "محمد علي"),
        (0, " places a tile"),
    )
    assert "?" not in "".join(t for _, t in style.runs(line))


def test_hebrew_words_read_right_to_left() -> None:
    runs = style.runs("דוד and שלום עולם")
    hebrew = style.FONT_FILES.index("NotoSansHebrew-Regular.ttf")
    assert runs == ((hebrew, "דוד"), (0, " and "), (hebrew, "שלום עולם"))


@pytest.mark.parametrize("name", ["李雷", "さくら", "Дмитрий", "🙂bob", "Zoë"])
def test_other_scripts_keep_working(name: str) -> None:
    assert "?" not in "".join(t for _, t in style.runs(name))
    assert _ink(sprites.text(name, 24, WHITE)) is not None


LONG = "Maximilian-Alexander von Hohenzollern-Sigmaringen"


def test_a_long_name_is_shortened_not_the_action() -> None:
    line = f"Turn 40 | {LONG} places a tile (1 of 2 tiles left)"
    out = style.fit_names(line, (LONG, "Bo"), panel.HEADING_SIZE, 700)
    assert style.text_width(out, panel.HEADING_SIZE) <= 700
    assert out.startswith("Turn 40 | Maximili")
    assert out.endswith("… places a tile (1 of 2 tiles left)")
    assert style.fit_names("Turn 1 | Bo places a tile", (LONG, "Bo"), 30, 700) == "Turn 1 | Bo places a tile"


def test_a_line_too_long_even_with_short_names_is_cut_at_its_end() -> None:
    out = style.fit_names(f"{LONG} and more words than fit here at all", (LONG,), 30, 200)
    assert out.endswith("…") and style.text_width(out, 30) <= 200


@pytest.mark.parametrize("game", ["entdecker", "discovery", "desert"])
def test_every_game_heading_keeps_the_action_of_a_long_name(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []
    real = sprites.text

    def record(s: str, *args: object, **kwargs: object) -> Image.Image:
        seen.append(s)
        return real(s, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(sprites, "text", record)
    state = engine.new_game(game, players=[LONG, "محمد علي"], options={}, seed=3)
    view = engine.view(state, None)
    status = render.painter_of(view).legend.status(view)  # type: ignore[attr-defined]
    render.compose(view)
    heading = next(t for t in seen if t.startswith(status.split(LONG)[0]) and "…" in t)
    assert heading.endswith(status.split(LONG)[1]), heading
    state = engine.apply(state, engine.ai_move(state))
    seen.clear()
    render.compose(engine.view(state, None))
    assert any("محمد علي" in t for t in seen), "the Arabic name is written whole"

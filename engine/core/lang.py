"""The words of one language from a gettext catalog, with that language's plural forms, and `_()` for the games'
composed words (labels, events, prompts, status lines) in the language of whoever reads them.

Catalogs are Babel `.po` files kept in the repository (`<folder>/<language>.po`), compiled in memory the first time
a language is asked for: nothing to build at install, and no compiled copy that could drift from its source. The
engine's words: engine/locale (the core's, and the games' verbs, options and rules sections) and each game's own
engine/<game>/locale (the words its code composes). Which language: the reader, a context variable the caller sets
(bot/lang.py: a person's own language for a private answer, the game's for its channel). Only words read it; no
rule, state or move ever does, so the game stays the same for the same seed and moves in any language.
"""

from __future__ import annotations

import functools
import gettext
import io
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

ENGLISH = "en"
LANGUAGES = (ENGLISH, "de", "nl", "fr")  # the catalogs' source language first
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "nl": "Nederlands", "fr": "Français"}


def language_of(locale: object) -> str | None:
    """One of LANGUAGES for a Discord locale ("de", "en-GB", "fr"); None for any other language."""
    code = str(locale or "").replace("_", "-").split("-")[0].lower()
    return code if code in LANGUAGES else None


def N_(message: str) -> str:
    """Marks a word for the catalogs where it is defined; it is translated where it is shown."""
    return message


class Words:
    """One language's words: `gettext` and `ngettext` (each language's own plural rule, from its catalog)."""

    def __init__(self, language: str, translations: gettext.NullTranslations) -> None:
        self.language = language
        self._translations = translations

    def gettext(self, message: str) -> str:
        return self._translations.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._translations.ngettext(singular, plural, n)


@functools.cache
def words(folders: tuple[Path, ...], language: str) -> Words:
    """The words of `language` from the catalogs of `folders` (the first that has a word wins); English (the
    source) for English, and for a word no catalog has."""
    if language == ENGLISH:
        return Words(ENGLISH, gettext.NullTranslations())
    found: gettext.NullTranslations | None = None
    for folder in folders:
        path = folder / f"{language}.po"
        if not path.exists():
            continue
        catalog = _compiled(path, language)
        if found is None:
            found = catalog
        else:
            found.add_fallback(catalog)
    return Words(language, found or gettext.NullTranslations())


def _compiled(path: Path, language: str) -> gettext.GNUTranslations:
    # Babel only when a catalog is read: importing the engine (render workers, the CLI) stays as quick as before.
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with path.open("rb") as po:
        catalog = read_po(po, locale=language)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)  # fuzzy entries are left out: an unchecked translation is not shown
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


ENGINE_FOLDER = Path(__file__).parent.parent / "locale"  # the core's words and the games' verbs, options, rules
GAME_FOLDERS = tuple(sorted(p for p in ENGINE_FOLDER.parent.glob("*/locale") if p.is_dir()))  # each game's own words
ENGINE_FOLDERS = (ENGINE_FOLDER, *GAME_FOLDERS)

READER: ContextVar[str] = ContextVar("reader_language", default=ENGLISH)  # set by the caller; English by default


def reader() -> str:
    """The language of whoever reads what is being written now."""
    return READER.get()


@contextmanager
def reading(language: str) -> Iterator[None]:
    """Words inside the block are for a reader of `language` (English for a language we have no catalog for)."""
    token = READER.set(language if language in LANGUAGES else ENGLISH)
    try:
        yield
    finally:
        READER.reset(token)


def _(message: str) -> str:
    """`message` (English, as written in the code) in the reader's language ("" stays "": gettext would give the
    catalog's header for it). A template is translated before it is filled: `_("{who} ends the turn.").format(...)`."""
    return words(ENGINE_FOLDERS, READER.get()).gettext(message) if message else message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for `n` things in the reader's language (its own plural rule), not yet formatted."""
    return words(ENGINE_FOLDERS, READER.get()).ngettext(singular, plural, n)

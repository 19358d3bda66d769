"""The words of one language from a gettext catalog, with that language's plural forms.

Catalogs are Babel `.po` files kept in the repository (`<folder>/<language>.po`), compiled in memory the first time
a language is asked for: nothing to build at install, and no compiled copy that could drift from its source. Pure:
a language is data the caller passes; nothing here knows who is reading.
"""

from __future__ import annotations

import functools
import gettext
import io
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


ENGINE_FOLDER = Path(__file__).parent.parent / "locale"  # the games' words (labels, verbs, events, rules)

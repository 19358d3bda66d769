"""Entdecker's words in the reader's language: its own catalog (engine/entdecker/locale) first, then the engine's.

Every module of engine/entdecker/ and render/entdecker/ takes `_` and `ngettext` from here, not from engine.core.lang,
so a word this game shares with another game in English keeps this game's translation.
"""

from __future__ import annotations

from engine.core.lang import N_, game_words

WORDS = game_words(__file__)
_ = WORDS.gettext
ngettext = WORDS.ngettext

__all__ = ["N_", "WORDS", "_", "ngettext"]

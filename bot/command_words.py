"""Commands, options and choices described in the reader's language: discord.py's `app_commands.Translator` over
the catalogs (bot/lang.py). Names stay English: Discord lowercases a localised name (wrong for German nouns) and a
localised name breaks the clickable mentions of commands in every help text."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from .lang import ENGLISH, bot_words, language_of

NAMES = frozenset({Where.command_name, Where.group_name, Where.parameter_name})
TEMPLATE = "template"  # a locale_str's extra: the English words with {fields} (the other extras fill them)


def described(template: str, **fields: str) -> app_commands.locale_str:
    """A description made of words and names ("Your turn in {title}"): translated as words, then filled in."""
    return app_commands.locale_str(template.format(**fields), **{TEMPLATE: template}, **fields)


def translated(string: app_commands.locale_str, language: str) -> str | None:
    """`string` in `language`; None where the English stands (English, or a word not yet in the catalog)."""
    if language == ENGLISH:
        return None
    catalog = bot_words(language)
    extras = dict(string.extras)
    template = extras.pop(TEMPLATE, None)
    text = catalog.gettext(template).format(**extras) if template is not None else catalog.gettext(string.message)
    return text if text != string.message else None


class CatalogTranslator(app_commands.Translator):
    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        if context.location in NAMES:
            return None
        language = language_of(locale.value)
        return translated(string, language) if language is not None else None

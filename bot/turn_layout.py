"""A turn message laid out in components v2 (discord.py's LayoutView): what happened and who acts in words, the
board, then the controls, so that one message carries the turn and is edited in place while the turn goes on.

Which controls a turn offers is decided elsewhere (bot/components.py builds them from the view and the legal
moves); this module only places them, row by row, within Discord's limits for such a message: at most 40
components in all (nested ones counted) and 4,000 characters of text. A components-v2 message shows only the
attachments its components name (`attachment://<filename>`), and has no `content`.
"""

from __future__ import annotations

from typing import Any

import discord

MAX_COMPONENTS = 40  # Discord's Component Reference: "Messages allow up to 40 total components"
MAX_TEXT = 4000  # all Text Displays of one message together (discord.py: LayoutView.content_length)
MAX_ROW_ITEMS = 5


def picture(filename: str) -> str:
    """The reference to an attachment of the message, as components v2 name it."""
    return f"attachment://{filename}"


def rows_of(view: discord.ui.View | None) -> list[list[discord.ui.Item[Any]]]:
    """The controls of a legacy view, row by row as it placed them (an item without a row starts its own)."""
    if view is None:
        return []
    rows: dict[int, list[discord.ui.Item[Any]]] = {}
    for n, item in enumerate(view.children):
        rows.setdefault(item.row if item.row is not None else 100 + n, []).append(item)
    out: list[list[discord.ui.Item[Any]]] = []
    for _row, items in sorted(rows.items()):
        out += [items[i : i + MAX_ROW_ITEMS] for i in range(0, len(items), MAX_ROW_ITEMS)]
    return out


def choices_in(row: list[discord.ui.Item[Any]]) -> int:
    """How many moves a row offers: a select's options, else its buttons (a DynamicItem wraps the real one)."""
    return sum(len(getattr(getattr(item, "item", item), "options", None) or [None]) for item in row)


def _text(content: str, budget: int) -> discord.ui.TextDisplay[Any]:
    return discord.ui.TextDisplay(content if len(content) <= budget else content[: budget - 1] + "…")


def turn_layout(
    text: str, filename: str | None, rows: list[list[discord.ui.Item[Any]]], *, text_limit: int = MAX_TEXT
) -> tuple[discord.ui.LayoutView, int]:
    """The live turn message: its words, the board (`filename`, an attachment of the message; None: no picture)
    and the rows of controls. Returns the layout and how many moves did not fit in 40 components (they are reached
    through the slash commands)."""
    layout = discord.ui.LayoutView(timeout=None)
    layout.add_item(_text(text or "…", text_limit))
    if filename is not None:
        layout.add_item(discord.ui.MediaGallery(discord.MediaGalleryItem(picture(filename))))
    used = len(layout.children)
    left_out = 0
    for row in rows:
        if not row:
            continue
        if used + 1 + len(row) > MAX_COMPONENTS:
            left_out += choices_in(row)
            continue
        layout.add_item(discord.ui.ActionRow(*row))
        used += 1 + len(row)
    return layout, left_out


def passed_layout(line: str, filename: str | None) -> discord.ui.LayoutView:
    """A turn message once its turn is over: one line and the picture it showed, no controls."""
    layout = discord.ui.LayoutView(timeout=None)
    layout.add_item(_text(line, MAX_TEXT))
    if filename is not None:
        layout.add_item(discord.ui.MediaGallery(discord.MediaGalleryItem(picture(filename))))
    return layout


def shown_picture(message: discord.Message | None) -> str | None:
    """The file name of the picture a message shows (its first attachment), if any."""
    if message is None or not message.attachments:
        return None
    return message.attachments[0].filename

"""The buttons the other players answer an undo request with: `edu:<game_id>:<version>:<yes|no>`."""

from __future__ import annotations

import re
from typing import Any

import discord

from ..components import ComponentRoutes, Routed
from ..lang import _
from ..text import BUTTON_LABEL, fit


class UndoButton(
    Routed,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"edu:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<a>yes|no)",
):
    def __init__(self, game_id: int, version: int, yes: bool) -> None:
        super().__init__(
            discord.ui.Button(
                label=fit(_("Agree to undo") if yes else _("Refuse"), BUTTON_LABEL),
                style=discord.ButtonStyle.success if yes else discord.ButtonStyle.danger,
                custom_id=f"edu:{game_id}:{version}:{'yes' if yes else 'no'}",
            )
        )
        self.game_id, self.version, self.yes = game_id, version, yes

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> UndoButton:
        return cls(int(match["game"]), int(match["version"]), match["a"] == "yes")

    async def act(self, interaction: discord.Interaction, routes: ComponentRoutes) -> None:
        # The request is looked up by (game, version) in memory; the clicker must be among those asked.
        await routes.undo.undo_answer(interaction, self.game_id, self.version, self.yes)


def undo_view(game_id: int, version: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(UndoButton(game_id, version, True))
    view.add_item(UndoButton(game_id, version, False))
    return view

"""Persistent buttons and selects: everything they need is in their custom_id, so they work after a restart.

    ed:<game_id>:<version>:<move key>     a button for one legal move
    eds:<game_id>:<version>:<n>           a select whose option values are move keys (n: which of several)
    edl:<game_id>:<action>                a lobby button (join, leave, addbot, start)

They are discord.ui.DynamicItem classes registered with bot.add_dynamic_items in setup_hook; the click is
handled by bot.flow, which refuses a version that is not the current one ("from an earlier turn").
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

if TYPE_CHECKING:
    from .service import Table

BUTTON_KINDS = ("explore", "draw", "personal", "build", "stop", "recall")
SELECT_KINDS = ("ship", "place")
MAX_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_OPTIONS = 25


def _flow(interaction: discord.Interaction) -> Any:
    return interaction.client.flow  # type: ignore[attr-defined]


BUTTON_TEMPLATE = r"ed:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<key>.+)"
SELECT_TEMPLATE = r"eds:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<n>[0-9]+)"


class MoveButton(discord.ui.DynamicItem[discord.ui.Button], template=BUTTON_TEMPLATE):
    def __init__(self, game_id: int, version: int, key: str, label: str = "", style: Any = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80] or key[:80],
                style=style or discord.ButtonStyle.secondary,
                custom_id=f"ed:{game_id}:{version}:{key}"[:100],
            )
        )
        self.game_id = game_id
        self.version = version
        self.key = key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> MoveButton:
        return cls(int(match["game"]), int(match["version"]), match["key"], item.label or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await _flow(interaction).move_interaction(interaction, key=self.key, game_id=self.game_id, version=self.version)


class MoveSelect(discord.ui.DynamicItem[discord.ui.Select], template=SELECT_TEMPLATE):
    def __init__(
        self,
        game_id: int,
        version: int,
        n: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "",
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"eds:{game_id}:{version}:{n}",
                options=options or [discord.SelectOption(label="-", value="-")],
                placeholder=placeholder[:150] or None,
                min_values=1,
                max_values=1,
            )
        )
        self.game_id = game_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str], /
    ) -> MoveSelect:
        return cls(int(match["game"]), int(match["version"]), int(match["n"]), list(item.options) or None)

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []  # type: ignore[union-attr]
        key = values[0] if values else ""
        await _flow(interaction).move_interaction(interaction, key=key, game_id=self.game_id, version=self.version)


LOBBY_ACTIONS = {"join": "Join", "leave": "Leave", "addbot": "Add AI", "start": "Start"}


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button], template=r"edl:(?P<game>[0-9]+):(?P<action>[a-z]+)"):
    def __init__(self, game_id: int, action: str) -> None:
        style = discord.ButtonStyle.primary if action == "start" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(label=LOBBY_ACTIONS.get(action, action), style=style, custom_id=f"edl:{game_id}:{action}")
        )
        self.game_id = game_id
        self.action = action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> LobbyButton:
        return cls(int(match["game"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _flow(interaction).lobby_interaction(interaction, game_id=self.game_id, action=self.action)


DYNAMIC_ITEMS = (MoveButton, MoveSelect, LobbyButton)


def lobby_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action in LOBBY_ACTIONS:
        view.add_item(LobbyButton(game_id, action))
    return view


def _button_label(entry: dict[str, Any]) -> str:
    kind = entry["kind"]
    if kind == "explore":
        return f"Explore {entry.get('count')}"
    if kind == "draw":
        return str(entry.get("label", f"Pile {entry.get('pile')}"))
    if kind == "stop":
        return "Stop"
    return str(entry.get("label", entry["key"]))


def _style(kind: str) -> discord.ButtonStyle:
    if kind == "stop":
        return discord.ButtonStyle.danger
    if kind in ("build",):
        return discord.ButtonStyle.success
    if kind in ("draw", "explore"):
        return discord.ButtonStyle.primary
    return discord.ButtonStyle.secondary


def turn_view(table: Table) -> tuple[discord.ui.View | None, int]:
    """Buttons and selects for the current player's legal moves, within 5 rows of 5 buttons or one select.

    Small choices are buttons; ship positions and placements are string selects of up to 25 options each.
    Returns the view (None when nothing is left to click) and how many legal moves did not fit (those are
    reachable through the slash commands).
    """
    if not table.active or table.current is None or table.current.is_ai:
        return None, 0
    legal = table.view(None)["legal"]  # a spectator's view: personal tiles are offered privately via /draw
    selects = [e for e in legal if e["kind"] in SELECT_KINDS]
    buttons = [e for e in legal if e["kind"] not in SELECT_KINDS]
    # A long list of small choices (12 explore counts, say) would use too many rows: make it a select.
    if len(buttons) > 10:
        explore = [e for e in buttons if e["kind"] == "explore"]
        selects = explore + selects
        buttons = [e for e in buttons if e["kind"] != "explore"]
    view = discord.ui.View(timeout=None)
    rows_for_buttons = -(-len(buttons) // MAX_BUTTONS_PER_ROW)
    select_rows = MAX_ROWS - rows_for_buttons
    chunks = [selects[i : i + MAX_OPTIONS] for i in range(0, len(selects), MAX_OPTIONS)]
    left_out = sum(len(c) for c in chunks[select_rows:])
    row = 0
    for n, chunk in enumerate(chunks[:select_rows]):
        options = [discord.SelectOption(label=str(e.get("label", e["key"]))[:100], value=e["key"][:100]) for e in chunk]
        kind = chunk[0]["kind"]
        what = {"ship": "Put the ship on…", "place": "Place the tile at…", "explore": "Explore how many tiles…"}
        placeholder = what.get(kind, "Choose…")
        if len(chunks) > 1:
            placeholder += f" ({chunk[0].get('label', '')[:20]} – {chunk[-1].get('label', '')[:20]})"
        item = MoveSelect(table.game_id, table.version, n, options, placeholder)
        item.row = row
        view.add_item(item)
        row += 1
    for i, entry in enumerate(buttons[: (MAX_ROWS - row) * MAX_BUTTONS_PER_ROW]):
        item = MoveButton(table.game_id, table.version, entry["key"], _button_label(entry), _style(entry["kind"]))
        item.row = row + i // MAX_BUTTONS_PER_ROW
        view.add_item(item)
    left_out += max(0, len(buttons) - (MAX_ROWS - row) * MAX_BUTTONS_PER_ROW)
    return (view if view.children else None), left_out

"""The lobby's menus: every option of every game reachable within Discord's five rows."""

from __future__ import annotations

import discord
import pytest

from bot.catalog import Catalog
from bot.components import MAX_ROWS, lobby_view

CATALOG = Catalog()


@pytest.mark.parametrize("game", sorted(CATALOG.infos))
def test_every_option_is_on_a_menu_within_five_rows(game: str) -> None:
    info = CATALOG.info(game)
    view = lobby_view(1, info, {})
    items = [c.item if isinstance(c, discord.ui.DynamicItem) else c for c in view.children]
    selects = [c for c in items if isinstance(c, discord.ui.Select)]
    assert len({c.row for c in view.children}) <= MAX_ROWS and len(selects) <= MAX_ROWS - 1
    reachable: set[tuple[str, str]] = set()
    for select in selects:
        custom_id = select.custom_id
        for option in select.options:
            if custom_id.startswith("edv:"):
                reachable.add((option.value, "switch"))
            elif custom_id.startswith("edo:"):
                reachable.add((custom_id.split(":")[2], option.value))
            else:  # the last menu, with what had no room: "name=value"
                name, _sep, value = option.value.partition("=")
                reachable.add((name, value))
    for spec in info.options:
        if spec.is_switch:
            assert (spec.name, "switch") in reachable
        else:
            for choice in spec.choices:
                value = str(choice).lower() if isinstance(choice, bool) else str(choice)
                assert (spec.name, value) in reachable, (spec.name, value)

"""Legal: reading typed values as one legal move, and refusals that name the legal ones."""

from __future__ import annotations

import pytest

from bot.service import Refusal, Services
from tests.bot.helpers import ALICE, CH, started


async def test_bad_values_name_the_legal_ones(svc: Services) -> None:
    await started(svc)
    with pytest.raises(Refusal) as info:
        await svc.turns.play(CH, ALICE, command="entdecker ship", value="Z99")
    assert "not one of your choices" in str(info.value) and "A1N" in str(info.value)
    await svc.turns.play(CH, ALICE, command="entdecker ship", value="A1N")
    await svc.turns.play(CH, ALICE, command="entdecker explore", value=2)
    with pytest.raises(Refusal) as info:
        await svc.turns.play(CH, ALICE, command="entdecker draw", value="9")
    text = str(info.value)
    assert "/entdecker draw pile:" in text and "Pile 1" in text and "Pile 5" in text and "draw:" not in text
    with pytest.raises(Refusal, match=r"You cannot `/entdecker build` now: it is time to draw a tile\. You can:"):
        await svc.turns.play(CH, ALICE, command="entdecker build", value="colony:0")

"""What Im Reich der Wüstensöhne is, for the lobby and the help: seats, variant options, AI kinds."""

from __future__ import annotations

from engine.api import AIKind, GameInfo, option_specs
from engine.desert.setup import MAX_PLAYERS, MIN_PLAYERS, OPTIONS
from engine.desert.state import GAME, RULES_VERSION

_LABELS = {"two_player_pile_one": "Pile 1 with two players"}

INFO = GameInfo(
    name=GAME,
    title="Im Reich der Wüstensöhne",
    summary="Lead your caravan into the desert, discover oases, send explorers, load goods and spread rumours "
    "(Teuber, 2008).",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=option_specs(OPTIONS, _LABELS),
    ai_kinds=(
        AIKind("heuristic", "Standard", "plays sensibly: weighs oases, goods and rumours"),
        AIKind("random", "Random", "picks any legal move"),
    ),
    rules_version=RULES_VERSION,
    ai_names=("Ibn Battuta", "Zubaida", "Al-Idrisi", "Shahrazad"),
)

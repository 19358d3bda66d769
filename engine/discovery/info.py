"""What The Discovery is, for the lobby and the help: seats, variant options, AI kinds."""

from __future__ import annotations

from engine.api import AIKind, GameInfo, option_specs
from engine.discovery.rules import MAX_PLAYERS, MIN_PLAYERS, OPTIONS
from engine.discovery.state import GAME, RULES_VERSION

_LABELS = {"double_tile": "Double tile", "equal_turns": "Equal number of turns"}

INFO = GameInfo(
    name=GAME,
    title="Carcassonne: The Discovery",
    summary="Lay tiles of grassland, mountain and sea; send explorers, brigands and navigators (Colovini, 2005).",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=option_specs(OPTIONS, _LABELS),
    ai_kinds=(
        AIKind("heuristic", "Standard", "plays sensibly: weighs every placement and follower choice"),
        AIKind("random", "Random", "picks any legal move"),
    ),
    rules_version=RULES_VERSION,
    ai_names=("Colombo", "Vespucci", "Cabral", "da Gama", "Polo"),
)

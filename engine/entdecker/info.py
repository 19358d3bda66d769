"""What Entdecker is, for the lobby and the help: seats, variant options, AI kinds."""

from __future__ import annotations

from engine.api import AIKind, GameInfo, OptionSpec
from engine.entdecker.setup import MAX_PLAYERS, MIN_PLAYERS, OPTIONS
from engine.entdecker.state import GAME, RULES_VERSION

# Lobby words for each option of setup.OPTIONS: a short label and a line that says what changes.
_LABELS = {
    "personal_tiles": ("Personal tiles", "Four tiles of your own each; placing one costs 2 gold (Soeding's variant)"),
    "rotating_first_player": ("Changing first player", "The first player (who spins the wheel) changes every season"),
    "keep_unplayable": (
        "Keep unplayable tiles",
        "A tile that fits nowhere is kept as a fill-in for when a pile runs out",
    ),
    "end_when_plants_run_out": ("End when plants run out", "Dutch edition: the game also ends when the plants run out"),
    "plant_draw": ("Plant tokens", "Plant tokens are drawn from two face-down piles, or from a bag"),
}
_CHOICE_LABELS = {"plant_draw": ("from two piles", "from a bag")}

INFO = GameInfo(
    name=GAME,
    title="Entdecker",
    summary="Sail into the unknown, discover islands tile by tile, build on them and score them (Teuber, 1996).",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=tuple(
        OptionSpec(name, *_LABELS[name], default, allowed, _CHOICE_LABELS.get(name, ()))
        for name, (default, allowed, _) in OPTIONS.items()
    ),
    ai_kinds=(
        AIKind("heuristic", "Standard", "plays sensibly: looks one step ahead and at which tiles are still unseen"),
        AIKind("expert", "Expert", "plays each possible voyage out in imagined games before choosing; slower"),
        AIKind("random", "Random", "picks any legal move"),
    ),
    rules_version=RULES_VERSION,
    ai_names=("Magellan", "Zheng He", "Cook", "Tasman"),
)

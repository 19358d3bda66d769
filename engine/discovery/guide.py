"""Carcassonne: The Discovery's rules in sections for `/game rules topic:` and `/help` (docs/discovery.md
condensed, in the words players read; the commands as the bot registers them, `/discovery <verb>`)."""

from __future__ import annotations

SECTIONS: tuple[tuple[str, str], ...] = (
    (
        "Goal",
        "Lay landscape tiles of grassland, mountain and sea, and score the territories they make with your four "
        "followers. Most points at the end wins; a tie shares the win.",
    ),
    (
        "Turn",
        "1. Place the tile shown (`/discovery place option:`): every side that touches a tile continues its "
        "terrain, and at least one side touches. The choices are numbered as on the board.\n"
        "2. Then one of: deploy a follower on the new tile (`/discovery deploy follower:`), take one of yours "
        "back and score its territory (`/discovery score region:`), or pass (`/discovery pass`).",
    ),
    (
        "Map",
        "The start tile is at 0,0; x grows to the east, y to the north, so 2,-1 is two tiles east of the start "
        "tile and one south. The picture labels its edges with them.",
    ),
    (
        "Followers",
        "An explorer goes on grassland, a brigand on a mountain, a navigator on the sea, always on the tile you "
        "just placed and never in a territory that already has a follower, anyone's, however far it reaches. "
        "You have four; one comes back each time you score it.",
    ),
    (
        "Scoring",
        "Grassland: 1 point a tile; complete, 2 a tile. Mountain: 1 point for each port city in it and in the "
        "grasslands bordering it; complete, 2 a city. Sea: 1 point for each port city on its shores; complete, "
        "1 a city and 1 a tile. A complete territory of one or two tiles scores less: grassland 2, mountain 1 a "
        "city, sea only its cities. A territory is complete when no side of it faces an empty space.",
    ),
    (
        "End",
        "After the turn in which the last tile is placed, every follower still on the map scores its territory "
        "as if it were incomplete.",
    ),
    (
        "Variants",
        "Double tile: you hold two face-down tiles and place one of them, then draw another; only you see them "
        "(`/game hand`). Equal number of turns: a few tiles are set aside face up at the start, so everyone "
        "places as many tiles.",
    ),
    (
        "Undo",
        "`/undo` takes back your last step alone if it showed nothing hidden: a placement before the follower "
        "choice. Deploying, scoring or passing shows the next tile, so it needs every other player's consent, "
        "as does the end of the game.",
    ),
)

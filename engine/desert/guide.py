"""Im Reich der Wüstensöhne's rules in sections for `/game rules topic:` and `/help` (docs/desert.md condensed, in
the words players read; the commands as the bot registers them, `/desert <verb>`)."""

from __future__ import annotations

SECTIONS: tuple[tuple[str, str], ...] = (
    (
        "Goal",
        "Lead your caravan into the desert, discover oases, send explorers into them and load the goods their "
        "action spaces give. At the end each good is worth 4 gold, plus or minus the secret rumours about it. "
        "Most gold wins; a tie goes to the most water stones.",
    ),
    (
        "Turn",
        "1. Move your caravan, or let it stay (`/desert caravan to:`): along brown lines as far as you like; a "
        "white line through an oasis ends the move just beyond it, unless you pay the camel driver a water stone.\n"
        "2. Discover from there (`/desert discover source:`): draw from the current pile, attach a tile from your "
        "display, or pay the scout a water stone to take one from another player's display. A tile that fits in "
        "several ways: `/desert place option:`, numbered as on the board. A tile that fits nowhere goes into your "
        "display. An all-desert tile lets you move and discover again.\n"
        "3. Explorer (`/desert explorer choice:`): put one on an oasis part of the new tile, or take one back.\n"
        "4. A bonus turn for a water stone (`/desert bonus`), or end the turn (`/desert stop`).",
    ),
    (
        "Display",
        "Your display holds at most 3 tiles that fitted nowhere when you drew them. A full display cannot draw: "
        "move where one of its tiles fits, or to one you can scout. When none of its tiles fits anywhere, "
        "discard one (`/desert discard tile:`) before moving.",
    ),
    (
        "Explorers",
        "You have four explorers of different heights (your colour's four add up to 34). One goes on an oasis part "
        "of the tile you discovered this turn; a turn without placing one may take one back from the board. The "
        "turban sits on the tallest explorer of the player who has it.",
    ),
    (
        "Oasis scoring",
        "An oasis is complete when no white line leads out of it. Its explorers line up, tallest first; the "
        "tallest pays a water stone (without water it goes back to the supply). Then each explorer in line takes "
        "one free action space of the oasis (`/desert action space:`), whoever's turn it is, and stays on it "
        "until its owner takes it back. Explorers left over go back to their owners.",
    ),
    (
        "Goods",
        "Action spaces give myrrh, frankincense, gemstones, salt, a camel, a water stone or a rumour. Each camel "
        "carries two goods; with your camels full you put back a good for the new one, or forgo it "
        "(`/desert goods drop:`).",
    ),
    (
        "Rumours",
        "A rumour action draws a secret token (+2, +2, +1, -1, -2 or -2) that you put face down on a free space "
        "of the rumour board (`/desert rumour slot:`); each good has two spaces. When the tokens are all out, you "
        "may look at one on the board and leave it or take it off (`/desert token choice:`). Only you see what "
        "you know: `/game hand`.",
    ),
    (
        "Water",
        "Water stones pay the camel driver, the scout, the caravan leader (a bonus turn) and the tallest "
        "explorer of a scored oasis. They also break a tie at the end.",
    ),
    (
        "End",
        "When the last tile is drawn, everyone has one more turn, the drawer last. Then the rumours are turned "
        "over: each good is worth 4 gold plus its rumours (0 to 8), and your goods are your gold. The game also "
        "ends when no open line is left, or when nobody could discover for eight rounds.",
    ),
    (
        "Undo",
        "`/undo` takes back your last step alone if it showed nothing hidden: moving, placing, explorers, "
        "actions, a bonus turn, ending the turn. A draw, a scout that draws a replacement, a rumour drawn or "
        "looked at, and the end of the game need every other player's consent.",
    ),
)

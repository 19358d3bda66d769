"""A finished or abandoned game's move log kept as one compressed row (docs/storage.md, "Archived logs").

An ended game never gets another move (only `rollback`, which takes the log out of the archive again), yet its
~226 `moves` rows were two thirds of all rows, and every start-up's integrity check reads every page. So when a game
ends, its rows become one `move_archives` row in the same transaction, and its `moves` rows are deleted. Both
backends share this module: what is stored (zlib-compressed JSON, one list per column, the stored texts kept byte
for byte so the log digest chain is the same) and how it is checked. No SQL and no rules here.

The text is two lines of JSON: `{"format":1,"move":[...]}`, then the other columns (`events`, `user_id`,
`created_at`, `actor`, `idem_key`).
Loading a state needs only the moves, so only the first line is parsed for it (the events
are most of the text); the digest covers both.

What a row holds, besides `game_id`: `moves` (how many), `log_digest` (the chain over the setup and the archived
moves, storage/replay.py: what the games row's running digest must be), `digest` (`chain_digest(log_digest, text)`
over the uncompressed JSON text, so events, times and names are covered too) and `log` (the packed text).
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from . import replay
from .errors import LogCorrupt
from .records import MoveRecord

# zlib level: the log is packed once per game, when it ends (~1 ms at 6 for 226 moves); 9 gains ~1 % for 3x the time.
LEVEL = 6
FORMAT = 1
# The columns of a moves row an archive keeps (seq is implied: the log is 1, 2, ..., n without gaps). `idem_key`
# (migration 0008) is missing from archives made before it and from the rows migration 0006 packed: read as None.
_COLUMNS = ("move", "events", "user_id", "created_at", "actor", "idem_key")
_REST = _COLUMNS[1:]  # the second line
_OPTIONAL = ("idem_key",)


@dataclass(frozen=True)
class Packed:
    """A moves table's rows of one game, as the archive row stores them (its columns by name)."""

    game_id: int
    moves: int
    log_digest: str
    digest: str
    log: bytes


@dataclass(frozen=True)
class Archived:
    """An archive row unpacked and checked: the log's columns, each a list in seq order (seq = index + 1). The
    columns other than `move` are parsed on first use (LogCorrupt then if they do not parse)."""

    game_id: int
    move: list[str]
    digests: list[str]  # the log digest chain after 0, 1, ..., n moves (replay.log_digests), checked already
    rest: str = field(repr=False)  # the second line of the text

    @cached_property
    def _rest(self) -> dict[str, list[Any]]:
        try:
            data = json.loads(self.rest)
            none = [None] * len(self.move)
            columns = {name: list(data[name] if name not in _OPTIONAL else data.get(name, none)) for name in _REST}
        except (ValueError, TypeError, KeyError) as exc:
            raise LogCorrupt(
                f"game {self.game_id}: its archived move log is damaged (it does not parse: {exc!r})"
            ) from None
        if any(len(column) != len(self.move) for column in columns.values()):
            raise LogCorrupt(f"game {self.game_id}: its archived move log is damaged (its columns differ in length)")
        return columns

    def __len__(self) -> int:
        return len(self.move)

    def rows(self) -> list[dict[str, Any]]:
        """The log as the moves table's rows (game_id, seq and the columns by name), in seq order."""
        rest = self._rest
        return [
            {"game_id": self.game_id, "seq": i + 1, "move": move, **{name: rest[name][i] for name in _REST}}
            for i, move in enumerate(self.move)
        ]

    def records(self, after: int = 0, limit: int | None = None) -> list[MoveRecord]:
        """The moves with seq > after, in order (at most `limit`), as the moves table's rows would give them."""
        stop = len(self) if limit is None else min(len(self), after + limit)
        return [MoveRecord.from_row(row) for row in self.rows()[max(after, 0) : stop]]

    def recent(self, limit: int) -> list[MoveRecord]:
        """The newest `limit` moves, oldest of them first (Store.recent_moves)."""
        return self.records(after=max(len(self) - limit, 0))


def pack(game_id: int, setup: str, rows: Iterable[Any]) -> Packed:
    """Pack a game's moves rows (seq order; rows of either backend, read by column name) bound to its setup.

    LogCorrupt if the rows are not the gapless log 1..n the triggers guarantee (nothing is archived then)."""
    columns: dict[str, list[Any]] = {name: [] for name in _COLUMNS}
    for i, row in enumerate(rows, start=1):
        if row["seq"] != i:
            raise LogCorrupt(f"game {game_id}: its move log has a gap at move {i}; not archived")
        for name in _COLUMNS:
            # keys(): `in` on a sqlite3.Row looks at its values
            columns[name].append(row[name] if name not in _OPTIONAL or name in row.keys() else None)  # noqa: SIM118
    try:
        if not all(isinstance(move, str) for move in columns["move"]):
            raise TypeError("a logged move is not text")
        # ASCII JSON holds no raw newline, so the first one ends the first line.
        compact = (",", ":")
        first = json.dumps({"format": FORMAT, "move": columns["move"]}, separators=compact)
        text = first + "\n" + json.dumps({name: columns[name] for name in _REST}, separators=compact)
    except (TypeError, ValueError) as exc:
        raise LogCorrupt(f"game {game_id}: its move log cannot be archived: {exc}") from None
    log_digest = replay.log_digest(setup, columns["move"])
    digest = replay.chain_digest(log_digest, text)
    assert digest is not None
    return Packed(game_id, len(columns["move"]), log_digest, digest, zlib.compress(text.encode(), LEVEL))


def unpack(
    game_id: int, setup: str | None, moves: int, log_digest: str | None, digest: str | None, log: bytes | memoryview
) -> Archived:
    """The archived log, checked: it decompresses (zlib's own checksum), its text has the digest stored beside it,
    it holds `moves` moves, and its move texts chain from `setup` to `log_digest`. LogCorrupt otherwise: the archive
    is the game's only log, so a damaged one is reported, never replaced by a guess."""
    try:
        text = zlib.decompress(bytes(log)).decode()
    except (zlib.error, UnicodeDecodeError, TypeError) as exc:
        raise LogCorrupt(f"game {game_id}: its archived move log is damaged (it does not unpack: {exc})") from None
    if digest is None or replay.chain_digest(log_digest, text) != digest:
        raise LogCorrupt(f"game {game_id}: its archived move log is damaged (its digest does not match)")
    first, _, rest = text.partition("\n")
    try:
        data = json.loads(first)
        move = list(data["move"])
        if not all(isinstance(text, str) for text in move):
            raise TypeError("a move is not text")
    except (ValueError, TypeError, KeyError) as exc:
        raise LogCorrupt(f"game {game_id}: its archived move log is damaged (it does not parse: {exc!r})") from None
    if data.get("format") != FORMAT or len(move) != moves:
        raise LogCorrupt(f"game {game_id}: its archived move log is damaged (not {moves} moves of format {FORMAT})")
    digests = replay.log_digests(setup, move) if setup is not None else []
    if not digests or digests[-1] != log_digest:
        raise LogCorrupt(f"game {game_id}: its archived move log does not belong to the game's setup")
    return Archived(game_id, move, digests, rest)


def pack_many(setups: Mapping[int, str], rows: Iterable[Any]) -> tuple[list[Packed], list[LogCorrupt]]:
    """pack() for several games at once (migration 0006): `rows` are their moves rows in (game_id, seq) order, each
    with game_id. Returns the packed games (a game without rows gets an empty log) and the problems of those whose log
    cannot be packed (they are left out)."""
    logs: dict[int, list[Any]] = {game_id: [] for game_id in setups}
    for row in rows:
        logs[row["game_id"]].append(row)
    packed: list[Packed] = []
    problems: list[LogCorrupt] = []
    for game_id, moves in logs.items():
        try:
            packed.append(pack(game_id, setups[game_id], moves))
        except LogCorrupt as exc:
            problems.append(exc)
    return packed, problems

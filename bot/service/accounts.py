"""What happened: the account of the latest turn for the turn message, the channel's log, the last game."""

from __future__ import annotations

from typing import Any

import engine
from storage import GameRecord, PlayerRecord, StorageError, Store, UndoRecord

from ..catalog import Catalog
from ..lang import N_, _, ngettext
from ..text import named, safe_name

# The actor stored for a move the bot made because it was the seat's only legal one ("alice (the only choice)"),
# or one of several the game calls alike (a tile drawn blind from piles that look the same).
ONLY_CHOICE_MARK = N_(" (the only choice)")
ALIKE_MARK = N_(" (made for them: the choices looked alike)")
MADE_MARKS = (ONLY_CHOICE_MARK, ALIKE_MARK)


def made_mark(name: str) -> str:
    """The mark of a move the bot made for a seat at the end of a stored actor's name, or ""."""
    return next((m for m in MADE_MARKS if name.endswith(m)), "")


ACCOUNT_MOVES = 60  # a turn account shows at most this many moves
AccountMove = tuple[list[dict[str, Any]], int | None, str | None, dict[str, Any]]  # events, seat, who acted, move


class Accounts:
    """What happened, in words: the events of one move, the latest turn, the whole log."""

    def __init__(self, store: Store, catalog: Catalog) -> None:
        self.store = store
        self.catalog = catalog
        # Per channel: (game id, version, (events, seat, actor) of each move since the last turn end before the
        # newest move, whether that move ended a turn), kept from the moves this process recorded so an
        # announcement need not re-read the log.
        self._accounts: dict[int, tuple[int, int, list[AccountMove], bool]] = {}

    def forget(self, channel_id: int) -> None:
        self._accounts.pop(channel_id, None)

    def describe_events(self, game: str, events: list[dict[str, Any]], names: list[str]) -> list[str]:
        """One line per event worth telling; `names` (by seat) must already be safe to show."""
        describe = self.catalog.presenter(game).describe
        return [text for text in (describe(event, names) for event in events) if text]

    def describe_move(
        self, game: str, move: dict[str, Any], events: list[dict[str, Any]], names: list[str]
    ) -> list[str]:
        """A move in words: its events' lines, or, when they tell nothing, the game's line for the move itself.

        A move the bot made for a seat (its only choice) says so once, at the end of its first line, rather than
        in every line that names the player ("bob (the only choice)'s caravan moves")."""
        marks = [made_mark(name) for name in names]
        plain = [name.removesuffix(m) if m else name for name, m in zip(names, marks, strict=True)]
        lines = self.describe_events(game, events, plain)
        quiet = None if lines else self.catalog.presenter(game).quiet_move(move, plain)
        lines = [quiet] if quiet else lines
        if lines and plain != names:
            first = lines[0]
            mark = _(next(m for m in marks if m))  # stored names carry the English mark; the reader sees their own
            lines[0] = f"{first[:-1]}{mark}." if first.endswith(".") else first + mark
        return lines

    def note(
        self,
        channel_id: int,
        game_id: int,
        version: int,
        events: list[dict[str, Any]],
        turn_over: bool,
        seat: int | None = None,
        actor: str | None = None,
        move: dict[str, Any] | None = None,
    ) -> None:
        """Extend the channel's turn account by the move just recorded at `version` (if it follows on).

        The account holds the moves since the turn before the newest move ended: a move that ends a turn is
        kept (its turn is the one to tell), and the next move starts a new account."""
        known = self._accounts.get(channel_id)
        if version == 0:
            self._accounts[channel_id] = (game_id, 0, [], False)
        elif known is not None and known[0] == game_id and known[1] == version - 1:
            moves = [] if known[3] else known[2]
            self._accounts[channel_id] = (
                game_id,
                version,
                [*moves, (events, seat, actor, move or {})][-ACCOUNT_MOVES:],
                turn_over,
            )
        else:
            self._accounts.pop(channel_id, None)

    async def turn_account(
        self,
        game_id: int,
        names: list[str],
        game: str,
        *,
        channel_id: int | None = None,
        version: int | None = None,
    ) -> list[str]:
        """What happened in the latest turn: the events of the moves since the turn before it ended.

        With the channel and the version of the state being shown, the events this process kept are used when
        they reach exactly that version; otherwise the log is read.
        """
        known = self._accounts.get(channel_id) if channel_id is not None else None
        if known is not None and known[0] == game_id and version is not None and known[1] == version:
            lines: list[str] = []
            for events, seat, actor, move in known[2]:
                lines.extend(self.describe_move(game, move, events, credited(names, seat, actor)))
            return lines
        moves = await self.store.recent_moves(game_id, ACCOUNT_MOVES)
        start = 0
        for i in range(len(moves) - 2, -1, -1):  # the last move ends this turn; look for the previous end
            if engine.turn_passed(game, moves[i].events):
                start = i + 1
                break
        if channel_id is not None and moves and (version is None or moves[-1].seq == version):
            current = self._accounts.get(channel_id)
            if current is None or current[0] != game_id or current[1] < moves[-1].seq:
                ended = engine.turn_passed(game, moves[-1].events)
                kept = [(m.events, m.move.get("player"), m.actor, m.move) for m in moves[start:]]
                self._accounts[channel_id] = (game_id, moves[-1].seq, kept, ended)
        lines = []
        for logged in moves[start:]:
            credit = credited(names, logged.move.get("player"), logged.actor)
            lines.extend(self.describe_move(game, logged.move, logged.events, credit))
        return lines

    async def since_last_turn(
        self, game_id: int, game: str, names: list[str], seat: int, shown: list[str]
    ) -> list[str]:
        """What scored since `seat` last moved (its game's notable events), beyond the lines already `shown` (the
        last turn's account): what the player to move most wants to know on coming back (issue 24)."""
        return (await self.since(game_id, game, names, seat, shown, None))[1]

    async def since(
        self, game_id: int, game: str, names: list[str], seat: int, shown: list[str], view: dict[str, Any] | None
    ) -> tuple[list[str], list[str]]:
        """Since `seat` last moved: (what the others did near its pieces, from `view` as everyone sees it now; what
        scored, beyond the lines already `shown`)."""
        presenter = self.catalog.presenter(game)
        if not presenter.notable and (presenter.nearby is None or view is None):
            return [], []
        moves = await self.store.recent_moves(game_id, ACCOUNT_MOVES)
        last = max((i for i, m in enumerate(moves) if m.move.get("player") == seat), default=-1)
        scored: list[str] = []
        for logged in moves[last + 1 :]:
            events = [e for e in logged.events if e.get("type") in presenter.notable]
            credit = credited(names, logged.move.get("player"), logged.actor)
            scored.extend(line for line in self.describe_events(game, events, credit) if line not in shown)
        if view is None:
            return [], scored
        events = [e for logged in moves[last + 1 :] for e in logged.events]
        return near_words(presenter.near_of(view, events, seat), names), scored

    async def log_lines(self, channel_id: int, limit: int = 40) -> tuple[GameRecord | None, list[str]]:
        """The latest events of the channel's open game, or of its most recent game when none is open."""
        record, lines = await self.full_log(channel_id)
        return record, lines[-limit:] if limit else lines

    async def _log_record(self, channel_id: int) -> GameRecord | None:
        record = await self.store.active_game(channel_id)
        if record is None:
            history = await self.store.history(channel_id, limit=1)
            record = history[0] if history else None
        return record

    async def full_log(self, channel_id: int) -> tuple[GameRecord | None, list[str]]:
        """Every event of the channel's open (or most recent) game, numbered by move, each credited to whoever
        acted then, with the moves taken back (`/undo`) where they were undone."""
        record = await self._log_record(channel_id)
        if record is None:
            return None, []
        players = await self.store.players(record.id)
        names = [safe_name(p.display_name) for p in players]
        undos = await self.store.undos(record.id)
        lines: list[str] = []
        pending = list(undos)
        for move in await self.store.moves(record.id):
            while pending and pending[0].created_at <= move.created_at:
                lines.append(self._undo_line(record.game, pending.pop(0), names))
            seat = move.move.get("player")
            for text in self.describe_move(record.game, move.move, move.events, credited(names, seat, move.actor)):
                lines.append(f"{move.seq}. {text}" if seat is not None else text)
        lines.extend(self._undo_line(record.game, undo, names) for undo in pending)
        return record, lines

    def _undo_line(self, game: str, undo: UndoRecord, names: list[str]) -> str:
        what = "; ".join(self.describe_events(game, undo.events, credited(names, undo.move.get("player"), undo.actor)))
        return (
            _("↩️ {undone_by} took back move {seq}").format(undone_by=safe_name(undo.undone_by), seq=undo.seq)
            + (f" ({what})" if what else "")
            + "."
        )

    async def log_page(self, channel_id: int, page: int | None, budget: int) -> tuple[GameRecord | None, int, int, str]:
        """One page of the whole log (pages of at most `budget` characters, oldest first; None: the last page):
        (record, page shown, pages in all, text)."""
        record, lines = await self.full_log(channel_id)
        pages = paginate(lines, budget)
        number = len(pages) if page is None else max(1, min(page, len(pages)))
        return record, number, len(pages), pages[number - 1]

    async def events(self, game_id: int) -> list[dict[str, Any]]:
        """Every event of a game so far, oldest first (what its score by source is summed from)."""
        return [event for move in await self.store.moves(game_id) for event in move.events]

    async def last_game(self, channel_id: int) -> tuple[GameRecord, list[PlayerRecord], Any] | None:
        """The channel's most recent game (open or not) with its state, for /game status after the end."""
        history = await self.store.history(channel_id, limit=1)
        if not history:
            return None
        record = history[0]
        players = await self.store.players(record.id)
        state = None
        if record.started_at is not None:
            try:
                state = await self.store.load_state(record.id)
            except StorageError:
                state = None
        return record, players, state


def near_words(parts: list[tuple[engine.Counted, int, dict[str, Any]]], names: list[str]) -> list[str]:
    """The game's words for what the others did near a player, in the reader's language, each naming who did it."""
    return [named(ngettext(w.one, w.many, count), {**fields, "count": count}, names) for w, count, fields in parts]


def credited(shown_names: list[str], seat: int | None, actor: str | None) -> list[str]:
    """The names (already safe to show, by seat) to describe a move's events with: the seat that moved under the
    name of whoever acted then, so a move stays credited to its player after the seat changes hands."""
    shown = list(shown_names)
    if actor is not None and seat is not None and 0 <= seat < len(shown):
        shown[seat] = safe_name(actor)
    return shown


def paginate(lines: list[str], budget: int) -> list[str]:
    """Lines joined into pages of at most `budget` characters (a longer line is cut); at least one page."""
    pages: list[str] = []
    current: list[str] = []
    used = 0
    for line in lines:
        line = "• " + (line if len(line) <= 300 else line[:299] + "…")
        if current and used + len(line) + 1 > budget:
            pages.append("\n".join(current))
            current, used = [], 0
        current.append(line)
        used += len(line) + 1
    if current or not pages:
        pages.append("\n".join(current) or _("Nothing has happened yet."))
    return pages

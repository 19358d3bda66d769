"""Playing: applying a user's move (a button's key, or a typed command read as one legal move) and AI moves."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

import engine

from ..catalog import Catalog
from ..lang import _
from . import stamp
from .cache import TableCache
from .legal import PAIR_SEP, Legal
from .recorder import Overtaken, Recorder, Unsettled, already_done
from .refusal import Refusal, StaleClick
from .table import MoveOutcome, Table


def joined(first: MoveOutcome, then: MoveOutcome) -> MoveOutcome:
    """A move and the only-choice moves made after it, as one outcome to announce."""
    return MoveOutcome(
        then.table,
        first.key,
        first.seat,
        first.by_ai,
        [*first.events, *then.events],
        [*first.lines, *then.lines],
        first.turn_over or then.turn_over,
    )


@dataclass
class Turns:
    tables: TableCache
    legal: Legal
    recorder: Recorder
    catalog: Catalog
    # (channel, user) -> the tag of the state a move was asked on whose outcome could not be settled: the user's next
    # typed command counts as asked on that state, so sending it again as told cannot act twice.
    unsettled: dict[tuple[int, int], str] = field(default_factory=dict)

    async def play(
        self,
        channel_id: int,
        user_id: int,
        *,
        key: str | None = None,
        command: str | None = None,
        value: str | int | None = None,
        game_id: int | None = None,
        version: int | None = None,
        seen: str | None = None,
        arrived: str | None = None,
    ) -> MoveOutcome:
        """Apply the user's move (a key from a button, or /command value), or raise Refusal saying why not.

        `game_id`/`version` come from a button's custom_id: a click on a message of an earlier state is
        refused, which is also what makes a double click harmless. `seen` (stamp.tag_of) is the state a button or
        an autocomplete choice was made for: the move acts only on that state. `arrived` is the state when a typed
        command reached the bot: it acts on a later one too, if still legal there. Either way the same request
        made twice (same user, state and request) acts once; the repeat is answered "already done".
        """
        if seen is None:
            arrived = self.unsettled.pop((channel_id, user_id), arrived)
        try:
            return await self._play(channel_id, user_id, key, command, value, game_id, version, seen, arrived)
        except Unsettled:
            if seen is None and arrived is not None:
                self.unsettled[(channel_id, user_id)] = arrived
            raise

    async def _play(
        self,
        channel_id: int,
        user_id: int,
        key: str | None,
        command: str | None,
        value: str | int | None,
        game_id: int | None,
        version: int | None,
        seen: str | None,
        arrived: str | None,
    ) -> MoveOutcome:
        async with self.tables.lock(channel_id):
            table, cached = await self.tables.for_move(channel_id)
            while True:
                if game_id is not None and (table is None or table.game_id != game_id):
                    raise Refusal(_("This button belongs to a game that is over."))
                if table is None or table.state is None:
                    await self.tables.active_table(channel_id)  # raises the right refusal
                    raise AssertionError  # unreachable
                if command is not None and (refusal := self.legal.verb_refusal(table, command)) is not None:
                    raise refusal
                now = stamp.tag_of(table)
                basis = seen or arrived or now
                request = stamp.request_key(user_id, basis, key if key is not None else f"/{command} {value}")
                if basis != now:
                    await self._not_done_yet(table, user_id, request, clicked=version is not None)
                seat = self.legal.check_turn(table, user_id)
                if (version is not None and version != table.version) or (seen is not None and seen != now):
                    legal = self.legal.legal_text(table, user_id)
                    if version is None:  # an autocomplete choice
                        raise Refusal(_("That choice was offered in an earlier turn. {legal}").format(legal=legal))
                    raise StaleClick(_("This button is from an earlier turn. {legal}").format(legal=legal))
                move_key, _sep, then = (key or "").partition(PAIR_SEP)
                if key is None:
                    assert command is not None
                    move_key = self.legal.resolve(table, seat, command, value)
                try:
                    move = engine.move_from_key(table.state, move_key)
                    if move.player != seat:
                        raise engine.IllegalMove(_("That choice belongs to another player."))
                    new_state, events = engine.step(table.state, move)
                except engine.IllegalMove as exc:
                    raise Refusal(f"{exc.reason} {self.legal.legal_text(table, user_id)}") from None
                try:
                    outcome = await self.recorder.record(
                        channel_id, table, move, new_state, events, user_id, seat, by_ai=False, retry=cached,
                        key=request,
                    )  # fmt: skip
                    if then:
                        outcome = await self._then(channel_id, outcome, then, user_id, request)
                    return await self.only_choices(channel_id, outcome)
                except Overtaken:
                    # Another process changed the game since it was cached: judge the move again on the truth.
                    table, cached = await self.tables.for_move(channel_id, fresh=True)

    async def ai_step(
        self, channel_id: int, *, force: bool = False, seat: int | None = None, version: int | None = None
    ) -> MoveOutcome | None:
        """One move by the AI for the first seat to act if that seat is an AI (or any seat with force=True).

        `seat`/`version` (checked under the channel lock) make it play only if that seat is still to act at
        that state version; otherwise None, so a skip racing another skip or the player's own move stops.
        """
        async with self.tables.lock(channel_id):
            table, cached = await self.tables.for_move(channel_id)
            while True:
                if table is None or not table.active:
                    return None
                current = table.current
                if current is None or (not current.is_ai and not force):
                    return None
                if (seat is not None and current.seat != seat) or (version is not None and table.version != version):
                    return None
                kind = current.ai_kind or self.catalog.info(table.game).default_ai
                # The AI looks ahead a little; keep the event loop free for other channels.
                move = await asyncio.to_thread(engine.ai_move, table.state, kind)
                new_state, events = engine.step(table.state, move)
                # A person's turn played by the AI (/game skip) is credited to the AI, on that person's behalf.
                actor = current.display_name if current.is_ai else f"AI for {current.display_name}"  # stored
                try:
                    outcome = await self.recorder.record(
                        channel_id,
                        table,
                        move,
                        new_state,
                        events,
                        None,
                        current.seat,
                        by_ai=True,
                        retry=cached,
                        actor=actor,
                        key=stamp.request_key(None, stamp.tag_of(table), move.key),
                    )
                    return await self.only_choices(channel_id, outcome)
                except Overtaken:
                    table, cached = await self.tables.for_move(channel_id, fresh=True)

    async def _then(self, channel_id: int, outcome: MoveOutcome, key: str, user_id: int, request: str) -> MoveOutcome:
        """A pair's second move (issue 21), its own stored move right after the first, when it is still legal for
        the same seat; if it cannot be made or stored, the game stays after the first move and the person is asked."""
        table = outcome.table
        current = table.current
        if table.state is None or not table.active or current is None or current.seat != outcome.seat:
            return outcome
        try:
            move = engine.move_from_key(table.state, key)
            if move.player != current.seat:
                return outcome
            new_state, events = engine.step(table.state, move)
        except engine.IllegalMove:
            return outcome
        try:
            then = await self.recorder.record(
                channel_id, table, move, new_state, events, user_id, current.seat, by_ai=False,
                key=stamp.request_key(user_id, stamp.tag_of(table), request),
            )  # fmt: skip
        except Refusal:
            return outcome
        return joined(outcome, then)

    async def _not_done_yet(self, table: Table, user_id: int, request: str, *, clicked: bool) -> None:
        """Refuse a request asked on an earlier state that acted already (its key is in the log)."""
        done = await self.recorder.landed(table.game_id, request)
        if done is not None:
            earlier = _(" This button is from an earlier turn.") if clicked else ""
            # A StaleClick: the move it finds may not have been shown yet (its outcome was lost), so the flow repairs.
            raise StaleClick(f"{already_done(done)}{earlier} {self.legal.legal_text(table, user_id)}")

    async def only_choices(self, channel_id: int, outcome: MoveOutcome) -> MoveOutcome:
        """After a move (under the channel lock): make each next step whose one legal move decides nothing for the
        person to act (unless the table confirms every step), each its own stored move, credited in words
        ("alice (the only choice)"). A failure to store one leaves the game where it is: the person is asked."""
        while (made := self.legal.made_for(outcome.table, turn_over=outcome.turn_over)) is not None:
            key, mark = made
            table = outcome.table
            current = table.current
            assert current is not None and table.state is not None
            move = engine.move_from_key(table.state, key)
            new_state, events = engine.step(table.state, move)
            try:
                then = await self.recorder.record(
                    channel_id,
                    table,
                    move,
                    new_state,
                    events,
                    current.user_id,
                    current.seat,
                    by_ai=False,
                    actor=current.display_name + mark,
                    key=stamp.request_key(None, stamp.tag_of(table), move.key),
                )
            except Refusal:
                return outcome
            outcome = joined(outcome, then)
        return outcome

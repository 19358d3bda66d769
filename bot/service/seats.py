"""Absent players: how long a seat has been silent, `/game skip`, `/game substitute` and `/game handover`; and a
player who said they are away (`/game away`): the turn waits the days the table allows, then the AI plays it."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from storage import PlayerRecord, StorageError, Store, UserTime

from ..catalog import AWAY_AI, AWAY_DAYS, Catalog
from ..lang import _, ngettext
from ..settings import Settings
from ..text import format_duration, safe_name
from . import time_bank
from .cache import TableCache
from .hours import Hours, away_now, covered, time_away, timestamp
from .refusal import Refusal
from .table import MoveOutcome, Table
from .turns import Turns


def ai_name_for(player: PlayerRecord) -> str:
    """The name of an AI taking over a person's seat: "AI for bob" (an AI seat handed on keeps its name)."""
    # Stored as the seat's name, so in one language for everyone (a name, not a sentence).
    return player.display_name if player.is_ai else f"AI for {player.display_name}"


@dataclass
class Seats:
    store: Store
    tables: TableCache
    turns: Turns
    catalog: Catalog
    settings: Settings
    clock: Callable[[], float] = time.time
    hours: Hours | None = None

    def idle_for(self, table: Table) -> float:
        return max(0.0, self.clock() - self.since(table))

    @staticmethod
    def since(table: Table) -> float:
        record = table.record
        return record.last_move_at or record.started_at or record.created_at

    @staticmethod
    def away_rule(table: Table) -> tuple[float, bool]:
        """The lobby's words on away players: the days a turn waits for them, whether the AI covers at once."""
        options = table.record.options
        return float(options.get(AWAY_DAYS.name, AWAY_DAYS.default)), bool(options.get(AWAY_AI.name, AWAY_AI.default))

    def covers(self, table: Table, person: UserTime) -> bool:
        """Whether the AI plays this away person's turn now."""
        days, at_once = self.away_rule(table)
        record = table.record
        return covered(person, record.started_at or record.created_at, self.clock(), days, at_once)

    async def _person_to_act(self, table: Table) -> UserTime | None:
        current = table.current
        if self.hours is None or current is None or current.is_ai or current.user_id is None:
            return None
        return await self.hours.person(current.user_id)

    def _check_away(self, table: Table, person: UserTime | None) -> float:
        """The turn's idle time without the time its player was away; a Refusal while the table still waits for them."""
        idle = self.idle_for(table)
        if person is None:
            return idle
        now, since = self.clock(), self.since(table)
        if away_now(person, now) and not self.covers(table, person):
            assert person.away_until is not None and table.current is not None
            days, _at_once = self.away_rule(table)
            started = table.record.started_at or table.record.created_at
            cover_at = max(started, person.away_from or started) + days * 24 * 3600
            raise Refusal(
                ngettext(
                    "{name} is away until {day}; this table waits {days} day for them (the AI plays their turns "
                    "after {when}).",
                    "{name} is away until {day}; this table waits {days} days for them (the AI plays their turns "
                    "after {when}).",
                    int(days),
                ).format(
                    name=safe_name(table.current.display_name),
                    day=timestamp(person.away_until, "D"),
                    days=f"{days:g}",
                    when=timestamp(cover_at),
                )
            )
        return max(0.0, idle - time_away(person, since, now))

    async def clock_left(self, table: Table, person: UserTime | None) -> float | None:
        """Seconds left on the time bank of the player to move (time away not counted), None without a time bank."""
        per_turn = time_bank.allowance(table.record.options)
        current = table.current
        if not per_turn or current is None:
            return None
        moves = [(int(m.move.get("player", -1)), m.created_at) for m in await self.store.moves(table.game_id)]
        started = table.record.started_at or table.record.created_at
        now = self.clock()
        left = time_bank.clock_left(moves, started, current.seat, now, per_turn)
        return left + (time_away(person, self.since(table), now) if person is not None else 0.0)

    def _check_clock(self, table: Table, left: float) -> None:
        if left > 0:
            assert table.current is not None
            raise Refusal(
                _(
                    "{name} still has time on their clock (this table has a time bank): that is possible when it "
                    "runs out, {when}."
                ).format(name=safe_name(table.current.display_name), when=timestamp(self.clock() + left))
            )

    def _check_absent(
        self,
        table: Table,
        user_id: int,
        manage: bool,
        what: str,
        person: UserTime | None = None,
        left: float | None = None,
    ) -> PlayerRecord:
        current = table.current
        if current is None:
            raise Refusal(_("The game is over."))
        if current.is_ai:
            raise Refusal(
                _(
                    "An AI is playing this seat already; to give it to a person use "
                    "`/game substitute to:@member seat:{seat}`."
                ).format(seat=current.seat + 1)
            )
        if current.user_id == user_id:
            raise Refusal(_("It is your own turn; to {what} use `/game handover`.").format(what=what))
        if table.seat_of(user_id) is None and not manage:
            raise Refusal(_("Only the other players (or someone with Manage Channels) can do that."))
        idle = self._check_away(table, person)
        if left is not None:
            self._check_clock(table, left)
        elif idle < self.settings.idle_after:
            wait = self.settings.idle_after - idle
            raise Refusal(
                _("{name} has been away for {idle}; that is possible after {after} ({when}).").format(
                    name=safe_name(current.display_name),
                    idle=format_duration(idle),
                    after=format_duration(self.settings.idle_after),
                    when=timestamp(self.clock() + wait),
                )
            )
        return current

    async def check_skip(self, channel_id: int, user_id: int, manage: bool = False) -> PlayerRecord:
        """Refusal unless the user may have the AI play the absent current player's turn; returns that seat."""
        table = await self.tables.active_table(channel_id)
        person = await self._person_to_act(table)
        left = await self.clock_left(table, person)
        return self._check_absent(table, user_id, manage, _("hand your turn to the AI"), person, left)

    async def skip_turn(self, channel_id: int, user_id: int, manage: bool = False) -> list[MoveOutcome]:
        """`/game skip`: the heuristic AI plays the rest of the absent player's turn; the seat stays theirs.

        Each AI move is made only if the absent seat is still to act at the version the previous step left
        (checked under the lock), so a second skip at the same moment, or the player coming back and moving,
        stops this one instead of making the AI play somebody else's turn. Empty if nothing was left to do.
        """
        async with self.tables.lock(channel_id):
            table = await self.tables.active_table(channel_id)
            person = await self._person_to_act(table)
            left = await self.clock_left(table, person)
            absent = self._check_absent(table, user_id, manage, _("hand your turn to the AI"), person, left)
            version = table.version
        return await self._ai_plays(channel_id, absent.seat, version)

    async def cover_turn(self, channel_id: int, seat: int, version: int) -> list[MoveOutcome]:
        """The AI plays the turn of an away player ("AI for bob"), as /game skip would; the seat stays theirs."""
        return await self._ai_plays(channel_id, seat, version)

    async def _ai_plays(self, channel_id: int, seat: int, version: int) -> list[MoveOutcome]:
        outcomes: list[MoveOutcome] = []
        while True:
            outcome = await self.turns.ai_step(channel_id, force=True, seat=seat, version=version)
            if outcome is None:
                break
            outcomes.append(outcome)
            version = outcome.table.version
            if outcome.turn_over:
                break
        return outcomes

    async def handover(
        self,
        channel_id: int,
        user_id: int,
        *,
        to_user: tuple[int, str] | None = None,
        manage: bool = False,
        kind: str | None = None,
        absent: bool = False,
        seat: int | None = None,
        dry_run: bool = False,
    ) -> PlayerRecord:
        """Hand a seat to another user (to_user) or to an AI.

        `dry_run`: only check, and return the seat that would change hands (a member is offered it first and
        takes it by a button; the handover is then made again, checked again, when they accept).

        absent=False (`/game handover`): the user's own seat, any time. absent=True (`/game substitute`): the
        seat of the player to move, by another player or a moderator, once they have been idle long enough.
        `seat` (0-based) names the seat: an AI seat can be given (back) to a person by any seated player or a
        moderator at any time; any other seat must be the one the rules above pick.
        """
        async with self.tables.lock(channel_id):
            table = await self.tables.active_table(channel_id)
            if not table.active:
                raise Refusal(_("The game is over."))
            chosen: PlayerRecord
            if seat is not None and not 0 <= seat < len(table.players):
                raise Refusal(
                    _("There is no seat {seat}; this game has seats 1 to {players}.").format(
                        seat=seat + 1, players=len(table.players)
                    )
                )
            if seat is not None and table.players[seat].is_ai:
                chosen = table.players[seat]
                if to_user is None:
                    raise Refusal(
                        _("Seat {seat} is played by an AI already; name the member who takes it over.").format(
                            seat=seat + 1
                        )
                    )
                if table.seat_of(user_id) is None and not manage:
                    raise Refusal(
                        _("Only the players (or someone with Manage Channels) can give an AI seat to a person.")
                    )
            elif absent:
                person = await self._person_to_act(table)
                left = await self.clock_left(table, person)
                chosen = self._check_absent(table, user_id, manage, _("hand over your seat"), person, left)
            else:
                own = table.seat_of(user_id)
                if own is None:
                    raise Refusal(_("You have no seat to hand over; `/game substitute` replaces an absent player."))
                chosen = table.players[own]
            if seat is not None and chosen.seat != seat:
                raise Refusal(
                    _(
                        "Seat {seat} is not yours, not an AI's and not the absent player's to move; "
                        "it cannot be handed over now."
                    ).format(seat=seat + 1)
                )
            if to_user is not None:
                if table.seat_of(to_user[0]) is not None:
                    raise Refusal(_("{to_user} already has a seat in this game.").format(to_user=safe_name(to_user[1])))
                name, ai_kind, new_user = to_user[1], None, to_user[0]
            else:
                kind = kind or self.catalog.info(table.game).default_ai
                name, ai_kind, new_user = ai_name_for(chosen), kind, None
            if dry_run:
                return chosen
            # The engine's registry says which kinds exist; storage's type still names two of them (issue 18).
            stored_kind: Any = ai_kind
            try:
                player = await self.store.replace_seat(
                    table.game_id,
                    chosen.seat,
                    new_user,
                    name,
                    stored_kind,
                    self.clock(),
                )
            except StorageError as exc:
                raise Refusal(str(exc)) from None
            self.tables.forget(channel_id)
            await self.tables.table(channel_id, fresh=True)
            return player

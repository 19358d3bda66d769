"""Playing: what a user may do now, reading what they typed or clicked as one legal move, applying it; AI moves."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from typing import Any

import engine

from ..text import safe_name
from .core import Overtaken, ServiceCore
from .tables import MoveOutcome, Refusal, StaleClick, Table

TYPED_LIMIT = 100  # what a user types into an option is never longer than a label; longer is not a choice


class TurnService(ServiceCore):
    def legal_for(self, table: Table | None, user_id: int, kinds: Iterable[str] | None = None) -> list[dict[str, Any]]:
        """The legal entries (of the given kinds; None: all) for this user: empty unless they are to act now."""
        if table is None or not table.active:
            return []
        seat = table.seat_of(user_id)
        if seat is None or not table.acts(seat) or table.players[seat].is_ai:
            return []
        return self.legal_of(table, seat, kinds)

    @staticmethod
    def legal_of(table: Table, seat: int, kinds: Iterable[str] | None = None) -> list[dict[str, Any]]:
        """The seat's legal entries (of the given kinds), as the seat itself sees them."""
        if not table.active or not table.acts(seat):
            return []
        wanted = None if kinds is None else set(kinds)
        return [
            entry
            for entry in table.view(seat)["legal"]
            if entry["player"] == seat and (wanted is None or entry["kind"] in wanted)
        ]

    def waiting_for(self, table: Table) -> str:
        """Whose turn it is, in words: "alice's turn" (several seats acting: "alice and bob must act")."""
        acting = table.to_act
        if not acting:
            return "The game is over"
        names = [safe_name(p.display_name) for p in acting]
        if len(names) == 1:
            return f"It is {names[0]}'s turn"
        return f"{' and '.join(names)} must act now"

    def verb_refusal(self, table: Table, command: str) -> Refusal | None:
        """A refusal if the channel's game has no such verb (it belongs to another game)."""
        if command == "play" or self.catalog.verb_named(table.game, command) is not None:
            return None
        title = self.catalog.title(table.game)
        return Refusal(
            f"`/{command}` is not a command of {title}, the game in this channel. "
            f"Its commands: {self.catalog.verbs_text(table.game)}."
        )

    def resolve(self, table: Table, seat: int, command: str, value: str | int | None) -> str:
        """The key of the one legal move that `/command option:value` names, or a Refusal saying why not.

        Accepted: the value autocomplete fills in, a move's label, its number (as on the board overlay), or a
        unique part of a label; for a verb without a value, its one legal move."""
        refusal = self.verb_refusal(table, command)
        if refusal is not None:
            raise refusal
        verb = None if command == "play" else self.catalog.verb_named(table.game, command)
        kinds = None if verb is None else verb.kinds
        legal = self.legal_of(table, seat, kinds)
        if not legal:
            prompt = table.view(seat).get("prompt") or "make another move"
            raise Refusal(f"You cannot `/{command}` now: it is time to {prompt}. {self.legal_text(table, seat=seat)}")
        if verb is not None and verb.option is None:
            return legal[0]["key"]
        text = " ".join(str(value if value is not None else "").split())
        if not text or len(text) > TYPED_LIMIT:
            raise Refusal(f"Choose one of your options. {self.legal_text(table, seat=seat)}")
        presenter = self.catalog.presenter(table.game)
        low = text.lower()
        for matches in (
            lambda e: e["key"] == text,
            lambda e: presenter.value_of(e).lower() == low,
            lambda e: str(e.get("label", "")).lower() == low,
            lambda e: low.lstrip("#").isdigit() and e.get("number") == int(low.lstrip("#")),
        ):
            found = [e for e in legal if matches(e)]
            if len(found) == 1 or (found and all(f["key"] == found[0]["key"] for f in found)):
                return found[0]["key"]
        partial = [e for e in legal if low in str(e.get("label", "")).lower()]
        if len(partial) == 1:
            return partial[0]["key"]
        why = "names several of your choices" if partial else "is not one of your choices now"
        raise Refusal(f"“{safe_name(text)}” {why}. {self.legal_text(table, seat=seat)}")

    def _check_turn(self, table: Table, user_id: int) -> int:
        if not table.active:
            raise Refusal("The game is over; see `/game status` for the final scores.")
        seat = table.seat_of(user_id)
        if seat is None:
            raise Refusal(f"You are not playing in this game. {self.waiting_for(table)}.")
        if not table.acts(seat):
            raise Refusal(f"{self.waiting_for(table)}, not yours.")
        if table.players[seat].is_ai:
            raise Refusal("Your seat is played by an AI now.")
        return seat

    def legal_text(self, table: Table, user_id: int | None = None, *, seat: int | None = None) -> str:
        """What the user (or seat) may do now, in words; whose turn it is for anyone else."""
        if not table.active:
            return "The game is over."
        if seat is None and user_id is not None:
            seat = table.seat_of(user_id)
        if seat is None or not table.acts(seat):
            return f"{self.waiting_for(table)}."
        return self.catalog.legal_summary(table.game, self.legal_of(table, seat))

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
    ) -> MoveOutcome:
        """Apply the user's move (a key from a button, or /command value), or raise Refusal saying why not.

        `game_id`/`version` come from a button's custom_id: a click on a message of an earlier state is
        refused, which is also what makes a double click harmless.
        """
        async with self.lock(channel_id):
            table, cached = await self._current_table(channel_id)
            while True:
                if game_id is not None and (table is None or table.game_id != game_id):
                    raise Refusal("This button belongs to a game that is over.")
                if table is None or table.state is None:
                    await self.active_table(channel_id)  # raises the right refusal
                    raise AssertionError  # unreachable
                if command is not None and (refusal := self.verb_refusal(table, command)) is not None:
                    raise refusal
                seat = self._check_turn(table, user_id)
                if version is not None and version != table.version:
                    raise StaleClick("This button is from an earlier turn. " + self.legal_text(table, user_id))
                move_key = key
                if move_key is None:
                    assert command is not None
                    move_key = self.resolve(table, seat, command, value)
                try:
                    move = engine.move_from_key(table.state, move_key)
                    if move.player != seat:
                        raise engine.IllegalMove("That choice belongs to another player.")
                    new_state, events = engine.step(table.state, move)
                except engine.IllegalMove as exc:
                    raise Refusal(f"{exc.reason} {self.legal_text(table, user_id)}") from None
                try:
                    return await self._record(
                        channel_id, table, move, new_state, events, user_id, seat, by_ai=False, retry=cached
                    )
                except Overtaken:
                    # Another process changed the game since it was cached: judge the move again on the truth.
                    table, cached = await self._current_table(channel_id, fresh=True)

    async def ai_step(
        self, channel_id: int, *, force: bool = False, seat: int | None = None, version: int | None = None
    ) -> MoveOutcome | None:
        """One move by the AI for the first seat to act if that seat is an AI (or any seat with force=True).

        `seat`/`version` (checked under the channel lock) make it play only if that seat is still to act at
        that state version; otherwise None, so a skip racing another skip or the player's own move stops.
        """
        async with self.lock(channel_id):
            table, cached = await self._current_table(channel_id)
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
                actor = current.display_name if current.is_ai else f"AI for {current.display_name}"
                try:
                    return await self._record(
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
                    )
                except Overtaken:
                    table, cached = await self._current_table(channel_id, fresh=True)

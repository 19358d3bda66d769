"""What a user may do now, in data and in words, and reading what they typed as one legal move. No I/O: a
function of the table and the catalog. The bot never decides legality itself: the engine's view lists the moves."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import engine

from ..catalog import CONFIRM_STEPS, Catalog
from ..lang import _
from ..text import safe_name
from .accounts import ALIKE_MARK, ONLY_CHOICE_MARK
from .refusal import Refusal
from .table import Table

PAIR_SEP = "|"  # a pair's move keys in one button's key: the first, then the second (no move key holds it)
TYPED_LIMIT = 100  # what a user types into an option is never longer than a label; longer is not a choice


class Legal:
    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog

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

    @staticmethod
    def forced(table: Table, *, turn_over: bool = False) -> str | None:
        """The key of the move the bot makes for the person to act (`made_for`), or None: they are asked."""
        made = Legal.made_for(table, turn_over=turn_over)
        return made[0] if made is not None else None

    @staticmethod
    def made_for(table: Table, *, turn_over: bool = False) -> tuple[str, str] | None:
        """The move to make for the person to act, with the mark its actor is stored with, when making it decides
        nothing: it is their only legal move, or the game calls their choices alike (`Presenter.alike`: a tile
        drawn blind from piles that look the same); unless the table confirms every step (the lobby's "Confirm
        every step"). None: they are asked.

        `turn_over`: the move before ended a turn. Then nothing is made: the new turn's message must first tell the
        turn that ended (its account holds the moves since the last turn end), and a turn rarely starts alone."""
        current = table.current
        if turn_over or current is None or current.is_ai:
            return None
        if table.record.options.get(CONFIRM_STEPS.name, CONFIRM_STEPS.default):
            return None
        mine = Legal.legal_of(table, current.seat)
        if len(mine) == 1:
            return str(mine[0]["key"]), ONLY_CHOICE_MARK
        alike = engine.presenter(table.game).alike_of(table.view(current.seat), mine) if mine else None
        return (alike, ALIKE_MARK) if alike is not None else None

    @staticmethod
    def after_pairable(table: Table, key: str) -> tuple[Table, int] | None:
        """The table after the move `key` and the seat's legal moves then, when its next step may be chosen with it
        in one click (issue 21): the game pairs the two kinds (`Presenter.pairs`), the same seat acts next in the
        same turn, and the bot would not make that step itself. None: the move is offered alone."""
        state = table.state
        if state is None:
            return None
        try:
            move = engine.move_from_key(state, key)
        except engine.IllegalMove:
            return None
        kinds = engine.presenter(table.game).pairs.get(move.kind)
        if not kinds:
            return None
        new_state, events = engine.step(state, move)
        if new_state.game_over or engine.turn_passed(table.game, events):
            return None
        after = Table(table.record, table.players, new_state)
        if [p.seat for p in after.to_act] != [move.player] or after.players[move.player].is_ai:
            return None
        mine = [m for m in engine.legal_moves(new_state) if m.player == move.player]
        if len(mine) < 2 or any(m.kind not in kinds for m in mine) or Legal.made_for(after) is not None:
            return None
        return after, len(mine)

    @staticmethod
    def pair_counts(table: Table, entries: Iterable[dict[str, Any]]) -> dict[str, int]:
        """Each entry's number of pairs (0: offered alone), for entries of kinds the game pairs."""
        pairs = engine.presenter(table.game).pairs
        counts = {}
        for entry in entries:
            if entry["kind"] in pairs:
                found = Legal.after_pairable(table, str(entry["key"]))
                counts[str(entry["key"])] = found[1] if found is not None else 0
        return counts

    @staticmethod
    def seconds(table: Table, key: str) -> list[dict[str, Any]] | None:
        """The next step's choices to offer with the move `key`, as everyone sees them; None: it is offered alone
        (also when one of those choices is private: a pair's button is on a message others see)."""
        found = Legal.after_pairable(table, key)
        if found is None:
            return None
        after, count = found
        seat = after.to_act[0].seat
        shown = [e for e in after.view(None)["legal"] if e["player"] == seat]
        return shown if len(shown) == count else None

    @staticmethod
    def waiting_for(table: Table) -> str:
        """Whose turn it is, in words: "alice's turn" (several seats acting: "alice and bob must act")."""
        acting = table.to_act
        if not acting:
            return _("The game is over")
        names = [safe_name(p.display_name) for p in acting]
        if len(names) == 1:
            return _("It is {name}'s turn").format(name=names[0])
        return _("{names} must act now").format(names=_(" and ").join(names))

    @staticmethod
    def whose_turn(table: Table) -> str:
        """Whose turn it is, in a few words for a list: "alice's turn", "alice and bob must act now"."""
        names = [safe_name(p.display_name) for p in table.to_act]
        if len(names) == 1:
            return _("{name}'s turn").format(name=names[0])
        return Legal.waiting_for(table)

    def verb_refusal(self, table: Table, command: str) -> Refusal | None:
        """A refusal if `command` ("<game> <verb>") is not one of the channel's game (it belongs to another game)."""
        found = self.catalog.command_of(command)
        if command == "play" or (found is not None and found[0] == table.game):
            return None
        title = self.catalog.title(table.game)
        return Refusal(
            _("`/{command}` is not a command of {title}, the game in this channel. Its commands: {commands}.").format(
                command=command, title=title, commands=self.catalog.verbs_text(table.game)
            )
        )

    def resolve(self, table: Table, seat: int, command: str, value: str | int | None) -> str:
        """The key of the one legal move that `/<game> <verb> option:value` (or `/play move:`) names, or a Refusal.

        Accepted: the value autocomplete fills in, a move's label, its number (as on the board overlay), or a
        unique part of a label; for a verb without a value, its one legal move."""
        refusal = self.verb_refusal(table, command)
        if refusal is not None:
            raise refusal
        named = self.catalog.command_of(command)
        verb = named[1] if named is not None else None
        kinds = None if verb is None else verb.kinds
        legal = self.legal_of(table, seat, kinds)
        if not legal:
            prompt = table.view(seat).get("prompt") or _("make another move")
            raise Refusal(
                _("You cannot `/{command}` now: it is time to {prompt}. {legal}").format(
                    command=command, prompt=prompt, legal=self.legal_text(table, seat=seat)
                )
            )
        if verb is not None and verb.option is None:
            return str(legal[0]["key"])
        text = " ".join(str(value if value is not None else "").split())
        if not text or len(text) > TYPED_LIMIT:
            raise Refusal(_("Choose one of your options. {legal}").format(legal=self.legal_text(table, seat=seat)))
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
                return str(found[0]["key"])
        partial = [e for e in legal if low in str(e.get("label", "")).lower()]
        if len(partial) == 1:
            return str(partial[0]["key"])
        why = (
            _("“{typed}” names several of your choices.") if partial else _("“{typed}” is not one of your choices now.")
        )
        raise Refusal(why.format(typed=safe_name(text)) + " " + self.legal_text(table, seat=seat))

    def check_turn(self, table: Table, user_id: int) -> int:
        """The user's seat if they are to act now; else a Refusal saying whose turn it is."""
        if not table.active:
            raise Refusal(_("The game is over; see `/game status` for the final scores."))
        seat = table.seat_of(user_id)
        if seat is None:
            raise Refusal(_("You are not playing in this game. {whose}.").format(whose=self.waiting_for(table)))
        if not table.acts(seat):
            raise Refusal(_("{whose}, not yours.").format(whose=self.waiting_for(table)))
        if table.players[seat].is_ai:
            raise Refusal(_("Your seat is played by an AI now."))
        return seat

    def legal_text(self, table: Table, user_id: int | None = None, *, seat: int | None = None) -> str:
        """What the user (or seat) may do now, in words; whose turn it is for anyone else."""
        if not table.active:
            return _("The game is over.")
        if seat is None and user_id is not None:
            seat = table.seat_of(user_id)
        if seat is None or not table.acts(seat):
            return f"{self.waiting_for(table)}."
        return self.catalog.legal_summary(table.game, self.legal_of(table, seat))

"""A time bank instead of the flat idle time (issue 25): each turn adds the table's allowance to the player's clock, up
to three turns' worth; the time a turn takes comes off it. When the clock of the player to move is empty, the others
may `/game skip` or `/game substitute`, as after the flat idle time. Computed from the move log's times, so it needs
no storage of its own and an undo gives back what the undone moves took."""

from __future__ import annotations

from collections.abc import Sequence

from ..catalog import TIME_BANK

CAP_TURNS = 3  # the clock holds at most this many turns' allowance


def allowance(options: dict[str, object]) -> float:
    """Seconds a turn adds to the clock (0: no time bank, the flat idle time applies)."""
    hours = options.get(TIME_BANK.name, TIME_BANK.default)
    return float(hours) * 3600 if isinstance(hours, int | float) and not isinstance(hours, bool) else 0.0


def clock_left(moves: Sequence[tuple[int, float]], started: float, to_act: int, now: float, per_turn: float) -> float:
    """Seconds left on the clock of seat `to_act` at `now`, given the log's (seat, made at) in order since `started`.
    A turn starts when the seat to move changes: its allowance is added then (up to the cap); every move takes the
    time since the move before it off its seat's clock."""
    cap = CAP_TURNS * per_turn
    left: dict[int, float] = {}
    last_seat: int | None = None
    last = started

    def turn_starts(seat: int) -> None:
        left[seat] = min(cap, left.get(seat, 0.0) + per_turn)

    for seat, at in moves:
        if seat != last_seat:
            turn_starts(seat)
        left[seat] -= max(0.0, at - last)
        last_seat, last = seat, at
    if to_act != last_seat:
        turn_starts(to_act)
    return left[to_act] - max(0.0, now - last)

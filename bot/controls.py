"""Which controls a turn offers, and how they group: a pure function from legal choices to control specs.

No Discord here: `turn_controls` turns the legal entries of the seats to act (the view header's `legal`) and the
game's presenter into rows of `Button`s or one `Menu` each, which either message form (a classic view or a
components-v2 layout) lays out. The rules it keeps (issue 21):

* A kind with at most five choices is buttons (one click); one of more than 25 is a menu (two clicks: open,
  pick); six to 25 are buttons, five a row, while Discord's five rows last, else a menu (the presenter's
  `select_kinds` first, then the longest), since a button is one click where a menu pick is two.
* A menu holds one kind only, under that kind's whole placeholder.
* More than 25 choices of a kind are split by the presenter's groups (a board row, a region: `Presenter.group_of`)
  into menus of at most 25, each naming its groups, so any choice is one pick away and the labels keep the
  numbers the picture shows; no menu holds a single option when the choices could be shared out evenly.
* At most five rows (Discord's limit); what does not fit is counted (`left_out`: reachable by slash command).
* A seat whose choices include some only it may see (a private hand) gets a button that opens them privately.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.api import Presenter

from .lang import N_, _

MAX_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_OPTIONS = 25
MAX_PLACEHOLDER = 150
BUTTONS_AT_MOST = 5  # choices of a kind that are always buttons
BUTTONS_IF_ROOM = MAX_ROWS * MAX_BUTTONS_PER_ROW  # choices of a kind that are buttons while the rows last
PRIVATE_LABEL = N_("🔒 Your choices (only you see them)")
BACK_LABEL = N_("↩ Back")
PAIR_ROOM = (MAX_ROWS - 1) * MAX_BUTTONS_PER_ROW  # an opener's pairs: four rows, the fifth holds Back


@dataclass(frozen=True)
class Button:
    key: str  # the move key
    label: str
    style: str  # one of engine.api.BUTTON_STYLES


@dataclass(frozen=True)
class Menu:
    placeholder: str
    options: tuple[tuple[str, str], ...]  # (move key, label)


@dataclass(frozen=True)
class Private:
    """Opens the seat's private choices (an ephemeral copy of the controls built from its own view)."""

    label: str = PRIVATE_LABEL


@dataclass(frozen=True)
class Opener:
    """Opens the pairs of some of a step's choices (`second_level`): the choices it holds, by key, as numbered."""

    n: int  # which opener of the step (its place among them; the bot finds the same ones again from the state)
    label: str
    keys: tuple[str, ...]


@dataclass(frozen=True)
class Pair:
    """Two steps in one click: the first move, then `second` (None: the first alone, its next step asked after)."""

    first: str
    second: str | None
    label: str


@dataclass(frozen=True)
class Back:
    """Back from an opener's pairs to the turn's choices."""

    label: str = BACK_LABEL


Control = Button | Menu | Private | Opener | Pair | Back


@dataclass(frozen=True)
class Controls:
    rows: tuple[tuple[Control, ...], ...]
    left_out: int = 0  # legal moves that did not fit (slash commands reach them)

    def clicks(self, key: str) -> int | None:
        """Clicks to make the move `key` here: a button 1, a menu 2; None when no control offers it."""
        for row in self.rows:
            for control in row:
                if isinstance(control, Button) and control.key == key:
                    return 1
                if isinstance(control, Opener) and key in control.keys:
                    return 2  # the opener, then the pair (which makes the next step too)
                if isinstance(control, Menu) and any(k == key for k, _label in control.options):
                    return 2
        return None

    def opens(self, key: str) -> bool:
        """Whether the move `key` is reached through an opener (its pair makes the next step in the same click)."""
        return any(isinstance(c, Opener) and key in c.keys for row in self.rows for c in row)

    @property
    def private(self) -> bool:
        return any(isinstance(c, Private) for row in self.rows for c in row)


def _by_kind(legal: Sequence[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    kinds: dict[str, list[dict[str, Any]]] = {}
    for entry in legal:
        kinds.setdefault(str(entry["kind"]), []).append(entry)
    return kinds


def _shares(n: int) -> list[int]:
    """n options in as few menus of at most 25 as possible, shared out evenly (never a menu of one)."""
    menus = -(-n // MAX_OPTIONS)
    return [n // menus + (1 if i < n % menus else 0) for i in range(menus)]


def _groups(entries: list[dict[str, Any]], presenter: Presenter) -> list[tuple[str, list[dict[str, Any]]]]:
    groups: dict[str, list[dict[str, Any]]] = {}
    for entry in entries:
        groups.setdefault(presenter.group_of(entry), []).append(entry)
    return sorted(groups.items(), key=lambda item: _natural(item[0]))


def _natural(name: str) -> tuple[Any, ...]:
    """ "row 2" before "row 10", "y=-1" before "y=2": the numbers in a group's name compare as numbers."""
    parts = re.split(r"(-?[0-9]+)", name)
    return tuple((1, int(p), "") if re.fullmatch(r"-?[0-9]+", p) else (0, 0, p) for p in parts if p)


def _menus(kind: str, entries: list[dict[str, Any]], presenter: Presenter) -> list[Menu]:
    """One menu of the kind, or (over 25) menus of whole groups where they fit, each naming its groups."""
    placeholder = presenter.placeholder_of(kind)
    if len(entries) <= MAX_OPTIONS:
        return [Menu(placeholder[:MAX_PLACEHOLDER], tuple(_option(e) for e in entries))]
    packs: list[tuple[list[str], list[dict[str, Any]], bool]] = []  # group names, members, open to more
    for name, members in _groups(entries, presenter):
        if not name or len(members) > MAX_OPTIONS:
            # No groups, or a group larger than a menu: shared out evenly, its parts numbered.
            start = 0
            shares = _shares(len(members))
            for i, size in enumerate(shares):
                part = _("{name}, part {i}").format(name=name, i=i + 1) if name else f"{i + 1} of {len(shares)}"
                packs.append(([part], members[start : start + size], False))
                start += size
        elif packs and packs[-1][2] and len(packs[-1][1]) + len(members) <= MAX_OPTIONS:
            packs[-1][0].append(name)
            packs[-1][1].extend(members)
        else:
            packs.append(([name], list(members), True))
    for i in range(1, len(packs)):
        # A menu of one option beside one of several groups: the neighbour's last group joins it.
        names, members, _whole = packs[i]
        before, held, _whole0 = packs[i - 1]
        if len(members) == 1 and len(before) > 1:
            moved = [e for e in held if presenter.group_of(e) == before[-1]]
            packs[i - 1] = (before[:-1], held[: len(held) - len(moved)], False)
            packs[i] = ([before[-1], *names], moved + members, False)
    menus = []
    for names, members, _whole in packs:
        which = names[0] if len(names) == 1 else _("{first} to {last}").format(first=names[0], last=names[-1])
        menus.append(Menu(f"{placeholder} ({which})"[:MAX_PLACEHOLDER], tuple(_option(e) for e in members)))
    return menus


def _option(entry: dict[str, Any]) -> tuple[str, str]:
    return str(entry["key"]), str(entry.get("label") or entry["key"])


def _buttons(entries: list[dict[str, Any]], presenter: Presenter) -> list[tuple[Control, ...]]:
    buttons = [Button(str(e["key"]), presenter.label_of(e), presenter.style_of(str(e["kind"]))) for e in entries]
    return [tuple(buttons[i : i + MAX_BUTTONS_PER_ROW]) for i in range(0, len(buttons), MAX_BUTTONS_PER_ROW)]


def openers(entries: list[dict[str, Any]], counts: Mapping[str, int], presenter: Presenter) -> list[Opener]:
    """A step's choices under openers, in their numbered order, each holding at most PAIR_ROOM pairs (`counts`: a
    choice's pairs, 0 when it pairs with nothing: one button), the turnings of one spot kept together."""
    spots: list[list[dict[str, Any]]] = []
    for entry in sorted(entries, key=lambda e: int(e.get("number") or 0)):
        if spots and presenter.spot_of(spots[-1][-1]) == presenter.spot_of(entry):
            spots[-1].append(entry)
        else:
            spots.append([entry])
    chunks: list[list[dict[str, Any]]] = []
    room = 0

    def size_of(entries: list[dict[str, Any]]) -> int:
        return sum(max(1, counts.get(str(e["key"]), 0)) for e in entries)

    # A spot with more pairs than an opener shows is split by its turnings.
    pieces = [part for spot in spots for part in ([spot] if size_of(spot) <= PAIR_ROOM else [[e] for e in spot])]
    for spot in pieces:
        size = size_of(spot)
        if size > PAIR_ROOM:
            return []  # one choice with more pairs than an opener shows: no openers for this step
        if not chunks or size > room:
            chunks.append([])
            room = PAIR_ROOM
        chunks[-1].extend(spot)
        room -= size
    out = []
    for n, chunk in enumerate(chunks):
        numbers = [int(e.get("number") or 0) for e in chunk]
        names = list(dict.fromkeys(presenter.spot_of(e) for e in chunk))
        which = f"#{numbers[0]}" if numbers[0] == numbers[-1] else f"#{numbers[0]}–#{numbers[-1]}"
        where = " · ".join(names) if len(names) <= 3 else f"{names[0]} … {names[-1]}"
        out.append(Opener(n, f"{which}: {where}", tuple(str(e["key"]) for e in chunk)))
    return out


def second_level(
    firsts: Sequence[dict[str, Any]],
    seconds: Mapping[str, Sequence[dict[str, Any]] | None],
    presenter: Presenter,
) -> Controls:
    """An opener's pairs: each first choice with each choice of its next step (one click makes both), or alone
    where its next step is asked after; then Back."""
    pairs: list[Control] = []
    for first in firsts:
        key = str(first["key"])
        after = seconds.get(key)
        if not after:
            pairs.append(Pair(key, None, presenter.label_of(first)))
            continue
        pairs += [Pair(key, str(second["key"]), presenter.pair_label(first, second)) for second in after]
    rows: list[tuple[Control, ...]] = [
        tuple(pairs[i : i + MAX_BUTTONS_PER_ROW]) for i in range(0, len(pairs), MAX_BUTTONS_PER_ROW)
    ][: MAX_ROWS - 1]
    rows.append((Back(),))
    return Controls(tuple(rows), max(0, len(pairs) - PAIR_ROOM))


def turn_controls(
    legal: Sequence[dict[str, Any]],
    presenter: Presenter,
    *,
    private: bool = False,
    counts: Mapping[str, int] | None = None,
) -> Controls:
    """The controls for these legal entries (of the seats to act, as the message's readers may see them);
    `private`: the seat to act has choices only it may see, so a button opens them. `counts`: for a kind the game
    pairs with its next step (`Presenter.pairs`), each choice's pairs: a kind that would be menus becomes openers
    when they fit."""
    kinds = _by_kind(legal)
    blocks: list[list[tuple[Control, ...]]] = []  # per kind, its rows, in the order the kinds come
    flexible: list[int] = []  # blocks of six to 25 buttons, which become a menu if the rows run out
    for kind, entries in kinds.items():
        n = len(entries)
        if n <= BUTTONS_AT_MOST:
            blocks.append(_buttons(entries, presenter))
        elif n > BUTTONS_IF_ROOM:
            blocks.append([(m,) for m in _menus(kind, entries, presenter)])
        else:
            flexible.append(len(blocks))
            blocks.append(_buttons(entries, presenter))
    budget = MAX_ROWS - (1 if private else 0)
    kind_of = list(kinds)
    for i in sorted(flexible, key=lambda i: (kind_of[i] not in presenter.select_kinds, -len(blocks[i]))):
        if sum(len(b) for b in blocks) <= budget:
            break
        entries = kinds[kind_of[i]]
        blocks[i] = [(m,) for m in _menus(str(entries[0]["kind"]), entries, presenter)]
    if counts is not None:
        for i, kind in enumerate(kind_of):
            if kind not in presenter.pairs or not any(isinstance(c, Menu) for row in blocks[i] for c in row):
                continue
            opened = openers(kinds[kind], counts, presenter)
            rows_needed = -(-len(opened) // MAX_BUTTONS_PER_ROW)
            if opened and sum(len(b) for b in blocks) - len(blocks[i]) + rows_needed <= budget:
                blocks[i] = [
                    tuple(opened[j : j + MAX_BUTTONS_PER_ROW]) for j in range(0, len(opened), MAX_BUTTONS_PER_ROW)
                ]
    rows: list[tuple[Control, ...]] = []
    left_out = 0
    for block in blocks:
        for row in block:
            if len(rows) < budget:
                rows.append(row)
            else:
                left_out += sum(
                    len(c.options) if isinstance(c, Menu) else len(c.keys) if isinstance(c, Opener) else 1 for c in row
                )
    if private:
        rows.append((Private(),))
    return Controls(tuple(rows), left_out)

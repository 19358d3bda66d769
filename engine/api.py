"""The game contract: what every game package provides, and all that the bot, storage and renderer may rely on.

A game is a package `engine/<name>/` whose `__init__.py` builds one `Game` (below) named `GAME`, listed in
`engine/games.py`. Modelled on boardgame.io's Game object (plain data, a reducer; the framework's `ctx` apart from
the game's `G`) and OpenSpiel's GameType (name, players, parameters): the bot builds its lobby, commands, buttons
and texts from `GameInfo` and the game's `Presenter`, and never looks inside a state.

Every view starts with the common header (`HEADER_KEYS`), so a program that knows no game can still tell whose
turn it is, what they may do and whether the game is over:

    game        the game's name                      version   state version (+1 per applied move)
    viewer      the seat looking, or None            phase     a game-specific word (presenters explain it)
    to_act      seats that must act now (in order)   current_player   the seat whose turn it is (or None)
    turn        the turn number (1, 2, ...)          prompt    what the seats to act do now, in plain words
    legal       legal moves of the seats to act, as the viewer may see them: dicts with key, kind, player,
                label (at most 100 characters, words a player reads), number (1, 2, ... within the kind)
    players     [{seat, name, ...}]                  game_over bool       result   None, or {scores, winners,
                                                                                  ranking} (ranking: place per seat)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic

from engine.core.lang import CORE, N_, Translator
from engine.core.moves import Move
from engine.core.state import S
from engine.errors import IllegalMove

OptionValue = bool | int | str
Event = dict[str, Any]
View = dict[str, Any]

HEADER_KEYS = (
    "game",
    "version",
    "viewer",
    "phase",
    "to_act",
    "current_player",
    "turn",
    "prompt",
    "legal",
    "players",
    "game_over",
    "result",
)
LEGAL_KEYS = ("key", "kind", "player", "label", "number")


@dataclass(frozen=True)
class OptionSpec:
    """One variant option a host may set in the lobby."""

    name: str  # the key in the options dict, e.g. "personal_tiles"
    label: str  # a few words for the lobby, e.g. "Personal tiles"
    description: str  # one line: what it changes
    default: OptionValue
    choices: tuple[OptionValue, ...]  # the allowed values; (False, True) for a switch
    choice_labels: tuple[str, ...] = ()  # words per choice, parallel to `choices`; empty: derived

    @property
    def is_switch(self) -> bool:
        return self.choices == (False, True) or self.choices == (True, False)

    def words(self, value: OptionValue) -> str:
        """The lobby's words for a value of this option."""
        if self.choice_labels and value in self.choices:
            return self.choice_labels[self.choices.index(value)]
        if isinstance(value, bool):
            return "on" if value else "off"
        return str(value)


def option_specs(
    table: Mapping[str, tuple[OptionValue, tuple[OptionValue, ...], str]], labels: Mapping[str, str]
) -> tuple[OptionSpec, ...]:
    """OptionSpecs from a game's option table (name -> default, allowed values, description) and lobby labels."""
    return tuple(
        OptionSpec(name, labels[name], description, default, allowed)
        for name, (default, allowed, description) in table.items()
    )


@dataclass(frozen=True)
class AIKind:
    """A kind of computer player the lobby offers ("heuristic": plays sensibly)."""

    name: str
    label: str
    description: str


@dataclass(frozen=True)
class GameInfo:
    """What a game is, for the lobby and the help: name, title, seats, options, AI kinds, rules version."""

    name: str  # stable key stored with every game, e.g. "entdecker"
    title: str  # what players read, e.g. "Entdecker"
    summary: str  # one line for the game list
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...]
    ai_kinds: tuple[AIKind, ...]  # the first is the default
    rules_version: int
    ai_names: tuple[str, ...] = ()  # names for AI seats, in order of use

    def option(self, name: str) -> OptionSpec | None:
        return next((o for o in self.options if o.name == name), None)

    def ai_kind(self, name: str) -> AIKind | None:
        return next((k for k in self.ai_kinds if k.name == name), None)

    @property
    def default_ai(self) -> str:
        return self.ai_kinds[0].name

    def normalise_options(self, options: dict[str, Any] | None) -> dict[str, OptionValue]:
        """Every option with its value (defaults filled in); IllegalMove names an unknown option or value."""
        out: dict[str, OptionValue] = {o.name: o.default for o in self.options}
        for name, value in (options or {}).items():
            spec = self.option(name)
            if spec is None:
                known = ", ".join(o.name for o in self.options) or "none"
                raise IllegalMove(f"{self.title} has no option {name!r}; its options are: {known}.")
            if value not in spec.choices or type(value) is not type(spec.choices[0]):
                allowed = ", ".join(spec.words(c) for c in spec.choices)
                raise IllegalMove(f"{spec.label} must be one of: {allowed}.")
            out[name] = value
        return out

    def changed_options(self, options: dict[str, Any] | None) -> dict[str, OptionValue]:
        """Only the options that differ from their defaults (what a lobby stores and shows)."""
        full = self.normalise_options(options)
        return {o.name: full[o.name] for o in self.options if full[o.name] != o.default}


@dataclass(frozen=True)
class Verb:
    """A slash command of a game's turn, e.g. `/ship position:` offering the move kind "ship".

    Verbs of the same name in two games must use the same option name (the bot registers one command)."""

    name: str  # the command, lowercase, at most 32 characters
    description: str  # at most 100 characters
    kinds: tuple[str, ...]  # the move kinds it offers
    option: str | None = None  # the option's name; None for a verb without a value (`/stop`)
    option_description: str = ""


BUTTON_STYLES = ("primary", "secondary", "success", "danger")
CHOOSE = N_("Choose…")  # a menu's placeholder where its game names none


# The viewer who sees everything hidden during play (hands, personal tiles, rumours): a finished game's past, where
# "a finished game shows all" (`/game board turn:` after the end). Never a seat.
EVERYONE = -1


def sees(viewer: int | None, seat: int) -> bool:
    """Whether `viewer` may see what is hidden from everyone but `seat`."""
    return viewer in (seat, EVERYONE)


@dataclass(frozen=True)
class Counted:
    """Words for a count of something, with `{count}` in them (and the fields a part gives, such as `{who}`): for
    one and for several, English in the code and translated by the engine's catalogs. `key` names it in the
    parts a game returns."""

    key: str
    one: str
    many: str


# One kind of thing a game scores for (an island won, a mountain at the end, myrrh): `/game status` shows each
# player's score by source ("{count} island won").
ScoreSource = Counted

# A player's points from one source: (ScoreSource.key, how many of it, the points they brought).
ScorePart = tuple[str, int, int]

# Something the others did near a player's pieces (`Presenter.nearby`): (Counted.key, how many, the fields of its
# words: "who" is the seat that did it, the rest is shown as given, e.g. "spaces": "C4, D5").
NearPart = tuple[str, int, dict[str, Any]]


@dataclass(frozen=True)
class Presenter:
    """Everything the bot says or shows about a game, free of Discord: verbs, controls, words.

    Only `verbs`, `rules_text` and `describe` are required; the rest have plain defaults."""

    verbs: tuple[Verb, ...]  # the bot registers them as `/<game name> <verb> <option>:`
    rules_text: str  # how the game goes, a few short paragraphs (the bot adds how the bot works)
    describe: Callable[[Event, list[str]], str | None]  # one line for an event, None for bookkeeping
    # move kinds that become a menu first when six to ten of their choices would not fit as buttons
    select_kinds: frozenset[str] = frozenset()
    # A button's words by move key or kind, a template of the legal entry's fields ("Explore {count}"), marked
    # with N_() and translated as it is shown; default: the entry's label.
    button_words: Mapping[str, str] = field(default_factory=dict)
    button_styles: Mapping[str, str] = field(default_factory=dict)  # kind -> one of BUTTON_STYLES; else "secondary"
    placeholders: Mapping[str, str] = field(default_factory=dict)  # kind -> a menu's placeholder (marked N_())
    progress: Callable[[View], str] | None = None  # the state of the current turn in a few words, or ""
    status_lines: Callable[[View, Sequence[str]], list[str]] | None = None  # /game status: players and piles
    redraw: Callable[[Iterable[Event]], bool] | None = None  # mid-turn: did these events change the picture?
    value: Callable[[dict[str, Any]], str] | None = None  # what a verb's option takes for a legal entry
    # /game hand: the viewer's private information in words, from the view for their own seat ([]: nothing)
    hand: Callable[[View], list[str]] | None = None
    # /game rules topic: the rules in sections, (title, text); the first words of a title are what users type
    rules_sections: tuple[tuple[str, str], ...] = ()
    rules_where: str = ""  # where the full rules are (a rulebook, a page): one line for /help and /game rules
    # Which group a legal entry is shown in when its kind has more than 25 choices (a board row, a region), in a
    # few words a menu's placeholder can name ("row 3"); groups come in the order their first entry does.
    # None: no groups (the choices are shared out evenly over menus).
    group: Callable[[dict[str, Any]], str] | None = None
    # what a score counts (one, several), marked N_() where a game defines them: the same everywhere
    score_words: tuple[str, str] = (N_("point"), N_("points"))
    # the game's words (engine/<game>/lang.py): its own catalog first, so its words are never another game's
    translator: Translator = CORE
    # Event types worth telling a player when their turn comes round again ("since your last turn"): what scored
    # or changed the standings while they waited.
    notable: frozenset[str] = frozenset()
    # A line for a move whose events tell nothing (a quiet "end the turn"), from the move's JSON form, so that every
    # move has its line in the log; None: such a move goes untold.
    move_words: Callable[[Mapping[str, Any], Sequence[str]], str | None] | None = None
    # When every legal move of the seat to act (its legal entries, from its own view) is a choice that decides
    # nothing a player can know (a tile drawn blind from face-down piles that look the same), the key of the one to
    # make for them; None: a choice worth asking. Unset: every choice of several is asked.
    alike: Callable[[View, Sequence[dict[str, Any]]], str | None] | None = None
    # What a score is made of (`/game status`): every source the game scores for, and each seat's parts (in the
    # view's player order) from the view and every event of the game so far, oldest first (as stored: a JSON
    # round trip may have turned integer keys into strings). The parts of a seat add up to its score.
    score_sources: tuple[ScoreSource, ...] = ()
    score_parts: Callable[[View, Sequence[Event]], list[list[ScorePart]]] | None = None
    # "Since your last turn" (issue 24): what the others did near a seat's pieces in the events since it last moved
    # (oldest first, as stored), from the view as everyone sees it now; the words for each kind of part.
    nearby: Callable[[View, Sequence[Event], int], list[NearPart]] | None = None
    nearby_words: tuple[Counted, ...] = ()
    # What was hidden during play, in words, from a view for EVERYONE (`/game board turn:` of a finished game): each a
    # template of `revealed_words` (English, translated by the engine's catalogs) and its fields.
    revealed: Callable[[View], list[tuple[str, dict[str, Any]]]] | None = None
    revealed_words: tuple[str, ...] = ()
    # Two steps offered as one pick (issue 21): a move kind whose choices are many -> the kinds of the same seat's
    # next step that may be chosen with it, in one button ("D4, turned 90°: navigator to the east"). Only for a first
    # step that reveals nothing (its outcome is known before it is made). The bot groups the first step's choices
    # under opener buttons; an opener shows the pairs of its choices.
    pairs: Mapping[str, frozenset[str]] = field(default_factory=dict)
    # A pair's button words from the two legal entries (the first as before it, the second as after it); None: the
    # first's number and the second's button words.
    pair_words: Callable[[dict[str, Any], dict[str, Any]], str] | None = None
    # Where a first step's choice lies ("D4": its turnings go under one opener together); None: each choice alone.
    pair_spot: Callable[[dict[str, Any]], str] | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def verb_of(self, kind: str) -> Verb | None:
        return next((v for v in self.verbs if kind in v.kinds), None)

    def value_of(self, entry: dict[str, Any]) -> str:
        if self.value is not None:
            return self.value(entry)
        key = str(entry["key"])
        return key.split(":", 1)[1] if ":" in key else ""

    def label_of(self, entry: dict[str, Any]) -> str:
        words = self.button_words.get(str(entry["key"])) or self.button_words.get(str(entry["kind"]))
        return self.translator.gettext(words).format_map(entry) if words is not None else str(entry["label"])

    def group_of(self, entry: dict[str, Any]) -> str:
        return self.group(entry) if self.group is not None else ""

    def style_of(self, kind: str) -> str:
        style = self.button_styles.get(kind, "secondary")
        return style if style in BUTTON_STYLES else "secondary"

    def placeholder_of(self, kind: str) -> str:
        return self.translator.gettext(self.placeholders.get(kind, CHOOSE))

    def progress_of(self, view: View) -> str:
        return self.progress(view) if self.progress is not None else ""

    def status_of(self, view: View, names: Sequence[str]) -> list[str]:
        if self.status_lines is not None:
            return self.status_lines(view, names)
        return []

    def redraws(self, events: Iterable[Event]) -> bool:
        return True if self.redraw is None else self.redraw(events)

    def score_of(self, score: int) -> str:
        """ "1 point", "30 gold": a score in the game's own word, in the reader's language when the game's catalog
        holds "{n} <word>" with its plural forms (it then writes them as `ngettext("{n} gold", "{n} gold", n)`)."""
        one, many = ("{n} " + word for word in self.score_words)
        form = self.translator.ngettext(one, many, score)
        if form in (one, many):  # no counted form in the game's catalog: its word alone, translated
            return f"{score} {self.translator.gettext(self.score_words[0] if score == 1 else self.score_words[1])}"
        return form.format(n=score)

    def quiet_move(self, move: Mapping[str, Any], names: Sequence[str]) -> str | None:
        return self.move_words(move, names) if self.move_words is not None else None

    def spot_of(self, entry: dict[str, Any]) -> str:
        return self.pair_spot(entry) if self.pair_spot is not None else str(entry["key"])

    def pair_label(self, first: dict[str, Any], second: dict[str, Any]) -> str:
        if self.pair_words is not None:
            return self.pair_words(first, second)
        return f"#{first.get('number', '?')} · {self.label_of(second)}"

    def alike_of(self, view: View, entries: Sequence[dict[str, Any]]) -> str | None:
        return self.alike(view, entries) if self.alike is not None else None

    def parts_of(self, view: View, events: Sequence[Event]) -> list[list[tuple[ScoreSource, int, int]]]:
        """Each seat's score by source (`score_parts` with its sources looked up), in the order the game lists its
        sources so every player's line reads alike; [] for a game without them."""
        if self.score_parts is None:
            return []
        order = {s.key: i for i, s in enumerate(self.score_sources)}
        return [
            [(self.score_sources[order[k]], n, pts) for k, n, pts in sorted(seat, key=lambda part: order[part[0]])]
            for seat in self.score_parts(view, events)
        ]

    def near_of(self, view: View, events: Sequence[Event], seat: int) -> list[tuple[Counted, int, dict[str, Any]]]:
        """What the others did near `seat`'s pieces (`nearby` with its words looked up); [] for a game without it."""
        if self.nearby is None:
            return []
        words = {w.key: w for w in self.nearby_words}
        return [(words[key], n, fields) for key, n, fields in self.nearby(view, events, seat)]

    def hand_of(self, view: View) -> list[str]:
        return self.hand(view) if self.hand is not None else []

    def section(self, topic: str) -> tuple[str, str] | None:
        """The rules section a user asked for: by title, by a word of the title, or by a word of its text."""
        wanted = " ".join(str(topic or "").lower().split())
        if not wanted:
            return None
        for test in (
            lambda title, text: title.lower() == wanted,
            lambda title, text: title.lower().startswith(wanted),
            lambda title, text: wanted in title.lower(),
            lambda title, text: wanted in text.lower(),
        ):
            found = [s for s in self.rules_sections if test(*s)]
            if found:
                return found[0]
        return None


@dataclass(frozen=True)
class Game(Generic[S]):
    """One game as the engine's core runs it: built once in the game package's `__init__.py` (as `GAME`) and listed
    in engine/games.py. The core (engine/core/reducer.py) owns the framework half: the player count, the options,
    the seat check, the legality match, the copy, the version bump, the history, the view header, the numbering and
    labels of the legal moves, who acts, whether a turn passed, the JSON header. The game supplies the rest."""

    info: GameInfo
    presenter: Presenter
    state: type[S]  # its State class: engine.core.state.CoreState plus the game's own data and its JSON form
    # A new game from seat names, options already checked and filled in (GameInfo.normalise_options), and a seed.
    setup: Callable[[list[str], dict[str, OptionValue], int], S]
    legal_moves: Callable[[S], list[Move]]  # of the seats to act, on a state that is not over
    apply: Callable[[S, Move, list[Event]], None]  # what a legal move does to (a copy of) the state; adds events
    prompt: Callable[[S, Sequence[Move]], str]  # what the seats to act do now, in words (given their legal moves)
    # The view's body: every key after the header, and "players": one dict per seat of what follows seat and name.
    view: Callable[[S, int | None], View]
    # Labels of at most 100 characters for legal moves, each with its number within its kind or None (see numbered).
    labels: Callable[[S, Sequence[Move], Sequence[int | None]], list[str]]
    ais: Mapping[str, Callable[[S], Move]]  # by AIKind name
    numbered: frozenset[str] = frozenset()  # move kinds whose labels carry their number (the overlay shows it)
    to_act: Callable[[S], list[int]] | None = None  # the seats to act, in order; default: the turn's player
    turn_events: frozenset[str] = frozenset({"turn", "game_over"})  # event types that mean a turn passed
    hidden: Callable[[S, Move, int | None], bool] | None = None  # a legal move this viewer may not see
    why_illegal: Callable[[S, Move], str | None] | None = None  # words for a refused move; default from the prompt
    # Whether the player who made `move` may take it back alone: it revealed nothing hidden and drew on no chance.
    # None: no move is undoable alone (every undo then needs the other players' consent).
    undoable: Callable[[S, Move, Sequence[Event]], bool] | None = None
    selfplay_stats: Callable[[Sequence[Event], dict[str, Any]], None] | None = None  # `python -m engine selfplay`
    # What remains to be drawn, as everyone may know it (`/game tiles`): piles counted by kind (engine/core/left.py);
    # None: the game has no tiles to draw.
    tiles_left: Callable[[S], list[dict[str, Any]]] | None = None

    @property
    def name(self) -> str:
        return self.info.name

    @property
    def rules_version(self) -> int:
        return self.info.rules_version


def looking_back(
    score_sources: tuple[ScoreSource, ...],
    score_parts: Callable[[View, Sequence[Event]], list[list[ScorePart]]],
    nearby: Callable[[View, Sequence[Event], int], list[NearPart]],
    nearby_words: tuple[Counted, ...],
    revealed: Callable[[View], list[tuple[str, dict[str, Any]]]],
    revealed_words: tuple[str, ...],
) -> dict[str, Any]:
    """The Presenter's fields for looking back on a game (issue 24: the score by source, what happened near a player,
    what a finished game reveals), as keywords: `Presenter(..., **looking_back(...))`."""
    return {
        "score_sources": score_sources,
        "score_parts": score_parts,
        "nearby": nearby,
        "nearby_words": nearby_words,
        "revealed": revealed,
        "revealed_words": revealed_words,
    }


def marked_players(view: View, names: Sequence[str]) -> Iterator[tuple[dict[str, Any], str]]:
    """Each player of a view with their name in bold, marked ▶ while the game waits for them: how every game's
    status lines begin (`names` from the bot; a seat beyond them keeps the view's own name)."""
    for p in view["players"]:
        seat = p["seat"]
        marker = "▶ " if (not view["game_over"] and view["current_player"] == seat) else ""
        yield p, f"{marker}**{names[seat] if seat < len(names) else p['name']}**"


def player_lines(view: View, names: Sequence[str], line: Callable[[dict[str, Any], str, View], str]) -> list[str]:
    """A game's status line for each player, from its words for one (`line(player, marked name, view)`)."""
    return [line(p, who, view) for p, who in marked_players(view, names)]


def one_by_one(
    label: Callable[[S, Move, int | None], str],
) -> Callable[[S, Sequence[Move], Sequence[int | None]], list[str]]:
    """`Game.labels` from a function that labels one move (for a game whose labels share no work)."""

    def labels(state: S, moves: Sequence[Move], numbers: Sequence[int | None]) -> list[str]:
        return [label(state, move, number) for move, number in zip(moves, numbers, strict=True)]

    return labels


def header_problems(view: View) -> list[str]:
    """What is missing or malformed in a view's common header (empty when it is fine); for tests."""
    problems = [f"missing {k!r}" for k in HEADER_KEYS if k not in view]
    if problems:
        return problems
    if not isinstance(view["version"], int) or not isinstance(view["to_act"], list):
        problems.append("version must be an int and to_act a list")
    if not isinstance(view["prompt"], str):
        problems.append("prompt must be a text")
    for entry in view["legal"]:
        missing = [k for k in LEGAL_KEYS if k not in entry]
        if missing:
            problems.append(f"legal entry {entry.get('key')!r} lacks {missing}")
        elif len(str(entry["label"])) > 100:
            problems.append(f"label of {entry['key']!r} is longer than 100 characters")
        elif entry["player"] not in view["to_act"]:
            problems.append(f"legal entry {entry['key']!r} is for seat {entry['player']}, who is not to act")
    if view["game_over"] and (view["to_act"] or view["result"] is None):
        problems.append("a finished game has nobody to act and a result")
    return problems

"""The seam between the games and the rest: every game, the registered ones and the toy game of tests/toygame (which
is registered at run time only), keeps the contract of engine/api.py through the core alone; bot/, storage/ and the
render core name no game (no import of a game package, no game's option, verb or move kind)."""

from __future__ import annotations

import ast
import dataclasses
import importlib
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import engine
from bot.catalog import BOT_COMMANDS, Catalog, CatalogError
from engine.api import Game, Verb, header_problems
from engine.core.moves import Move
from engine.core.rng import rand_below
from engine.core.state import CoreState
from engine.games import GAMES, register, registered
from tests.toygame import GAME as TOY

ROOT = Path(__file__).resolve().parents[1]
# render/games.py is the renderer's registry (one line per game's painter), as engine/games.py is the engine's
GAME_FREE = [
    ROOT / "bot",
    ROOT / "storage",
    *sorted(set((ROOT / "render").glob("*.py")) - {ROOT / "render" / "games.py"}),
]
VERB_NAME = re.compile(r"^[-_a-z0-9]{1,32}$")
PACKAGED = list(GAMES)  # the games of engine/, listed in engine/games.py
EVERY_GAME = [*PACKAGED, TOY.name]


@pytest.fixture(params=EVERY_GAME)
def game(request: pytest.FixtureRequest) -> Iterator[str]:
    """Each game's name, with the toy game registered while its test runs."""
    if request.param in PACKAGED:
        yield request.param
    else:
        with registered(TOY):
            yield request.param


def _python_files() -> list[Path]:
    out: list[Path] = []
    for place in GAME_FREE:
        out.extend(sorted(place.rglob("*.py")) if place.is_dir() else [place])
    return out


def _game_words() -> set[str]:
    """What only a game may say: its name and title, its options' names, its verbs' move kinds; and the toy game's
    verb names and the AI kinds it alone has ("random", which the built-in games share too, is the kind
    bot/boards.py warms the renderer with where a game has it)."""
    words: set[str] = set()
    for registration in [*GAMES.values(), TOY]:
        words.update((registration.name, registration.info.title))
        words.update(o.name for o in registration.info.options)
        for verb in registration.presenter.verbs:
            words.update(verb.kinds)
    shared = {k.name for g in GAMES.values() for k in g.info.ai_kinds}
    words.update({k.name for k in TOY.info.ai_kinds} - shared)
    words.update(v.name for v in TOY.presenter.verbs)
    return words


def _literals_and_imports(path: Path) -> tuple[set[str], set[str]]:
    tree = ast.parse(path.read_text(), str(path))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    # getattr(module, "draw") names an attribute of the contract, not a game's move.
    attributes = {
        id(n.args[1])
        for n in ast.walk(tree)
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Name)
        and n.func.id in ("getattr", "hasattr")
        and len(n.args) > 1
    }
    literals = {
        n.value
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docstrings | attributes
    }
    imports = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Import):
            imports.update(a.name for a in n.names)
        elif isinstance(n, ast.ImportFrom) and n.module:
            imports.add(n.module)
            imports.update(f"{n.module}.{a.name}" for a in n.names)
    return literals, imports


@pytest.mark.parametrize("path", _python_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_bot_storage_and_render_core_name_no_game(path: Path) -> None:
    words = _game_words()
    literals, imports = _literals_and_imports(path)
    named = sorted(literals & words)
    assert not named, f"{path.relative_to(ROOT)} names a game's words: {named}"
    games = [i for i in imports if any(i.startswith(f"{pkg}.{g}") for pkg in ("engine", "render") for g in GAMES)]
    assert not games, f"{path.relative_to(ROOT)} imports a game package: {games}"


def test_the_word_check_would_catch_the_toy_game_named(tmp_path: Path) -> None:
    sneaky = tmp_path / "sneaky.py"
    sneaky.write_text(
        '"""nim: a docstring may say it."""\nif game == "nim" and kind in ("take", "perfect"):\n    pass\n'
    )
    literals, _ = _literals_and_imports(sneaky)
    assert literals & _game_words() == {"nim", "take", "perfect"}


def test_a_registered_game_is_one_registration_object(game: str) -> None:
    registration = GAMES[game]
    assert isinstance(registration, Game) and registration.name == game
    assert registration.rules_version == registration.info.rules_version
    assert issubclass(registration.state, CoreState) and dataclasses.is_dataclass(registration.state)
    assert set(registration.ais) == {k.name for k in registration.info.ai_kinds}, "an AI for every AI kind"
    kinds = {kind for verb in registration.presenter.verbs for kind in verb.kinds}
    assert registration.numbered <= kinds and registration.turn_events
    if game in PACKAGED:
        package = importlib.import_module(f"engine.{game}")
        assert package.GAME is registration and package.__all__ == ["GAME"], "a game package exports its GAME"


def test_a_game_is_described_for_the_lobby_and_the_help(game: str) -> None:
    info = engine.info(game)
    assert info.name == game and info.title and 1 <= info.min_players <= info.max_players
    assert info.ai_kinds and info.ai_names, "the lobby needs AI kinds and names for AI seats"
    for option in info.options:
        assert option.default in option.choices and len(option.label) <= 100 and len(option.description) <= 100
        assert not option.choice_labels or len(option.choice_labels) == len(option.choices)
    assert len([o for o in info.options if not o.is_switch]) <= 3, "the lobby has room for three option menus"
    presenter = engine.presenter(game)
    assert presenter.verbs and presenter.rules_text
    for verb in presenter.verbs:
        assert VERB_NAME.match(verb.name) and 1 <= len(verb.description) <= 100, verb
        assert verb.option is None or (VERB_NAME.match(verb.option) and len(verb.option_description) <= 100), verb


def test_every_view_of_a_random_game_has_the_header_and_every_move_a_verb(game: str) -> None:
    info = engine.info(game)
    presenter = engine.presenter(game)
    names = [f"P{i + 1}" for i in range(info.max_players)]
    state = engine.new_game(game, names, {}, seed=7)
    for n in range(400):
        for viewer in (None, *range(len(names))):
            view = engine.view(state, viewer)
            assert header_problems(view) == [], (n, viewer)
            assert view["to_act"] == engine.to_act(state)
            assert [p["name"] for p in view["players"]] == names and view["version"] == state.version
        moves = engine.legal_moves(state)
        if not moves:
            assert state.game_over
            break
        for move in moves:
            assert presenter.verb_of(move.kind) is not None, f"no verb offers {move.kind!r}"
        move = moves[rand_below(7, "seam-test", n, len(moves))]
        before = engine.state_to_json(state)
        state, events = engine.step(state, move)
        assert engine.state_to_json(engine.state_from_json(before)) == before, "step changed the old state"
        assert isinstance(engine.turn_passed(game, events), bool)
        for event in events:
            text = presenter.describe(event, names)
            assert text is None or (isinstance(text, str) and text and "{" not in text)


def test_a_finished_game_has_the_same_header_in_every_game(game: str) -> None:
    info = engine.info(game)
    kind = "random" if info.ai_kind("random") else info.default_ai
    state = engine.new_game(game, [f"P{i + 1}" for i in range(info.min_players)], {}, seed=11)
    for _ in range(5000):
        if state.game_over:
            break
        state = engine.apply(state, engine.ai_move(state, kind))
    assert state.game_over
    view = engine.view(state, 0)
    assert header_problems(view) == []
    assert (view["current_player"], view["to_act"], view["legal"], view["prompt"]) == (None, [], [], "")
    assert view["phase"] == state.phase and view["result"] == state.result
    assert engine.legal_moves(state) == [] and engine.to_act(state) == []
    with pytest.raises(engine.IllegalMove, match="over"):
        engine.step(state, state.history[-1])
    assert engine.state_to_json(engine.replay(engine.saved_game(state))) == engine.state_to_json(state)


def test_the_core_refuses_bad_moves_with_reasons(game: str) -> None:
    info = engine.info(game)
    state = engine.new_game(game, [f"P{i + 1}" for i in range(info.min_players)], {}, seed=5)
    seat = engine.to_act(state)[0]
    legal = engine.legal_moves(state)[0]
    other = (seat + 1) % info.min_players
    for bad in (
        Move("no such kind", seat),
        Move(legal.kind, other, legal.args),
        Move(legal.kind, True, legal.args),  # type: ignore[arg-type]
        Move(legal.kind, seat, (("nonsense", 99),)),
    ):
        with pytest.raises(engine.IllegalMove) as refused:
            engine.step(state, bad)
        assert refused.value.reason and "{" not in refused.value.reason
    with pytest.raises(engine.IllegalMove, match="legal choice"):
        engine.move_from_key(state, "no such key")
    reordered = Move(legal.kind, legal.player, tuple(reversed(legal.args)))
    assert engine.step(state, reordered)[0].history == [legal], "the log keeps the legal move's own form"
    assert engine.move_label(state, legal) == engine.view(state, seat)["legal"][0]["label"]


def test_the_core_checks_seats_options_and_seeds(game: str) -> None:
    info = engine.info(game)
    with pytest.raises(engine.IllegalMove, match=f"{info.min_players} to {info.max_players} players"):
        engine.new_game(game, ["P"] * (info.max_players + 1), {}, seed=1)
    with pytest.raises(engine.IllegalMove, match="no option"):
        engine.new_game(game, ["P1", "P2"][: info.min_players], {"no_such_option": True}, seed=1)
    with pytest.raises(engine.IllegalMove, match="seed"):
        engine.new_game(game, ["P1", "P2"][: info.min_players], {}, seed="1")  # type: ignore[arg-type]


def test_replay_reads_the_rules_version_from_the_registration(game: str) -> None:
    info = engine.info(game)
    state = engine.new_game(game, [f"P{i + 1}" for i in range(info.min_players)], {}, seed=2)
    saved = engine.saved_game(state)
    assert saved["rules_version"] == GAMES[game].rules_version
    with pytest.raises(engine.IllegalMove, match="rules version"):
        engine.replay({**saved, "rules_version": GAMES[game].rules_version + 1})


def test_a_state_saved_without_history_comes_back_with_the_logged_moves(game: str) -> None:
    """Storage keeps snapshots without the history and puts the move log back (engine.state_to_json(history=False))."""
    state = engine.new_game(game, [f"P{i + 1}" for i in range(engine.info(game).min_players)], {}, seed=3)
    for n in range(60):
        moves = engine.legal_moves(state)
        if not moves:
            break
        state = engine.apply(state, moves[rand_below(3, "seam-history", n, len(moves))])
    bare = engine.state_to_json(state, history=False)
    assert engine.state_from_json(bare).history == [] and len(bare) < len(engine.state_to_json(state))
    logged = [engine.move_to_json(m) for m in state.history]
    assert engine.state_to_json(engine.state_from_json(bare, history=logged)) == engine.state_to_json(state)
    data = json.loads(bare)
    with pytest.raises(ValueError, match="state"):
        engine.state_from_json(json.dumps({**data, "format": "something else"}))


def test_a_game_registered_at_run_time_is_there_inside_the_block_only() -> None:
    assert TOY.name not in GAMES
    with registered(TOY):
        assert engine.info(TOY.name) is TOY.info and TOY.info in engine.games()
        assert set(Catalog().infos) == {*PACKAGED, TOY.name}, "the bot's catalog, built now, offers it"
        with pytest.raises(ValueError, match="registered already"):
            register(TOY)
    assert TOY.name not in GAMES and TOY.info not in engine.games()
    with pytest.raises(engine.IllegalMove, match="no game"):
        engine.new_game(TOY.name, ["Ann", "Bob"])


def test_each_game_is_one_command_group_of_its_verbs_with_whole_descriptions() -> None:
    catalog = Catalog()
    assert set(catalog.infos) == set(GAMES) == set(catalog.groups)
    for game, group in catalog.groups.items():
        assert group.name == game and group.name not in BOT_COMMANDS, "/play, /game … are the bot's own"
        assert 1 <= len(group.description) <= 100 and not group.description.endswith("…")
        assert group.verbs == catalog.presenter(game).verbs
        for verb in group.verbs:
            assert catalog.command_of(f"{game} {verb.name}") == (game, verb)
            assert not verb.description.endswith("…") and not verb.option_description.endswith("…")


def test_a_description_too_long_for_discord_is_refused_not_cut() -> None:
    long = dataclasses.replace(TOY.presenter, verbs=(Verb("take", "x" * 101, ("take",), "count", "How many"),))
    with registered(dataclasses.replace(TOY, presenter=long)), pytest.raises(CatalogError, match="take"):
        Catalog()


def _bot_imports(path: Path) -> set[str]:
    """The bot modules a bot module imports at run time (TYPE_CHECKING blocks left out)."""
    tree = ast.parse(path.read_text(), str(path))
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(id(n) for n in ast.walk(node))
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    out = set()
    for node in ast.walk(tree):
        if id(node) in skip or not isinstance(node, ast.ImportFrom):
            continue
        base = package.split(".")
        if node.level:
            base = base[: len(base) - node.level + 1]
            module = ".".join([*base, node.module] if node.module else base)
        else:
            module = node.module or ""
        if module.startswith("bot"):
            names = {f"{module}.{a.name}" for a in node.names}
            submodules = {n for n in names if _is_module(n)}
            out.update(submodules)
            if names - submodules:  # `from .x import y` with y defined in x: x itself
                out.add(module)
    return out


def _is_module(dotted: str) -> bool:
    path = ROOT.joinpath(*dotted.split("."))
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def test_no_import_circle_inside_the_bot() -> None:
    modules = {
        ".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__"): p
        for p in (ROOT / "bot").rglob("*.py")
    }
    graph = {m: {i for i in _bot_imports(p) if i in modules and i != m} for m, p in modules.items()}
    # Importing a package runs its __init__: count it as importing what the package module imports.
    seen: dict[str, int] = {}

    def visit(module: str, path: list[str]) -> None:
        if seen.get(module) == 2:
            return
        assert seen.get(module) != 1, f"import circle: {' -> '.join([*path, module])}"
        seen[module] = 1
        for nxt in sorted(graph[module]):
            visit(nxt, [*path, module])
        seen[module] = 2

    for module in sorted(graph):
        visit(module, [])

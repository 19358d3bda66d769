"""The seam between the games and the rest: every registered game keeps the contract of engine/api.py, and bot/,
storage/ and the render core name no game (no import of a game package, no game's option, verb or move kind)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import engine
from bot.catalog import Catalog
from engine.api import RULES_NAMES, header_problems
from engine.core.rng import rand_below
from engine.games import GAMES

ROOT = Path(__file__).resolve().parents[1]
# render/games.py is the renderer's registry (one line per game's painter), as engine/games.py is the engine's
GAME_FREE = [
    ROOT / "bot",
    ROOT / "storage",
    *sorted(set((ROOT / "render").glob("*.py")) - {ROOT / "render" / "games.py"}),
]
VERB_NAME = re.compile(r"^[-_a-z0-9]{1,32}$")


def _python_files() -> list[Path]:
    out: list[Path] = []
    for place in GAME_FREE:
        out.extend(sorted(place.rglob("*.py")) if place.is_dir() else [place])
    return out


def _game_words() -> set[str]:
    """What only a game may say: its name, its options' names, its verbs' move kinds."""
    words: set[str] = set()
    for name, module in GAMES.items():
        words.add(name)
        words.update(o.name for o in module.INFO.options)
        for verb in module.PRESENTER.verbs:
            words.update(verb.kinds)
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


@pytest.mark.parametrize("game", list(GAMES))
def test_a_registered_game_provides_the_contract(game: str) -> None:
    module = GAMES[game]
    missing = [name for name in RULES_NAMES if not hasattr(module, name)]
    assert not missing
    info = module.INFO
    assert info.name == game and info.title and 1 <= info.min_players <= info.max_players
    assert info.ai_kinds and info.ai_names, "the lobby needs AI kinds and names for AI seats"
    for option in info.options:
        assert option.default in option.choices and len(option.label) <= 100 and len(option.description) <= 100
        assert not option.choice_labels or len(option.choice_labels) == len(option.choices)
    assert len([o for o in info.options if not o.is_switch]) <= 3, "the lobby has room for three option menus"
    presenter = module.PRESENTER
    assert presenter.verbs and presenter.rules_text
    for verb in presenter.verbs:
        assert VERB_NAME.match(verb.name) and 1 <= len(verb.description) <= 100, verb
        assert verb.option is None or (VERB_NAME.match(verb.option) and len(verb.option_description) <= 100), verb


@pytest.mark.parametrize("game", list(GAMES))
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
        moves = engine.legal_moves(state)
        if not moves:
            assert state.game_over
            break
        for move in moves:
            assert presenter.verb_of(move.kind) is not None, f"no verb offers {move.kind!r}"
        move = moves[rand_below(7, "seam-test", n, len(moves))]
        state, events = engine.step(state, move)
        assert isinstance(engine.turn_passed(game, events), bool)
        for event in events:
            text = presenter.describe(event, names)
            assert text is None or (isinstance(text, str) and text and "{" not in text)


@pytest.mark.parametrize("game", list(GAMES))
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


def test_the_games_verbs_unite_into_one_command_set() -> None:
    catalog = Catalog()
    assert set(catalog.infos) == set(GAMES)
    for command in catalog.commands.values():
        assert len(command.description) <= 100 and command.games
        assert command.name != "play", "/play is the bot's own command for every game"


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

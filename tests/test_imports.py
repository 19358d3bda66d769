"""The project's imports, walked statement by statement: no import cycle, and the layers of docs/architecture.md.

Every import statement counts, wherever it stands: at the top of a module, inside a function, or under
`if TYPE_CHECKING:`. A function-level or type-only import still means one module needs the other; it is how a cycle
is usually hidden, not a way out of one. An import names the module it takes from (`from storage import X` is
`storage`, i.e. its `__init__`; `from storage import errors` is `storage.errors`); the parent packages Python runs on
the way are not counted as edges, or every package that re-exports its modules would be a cycle with them.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("bot", "engine", "render", "stats", "storage")


@dataclass(frozen=True)
class Edge:
    source: str
    target: str
    line: int
    where: str  # "top", "function" or "type-checking"

    def __str__(self) -> str:
        return f"{self.source} -> {self.target} ({self.where}, line {self.line})"


def _module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for pkg in PACKAGES for p in sorted((ROOT / pkg).rglob("*.py"))}


MODULES = _modules()


def _places(tree: ast.Module) -> dict[int, str]:
    """For every import node, whether it stands under TYPE_CHECKING, inside a function, or at the top."""
    places: dict[int, str] = {}

    def visit(node: ast.AST, where: str) -> None:
        for child in ast.iter_child_nodes(node):
            here = where
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                here = "function" if where == "top" else where
            elif isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                # Only the body is type-only: the else branch runs.
                for stmt in child.body:
                    places.update(_place_of(stmt, "type-checking"))
                    visit(stmt, "type-checking")
                for stmt in child.orelse:
                    places.update(_place_of(stmt, where))
                    visit(stmt, where)
                continue
            places.update(_place_of(child, here))
            visit(child, here)

    visit(tree, "top")
    return places


def _place_of(node: ast.AST, where: str) -> dict[int, str]:
    return {id(node): where} if isinstance(node, ast.Import | ast.ImportFrom) else {}


def _resolve(source: str, path: Path, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    package = source.split(".") if path.name == "__init__.py" else source.split(".")[:-1]
    base = package[: len(package) - node.level + 1]
    return ".".join([*base, node.module] if node.module else base)


def _targets(source: str, path: Path, node: ast.Import | ast.ImportFrom) -> Iterator[str]:
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names)
        return
    module = _resolve(source, path, node)
    took_a_name = False
    for alias in node.names:
        sub = f"{module}.{alias.name}"
        if sub in MODULES:
            yield sub
        else:
            took_a_name = True
    if took_a_name:
        yield module


def edges_of(source: str) -> list[Edge]:
    """Every import of `source` that lands in one of the project's packages."""
    path = MODULES[source]
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    places = _places(tree)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            for target in _targets(source, path, node):
                if target in MODULES and target != source:
                    out.append(Edge(source, target, node.lineno, places[id(node)]))
    return out


EDGES = [edge for module in MODULES for edge in edges_of(module)]


def _cycles(edges: list[Edge]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iteratively)."""
    graph: dict[str, set[str]] = {m: set() for m in MODULES}
    for edge in edges:
        graph[edge.source].add(edge.target)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.add(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(frozenset(component))
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph[child]))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return found


def _describe(component: frozenset[str], edges: list[Edge]) -> str:
    """One circle through the component, edge by edge, so the message says which import to cut."""
    inside: dict[str, list[Edge]] = {}
    for e in edges:
        if e.source in component and e.target in component:
            inside.setdefault(e.source, []).append(e)
    start = min(component)
    path: list[Edge] = []
    seen = {start}
    node = start
    while True:
        nxt = sorted(inside[node], key=lambda e: (e.target != start, e.target in seen, e.target))[0]
        path.append(nxt)
        if nxt.target == start or nxt.target in seen:
            break
        seen.add(nxt.target)
        node = nxt.target
    return f"{len(component)} modules ({', '.join(sorted(component))}); e.g. " + "; ".join(map(str, path))


CYCLES_NOW = _cycles(EDGES)


def test_no_import_cycle() -> None:
    """The last two cycles (storage.db <-> storage.store, bot.messages <-> bot.service) went with issue 18."""
    assert not CYCLES_NOW, "import cycle:\n" + "\n".join(_describe(c, EDGES) for c in CYCLES_NOW)


def test_the_walk_sees_every_kind_of_import() -> None:
    """The walk must not miss the imports that hide cycles: one inside a function, one under TYPE_CHECKING."""
    kinds = {e.where for e in EDGES}
    assert kinds == {"top", "function", "type-checking"}, kinds
    assert Edge("storage.replay", "engine", 20, "function") in EDGES
    assert any(e.source == "bot.messages" and e.where == "type-checking" for e in EDGES)


def test_a_made_up_cycle_is_found_and_named() -> None:
    made_up = [*EDGES, Edge("engine.api", "bot.app", 1, "top"), Edge("bot.app", "engine.api", 1, "top")]
    assert any({"engine.api", "bot.app"} <= c for c in _cycles(made_up))


# --- the layers ---------------------------------------------------------------------------------------------------


def _layer_problem(edge: Edge) -> str | None:
    """What docs/architecture.md forbids about one import, or None."""
    src, dst = edge.source.split(".")[0], edge.target.split(".")[0]
    if src == dst:
        return None
    if dst == "bot":
        return "nothing imports bot"
    if src in ("engine", "stats"):
        return f"{src} imports none of the others"
    if dst in ("render", "stats", "storage") and edge.target != dst:
        return f"{dst} is used through its package ({dst}), not its modules"
    if src in ("render", "storage") and dst != "engine":
        return f"{src} imports only engine"
    if dst == "engine":
        return _engine_problem(edge)
    return None


def _engine_problem(edge: Edge) -> str | None:
    """The facade (`engine`, `engine.api`) is for everyone; the shared geometry of engine/core is for the render; a
    game's painter (render/<game>/) may use its own game's words."""
    target = edge.target
    if target in ("engine", "engine.api"):
        return None
    if edge.source.startswith("render") and target.startswith("engine.core"):
        return None
    parts = edge.source.split(".")
    if parts[0] == "render" and len(parts) > 1 and target.startswith(f"engine.{parts[1]}"):
        return None
    return "only engine's facade (engine, engine.api)"


def test_the_layers_go_one_way() -> None:
    problems = [f"{edge}: {why}" for edge in EDGES if (why := _layer_problem(edge))]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(
    ("edge", "rule"),
    [
        (Edge("storage.store", "bot.app", 1, "top"), "nothing imports bot"),
        (Edge("engine.api", "storage", 1, "function"), "engine imports none of the others"),
        (Edge("stats.ratings", "storage", 1, "top"), "stats imports none of the others"),
        (Edge("storage.records", "render", 1, "top"), "storage imports only engine"),
        (Edge("bot.flow", "storage.store", 1, "top"), "storage is used through its package"),
        (Edge("storage.records", "engine.core.grid", 1, "top"), "only engine's facade"),
        (Edge("render.desert", "engine.entdecker.state", 1, "top"), "only engine's facade"),
    ],
)
def test_a_wrong_way_import_is_named(edge: Edge, rule: str) -> None:
    assert (_layer_problem(edge) or "").startswith(rule)

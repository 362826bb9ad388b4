"""The code's shape: no import cycles among the project's modules, and the layers point one way (game/ <- ui/)."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def module_files(*tops: str) -> dict[str, Path]:
    """Module name -> file for every .py file under the given folders (and plain files) of the project."""
    found = {}
    for top in tops:
        path = ROOT / top
        for f in [path] if path.suffix == ".py" else sorted(path.rglob("*.py")):
            parts = list(f.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(["frostfield", *parts])] = f
    return found


def import_graph(files: dict[str, Path]) -> dict[str, set[str]]:
    """Which project modules each module imports: absolute and relative, at the top or inside functions."""
    graph: dict[str, set[str]] = {m: set() for m in files}
    for m, f in files.items():
        package = m if f.name == "__init__.py" else m.rpartition(".")[0]
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            targets = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")
                    base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
                targets = [base] + [f"{base}.{a.name}" for a in node.names]
            for t in targets:
                while t and t not in files:  # "ui.views.base.Sprite" -> "ui.views.base"
                    t = t.rpartition(".")[0]
                if t and t != m and not m.startswith(t + "."):  # a package's own __init__ is not a cycle
                    graph[m].add(t)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    counter = 0
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            v, children = work[-1]
            for w in children:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    component = []
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        component.append(w)
                        if w == v:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def test_the_cycle_finder_finds_a_cycle_and_a_clean_chain():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_no_module_of_the_game_or_the_app_imports_itself_round_a_cycle():
    graph = import_graph(module_files("game", "ui", "main.py"))
    assert "frostfield.ui.scene" in graph and "frostfield.game.core" in graph
    assert cycles(graph) == []


def test_the_rules_never_import_the_app_or_pygame():
    files = module_files("game")
    for m, f in files.items():
        imported = {a.name for node in ast.walk(ast.parse(f.read_text(encoding="utf-8")))
                    if isinstance(node, ast.Import) for a in node.names}
        imported |= {node.module or "" for node in ast.walk(ast.parse(f.read_text(encoding="utf-8")))
                     if isinstance(node, ast.ImportFrom)}
        assert not {i for i in imported if i.split(".")[0] in ("pygame", "pygame_gui") or i.split(".")[:2] == ["frostfield", "ui"]}, m


def test_scenes_reach_the_app_only_through_their_context():
    graph = import_graph(module_files("game", "ui", "main.py"))
    for m, imports in graph.items():
        if m.startswith("frostfield.ui.scenes"):
            assert "frostfield.ui.app" not in imports and "frostfield.ui.headless" not in imports, m


def test_the_rules_never_import_the_bots():
    """The rules (game/ outside game/bots/) stand alone: the bots, and the tools that use them
    (arena, bench, puzzle miner), sit in game/bots/ and import the rules, never the other way."""
    graph = import_graph(module_files("game"))
    rules = {m for m in graph if not m.startswith("frostfield.game.bots")}
    assert "frostfield.game.core" in rules and "frostfield.game.bots.arena" in graph
    for m in sorted(rules):
        assert not {i for i in graph[m] if i.startswith("frostfield.game.bots")}, m

# The firmware's layers (DESIGN.md): imports only point downwards, rules are pure, every
# module named for a lazy import exists, and no two modules import each other, even
# through imports inside functions or names handed to the loader as strings.
import ast
import os
import re

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")

# a firmware package may import its own layer and those below it (a lower rank)
RANK = {"drivers": 0, "core": 1, "rules": 2, "ui": 3, "apps": 4, "board": 5, "main": 6}
# what the rules may import besides rules: pure code only (no I/O, time or hardware)
PURE = {"micropython", "math", "heapq", "core.rng", "core.case"}
# a string such as "apps.dice.menu" names a module for the loader (core/modules.py)
_NAME = re.compile(
    r"^(?:%s)(?:\.[a-z_0-9]+)+$" % "|".join(p for p in RANK if p not in ("board", "main"))
)


def _module_of(path):
    parts = os.path.relpath(path, FIRMWARE)[:-3].split(os.sep)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _firmware_modules():
    found = {}
    for d, _, fs in os.walk(FIRMWARE):
        for f in fs:
            if f.endswith(".py"):
                path = os.path.join(d, f)
                found[_module_of(path)] = path
    return found


MODULES = _firmware_modules()


def imports(source, modules=MODULES):
    # -> {name: line} of what `source` imports: at the top, inside functions, and module
    # names written as strings. `from ui import text` is the module ui.text.
    found = {}
    for node in ast.walk(ast.parse(source)):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            for a in node.names:
                sub = node.module + "." + a.name
                names.append(sub if sub in modules else node.module)
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and _NAME.match(node.value)
        ):
            names = [node.value]
        for name in names:
            found.setdefault(name, node.lineno)
    return found


def _layer(name):
    return name.split(".")[0]


def wrong_way(module, name):
    # -> why `module` may not import `name`, or None
    if _layer(module) == "rules":
        if _layer(name) != "rules" and name not in PURE:
            return "the rules are pure: only rules and " + ", ".join(sorted(PURE))
        return None
    mine, theirs = RANK.get(_layer(module)), RANK.get(_layer(name))
    if theirs is not None and theirs > mine:
        return _layer(module) + " is below " + _layer(name)
    return None


def _graph():
    graph = {}
    for module, path in MODULES.items():
        with open(path, encoding="utf-8") as f:
            graph[module] = imports(f.read())
    return graph


GRAPH = _graph()


def circles(graph):
    # -> the import circles, each as a list of modules. A submodule importing its own
    # package is no circle: Python runs the package before any of its submodules.
    def edges(m):
        return [n for n in graph.get(m, ()) if n in graph and n != m and not m.startswith(n + ".")]

    found, done = [], set()

    def visit(m, path):
        if m in path:
            found.append(path[path.index(m) :] + [m])
            return
        if m in done:
            return
        for n in edges(m):
            visit(n, path + [m])
        done.add(m)

    for m in sorted(graph):
        visit(m, [])
    return found


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_point_downwards(module):
    bad = [
        name + " (line %d): " % line + why
        for name, line in GRAPH[module].items()
        if (why := wrong_way(module, name))
    ]
    assert not bad, module + " imports the wrong way: " + "; ".join(bad)


@pytest.mark.parametrize("module", sorted(MODULES))
def test_every_firmware_module_named_exists(module):
    missing = [
        n + " (line %d)" % line
        for n, line in GRAPH[module].items()
        if _layer(n) in RANK and n not in MODULES
    ]
    assert not missing, module + " names modules that do not exist: " + ", ".join(missing)


def test_no_import_circles():
    assert circles(GRAPH) == []


# the checks themselves, on planted imports: each must catch what it is for
def test_a_planted_upward_import_is_caught():
    assert wrong_way("core.storage", "ui.text") == "core is below ui"
    assert wrong_way("ui.widgets", "apps.home") == "ui is below apps"
    assert wrong_way("drivers.oled", "core.ticks") == "drivers is below core"
    assert "pure" in wrong_way("rules.dice", "core.storage")
    assert wrong_way("rules.dice", "gc") is not None
    assert wrong_way("apps.dice", "ui.text") is None


def test_a_planted_lazy_import_and_string_are_seen():
    found = imports(
        'def f():\n    from ui import widgets\n    modules.load("apps.nowhere")\n    x = "Apps. the word"\n'
    )
    assert found == {"ui.widgets": 2, "apps.nowhere": 3}


def test_a_planted_circle_is_found():
    graph = {"a.x": {"a.y": 1}, "a.y": {"a.z": 1}, "a.z": {"a.x": 1}, "a": {}, "a.w": {"a": 1}}
    assert circles(graph) == [["a.x", "a.y", "a.z", "a.x"]]

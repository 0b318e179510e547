# Properties of the firmware source that must hold for it to run on a Pico: it compiles
# for the RP2040, only board.py touches the hardware modules, and it uses nothing
# MicroPython lacks.
import ast
import os
import re
import subprocess

import pytest

from host_tools.mpybuild import mpy_cross

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
FILES = sorted(
    os.path.relpath(os.path.join(d, f), FIRMWARE)
    for d, _, fs in os.walk(FIRMWARE)
    for f in fs
    if f.endswith(".py")
)
HARDWARE = {"machine", "neopixel", "rp2"}
# modules MicroPython does not have
MISSING = {"dataclasses", "typing", "enum", "abc", "functools", "__future__", "os.path", "random", "itertools"}


def _tree(rel):
    with open(os.path.join(FIRMWARE, rel), encoding="utf-8") as f:
        return ast.parse(f.read(), rel)


def _imports(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                yield a.name
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.module


@pytest.mark.parametrize("rel", FILES)
def test_compiles_for_rp2040(rel, tmp_path):
    # the one check that every firmware file compiles for the Pico (mpy-cross, armv6m)
    r = subprocess.run(
        [mpy_cross(), "-march=armv6m", "-o", str(tmp_path / "x.mpy"), os.path.join(FIRMWARE, rel)],
        capture_output=True,
        text=True,
    )
    assert r.returncode == 0, r.stderr


def test_only_board_imports_hardware_modules():
    offenders = []
    for rel in FILES:
        for name in _imports(_tree(rel)):
            if name.split(".")[0] in HARDWARE and rel != "board.py":
                offenders.append((rel, name))
    assert offenders == []
    assert {"machine", "neopixel"} <= set(_imports(_tree("board.py")))


@pytest.mark.parametrize("rel", FILES)
def test_uses_nothing_micropython_lacks(rel):
    tree = _tree(rel)
    bad = [n for n in _imports(tree) if n in MISSING or n.split(".")[0] in MISSING - {"os.path"}]
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in ("ljust", "rjust", "zfill", "writelines"):
            bad.append(node.attr)
        if isinstance(node, ast.Attribute) and node.attr == "replace" and getattr(node.value, "id", "") == "os":
            bad.append("os.replace")
        if isinstance(node, ast.Match):
            bad.append("match")
        if isinstance(node, ast.JoinedStr):
            for v in node.values:
                if isinstance(v, ast.FormattedValue) and v.format_spec is not None:
                    bad.append("f-string format spec")
    assert bad == []


def test_no_raw_tick_arithmetic():
    # ticks must go through ticks_diff/ticks_add: a raw `now - since` breaks at wraparound
    pattern = re.compile(r"\b(now|now_ms|ticks_ms\(\))\s*[-+]\s*\w")
    hits = []
    for rel in FILES:
        with open(os.path.join(FIRMWARE, rel), encoding="utf-8") as f:
            for i, line in enumerate(f, 1):
                if pattern.search(line.split("#")[0]):
                    hits.append("%s:%d: %s" % (rel, i, line.strip()))
    assert hits == []


def test_simulator_buttons_match_the_board_pin_map():
    from host_tools import sim

    with open(os.path.join(FIRMWARE, "board.py"), encoding="utf-8") as f:
        src = f.read()
    consts = dict(re.findall(r"^(PIN_\w+) = const\((\d+)\)", src, re.MULTILINE))
    order = re.search(r"BUTTON_PINS = \(([^)]*)\)", src).group(1).replace(" ", "").split(",")
    assert tuple(int(consts[name]) for name in order) == sim.BUTTON_PINS
    assert sim.BUTTONS == ("UP", "DOWN", "BACK", "OK", "ROLL")


def test_letters_change_case_only_through_core_case():
    # str.upper()/lower() change only ASCII on MicroPython and every letter on CPython:
    # the simulator would show names the Pico does not (issue 14). core/case.py does it
    # the same on both.
    calls = []
    for rel in FILES:
        if rel == os.path.join("core", "case.py"):
            continue
        for node in ast.walk(_tree(rel)):
            func = node.func if isinstance(node, ast.Call) else None
            if isinstance(func, ast.Attribute) and func.attr in (
                "upper", "lower", "capitalize", "title", "swapcase", "casefold"
            ) and getattr(func.value, "id", "") != "case":
                calls.append("%s:%d: .%s()" % (rel, node.lineno, func.attr))
    assert calls == []

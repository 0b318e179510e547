# ui/text.py and the fonts. The checks live in tests/mp_text_check.py so that they run
# twice: under the real MicroPython unix port (the real framebuf, a 128 KB heap) and here
# under CPython with the pure-Python framebuf stand-in from host_tools/sim/fakes/cpython.
import os
import re

import mp
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
with open(os.path.join(ROOT, "tests", "mp_text_check.py"), encoding="utf-8") as _f:
    CHECK_NAMES = sorted(re.findall(r"^def (check_\w+)\(", _f.read(), re.MULTILINE))


def test_text_checks_under_micropython():
    r = mp.run("tests/mp_text_check.py", heap="128k")
    out = r.stdout + r.stderr
    m = re.search(r"^(\d+) passed, (\d+) failed$", r.stdout, re.MULTILINE)
    assert m, out
    assert int(m.group(2)) == 0 and r.returncode == 0, out
    assert int(m.group(1)) == len(CHECK_NAMES) >= 16, out


@pytest.fixture(scope="module")
def checks():
    # the CPython lane uses the pure-Python framebuf stand-in (host_tools/sim/fakes/cpython)
    import mp_text_check

    return mp_text_check


@pytest.mark.parametrize("name", CHECK_NAMES)
def test_text_check_under_cpython(checks, name):
    from ui import text

    text.clear_layer()
    try:
        getattr(checks, name)()
    finally:
        text.clear_layer()


def test_fonts_fit_the_screen():
    # the promises other screens are laid out by: 6 rows of SMALL and 21 characters
    # across the 128 x 64 screen, 16 of MEDIUM, 6 BIG digits
    from ui import text

    assert text.height() == 10 and 64 // text.height() == 6
    assert text.width("W") == text.width("é") == 6 and 128 // 6 == 21
    assert text.height(text.MEDIUM) == 14 and text.width("M", text.MEDIUM) == 8
    assert text.height(text.BIG) == 28 and text.width("8", text.BIG) == 21 and 128 // 21 == 6


def test_a_big_font_that_finds_no_room_falls_back_to_small(monkeypatch):
    # a fragmented heap with no block for MEDIUM's glyphs (the soak hit it): the screen
    # is drawn in SMALL instead of crashing, and MEDIUM loads again once there is room
    import builtins
    import sys

    from ui import text

    monkeypatch.delitem(sys.modules, "ui.fonts.medium", raising=False)
    real = builtins.__import__
    tries = []

    def no_room(name, *args, **kwargs):
        fromlist = args[2] if len(args) > 2 else kwargs.get("fromlist")
        if name == "ui.fonts" and fromlist and "medium" in fromlist:
            tries.append(name)
            raise MemoryError("memory allocation failed, allocating 3698 bytes")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_room)
    assert text.MEDIUM is text.SMALL
    assert len(tries) == 1  # the allocator has collected before it gave up: no retry
    monkeypatch.setattr(builtins, "__import__", real)
    assert text.MEDIUM is not text.SMALL and text.MEDIUM.HEIGHT > text.SMALL.HEIGHT

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

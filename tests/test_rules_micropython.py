# The rules run on the Pico's MicroPython too: the same test files pytest runs here run
# again under the real MicroPython unix port (tests/mp_run_tests.py, with a few lines of
# pytest's API in tests/mp_pytest/), the firmware compiled to .mpy as on the device. One
# source of tests for both lanes: nothing to drift. A missing binary is a failure.
import re

import mp

# the tests that are pure rules (no hypothesis, no files, no subprocesses)
MODULES = (
    "test_rules_autumn_leaves",
    "test_rules_autumn_ash",
    "test_rules_feuilles61",
    "test_rules_leaves_came_down",
    "test_rules_solitaire",
    "test_rules_scoresheet",
    "test_rules_randomizer",
    "test_rules_dice",
    "test_rng",
)


def test_the_rules_tests_pass_under_micropython():
    r = mp.run("tests/mp_run_tests.py", *MODULES, heap="512k")
    out = r.stdout + r.stderr
    counts = re.findall(r"^(test_\w+) (\d+) passed (\d+) failed$", r.stdout, re.MULTILINE)
    assert [c[0] for c in counts] == list(MODULES), out
    assert all(int(c[2]) == 0 for c in counts) and r.returncode == 0, out
    for name, passed, _failed in counts:
        assert int(passed) >= 5, (name, out)  # each file ran its tests, not nothing

# The budget (README, "Tests and budgets"): the steady idle loop allocates nothing, not a
# byte. Measured under the micropython binary (tests/mp_idle.py), harness included, on
# screens that redraw nothing and on screens that set the LED ring on every tick.
import re

import mp


def test_the_idle_loop_allocates_nothing():
    r = mp.run("tests/mp_idle.py", heap=mp.LANE_HEAP)
    assert r.returncode == 0, r.stdout + r.stderr
    found = re.findall(r"^idle (.+) (-?\d+)$", r.stdout, re.MULTILINE)
    assert [w for w, _ in found] == ["home", "dice", "sides", "line-up"], r.stdout
    assert [(w, int(b)) for w, b in found if int(b) != 0] == [], r.stdout

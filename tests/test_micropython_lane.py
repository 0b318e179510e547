# The same scenarios under the real MicroPython unix port with a 128 KB heap: proves the
# firmware (and the simulator's fakes) run on MicroPython, within the heap budget.
import re

import mp
from test_scenarios import MODULES


def test_scenarios_under_micropython_128k_heap():
    r = mp.run("tests/mp_scenarios.py", *MODULES, heap="128k")
    out = r.stdout + r.stderr
    m = re.search(r"^(\d+) passed, (\d+) failed$", r.stdout, re.M)
    assert m, out
    passed, failed = int(m.group(1)), int(m.group(2))
    assert failed == 0 and r.returncode == 0, out
    assert passed >= 10, out

# The scenarios under the real MicroPython unix port, the firmware precompiled to .mpy
# as on the device: proves the firmware runs on MicroPython within its heap budget.
# Each scenario runs in a fresh interpreter with mp.LANE_HEAP (see tests/mp.py for why
# that is 128 KB for the firmware plus room for the simulator that shares the heap).
import re

import mp
import pytest
from test_scenarios import scenario_ids


@pytest.mark.parametrize("name", scenario_ids())
def test_scenario_under_micropython_128k_heap(name):
    r = mp.run("tests/mp_scenarios.py", name, heap=mp.LANE_HEAP)
    out = r.stdout + r.stderr
    m = re.search(r"^(\d+) passed, (\d+) failed$", r.stdout, re.MULTILINE)
    assert m, out
    assert (int(m.group(1)), int(m.group(2))) == (1, 0) and r.returncode == 0, out

# The soak: tests/mp_soak.py under the real MicroPython unix port with the lane's heap
# (tests/mp.py LANE_HEAP), the firmware precompiled to .mpy: seeded random presses and
# holds across every app of APPS. No crash, nothing stuck, no text cut off on the
# screen, and the free heap at home after gc.collect() does not trend down. 100,000
# presses by default (about 2-3 min);
# LEAFKEEPER_SOAK_PRESSES=N runs N instead (more for a night, fewer for a quick look):
#   LEAFKEEPER_SOAK_PRESSES=1000000 .venv/bin/pytest -s tests/test_soak.py
import os
import re
import time

import mp

PRESSES = int(os.getenv("LEAFKEEPER_SOAK_PRESSES") or 100_000)
SEED = os.getenv("LEAFKEEPER_SOAK_SEED") or "1"
TREND_BYTES = 3072  # the last quarter's free heap may not fall more than this below the first's


def test_soak_random_presses_every_app_no_crash_no_leak():
    t0 = time.time()
    r = mp.run("tests/mp_soak.py", str(PRESSES), SEED, heap=mp.LANE_HEAP, timeout=900)
    out = r.stdout + r.stderr
    print(r.stdout[-1500:].strip(), "(%.0f s, heap %s)" % (time.time() - t0, mp.LANE_HEAP))
    m = re.search(r"^soak: (\d+) presses, (\d+) crashes, (\d+) stuck", r.stdout, re.MULTILINE)
    assert m, out
    assert (int(m.group(2)), int(m.group(3))) == (0, 0), out
    assert int(m.group(1)) == PRESSES, out
    h = re.search(r"^heap: free at home first quarter (\d+), last quarter (\d+)", r.stdout, re.MULTILINE)
    assert h, out
    assert int(h.group(2)) >= int(h.group(1)) - TREND_BYTES, out
    apps = re.search(r"^apps: (.*)$", r.stdout, re.MULTILINE).group(1)
    assert " x0" not in apps, apps  # every app visited
    # text cut off on the screen is a bug, wherever the presses found it
    cut = re.search(r"^cut off: (\d+) strings (.*)$", r.stdout, re.MULTILINE)
    assert cut, out
    assert cut.group(1) == "0", "cut off on the screen: " + cut.group(2)
    assert r.returncode == 0, out

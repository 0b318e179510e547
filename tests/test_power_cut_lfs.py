# Power-cut suite 2: tests/mp_power_cut.py under the real MicroPython unix port, the
# firmware precompiled to .mpy, its unchanged storage code on a real LittleFS (VfsLfs2)
# over a RAM block device that stops taking writes after k operations, for every k,
# with the cut operation either lost whole ("clean") or half-written ("torn").
# The heap holds the 64 KB RAM block device and the session's reference saves (as
# digests) besides the firmware and the simulator, so this suite gets 1 MB (the heap
# budget is the soak's and the scenario lane's job; at 512 KB the firmware ran out of
# heap mid-session, which the suite reports as a crash, not as a power-cut result).
import re
import time

import mp

HEAP = "1M"


def test_every_power_cut_point_on_littlefs_loses_nothing():
    t0 = time.time()
    r = mp.run("tests/mp_power_cut.py", "clean", "torn", heap=HEAP, timeout=600)
    out = r.stdout + r.stderr
    got = re.findall(r"^(clean|torn): (\d+) cut points tried, (\d+) lost", r.stdout, re.MULTILINE)
    print(r.stdout.strip(), "(%.1f s)" % (time.time() - t0))
    assert [g[0] for g in got] == ["clean", "torn"], out
    for mode, tried, lost in got:
        assert int(tried) > 20, out  # the session really wrote to the flash
        assert int(lost) == 0, out
    assert r.returncode == 0, out

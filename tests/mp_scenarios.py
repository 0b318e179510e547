# Runs scenarios under the real MicroPython unix port:
#   micropython -X heapsize=128k tests/mp_scenarios.py [module | module.scenario_name ...]
# Prints one line per scenario and a closing "N passed, N failed" line; exits 1 on any
# failure. The same functions run under pytest on CPython (tests/test_scenarios.py);
# the pytest lane runs each scenario in a fresh process, as a device boots fresh.
import gc
import os
import sys

sys.path.insert(0, ".")
if os.getenv("LEAFKEEPER_HOST"):  # the harness precompiled (see tests/mp.py)
    sys.path.insert(0, os.getenv("LEAFKEEPER_HOST"))
from tests.scenarios import MODULES, run


def qstr_room(pool_bytes=24 * 1024, most=6000):
    # Names MicroPython interns (qstrs) live in pools that double in size: past 1,260
    # names one block of 1,280 entries (about 16 KB on this 64-bit port), past 2,540 one
    # of 2,560 (about 30 KB). The harness (simulator, fakes, scenario modules) interns
    # some 400 names the device never has, so the firmware's own names cross a boundary
    # mid-scenario, where a heap fragmented by the fake flash's pages has no such block,
    # and whatever module loads then fails for want of one block. Which scenario crosses
    # where moves with every name anyone adds. So the pools are made here, on a clean
    # heap, until one of 2,560 entries exists (its allocation is the one drop in free
    # heap over pool_bytes): room for every name the scenario can bring, whoever's.
    free = 0
    for i in range(most):
        if i % 64 == 0:  # little garbage: no collect of its own can hide the drop
            gc.collect()
            free = gc.mem_free()
        hasattr(None, "_" + str(i))  # the name is interned by looking it up
        now = gc.mem_free()
        if free - now > pool_bytes:
            return
        free = now
    raise AssertionError("no qstr pool of %d bytes was made in %d names" % (pool_bytes, most))


def main(names):
    qstr_room()
    passed = failed = 0
    for arg in names:
        mod_name, _, only = arg.partition(".")
        full = "tests.scenarios." + mod_name
        __import__(full)
        mod = sys.modules[full]
        for name in sorted(dir(mod)):
            if not name.startswith("scenario_") or (only and name != only):
                continue
            gc.collect()
            try:
                run(getattr(mod, name))
                passed += 1
                gc.collect()
                print("ok", mod_name, name, "free", gc.mem_free())
            except Exception as e:  # noqa: BLE001 - report every failure, keep going
                failed += 1
                print("FAIL", mod_name, name)
                sys.print_exception(e)
        # one scenario module in memory at a time
        del sys.modules[full]
        mod = None
    print(str(passed) + " passed, " + str(failed) + " failed")
    return failed


if __name__ == "__main__":
    sys.exit(1 if main(sys.argv[1:] or MODULES) else 0)

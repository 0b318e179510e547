# Runs test modules under the real MicroPython unix port, the same files pytest runs on
# CPython (tests/test_rules_micropython.py names them): every test_* function, once per
# parametrize case. Prints a line per failure and "N passed, M failed"; exits 1 on a
# failure. Run from the repository root:
#   micropython -X heapsize=256k tests/mp_run_tests.py test_rules_autumn_leaves ...
import gc
import os
import sys

# the firmware compiled to .mpy when tests/mp.py built it (as on the device), else source
sys.path[:0] = ["tests/mp_pytest", "tests", os.getenv("LEAFKEEPER_FIRMWARE") or "firmware"]
import pytest  # the stand-in, from the path just set


def run(module_name):
    mod = __import__(module_name)
    passed = 0
    failed = 0
    for name in sorted(dir(mod)):
        fn = getattr(mod, name)
        if not name.startswith("test_") or not callable(fn):
            continue
        for case in pytest.CASES.get(fn) or [{}]:
            try:
                fn(**case)
                passed += 1
            except Exception as e:  # noqa: BLE001 - report every failure, keep going
                failed += 1
                print("FAIL", module_name + "::" + name, case, repr(e))
                sys.print_exception(e)  # pyright: ignore[reportAttributeAccessIssue]
    return passed, failed


def main():
    total_passed = 0
    total_failed = 0
    for name in sys.argv[1:]:
        gc.collect()  # each module from a collected heap: the last one's garbage is not its
        p, f = run(name)
        # nor its code and data: a module kept scatters them over the heap, and a later
        # test's table of a few KB finds no room in one piece (a MemoryError, the heap
        # mostly free)
        del sys.modules[name]
        print(name, p, "passed", f, "failed")
        total_passed += p
        total_failed += f
    print("%d passed, %d failed" % (total_passed, total_failed))
    return total_failed


if __name__ == "__main__":
    sys.exit(1 if main() else 0)

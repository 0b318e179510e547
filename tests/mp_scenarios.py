# Runs the scenario suite under the real MicroPython unix port:
#   micropython -X heapsize=128k tests/mp_scenarios.py [module ...]
# Prints one line per scenario and a closing "N passed, N failed" line; exits 1 on any
# failure. The same functions run under pytest on CPython (tests/test_scenarios.py).
import gc
import sys

sys.path.insert(0, ".")
MODULES = ("dice",)


def main(names):
    passed = failed = 0
    for mod_name in names:
        full = "tests.scenarios." + mod_name
        __import__(full)
        mod = sys.modules[full]
        for name in sorted(dir(mod)):
            if not name.startswith("scenario_"):
                continue
            gc.collect()
            try:
                getattr(mod, name)()
                passed += 1
                gc.collect()
                print("ok", mod_name, name, "free", gc.mem_free())
            except Exception as e:  # report every failure, keep going
                failed += 1
                print("FAIL", mod_name, name)
                sys.print_exception(e)
    print(str(passed) + " passed, " + str(failed) + " failed")
    return failed


if __name__ == "__main__":
    sys.exit(1 if main(sys.argv[1:] or MODULES) else 0)

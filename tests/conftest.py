# CPython tests see the firmware the way the simulator does: the CPython-only stand-ins
# (framebuf, micropython), then the hardware fakes, then firmware/ as the import root.
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for p in ("firmware", "host_tools/sim/fakes", "host_tools/sim/fakes/cpython"):
    path = os.path.join(ROOT, p)
    if path not in sys.path:
        sys.path.insert(0, path)
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)


# the longest tests first, so that with pytest-xdist (-n auto) a worker starts each of
# them at once and the rest of the suite runs beside them
LONGEST = (
    "test_soak.py",
    "test_pico_lane.py",
    "test_power_cut_lfs.py",
    "test_power_cut.py",
    "test_typecheck.py",
)


def pytest_collection_modifyitems(session, config, items):
    def rank(item):
        name = item.nodeid.split("::")[0].rsplit("/", 1)[-1]
        return LONGEST.index(name) if name in LONGEST else len(LONGEST)

    items.sort(key=rank)  # stable: the order within a file is kept

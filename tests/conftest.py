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
    "test_uf2.py",  # on a fresh machine its first build alone takes 4 to 6 minutes
    "test_soak.py",
    "test_pico_lane.py",
    "test_power_cut_lfs.py",
    "test_power_cut.py",
    "test_bad_files_history.py",
    "test_history.py",
    "test_typecheck.py",
)


def pytest_collection_modifyitems(session, config, items):
    def rank(item):
        name = item.nodeid.split("::")[0].rsplit("/", 1)[-1]
        return LONGEST.index(name) if name in LONGEST else len(LONGEST)

    items.sort(key=rank)  # stable: the order within a file is kept


# a skipped test proves nothing: a run with any skip fails, saying which and why (the
# Pico lane needs Node.js, the web page Chromium: .ci/run installs both)
_skipped = []


def pytest_runtest_logreport(report):
    if report.skipped:
        _skipped.append(report.nodeid + ": " + str(report.longrepr[-1] if isinstance(report.longrepr, tuple) else report.longrepr))


def pytest_sessionfinish(session, exitstatus):
    if _skipped and exitstatus == 0:
        session.exitstatus = 1


def pytest_terminal_summary(terminalreporter):
    if _skipped:
        terminalreporter.write_line("FAILED: %d test(s) skipped; a skip is not a pass:" % len(_skipped), red=True)
        for line in _skipped:
            terminalreporter.write_line("  " + line)

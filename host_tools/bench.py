"""`leafkeeper bench`: numbers, not verdicts. Prints the heap a scripted tour of the apps
needs under the real MicroPython unix port, and the bytes sent to the OLED per press."""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _micropython():
    path = os.path.join(os.path.dirname(sys.executable), "micropython")
    return path if os.path.exists(path) else "micropython"


def heap_report():
    mp = _micropython()
    r = subprocess.run(
        [mp, "-X", "heapsize=128k", "host_tools/bench_mp.py"],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    if r.returncode:
        print(r.stdout + r.stderr)
        raise SystemExit("bench: the tour failed under MicroPython with a 128k heap")
    print("Heap under MicroPython (-X heapsize=128k), bytes in use after gc.collect():")
    for line in r.stdout.splitlines():
        print("  " + line)
    # the smallest heap the tour still runs in: a bisection over heapsize
    lo, hi = 16, 128
    while hi - lo > 4:
        mid = (lo + hi) // 2
        ok = subprocess.run(
            [mp, "-X", "heapsize=%dk" % mid, "host_tools/bench_mp.py"],
            cwd=ROOT, capture_output=True, timeout=600,
        ).returncode == 0
        if ok:
            hi = mid
        else:
            lo = mid
    print("Smallest heap the tour runs in: about %d KB (budget 128 KB, target 96 KB)" % hi)


def display_report():
    sys.path.insert(0, ROOT)
    from host_tools import keys
    from host_tools.sim import Simulator
    from host_tools.tour import TOUR

    sim = Simulator(seed=1)
    sim.advance(200)
    print("Bytes sent to the OLED per button press (a full frame is about 1030):")
    worst = 0
    for label, script in TOUR:
        for kind, arg in keys.parse(script):
            before = sim.oled.bytes_received
            if kind == "wait":
                sim.advance(arg)
                continue
            (sim.hold if kind == "hold" else sim.press)(arg)
            sent = sim.oled.bytes_received - before
            print("  %-22s %-5s %5d" % (label, arg, sent))
            if label in ("menu move",) or "menu" in label:
                worst = max(worst, sent)
    print("Worst press in a menu: %d bytes (budget 300)" % worst)


def main(args=None):
    display_report()
    heap_report()
    return 0

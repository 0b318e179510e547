# Run under the MicroPython unix port by `leafkeeper bench`: boots the simulator, plays
# the tour, and prints the heap in use (after gc.collect) at every step and the peak.
import gc
import sys

sys.path.insert(0, ".")
from host_tools import keys  # noqa: E402
from host_tools.sim import Simulator  # noqa: E402
from host_tools.tour import TOUR  # noqa: E402

gc.collect()
base = gc.mem_alloc()
sim = Simulator(seed=1)
peak_live = 0
peak_any = 0
for label, script in TOUR:
    for kind, arg in keys.parse(script):
        if kind == "wait":
            sim.advance(arg)
        elif kind == "hold":
            sim.hold(arg)
        else:
            sim.press(arg)
        peak_any = max(peak_any, gc.mem_alloc() - base)
    gc.collect()
    live = gc.mem_alloc() - base
    peak_live = max(peak_live, live)
    print("step", label, "live", live)
print("peak_live", peak_live)
print("peak_between_collections", peak_any)
print("heap_total", gc.mem_alloc() + gc.mem_free())

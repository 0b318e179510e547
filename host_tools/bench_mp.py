# Run under the MicroPython unix port by `leafkeeper bench`: boots the simulator, plays
# the tour, and prints the heap in use (after gc.collect) before the firmware boots
# (the harness), at every step, and the peak.
import gc
import os
import sys

sys.path.insert(0, ".")
if os.getenv("LEAFKEEPER_HOST"):
    sys.path.insert(0, os.getenv("LEAFKEEPER_HOST"))
from host_tools import keys  # noqa: E402
from host_tools.sim import Simulator  # noqa: E402
from host_tools.tour import TOUR  # noqa: E402

gc.collect()
harness = gc.mem_alloc()
print("harness", harness)
sim = Simulator(seed=1)
peak = 0
for label, script in TOUR:
    keys.run(sim, script)
    gc.collect()
    used = gc.mem_alloc()
    peak = max(peak, used)
    print("step", label, used - harness)
print("peak", peak)
print("firmware_peak", peak - harness)
print("heap_total", gc.mem_alloc() + gc.mem_free())

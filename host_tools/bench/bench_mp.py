# Run under the MicroPython unix port by `leafkeeper bench`: boots the simulator, plays
# the tour, and prints the heap in use (after gc.collect) before the firmware boots
# (the harness), at every step, and the peak.
import gc
import os
import sys

sys.path.insert(0, ".")
if os.getenv("LEAFKEEPER_HOST"):
    sys.path.insert(0, os.getenv("LEAFKEEPER_HOST"))
from host_tools.bench.tour import tour
from host_tools.sim import Simulator, keys

gc.collect()
harness = gc.mem_alloc()
print("harness", harness)
sim = Simulator(seed=1)
from apps.home import APPS

peak = 0
for label, script in tour([a[0] for a in APPS]):
    keys.run(sim, script)
    gc.collect()
    used = gc.mem_alloc()
    peak = max(peak, used)
    print("step", label, used - harness)
print("peak", peak)
print("firmware_peak", peak - harness)
print("heap_total", gc.mem_alloc() + gc.mem_free())
if "crash.log" in sim.flash.files:  # the shell catches a MemoryError: it still failed
    print(sim.flash.read("crash.log").decode())
    sys.exit(1)

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
# Solitaire: deal 330 played to the win with the buttons, from home (its save set aside)
import json

from host_tools.bench.tour import (
    SOLITAIRE_DEAL,
    SOLITAIRE_WIN,
    solitaire_keys,
    solitaire_open,
    solitaire_stats,
)

keys.run(sim, "BACK:long")
sim.flash.remove("solitaire.json")
sim.flash.write("sol_stats.json", json.dumps({"v": 1, "data": solitaire_stats(SOLITAIRE_DEAL)}).encode())
keys.run(sim, solitaire_open([a[0] for a in APPS]))
moves = SOLITAIRE_WIN.split()
for i in range(len(moves)):
    for word in solitaire_keys(moves[i], sim.loop.ui.top.view().cursor).split():
        keys.run(sim, word)
    if i % 10 == 9 or i == len(moves) - 1:
        gc.collect()
        used = gc.mem_alloc()
        peak = max(peak, used)
        print("step", "Solitaire: move %d of deal %d" % (i + 1, SOLITAIRE_DEAL), used - harness)
if "Won!" not in sim.text():
    print(sim.text())
    sys.exit(1)
print("peak", peak)
print("firmware_peak", peak - harness)
print("heap_total", gc.mem_alloc() + gc.mem_free())
if "crash.log" in sim.flash.files:  # the shell catches a MemoryError: it still failed
    print(sim.flash.read("crash.log").decode())
    sys.exit(1)

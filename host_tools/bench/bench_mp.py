# Run under the MicroPython unix port by `leafkeeper bench`: boots the simulator, plays
# the tour (and the History app's records), and prints the heap in use (after
# gc.collect) before the firmware boots (the harness), at every step, and the peak.
# $LEAFKEEPER_BENCH_FLASH: a folder the flash starts from (a full history), used
# through the firmware's own OsFlash.
import gc
import os
import sys

sys.path.insert(0, ".")
if os.getenv("LEAFKEEPER_HOST"):
    sys.path.insert(0, os.getenv("LEAFKEEPER_HOST"))
from host_tools.bench.tour import tour
from host_tools.sim import Simulator, keys

flash = None
if os.getenv("LEAFKEEPER_BENCH_FLASH"):  # a folder with a full history (bench.py)
    from core.storage import OsFlash

    flash = OsFlash(os.getenv("LEAFKEEPER_BENCH_FLASH"))
gc.collect()
harness = gc.mem_alloc()
print("harness", harness)
sim = Simulator(seed=1, flash=flash)
from apps import APPS

labels = [a[0] for a in APPS]
history = "DOWN*" + str(labels.index("History"))
steps = tour(labels) + [
    ("History: players", history + " OK ROLL wait:200"),  # every page read for the records
    ("History: a record", "OK DOWN DOWN"),
    ("home", "BACK:long"),
]
peak = 0
for label, script in steps:
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
if "History full" in " ".join(sim.text().split("\n")):
    keys.run(sim, "OK")  # the win filed into the full history (said once): seen, on to the win
if "Won!" not in sim.text():
    print(sim.text())
    sys.exit(1)
print("peak", peak)
print("firmware_peak", peak - harness)
print("heap_total", gc.mem_alloc() + gc.mem_free())
if sim.flash.read("crash.log"):  # the shell catches a MemoryError: it still failed
    print(sim.flash.read("crash.log").decode())
    sys.exit(1)

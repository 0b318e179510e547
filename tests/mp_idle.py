# Under the micropython binary: the steady idle loop allocates nothing (a budget of the
# project's, README "Tests and budgets"): on the home screen, after a roll, and on
# screens that light the seats on the ring every tick. The harness is measured too, so 0
# here is 0 in the firmware.
#   micropython tests/mp_idle.py   -> "idle <where> <bytes in 1 s>" per place
import gc
import os
import sys

sys.path.insert(0, ".")
if os.getenv("LEAFKEEPER_HOST"):
    sys.path.insert(0, os.getenv("LEAFKEEPER_HOST"))

from host_tools.sim import Simulator, keys


def idle_bytes(sim):
    used = -1
    for _ in range(2):  # the second second counts: caches filled, names interned
        gc.collect()
        gc.disable()
        before = gc.mem_alloc()
        sim.advance(1000)  # 50 ticks
        used = gc.mem_alloc() - before
        gc.enable()
    return used


sim = Simulator(seed=1)
sim.advance(500)
print("idle home", idle_bytes(sim))
keys.run(sim, "ROLL wait:1000")
print("idle dice", idle_bytes(sim))
keys.run(sim, "BACK:long UP*5 OK")  # Autumn Ash: the sides, the first player's seat lit
print("idle sides", idle_bytes(sim))
keys.run(sim, "UP OK")  # Other players: the line-up, every seat lit
print("idle line-up", idle_bytes(sim))

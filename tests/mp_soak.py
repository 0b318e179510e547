# The soak, under the real MicroPython unix port (the firmware precompiled to .mpy):
#   micropython -X heapsize=416k tests/mp_soak.py [PRESSES [SEED]]
# (PRESSES defaults to $LEAFKEEPER_SOAK_PRESSES or 100000.) Seeded random presses and
# holds, mostly short presses, some long ones, auto-repeat holds, pauses and now and
# then a long idle that dims, darkens or sends the device to sleep. Every ROUND presses
# it goes home with a long BACK (which must always work: nothing may trap the player),
# measures the free heap after gc.collect() there, and opens the next app of
# firmware/apps/__init__.py APPS, so every app gets its share. Any crash (the shell logs
# it to crash.log) or a wrong screen ends the run with the details.
# The flash starts with a history of HISTORY finished games, so the History app and its
# records have pages to read, and every game the presses finish goes in with them.
# Prints "soak: N presses, C crashes, S stuck ..." and "heap: ..." lines; exits 1 on failure.
# The saves go to a real folder (core.storage.OsFlash), so the heap trend is the
# firmware's own: the fake flash would keep every save in this same heap.
import gc
import os
import sys
import time

sys.path.insert(0, ".")
if os.getenv("LEAFKEEPER_HOST"):  # the harness precompiled (see tests/mp.py)
    sys.path.insert(0, os.getenv("LEAFKEEPER_HOST"))

from host_tools.sim import Simulator
from tests.scenarios import robust
from tests.scenarios.util import open_app

ROUND = 250
KEYS = ("UP", "DOWN", "OK", "ROLL", "BACK")
# (weight, what): what is a key, or (key, hold ms), or ("wait", ms)
ACTIONS = (
    (22, "UP"), (22, "DOWN"), (24, "OK"), (18, "ROLL"), (5, "BACK"),
    (3, ("OK", 1200)), (1, ("ROLL", 1200)), (1, ("BACK", 1200)),
    (2, ("UP", 1500)), (2, ("DOWN", 900)),
    (1, ("wait", 3000)),
)
IDLES = (70_000, 310_000, 610_000)  # dim, screen off, light-sleep


def real_flash():
    # the saves go to a real folder through the firmware's own OsFlash, not to the fake
    # flash, which would keep them in this heap and blur the firmware's heap trend
    from core.storage import OsFlash

    root = "/tmp/lk-soak-" + str(time.ticks_ms()) + "-" + str(time.time_ns() % 1000003)
    return OsFlash(root)


HISTORY = 150  # finished games on the flash to start with: the History app has pages to turn


def fill_history(flash):
    # the games are played by the firmware's rules (host_tools/bench/games.py), then
    # that code leaves the heap: the firmware's home screen forgets the rules it loaded
    had = list(sys.modules)
    from core.storage import Storage

    from host_tools.bench import games

    games.fill(Storage(flash), HISTORY)
    flash.write("settings.json", '{"v": 1, "data": {"game_no": ' + str(HISTORY + 1) + "}}")
    games = None
    for name in list(sys.modules):  # the rules that played them: not the firmware's heap
        if name not in had:
            del sys.modules[name]
            parent, _, short = name.rpartition(".")
            if parent in sys.modules and short in sys.modules[parent].__dict__:
                delattr(sys.modules[parent], short)


def main(presses, seed):
    rng = robust.Lcg(seed)
    total_w = 0
    for w, a in ACTIONS:
        total_w += w
    flash = real_flash()
    fill_history(flash)
    gc.collect()
    sim = Simulator(seed=seed, flash=flash)
    sim.advance(200)
    napps = len(robust.apps())
    labels = [a[0] for a in robust.apps()]
    visits = [0] * napps
    # free heap at home after gc.collect(), one per ROUND: allocated up front (small ints
    # are not heap objects), or the record itself would grow the heap it measures
    samples = [0] * (presses // ROUND + 1)
    nsamples = 0
    next_round = 0
    n = 0
    crashes = 0
    stuck = 0
    slowest = 0
    t0 = time.ticks_ms()
    app = 0
    while n < presses:
        if n == next_round:  # (a pause is not a press: n can stay put)
            next_round += ROUND
            if not sim.display_on():
                sim.press("BACK")  # dark: this press only wakes it
            sim.hold("BACK")
            ui = sim.loop.ui
            if len(ui._stack) != 1 or "Leafkeeper" not in sim.text():
                stuck += 1
                print("STUCK after", n, "presses: a long BACK did not go home")
                print(sim.text())
                break
            gc.collect()
            samples[nsamples] = gc.mem_free()
            nsamples += 1
            open_app(sim, labels[app])
            visits[app] += 1
            app = (app + 1) % napps
        t = time.ticks_ms()
        if rng.below(2000) == 0:
            sim.advance(IDLES[rng.below(len(IDLES))])
        r = rng.below(total_w)
        for w, a in ACTIONS:
            if r < w:
                break
            r -= w
        if isinstance(a, str):
            sim.press(a)
        elif a[0] == "wait":
            sim.advance(a[1])
            n -= 1
        else:
            sim.hold(a[0], a[1])
        n += 1
        slowest = max(slowest, time.ticks_diff(time.ticks_ms(), t))
        if "crash.log" in sim.flash.listdir():
            crashes += 1
            print("CRASH after", n, "presses")
            print(sim.flash.read("crash.log").decode())
            print(sim.text())
            gc.collect()
            print("free heap now", gc.mem_free())
            import micropython

            micropython.mem_info()
            break
    secs = time.ticks_diff(time.ticks_ms(), t0) / 1000
    print("soak: " + str(n) + " presses, " + str(crashes) + " crashes, " + str(stuck) + " stuck, "
          + str(secs) + " s, slowest press " + str(slowest) + " ms, seed " + str(seed))
    print("apps: " + ", ".join(labels[i] + " x" + str(visits[i]) for i in range(napps)))
    from host_tools.sim.simulator import CLIPPED

    print("cut off: " + str(len(CLIPPED)) + " strings " + repr(CLIPPED[:20]))
    report_heap(samples[:nsamples])
    return crashes + stuck


def report_heap(samples):
    # free heap at home after gc.collect(): the first samples (warm-up: every app's
    # first visit loads fonts, builds caches) are left out; then the mean of the first
    # and last quarters and the least-squares slope per 10,000 presses
    napps = len(robust.apps())
    skip = napps if len(samples) > 3 * napps else 0
    s = samples[skip:]
    if len(s) < 4:
        print("heap: too few samples")
        return
    q = len(s) // 4
    first = sum(s[:q]) // q
    last = sum(s[-q:]) // q
    # least squares against the press count of each sample, (skip + i) * ROUND
    mx = (skip + (len(s) - 1) / 2) * ROUND
    my = sum(s) / len(s)
    num = 0
    den = 0
    for i in range(len(s)):
        dx = (skip + i) * ROUND - mx
        num += dx * (s[i] - my)
        den += dx * dx
    slope = int(num / (den or 1) * 10000)
    lo = min(s)
    hi = max(s)
    print("heap: free at home first quarter " + str(first) + ", last quarter " + str(last)
          + ", min " + str(lo) + ", max " + str(hi) + ", slope " + str(slope)
          + " bytes per 10000 presses, " + str(len(s)) + " samples, heap " + str(gc.mem_alloc() + gc.mem_free()))


if __name__ == "__main__":
    argv = sys.argv[1:]
    presses = int(argv[0]) if argv else int(os.getenv("LEAFKEEPER_SOAK_PRESSES") or 100000)
    seed = int(argv[1]) if len(argv) > 1 else 1
    sys.exit(1 if main(presses, seed) else 0)

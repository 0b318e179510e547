# The scenario modules, run on CPython (tests/test_scenarios.py) and under MicroPython
# (tests/mp_scenarios.py, tests/test_micropython_lane.py): add a new one here, once.
MODULES = ("dice", "device", "settings", "randomizer", "leaves_came_down", "autumn_leaves", "autumn_ash", "feuilles61", "feuilles61_sheets", "solitaire", "saves", "crashes", "names", "history", "dates", "renames", "clock_entry", "rtc")


def run(scenario):
    # one scenario, as both lanes run it: it fails on any text the screen cut off (a
    # player judges the picture: ui/text.py notes every string drawn cut, and every
    # Simulator collects them in host_tools.sim.simulator.CLIPPED)
    from host_tools.sim.simulator import CLIPPED

    del CLIPPED[:]
    scenario()
    if CLIPPED:
        seen = []
        for s in CLIPPED:
            if s not in seen:
                seen.append(s)
        raise AssertionError("cut off on the screen: " + repr(seen))

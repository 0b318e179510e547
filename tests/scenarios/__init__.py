# The scenario modules, run on CPython (tests/test_scenarios.py) and under MicroPython
# (tests/mp_scenarios.py, tests/test_micropython_lane.py): add a new one here, once.
MODULES = ("dice", "device", "settings", "randomizer", "leaves_came_down", "autumn_leaves", "autumn_ash", "feuilles61", "saves", "crashes", "names", "history")

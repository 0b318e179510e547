# A scripted tour of the apps, used by the benchmarks (heap under MicroPython, display
# bytes per press on CPython). Each step: (label, keys for host_tools.keys).
TOUR = (
    ("home", "wait:200"),
    ("menu move", "DOWN UP"),
    ("dice: roll", "ROLL wait:600"),
    ("dice: roll again", "ROLL ROLL"),
    ("dice: hold", "OK DOWN OK"),
    ("dice: roll with holds", "ROLL wait:600"),
    ("dice: setup menu", "OK:long DOWN UP"),
    ("dice: 6 dice", "OK UP UP UP OK ROLL wait:600"),
    ("dice: d20", "OK:long DOWN OK DOWN DOWN DOWN DOWN OK ROLL wait:600"),
    ("dice: history", "OK:long DOWN DOWN DOWN OK DOWN DOWN BACK BACK"),
    ("dice: statistics", "OK:long UP OK BACK BACK"),
    ("home", "BACK:long"),
)

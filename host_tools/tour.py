# A scripted tour of the apps, used by the benchmarks (heap under MicroPython, display
# bytes per press on CPython). Each step: (label, keys for host_tools.keys). The dice
# roller gets a close look; then every app of the home menu is opened in turn (a game
# starts with the remembered line-up: OK on "Start"), used for a few presses, and left
# with a long BACK. Runs on CPython and MicroPython.
DICE = (
    ("home", "wait:200"),
    ("home menu", "DOWN UP"),
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


def tour(app_labels):
    steps = list(DICE)
    for i in range(1, len(app_labels)):
        label = app_labels[i]
        steps.append((label + ": open", "DOWN*" + str(i) + " OK OK wait:600"))
        steps.append((label + ": use", "ROLL wait:600 DOWN OK UP OK BACK"))
        steps.append((label + ": menu", "OK:long DOWN UP BACK"))
        steps.append(("home", "BACK:long"))
    return steps

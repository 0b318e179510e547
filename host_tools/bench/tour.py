# A scripted tour of the apps, used by the benchmarks (heap under MicroPython, display
# bytes per press on CPython). Each step: (label, keys for host_tools.sim.keys). The dice
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

# What a group does most, counted by `leafkeeper bench`. The Autumn Leaves scenario
# plays the same hand with checks in between, and checks it is this one.
# Autumn Leaves, four players, from the score table: Anna went out with 5 leaves, Ben
# pile 6 highest 9, Cara 4 and 10, Dan 7 and 8 (by the rules -5, 3, 6, 1)
TYPICAL_HAND = (
    "ROLL "  # score the hand
    "OK "  # Anna went out (the cursor starts on her)
    "OK "  # her pile 5 (the default)
    "UP OK DOWN OK "  # Ben 6, 9
    "DOWN OK OK "  # Cara 4, 10
    "UP UP OK DOWN DOWN "  # Dan 7, 8
    "OK"  # the hand is added
)
# six players with 10-letter names: the longest a table is likely to type (the bench
# counts text cut off in its tour with them; the scenarios play with them too)
LONG_NAMES = ["Maximilian", "Alexandria", "Christophe", "Wilhelmina", "Bartholomy", "Evangeline"]
# A new table names its players, from the home screen with no names remembered: Autumn
# Leaves (the second app), four players, each seat's name typed in the name entry (the
# presses found by type_name()), then Start. The names scenario enters it by hand.
NAME_TABLE = ("Anna", "Lucas", "Emma", "Maximilian")
NAME_TABLE_OPEN = "DOWN OK DOWN OK UP OK DOWN"  # the app, four players, the first seat
# common five-letter names, each typed on the first seat of a fresh line-up
TYPICAL_NAMES = ("Lucas", "Sarah", "David", "Julia", "Louis", "Chloe", "James", "Elias", "Clara", "Oscar")
# names the built-in list lacks (typed the same way, guessed from their letters)
OTHER_NAMES = ("Cara", "Dan", "Heike", "Rolf", "Gudrun")


def type_name(sim, word):
    # On the name entry (apps/game/names.py): type `word` the shortest way round, as a
    # player who knows where each letter sits, and finish it; -> the presses
    from core import case

    entry = sim.loop.ui.top
    presses = 0
    while entry.name != word:
        typed = entry.typed
        if word[: len(typed)] != typed:
            raise ValueError("the entry went astray: " + typed)
        want = word[len(typed) : len(typed) + 1]
        ring = entry.ring
        go = (ring.index(case.lower(want)) - entry.pos) % len(ring)
        key, n = ("DOWN", go) if go <= len(ring) - go else ("UP", len(ring) - go)
        for _ in range(n):
            sim.press(key)
        presses += n
        if entry.name == word:
            break
        sim.press("OK")  # the letter, or on the end mark the name as typed
        presses += 1
        if sim.loop.ui.top is not entry:
            return presses
    sim.press("ROLL")
    return presses + 1


# 61 Feuilles, four sheets from the home screen (players 4, then Start twice), and one
# round: roll, each player's leaf (one press each), next round
FEUILLES_SETUP = "DOWN*3 OK DOWN OK UP UP UP OK ROLL ROLL"
FEUILLES_ROUND = "ROLL wait:500 OK OK OK OK ROLL"


# the name entry of the first game on the home menu (Autumn Leaves: the device is fresh,
# so seat 1 opens the entry at once): moves of the letter on offer, two letters, done
NAME_ENTRY = (
    ("name entry: seat 1", "DOWN OK DOWN DOWN"),
    ("name entry: open", "OK"),
    ("name entry: letters", "DOWN DOWN UP"),
    ("name entry: add", "OK OK"),
    ("name entry: done", "ROLL"),
    ("home", "BACK:long"),
)


def tour(app_labels):
    steps = list(DICE) + list(NAME_ENTRY)
    for i in range(1, len(app_labels)):
        label = app_labels[i]
        # the cursor starts on the first app whether a game is on or not
        steps.append((label + ": open", "DOWN*" + str(i) + " OK OK wait:600"))
        steps.append((label + ": use", "ROLL wait:600 DOWN OK UP OK BACK"))
        steps.append((label + ": menu", "OK:long DOWN UP BACK"))
        steps.append(("home", "BACK:long"))
    return steps

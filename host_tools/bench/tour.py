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
    ("dice: statistics", "OK:long DOWN DOWN DOWN DOWN OK BACK BACK"),
    ("home", "BACK:long"),
)

# What a group does most, counted by `leafkeeper bench`. The Autumn Leaves scenario
# plays the same hand with checks in between, and checks it is this one.
# Autumn Leaves, four players, from the score table: Anna went out with 5 leaves, Ben
# pile 6 highest 9, Cara 4 and 10, Dan 7 and 8: by the rules -5, 3, 6, 1, entered as a
# table scores (Anna's pile, the others' points)
TYPICAL_HAND = (
    "ROLL "  # score the hand
    "OK "  # Anna went out (the cursor starts on her)
    "DOWN DOWN OK "  # her pile 5 (from the pre-filled 7)
    "UP UP UP OK "  # Ben 3 (from 0)
    "UP UP UP UP UP UP OK "  # Cara 6
    "UP "  # Dan 1
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
# Settings' far rows from home, as the README gives them: Settings is home's last row
# (one UP from the top: home's menu wraps) and its list stops at its ends, so a held
# DOWN runs down to Player names, beside Erase all data (issue 40). A player's rename
# is RENAME_OPEN, DOWN to the name, OK, then the letters (type_name) and yes
ABOUT_KEYS = "UP OK DOWN:long DOWN DOWN OK"
RENAME_OPEN = "UP OK DOWN:long OK"


def type_name(sim, word):
    # On the name entry (apps/game/names.py): type `word` the shortest way round, as a
    # player who knows where each letter sits, and finish it; -> the presses. A rename's
    # entry starts from the old name: its letters that differ are rubbed out first. ROLL
    # takes no name until a letter is typed or the offer moved
    from core import case

    entry = sim.loop.ui.top
    presses = 0
    while entry.name != word or not entry.chosen:
        typed = entry.typed
        if word[: len(typed)] != typed:
            sim.press("BACK")
            presses += 1
            continue
        want = word[len(typed) : len(typed) + 1]
        ring = entry.ring
        go = (ring.index(case.lower(want)) - entry.pos) % len(ring)
        key, n = ("DOWN", go) if go <= len(ring) - go else ("UP", len(ring) - go)
        for _ in range(n):
            sim.press(key)
        presses += n
        if entry.name == word and entry.chosen:
            break
        sim.press("OK")  # the letter, or on the end mark the name as typed
        presses += 1
        if sim.loop.ui.top is not entry:
            return presses
    sim.press("ROLL")
    return presses + 1


def hold_ms(steps):
    # how long UP or DOWN is held to make `steps` steps on a count: one as it goes
    # down, then repeats at 450 ms and every 120 ms, every 50 ms from 2 s on
    # (core/buttons.py): let go mid-way between two steps, as a player watching it does
    return 510 + 120 * (steps - 2) if steps <= 14 else 2035 + 50 * (steps - 15)


# 61 Feuilles, four sheets from the home screen (players 4, then Start twice), and one
# round: roll, each player's leaf (one press each), next round
FEUILLES_SETUP = "DOWN*3 OK DOWN OK UP UP UP OK ROLL ROLL"
FEUILLES_ROUND = "ROLL wait:500 OK OK OK OK ROLL"


# Solitaire: deal 330's winning line as `leafkeeper solitaire solve 330` prints it (69
# moves, the shortest of deals 1-400): piles 1-6 as on the screen, "5>1*3" = the top 3
# cards of pile 5 onto pile 1, "D" = ROLL's deal. The Solitaire scenario plays it press
# by press to the win screen, and tests/test_solitaire_app.py checks the solver still
# gives it.
SOLITAIRE_DEAL = 330
SOLITAIRE_WIN = (
    "3>2 2>1*2 2>3 6>2 5>6 3>5*2 5>1*3 D 1>6 4>6 D 1>3 1>3*5 3>1*7 1>6*8 3>1 6>3*8 3>6*9 "
    "4>3 4>1 4>3 D 1>5*2 D 4>1 4>5*2 6>5 6>3 6>4*13 6>1 1>6*3 6>5*4 1>6 6>1*2 6>1 5>6*8 "
    "5>1*3 D 6>5*9 1>4 3>1 1>2*7 1>6 1>6 4>1 1>4*2 2>1*7 6>2 2>6*3 1>6*7 5>1*10 5>6 5>1 "
    "1>5*11 2>1*2 5>2*12 3>5 5>4*2 2>5*13 2>4 2>1 4>1*6 3>2 6>3*8 3>6*9 1>3*9 3>2*10 "
    "2>3*11 3>2*12"
)


def solitaire_open(app_labels):
    # the keys from the home screen that open Solitaire: the tour's, without its first
    # press in the app
    for label, script in tour(app_labels):
        if label == "Solitaire: open":
            return script.replace(" OK OK", " OK")
    return None


def solitaire_stats(next_deal):
    # Solitaire's statistics (its save sol_stats) with the next deal to be dealt
    return {"played": 0, "won": 0, "streak": 0, "best": 0, "fewest": [], "next": next_deal, "ahead": [],
            "game": 0, "counted": 0, "wins": 0}


def solitaire_keys(line, cursor=0):
    # a line in SOLITAIRE_WIN's notation as the presses that play it on the table, the
    # cursor on pile `cursor` (0-5) first: the short way to the pile, OK once a card
    # (each OK takes one more card of the run), the short way to the target, OK
    out = []

    def go(p):
        d = (p - cursor) % 6
        if d:
            out.append(("DOWN*%d" % d) if d <= 3 else ("UP*%d" % (6 - d)))
        return p

    for step in line.split():
        if step == "D":
            out.append("ROLL")
            continue
        src, rest = step.split(">")
        dst = rest.split("*")[0]
        count = int(rest.split("*")[1]) if "*" in rest else 1
        cursor = go(int(src) - 1)
        out.append(("OK*%d" % count) if count > 1 else "OK")
        cursor = go(int(dst) - 1)
        out.append("OK")
    return " ".join(out)


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
        # the cursor starts on the game in progress, else on the first app: home wraps,
        # so the app is as many UP from there either way
        steps.append((label + ": open", "UP*" + str(len(app_labels) - i) + " OK OK wait:600"))
        steps.append((label + ": use", "ROLL wait:600 DOWN OK UP OK BACK"))
        steps.append((label + ": menu", "OK:long DOWN UP BACK"))
        if label == "Solitaire":
            # back to the table the steps above left (home's cursor starts on its Resume
            # row: a deal made, a move), the menu's Hint: its OK (the second, "OK#2") runs the hint's
            # search; its move put down
            steps.append((label + ": hint", "OK wait:600 OK:long DOWN DOWN OK OK OK"))
        steps.append(("home", "BACK:long"))
    # the game in progress (the last one played: Solitaire), from its row above the apps
    steps.append(("Resume: open", "OK wait:600"))
    steps.append(("home", "BACK:long"))
    return steps

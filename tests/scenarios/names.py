# Players' names in the line-up (issues 14 and 15): a name in a few presses, no two seats
# with one name, a line-up half made kept through a power cut, and the same capital
# letters on the Pico and in the simulator. Runs on CPython and MicroPython.
#
# The expected presses are worked out by hand from the design (apps/game/names.py) and
# the list of common names (apps/game/firstnames.py), counted there with a text editor:
# - first letters, most frequent first (ties: the one whose first name comes first):
#   M 34, L 27, J 27, A 24, C 18, E 17, S 17, N 14, P 13, F 12, H 10, I 10, R 10, K 9,
#   T 7, D 7, ... So the entry opens on M; DOWN offers L, A, E, N, F, I, K, D, ...
#   (the 2nd, 4th, 6th...) and UP J, C, S, P, H, R, T, ... (the 3rd, 5th...).
# - the first name beginning with A is Anna, with E Emma, with L Lucas, with D David,
#   with M Marie, with Ma Marie, with Max Max (before Maximilian), with Maxi
#   Maximilian (before Maxime), with S Sophie, with Sa Sarah.
# - after M: a 25 names, i 4, o 3, e 2 (a first); after Ma: r 14, t 4, x 3, n 2, ...
#   (r first, x the 3rd: UP once); after Max: i 2, the end 1; after S: a first (7).
import json

from host_tools.bench.tour import NAME_TABLE, NAME_TABLE_OPEN, type_name
from host_tools.sim import Simulator, keys
from tests.scenarios.util import check, cursor_row, line_with


def _open_line_up(sim):
    # Autumn Leaves (the second entry of the home menu) opens on its line-up
    sim.advance(200)
    keys.run(sim, "DOWN OK")
    check(line_with(sim, "Start") is not None and line_with(sim, "1 P1") is not None, "the line-up", sim)


def _entry(sim):
    # the name entry's screen: (the name line as one word, what OK does, what BACK does)
    rows = sim.text().split("\n")
    # issue 28: ROLL takes the name line as shown (its guess too): its hint says so,
    # once a press chose it (issue 40: never the guess the entry opened on)
    check(rows[0].startswith("Seat "), "the name entry", sim)
    hint = rows[-1]
    ok, back = hint.split(" BACK: ")
    return rows[1].replace(" ", ""), ok, back


def _seat_one(sim):
    # a fresh device: Autumn Leaves' line-up, the cursor on seat 1
    _open_line_up(sim)
    keys.run(sim, "DOWN DOWN")
    check(cursor_row(sim) == "1 P1", "the cursor on seat 1", sim)


def _seat_one_named(name, what):
    # -> a fresh device whose seat 1 was named `name` on the letter entry
    sim = Simulator(seed=1)
    _seat_one(sim)
    sim.press("OK")
    type_name(sim, name)
    check(line_with(sim, "1 " + name) is not None, what, sim)
    return sim


def _strip(sim):
    # the line under the name: what UP and what DOWN offer, nearest first
    return sim.text().split("\n")[2]


def scenario_a_typical_name_in_a_few_presses():
    # each on the first seat of a fresh line-up, from the seat's row: OK opens the
    # entry at once (no names remembered, the seat still "P1"), then the letters, ROLL
    for word, script, presses in (
        ("Anna", "OK DOWN DOWN", 4),  # M, L, A: "Anna"
        ("Lucas", "OK DOWN", 3),  # M, L: "Lucas"
        ("Emma", "OK DOWN DOWN DOWN", 5),  # M, L, A, E: "Emma"
        ("Sarah", "OK UP UP UP OK", 6),  # M, J, C, S ("Sophie"), S: a, "Sarah"
        ("David", "OK DOWN*8", 10),  # the 8th down: D, "David"
        ("Maximilian", "OK OK OK UP OK", 6),  # M, Ma, Max, Maxi: "Maximilian"
    ):
        sim = Simulator(seed=1)
        _seat_one(sim)
        n = keys.run(sim, script)
        check(_entry(sim)[0] == word, word + ": the line reads it", sim)
        sim.press("ROLL")
        check(line_with(sim, "1 " + word) is not None, word + " in seat 1", sim)
        check(n + 1 == presses <= 12, word + ": %d presses" % (n + 1))
        # the bench's typist (the shortest way round) finds the same count
        sim = Simulator(seed=1)
        _seat_one(sim)
        sim.press("OK")
        check(1 + type_name(sim, word) == presses, word + ": the bench counts the same")
        check(line_with(sim, "1 " + word) is not None, word + " typed by the bench's typist", sim)


def scenario_roll_never_takes_the_guess_the_entry_opened_on():
    # issue 40: ROLL took the guesser's "Marie" before any press; now it takes the name
    # shown only once a letter is typed or the offer moved, and says so only then
    sim = Simulator(seed=1)
    _seat_one(sim)
    sim.press("OK")
    check(_entry(sim) == ("Marie", "OK: add M", "leave"), "M on offer, Marie guessed", sim)
    check(not sim.text().split("\n")[0].endswith("ROLL: as shown"), "no ROLL offered yet", sim)
    sim.press("ROLL")
    check(_entry(sim) == ("Marie", "OK: add M", "leave"), "ROLL took nothing", sim)
    sim.press("DOWN")  # L: Lucas
    check(sim.text().split("\n")[0].endswith("ROLL: as shown"), "a choice made: ROLL offered", sim)
    sim.press("ROLL")
    check(line_with(sim, "1 Lucas") is not None, "ROLL takes the name chosen", sim)


def scenario_maximilian_step_by_step():
    sim = Simulator(seed=1)
    _seat_one(sim)
    sim.press("OK")
    check(_entry(sim) == ("Marie", "OK: add M", "leave"), "M on offer, Marie guessed", sim)
    check(_strip(sim) == "UP J C S DOWN L A E", "three letters each way", sim)
    sim.press("OK")
    check(_entry(sim) == ("Marie", "OK: add a", "erase"), "then a", sim)
    sim.press("OK")
    check(_entry(sim) == ("Marie", "OK: add r", "erase"), "then r", sim)
    sim.press("UP")
    check(_entry(sim) == ("Max", "OK: add x", "erase"), "UP: x, and the line reads Max", sim)
    sim.press("OK")
    check(_entry(sim) == ("Maximilian", "OK: add i", "erase"), "Maxi...: Maximilian", sim)
    # BACK rubs out the x and offers it again
    sim.press("BACK")
    check(_entry(sim) == ("Max", "OK: add x", "erase"), "BACK: the x on offer again", sim)
    sim.press("OK")
    sim.press("ROLL")
    check(line_with(sim, "1 Maximilian") is not None, "Maximilian in seat 1", sim)
    check(cursor_row(sim) == "2 P2", "the cursor goes on to seat 2", sim)


def scenario_the_end_mark_ends_a_name_as_typed():
    # "Max" wanted, not Maximilian: after M, a, x the end mark is a press away
    sim = Simulator(seed=1)
    _seat_one(sim)
    keys.run(sim, "OK OK OK UP OK")  # Max typed: i on offer (Maximilian), the end next
    check(_entry(sim)[0] == "Maximilian", "Maximilian guessed", sim)
    sim.press("DOWN")
    check(_entry(sim) == ("Max", "OK: done", "erase"), "the end mark: OK ends it", sim)
    sim.press("OK")
    check(line_with(sim, "1 Max") is not None and line_with(sim, "Maximilian") is None, "Max in seat 1", sim)
    # a space at the end is not part of the name
    sim.press("OK")
    type_name(sim, "Ann ")
    s = json.loads(sim.flash.read("settings.json"))["data"]
    check(s["lineup"] == ["Max", "Ann", "P3"], "Ann, no space: " + str(s["lineup"]))


def scenario_a_new_table_named_and_started_in_a_few_presses():
    # from the home screen of a fresh device: Autumn Leaves, four players, Anna, Lucas,
    # Emma and Maximilian, Start. The cursor goes on to the next seat after each name.
    sim = Simulator(seed=1)
    sim.advance(200)
    check(NAME_TABLE_OPEN == "DOWN OK DOWN OK UP OK DOWN", "the bench's table opens as here")
    check(NAME_TABLE == ("Anna", "Lucas", "Emma", "Maximilian"), "the bench's table is this one")
    n = keys.run(sim, "DOWN OK")  # Autumn Leaves
    n += keys.run(sim, "DOWN OK UP OK")  # four players
    check(line_with(sim, "Players: 4") is not None, "four seats", sim)
    n += keys.run(sim, "DOWN")  # seat 1
    for word, script, nxt in (
        ("Anna", "OK DOWN DOWN ROLL", "2 P2"),
        ("Lucas", "OK DOWN ROLL", "3 P3"),
        ("Emma", "OK DOWN DOWN DOWN ROLL", "4 P4"),
        ("Maximilian", "OK OK OK UP OK ROLL", "Start"),
    ):
        n += keys.run(sim, script)
        check((cursor_row(sim) or "").startswith(nxt), word + " named, the cursor on " + nxt, sim)
    n += keys.run(sim, "OK")  # Start
    check("Hand 1/6" in sim.text(), "the game has started", sim)
    game = json.loads(sim.flash.read("autumn_leaves.json"))["data"]
    check(game["setup"]["players"] == ["Anna", "Lucas", "Emma", "Maximilian"], "the players")
    check(n == 2 + 4 + 1 + 4 + 3 + 5 + 6 + 1 == 26, "26 presses: %d" % n)


def scenario_a_line_up_half_made_survives_a_power_cut():
    sim = Simulator(seed=1)
    sim.advance(200)
    keys.run(sim, "DOWN OK DOWN OK UP OK DOWN")  # Autumn Leaves, four players, seat 1
    keys.run(sim, "OK DOWN DOWN ROLL")  # Anna
    keys.run(sim, "OK DOWN ROLL")  # Lucas
    sim.power_cut()
    sim.boot()
    _open_line_up_with(sim, "Players: 4")
    for row in ("1 Anna", "2 Lucas", "3 P3"):
        check(line_with(sim, row) is not None, "after the power cut: " + row, sim)
    s = json.loads(sim.flash.read("settings.json"))["data"]
    check(s["lineup"] == ["Anna", "Lucas", "P3", "P4"], "the line-up on flash: " + str(s["lineup"]))
    # a count changed alone is kept too
    keys.run(sim, "DOWN OK DOWN OK")  # three players
    sim.power_cut()
    sim.boot()
    sim.advance(200)
    keys.run(sim, "DOWN OK")
    check(line_with(sim, "Players: 3") is not None and line_with(sim, "4 P4") is None, "three seats", sim)




def scenario_a_name_already_in_the_line_up_is_refused():
    sim = _seat_one_named("Ada", "seat 1 is Ada")
    check(cursor_row(sim) == "2 P2", "on to seat 2", sim)
    sim.press("OK")
    type_name(sim, "Ada")  # ends with ROLL on the line "Ada"
    seen = sim.text().replace("\n", " ")
    check("Ada" in seen and "already" in seen, "the player is told: " + seen)
    sim.press("OK")  # the message: back on the entry, what was typed kept
    check(_entry(sim)[0] == "Ada", "Ada still typed", sim)
    keys.run(sim, "BACK BACK BACK BACK")  # rubbed out, then leave
    check(line_with(sim, "2 P2") is not None and line_with(sim, "2 Ada") is None, "seat 2 keeps its name", sim)
    keys.run(sim, "UP UP UP OK")  # Start
    s = json.loads(sim.flash.read("settings.json"))["data"]
    check(s["lineup"] == ["Ada", "P2", "P3"], "the line-up saved: " + str(s["lineup"]))
    check(s["names"] == ["Ada"], "Ada remembered once: " + str(s["names"]))
    game = json.loads(sim.flash.read("autumn_leaves.json"))["data"]
    check(game["setup"]["players"] == ["Ada", "P2", "P3"], "the game's players")


def scenario_the_guess_never_offers_a_name_already_taken():
    # seat 1 is Anna: on seat 2, M, L, A offers the next name beginning with A (Alice)
    sim = Simulator(seed=1)
    _seat_one(sim)
    keys.run(sim, "OK DOWN DOWN ROLL")  # Anna
    keys.run(sim, "OK DOWN DOWN")
    check(_entry(sim)[0] == "Alice", "Alice, not Anna again", sim)


def scenario_a_remembered_name_is_one_press_in_the_menu():
    sim = Simulator(seed=1)
    names = {"lineup": ["Anna", "Ben", "Cara"], "names": ["Anna", "Ben", "Cara", "Dan", "Eve"]}
    sim.flash.write("settings.json", json.dumps({"v": 1, "data": names}).encode())
    sim.boot()
    _open_line_up_with(sim, "3 Cara")
    keys.run(sim, "DOWN DOWN DOWN DOWN OK")  # seat 3
    check(sim.text().split("\n")[1:6] == ["Type a name", "Cara", "Dan", "Eve", "P3"], "the seat's menu", sim)
    keys.run(sim, "DOWN DOWN OK")
    check(line_with(sim, "3 Dan") is not None and (cursor_row(sim) or "").startswith("Start"), "Dan, then Start", sim)
    # "Type a name" starts empty (a new player, not Dan's letters to rub out); BACK
    # leaves with Dan kept
    keys.run(sim, "DOWN DOWN DOWN DOWN OK OK")
    check(_entry(sim) == ("Marie", "OK: add M", "leave"), "an empty entry", sim)
    sim.press("BACK")
    check(line_with(sim, "3 Dan") is not None, "Dan kept", sim)


def _open_line_up_with(sim, row):
    sim.advance(200)
    keys.run(sim, "DOWN OK")
    check(line_with(sim, row) is not None, "the line-up with " + row, sim)


def scenario_the_guesses_by_hand():
    # the ring of choices on a list of four names, worked out by hand (names.py)
    Simulator(seed=1)
    from apps.game.names import END, LETTERS, Guess

    g = Guess([], b" Anna Anne Ben Bo ", "ab", [])
    # first letters as given (A, B): a, then b down, the end mark up; then the rest of
    # the alphabet, c to n going down, z to o going up
    r = g.ring("")
    check(r[:4] == ["a", "b", "c", "d"] and r[12:14] == ["m", "n"], "down: a b c d ... m n: " + str(r[:14]))
    check(r[-1] == END and r[-2] == "z" and r[-13] == "o", "up: the end, z ... o")
    check(len(r) == len(LETTERS) + 1 and sorted(r[1:-1]) == sorted(LETTERS[1:]), "every letter once, and the end")
    # after Ann: a and e begin names (one each: a first), then what follows n in the
    # list: n 2, a 1, e 1, the end 1 (Ben): a, e down, n up, the end down again
    r = g.ring("Ann")
    check(r[:3] == ["a", "e", END] and r[-1] == "n", "after Ann: " + str(r[:3]) + " " + str(r[-1:]))
    check(g.complete("An") == "Anna" and g.complete("B") == "Ben", "the first name that fits")
    check(Guess(["Bob"], g.data, "ab", []).complete("B") == "Bob", "a recent name first")
    check(Guess([], g.data, "ab", ["ANNA"]).complete("An") == "Anne", "not a name another seat has")
    check(Guess([], g.data, "ab", ["ANNA"]).complete("Anna") == "Anna", "nothing else fits: as typed")


def scenario_the_list_holds_names_the_entry_can_type():
    # each listed name is one the entry could make (capitalised, of LETTERS, not too
    # long), once; and the list stays small: it is in RAM while a name is typed
    Simulator(seed=1)
    from apps.game import MAX_NAME
    from apps.game.firstnames import INITIALS, NAMES
    from apps.game.names import LETTERS
    from core.case import capitalise, lower

    check(NAMES[0] == " " and NAMES[-1] == " " and "  " not in NAMES, "one space between names and at the ends")
    names = NAMES.split()
    for i in range(len(names)):
        n = names[i]
        check(2 <= len(n) <= MAX_NAME and capitalise(lower(n)) == n, "a name the entry makes: " + n)
        check(all(c in LETTERS for c in lower(n)), "letters the entry offers: " + n)
        check(n not in names[:i], "once: " + n)
    check(len(NAMES.encode()) <= 2048, "at most 2 KB: %d bytes" % len(NAMES.encode()))
    # INITIALS: the first letters, the most frequent first, ties in the order met
    letters = []
    counts = []
    for n in names:
        if n[0] in letters:
            counts[letters.index(n[0])] += 1
        else:
            letters.append(n[0])
            counts.append(1)
    order = sorted(range(len(letters)), key=lambda k: (-counts[k], k))
    check(INITIALS == lower("".join(letters[k] for k in order)), "INITIALS as counted: " + INITIALS)


def scenario_capital_letters_are_the_same_on_the_pico_and_in_the_simulator():
    # MicroPython's str.upper() changes only ASCII letters, CPython's every letter:
    # the firmware capitalises with its own rule, the same on both
    _seat_one_named("Élo", "a capital É, as on the Pico")
    from core.case import capitalise

    check(capitalise("ßen") == "ßen", "no SS for ß (CPython would make it SSen)")
    check(capitalise("ÿvon") == "ÿvon", "no Ÿ, which the fonts do not have")
    check(capitalise("ñu") == "Ñu" and capitalise("1a") == "1a", "Latin-1 letters only")
    from rules import autumn_ash

    check(autumn_ash.stage("BLAC\u212a") is None, "the Kelvin sign is not a K")  # CPython: "black"
    check(autumn_ash.stage(" Blue ") == ("rainbow", 3), "colours are read in any case")


def scenario_a_two_player_game_between_does_not_undo_the_regular_four():
    # issue 40 item 10: after a two-player Ash, 61 Feuilles opened with "2 seats: Anna,
    # Ben" and the four had to be rebuilt. Each game opens with its own last line-up
    from tests.scenarios.util import FOUR, choose, confirm, open_app, open_game, says, table

    sim = table(FOUR)
    open_game(sim, "61 Feuilles")
    sim.press("OK")  # its setup's Start: a game of four
    open_game(sim, "Autumn Ash")  # for two: Anna and Ben
    sim.press("OK")  # its setup's Start
    check(line_with(sim, "Start") is None, "Ash is on", sim)
    open_app(sim, "61 Feuilles")
    sim.hold("OK")
    choose(sim, "New players")
    confirm(sim)
    check(sim.text().startswith("61 Feuilles") and says(sim, "4 seats"), "its own four come back", sim)
    sim.press("UP")  # round to the last seat, below the fold
    for i in range(4):
        check(line_with(sim, str(i + 1) + " " + FOUR[i]) is not None, FOUR[i] + " in seat " + str(i + 1), sim)
    sim.hold("BACK")
    open_app(sim, "Autumn Ash")
    sim.hold("OK")
    choose(sim, "New players")
    confirm(sim)
    check(says(sim, "Rainbow: Anna") and says(sim, "Xeno: Ben"), "Ash's own two", sim)

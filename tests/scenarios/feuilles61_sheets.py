# 61 Feuilles d'Automne: the sheets' tally at the end of a game, through the Simulator
# API: the readings the rules leave open as settings (set up, changed in the game menu,
# where each X stands), games and setups saved before the readings existed, and six
# 10-letter names through a whole game with nothing cut off.

from host_tools.sim import Simulator
from tests.scenarios.f61 import (
    final_total,
    menu_row,
    new_game,
    picker,
    play_to_the_end,
    roll,
    scrolled_to,
    take,
)
from tests.scenarios.util import (
    RESUME,
    booted_with,
    check,
    choose,
    confirm,
    cursor_row,
    line_with,
    numbers,
    open_app,
    open_game,
    run_together,
    says,
    table,
)


def scenario_the_readings_are_settings_beside_the_goalposts():
    # F61-6, F61-10, F61-13: set up as "An X scores nothing" and "Mug 4: 1+2 points", then
    # changed in the game menu; the sheet asks where each X stands; hand-worked totals
    sim = new_game(1, seed=7, setup=("DOWN",) * 5 + ("OK", "DOWN", "DOWN", "OK"))
    sim.hold("OK")
    for label in ("Goalpost: at or past", "Goalpost values", "An X scores nothing", "An X: next box",
                  "Mug 4: 1+2 points", "Zone bonus: 3"):
        check(scrolled_to(sim, label), label + " in the game menu, beside the goalposts", sim)
    sim.press("BACK")
    menu_row(sim, "Zones")
    sim.press("DOWN")
    sim.press("OK")  # Frog pond
    sim.press("OK")  # tick P1
    sim.press("ROLL")
    sim.press("BACK")
    play_to_the_end(sim)
    sim.press("OK")
    sim.press("ROLL")  # P1's sheet: the pond pre-filled (P1 holds its bonus)
    # the leaf track passed 11, 31 and 51: three X's; 21, 41, 61 gave 2 + 3 + 5 = 10
    for _ in range(4):
        sim.press("OK")  # pumpkins, lilies (5), the skewers
    sim.press("DOWN")  # mugs filled: 0 -> 6
    sim.press("OK")
    sim.press("DOWN")  # mug 4: yes
    for _ in range(5):
        sim.press("OK")  # mug 4, the den's floors, the mushrooms
    check(line_with(sim, "X 1 none") is not None, "a row per X, where it stands", sim)
    for _ in range(7):
        sim.press("UP")  # X 1: none, pumpkin 1, pumpkin 2, lily 1 ... lily 5
    check(line_with(sim, "lily 5") is not None, "X 1", sim)
    sim.press("OK")
    for _ in range(13):
        sim.press("UP")  # X 2: ... lily 5, L skewer, R skewer, mug 1 ... mug 4
    check(line_with(sim, "mug 4") is not None, "X 2", sim)
    sim.press("OK")
    check(line_with(sim, "X 3 none") is not None and line_with(sim, "X 4") is None, "three X's", sim)
    # by hand: the pond 1 + 1 + 2 + 2 (lily 5's X scores nothing) = 6; the mugs five
    # at 1 (mug 4's X scores nothing) = 5; goalposts 10; the pond's bonus 3: 24
    check(line_with(sim, "Total 24") is not None, "24 under these readings", sim)
    sim.press("ROLL")
    check(sim.text().startswith("Mugs bonus?"), "the full mugs, never claimed in play: asked", sim)
    sim.press("BACK")  # no bonus: the totals below are worked without it
    check("Final tally" in sim.text() and final_total(sim) == 24, "24 under these readings", sim)
    menu_row(sim, "An X scores nothing")  # -> an X box scores: pond 9, mugs 5 + 3 = 8
    check(final_total(sim) == 30, "9 + 8 + 10 + 3 = 30", sim)
    menu_row(sim, "Mug 4: 1+2 points")  # -> mug 4 worth 2: mugs 7
    check(final_total(sim) == 29, "9 + 7 + 10 + 3 = 29", sim)
    menu_row(sim, "Zone bonus: 3")
    sim.press("UP")
    sim.press("UP")
    sim.press("OK")  # 5 acorns a zone
    check(final_total(sim) == 31, "9 + 7 + 10 + 5 = 31", sim)
    sim.hold("OK")
    choose(sim, "Undo last")
    check("Undone: the zone bonus" in sim.text().replace("\n", " "), "undo says what it took back", sim)
    sim.press("OK")
    check(final_total(sim) == 29, "9 + 7 + 10 + 3 = 29", sim)
    # the setup remembers the readings it started with for the next game
    menu_row(sim, "New players")
    sim.press("OK")  # the line-up: Start
    check(scrolled_to(sim, "An X scores nothing") and scrolled_to(sim, "Mug 4: 1+2 points"),
          "the setup's rows", sim)


def scenario_saves_from_before_the_readings_load_with_the_defaults():
    # F61-6, F61-10, F61-13: a game and a last setup saved before the readings existed
    # play on with the defaults; a reading that can't be is set back and the player told
    setup = {"players": ["Anna", "Bo"], "first": 0, "mode": "sheets", "exact": False,
             "goalposts": [[11, "X"], [21, 2], [31, "X"], [41, 3], [51, "X"], [61, 5]]}
    game = {"setup": setup, "actions": [["roll", [2, 3, 4]], ["leaf", 0, 4]], "over": False}
    prefs = {"mode": "sheets", "first": -1, "exact": False, "goalposts": setup["goalposts"]}
    files = {"feuilles61.json": game, "feuilles61_setup.json": prefs, "settings.json": {"resume": "feuilles61"}}
    sim = booted_with(Simulator(seed=3), files)
    choose(sim, RESUME)
    check(picker(sim, setup["players"]) == 1, "the leaves are asked in seat order", sim)
    sim.hold("OK")
    for label in ("An X scores points", "An X: next box", "Mug 4: 2 points", "Zone bonus: 3"):
        check(scrolled_to(sim, label), label + " by default", sim)
    sim.press("BACK")
    menu_row(sim, "New players")
    confirm(sim)  # yes, end this game
    sim.press("OK")  # the line-up: Start, on to the setup with the last one
    for label in ("An X scores points", "An X: next box", "Mug 4: 2 points", "Zone bonus: 3"):
        check(scrolled_to(sim, label), label + " in the setup", sim)
    check(sim.flash.read("crash.log") is None, "crash.log", sim)
    # a last setup with mug 4 worth 7: that value is reset, the file kept aside
    prefs.update({"x_scores": False, "mug4": 7})
    sim = booted_with(Simulator(seed=3), {"feuilles61_setup.json": prefs})
    open_app(sim, "61 Feuilles")
    sim.press("OK")
    seen = sim.text().replace("\n", " ")
    check("mug4" in seen and "feuilles61_setup.bad" in seen, "the player is told: " + seen)
    sim.press("OK")
    check(scrolled_to(sim, "Mug 4: 2 points") and scrolled_to(sim, "An X scores nothing"),
          "mug 4 back to 2, the good reading kept", sim)


def scenario_six_long_names_play_to_the_end_with_nothing_cut_off():
    # F61-1, F61-13, F61-15: six 10-letter names through every screen of a whole game
    # (run() fails the scenario on any text the screen cut off)
    names = ["Alexandria", "Bernadette", "Christophe", "Donatienne", "Evangeline", "Maximilian"]
    sim = table(names, seed=11)
    open_game(sim, "61 Feuilles")
    for _ in range(8):
        sim.press("DOWN")  # every row of the setup, the readings too
    sim.press("UP")
    sim.press("OK")  # Mug 4: 1+2 points
    sim.press("ROLL")  # start
    menu_row(sim, "Who rolls this round")
    choose(sim, "Maximilian")
    check(line_with(sim, "Maximilian") is not None, "Maximilian rolls, whole on the lit bar", sim)
    for r in range(12):
        if r == 1:  # the zone race: two long names share the marshmallows
            menu_row(sim, "Zones")
            choose(sim, "Marshmallows")
            sim.press("OK")
            sim.press("ROLL")
            choose(sim, "Marshmallows")
            sim.press("DOWN")
            sim.press("DOWN")
            sim.press("OK")
            sim.press("ROLL")
            sim.press("BACK")
        roll(sim)
        while picker(sim, names) is not None:
            take(sim, max)
        sim.press("DOWN")  # the round's summary, scrolled
        sim.press("ROLL")
        if "Game over" in sim.text():
            break
    menu_row(sim, "Leaf tracks")
    for _ in range(6):
        sim.press("DOWN")
    sim.press("BACK")
    play_to_the_end(sim)
    sim.press("OK")
    for _ in range(6):
        sim.press("ROLL")  # a sheet, named in its title
        check(line_with(sim, "ROLL: done") is not None, "a sheet's tally", sim)
        sim.press("ROLL")
    sim.press("OK")  # the winner's points zone by zone
    check(line_with(sim, "place 1") is not None, "the winner's breakdown", sim)


def scenario_a_complete_zone_nobody_claimed_in_play_is_asked_about_at_the_tally():
    # F61-13, F61-15: a full pond on a sheet, never ticked in the Zones menu during
    # play: the tally asks instead of dropping the 3-acorn bonus without a word
    sim = new_game(2, seed=7)
    play_to_the_end(sim)  # both sheets take the highest die: the same leaf points
    sim.press("OK")
    sim.press("ROLL")  # P1's sheet, zone by zone
    sim.press("OK")  # no pumpkins
    sim.press("DOWN")  # a full pond: five lilies
    sim.press("ROLL")
    check(sim.text().startswith("Frog pond bonus?") and says(sim, "Never claimed in play. Was P1 among the first?"),
          "asked", sim)
    check(cursor_row(sim) == "No bonus", "the cursor starts on the answer that adds nothing", sim)
    confirm(sim)  # P1 was first: DOWN to "Bonus", OK
    check("Count the sheets" in sim.text() and "1/2" in sim.text(), "P1 counted", sim)
    sim.press("ROLL")  # P2's sheet: a full pond too, completed later
    sim.press("OK")
    sim.press("DOWN")
    sim.press("ROLL")
    check(says(sim, "Was P2 among the first?"), "P2 is asked too (P1's claim was late)", sim)
    sim.press("BACK")  # not among the first: no bonus
    check("Final tally" in sim.text(), "both sheets counted", sim)
    rows = [numbers(r) for r in sim.text().split("\n")[1:3]]
    check(rows[0][:2] == [1, 1] and rows[1][:2] == [2, 2], "P1 first, P2 second", sim)
    check(rows[0][2] - rows[1][2] == 3, "the bonus is the 3 points between them", sim)
    menu_row(sim, "Zones")
    check(line_with(sim, "Frog pond") is not None and "P1" in line_with(sim, "Frog pond"),
          "the Zones page: P1 holds the pond", sim)


def scenario_a_sheet_s_title_reads_apart_from_its_columns():
    # issue 28: "Anna's sheet" (72 px from x 2) ran into the heading "count" over the
    # counts (right-aligned at x 102: from x 72): "Anna's sheetcount pts" on the glass.
    # The counts need no heading (a tick row says yes/no); "pts" stays over the points
    sim = table(["Anna", "Ben"], seed=7)
    open_game(sim, "61 Feuilles")
    sim.press("ROLL")
    play_to_the_end(sim)
    sim.press("OK")
    sim.press("ROLL")  # Anna's sheet
    check(sim.text().split("\n")[0] == "Anna's sheet pts", "the sheet's title, then the points' heading", sim)
    check(run_together() == [], "apart on the title bar", sim)


def _count_by_total(sim, total, pressed):
    # on a sheet's total: held UP most of the way, then one press at a time; OK counts
    # it. -> presses made, added to `pressed`
    n = 0
    gap = total - numbers(sim.text().split("\n")[1])[0]
    if gap > 3:
        from host_tools.bench.tour import hold_ms

        sim.hold("UP", ms=hold_ms(gap))
        n += 1
    for _ in range(12):
        v = numbers(sim.text().split("\n")[1])[0]
        if v == total:
            break
        sim.press("UP" if v < total else "DOWN")
        n += 1
    check(numbers(sim.text().split("\n")[1])[0] == total, "the total set: " + str(total), sim)
    sim.press("OK")
    pressed.append(n + 1)


def scenario_four_sheets_counted_by_their_totals_in_25_presses():
    # issue 40 item 8: four sheets zone by zone took ~115 presses; each player sums
    # their own sheet on paper, and the device takes that one number: OK on the sheet,
    # UP/DOWN (held: fast) from what the device kept (leaf points and bonuses), OK
    sim = new_game(4, seed=7)
    play_to_the_end(sim)
    sim.press("OK")
    check("Count the sheets" in sim.text(), "the tally's start", sim)
    pressed = [1]  # OK on the first sheet
    sim.press("OK")
    paper = []
    for p in range(4):
        check(sim.text().startswith("P" + str(p + 1) + "'s total"), "P" + str(p + 1) + "'s total, in turn", sim)
        kept = numbers(line_with(sim, "Leaf+bonuses"))[0]
        check(numbers(sim.text().split("\n")[1])[0] == kept, "it starts from what the device kept", sim)
        paper.append(kept + (31, 24, 38, 19)[p])  # realistic zone sums, 0 to 52
        _count_by_total(sim, paper[-1], pressed)
        if p < 3:
            sim.press("OK")  # the cursor went on to the next sheet still to count
            pressed.append(1)
    check("Final tally" in sim.text(), "four sheets counted", sim)
    rows = [numbers(r)[-1] for r in sim.text().split("\n")[1:5]]
    check(sorted(rows) == sorted(paper), "the ranking holds the totals summed: " + str(paper), sim)
    check(sum(pressed) <= 25, "four sheets by totals in 25 presses at most: " + str(pressed), sim)


def scenario_a_pre_filled_count_stops_at_its_top_and_a_total_at_its_ends():
    # issue 40 item 8: Pumpkins 2 -> UP -> 0 made a sheet refused: a row and a total
    # stop at their ends instead of wrapping round to the other
    sim = new_game(1, seed=7)
    menu_row(sim, "Zones")
    sim.press("OK")  # Pumpkins
    sim.press("OK")  # tick P1
    sim.press("ROLL")
    sim.press("BACK")
    play_to_the_end(sim)
    sim.press("OK")
    sim.press("ROLL")  # P1's sheet zone by zone: the pumpkins pre-filled (P1 holds the bonus)
    check(numbers(line_with(sim, "Pumpkins"))[0] == 2, "pre-filled: 2 pumpkins", sim)
    sim.press("UP")
    check(numbers(line_with(sim, "Pumpkins"))[0] == 2, "UP at the top stays at 2", sim)
    check(line_with(sim, "Not yet") is None, "the sheet is still a possible one", sim)
    sim.press("BACK")  # nothing changed: left with no question
    sim.press("OK")  # P1's total
    kept = numbers(line_with(sim, "Leaf+bonuses"))[0]
    sim.press("DOWN")
    check(numbers(sim.text().split("\n")[1])[0] == kept, "DOWN at the least stays there", sim)
    sim.hold("UP", ms=5000)  # past the top
    top = numbers(sim.text().split("\n")[1])[0]
    check(top == kept + 52, "held UP stops at every zone full: " + str(kept + 52), sim)
    sim.press("UP")
    check(numbers(sim.text().split("\n")[1])[0] == top, "UP at the top stays there", sim)
    sim.press("OK")
    check("Final tally" in sim.text() and final_total(sim) == top, "counted", sim)

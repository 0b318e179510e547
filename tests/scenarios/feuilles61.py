# 61 Feuilles d'Automne at the table, through the Simulator API only: the roller moves on
# each round, each leaf is one press (UP / OK / DOWN beside the three dice), goalposts
# are announced as they unlock (and not on a pass under "exact landing"), the game ends
# after round 20 or the round a leaf total reaches 61, the zone race is shared and then
# closed, the final tally adds up to the maximum for a full sheet, and a power cut
# loses nothing.
import json

from host_tools.sim import Simulator
from tests.scenarios.util import RESUME, check, choose, line_with, numbers, open_app, open_game, table

KEYS = ("UP", "OK", "DOWN")  # the key beside each die, top to bottom
ROLL_MS = 500  # the roll animation has landed


def new_game(players, seed=1, setup=()):
    # a fresh device, 61 Feuilles opened with `players` sheets P1.., `setup` = presses
    # on the setup screen before Start: round 1, nothing rolled yet
    sim = Simulator(seed=seed)
    sim.advance(100)
    open_app(sim, "61 Feuilles")
    sim.press("DOWN")  # "Players: 1"
    sim.press("OK")
    for _ in range(players - 1):
        sim.press("UP")
    sim.press("OK")
    sim.press("ROLL")  # the line-up starts
    check("Mode: leaf tracks" in sim.text(), "the setup screen", sim)
    for key in setup:
        sim.press(key)
    sim.press("ROLL")  # the setup starts the game
    check(line_with(sim, "Round 1/20") is not None, "round 1 on screen", sim)
    return sim


def dice(sim):
    # the three dice of the column -> [(die, leaf total it makes, its goalpost or "")]
    rows = sim.text().split("\n")[1:4]
    out = []
    for row in rows:
        parts = row.split(" ") + [""]
        mark = parts[3] if parts[3][:1] in ("X", "+") else ""
        out.append((int(parts[1]), int(parts[2].lstrip("→")), mark))
    return out


def picker(sim):
    # the seat whose leaf is asked: "sheet 2/4" -> 1
    line = line_with(sim, "sheet ")
    return None if line is None else numbers(line.split("sheet ")[1])[0] - 1


def roll(sim):
    sim.press("ROLL")
    sim.advance(ROLL_MS)


def take(sim, best):
    # one press: the die whose leaf total best() chooses among the three
    rows = dice(sim)
    totals = [r[1] for r in rows]
    k = totals.index(best(totals))
    sim.press(KEYS[k])
    return rows[k]


def reroll_until(sim, value, tries=40):
    # roll this round again (confirmed) until a die shows `value`
    for _ in range(tries):
        if value in [r[0] for r in dice(sim)]:
            return
        sim.press("ROLL")
        check("again?" in sim.text(), "a re-roll asks first", sim)
        sim.press("OK")
        sim.advance(ROLL_MS)
    check(False, "a die showed " + str(value), sim)


def take_value(sim, value):
    reroll_until(sim, value)
    sim.press(KEYS[[r[0] for r in dice(sim)].index(value)])


def lit_seats(sim, players):
    # the seats whose LEDs glow, in seat order
    leds = sim.leds()
    per = len(leds) // players
    return [s for s in range(players) if all(c != (0, 0, 0) for c in leds[s * per:(s + 1) * per])]


def scenario_a_20_round_game_for_four_played_through():
    # F61-1, F61-3, F61-14, F61-15: a whole game of 20 rounds
    sim = new_game(4, seed=2)
    first = None
    for r in range(1, 21):
        lines = sim.text().split("\n")
        check(lines[0].startswith("Round " + str(r) + "/20"), "round " + str(r), sim)
        roller = int(lines[1][1:]) - 1  # who rolls, on the lit bar: "P3"
        if first is None:
            first = roller
        check(roller == (first + r - 1) % 4, "the roller moves on one seat a round", sim)
        check(lit_seats(sim, 4) == [roller], "the roller's seat glows", sim)
        roll(sim)
        for p in range(4):
            check(picker(sim) == p, "the leaves are asked in seat order", sim)
            check(lit_seats(sim, 4) == [p], "the seat choosing a die glows", sim)
            take(sim, min)  # the lowest leaf: nobody reaches 61
        check("OK: zones" in sim.text(), "every leaf is in: the summary", sim)
        check(lit_seats(sim, 4) == [roller], "the roller's seat again", sim)
        sim.press("ROLL")
    check("Game over" in sim.text(), "the game ends after round 20", sim)
    check("Round 20 was the last round." in " ".join(sim.text().split("\n")), "and says why", sim)
    sim.press("OK")
    check("Count the sheets" in sim.text(), "the sheets are counted next", sim)
    for _ in range(4):
        sim.press("ROLL")  # the next sheet to count
        check(line_with(sim, "ROLL: done") is not None, "a sheet's tally", sim)
        sim.press("ROLL")  # nothing else on these sheets: leaf points only
    check("Final tally" in sim.text(), "the ranking", sim)
    ranked = [line for line in sim.text().split("\n")[1:] if line[:1].isdigit()]
    check(len(ranked) == 4, "four sheets ranked", sim)


def scenario_goalpost_11_unlocks_on_a_step_from_10_to_12_by_default():
    # F61-5: 10 -> 12 unlocks 11 by default
    sim = new_game(1, seed=5)
    roll(sim)
    take_value(sim, 4)  # 4
    sim.press("ROLL")
    roll(sim)
    take_value(sim, 6)  # 10
    sim.press("ROLL")
    roll(sim)
    reroll_until(sim, 2)
    row = dice(sim)[[r[0] for r in dice(sim)].index(2)]
    check(row[1] == 12 and row[2] == "X", "the die of 2 shows it unlocks X", sim)
    take_value(sim, 2)
    check(sim.text().split("\n")[0] == "P1 12: X", "announced: P1 12: X", sim)
    sim.hold("OK")
    choose(sim, "Leaf tracks")
    check(numbers(line_with(sim, "P1")) == [1, 12, 1, 0], "P1 12, 1 X, 0 points", sim)


def scenario_goalpost_11_is_not_unlocked_by_passing_it_under_exact_landing():
    # F61-5: under exact landing, passing 11 unlocks nothing
    sim = new_game(1, seed=5, setup=("DOWN", "DOWN", "DOWN", "OK"))  # Rule: exact landing
    roll(sim)
    take_value(sim, 4)
    sim.press("ROLL")
    roll(sim)
    take_value(sim, 6)
    sim.press("ROLL")
    roll(sim)
    reroll_until(sim, 2)
    row = dice(sim)[[r[0] for r in dice(sim)].index(2)]
    check(row[1] == 12 and row[2] == "", "no X beside the die of 2", sim)
    take_value(sim, 2)
    check(sim.text().split("\n")[0].startswith("Round 3/20"), "nothing announced", sim)
    sim.hold("OK")
    choose(sim, "Leaf tracks")
    check(numbers(line_with(sim, "P1")) == [1, 12, 0, 0], "P1 12, no X", sim)


def scenario_a_leaf_total_of_61_ends_the_round_then_the_tally_scores_79():
    # F61-13, F61-14, F61-15: 61 ends the game after its round; 79 at most
    # two sheets take the highest die; P1 completes every zone in round 1 alone and so
    # holds all six bonuses; P2 fills a whole sheet later (no bonus)
    sim = new_game(2, seed=7)
    roll(sim)
    take(sim, max)
    take(sim, max)
    for z in range(6):
        sim.press("OK")  # the zones, from the round's summary
        for _ in range(z):
            sim.press("DOWN")
        sim.press("OK")  # this zone
        sim.press("OK")  # tick P1
        sim.press("ROLL")
        sim.press("BACK")
    sim.press("OK")
    check(numbers(line_with(sim, "Pumpkins")) == [1, 1], "Pumpkins: round 1, P1", sim)
    sim.press("BACK")
    sim.press("ROLL")
    r = 2
    while "Game over" not in sim.text():
        check(r <= 20, "61 is reached before round 20", sim)
        roll(sim)
        take(sim, max)
        take(sim, max)
        ends = line_with(sim, "ROLL: end") is not None
        sim.press("ROLL")
        check(ends == ("Game over" in sim.text()), "the round that reaches 61 ends the game", sim)
        r += 1
    words = " ".join(sim.text().split("\n"))
    check("Leaves reached 61 in round " + str(r - 1) in words, "the game says why", sim)
    sim.press("OK")
    sim.press("OK")  # P1's sheet: every zone already complete (the bonuses)
    check(line_with(sim, "Total 79") is not None, "P1: the maximum, 79", sim)
    sim.press("ROLL")
    sim.press("DOWN")
    sim.press("OK")  # P2's sheet, filled row by row: DOWN fills a row, OK goes on
    for _ in range(10):
        sim.press("DOWN")
        sim.press("OK")
    check("Final tally" in sim.text(), "both sheets counted", sim)
    rows = sim.text().split("\n")[1:]
    check(numbers(rows[0]) == [1, 1, 79], "P1 first with 79", sim)
    check(numbers(rows[1]) == [2, 2, 61], "P2: 51 on the sheet + 10 leaf points", sim)


def scenario_the_zone_race_is_shared_in_a_round_then_closed():
    # F61-13: the zone race is shared in a round, then closed
    sim = new_game(3, seed=4)
    roll(sim)
    sim.hold("OK")
    choose(sim, "Zones")
    sim.press("OK")  # Pumpkins
    sim.press("OK")  # tick P1
    sim.press("ROLL")
    sim.press("OK")  # Pumpkins again, same round: who else?
    check("and who?" in sim.text(), "the same round asks who else", sim)
    sim.press("DOWN")
    sim.press("OK")  # tick P3 (P1 already holds it)
    sim.press("ROLL")
    check(numbers(line_with(sim, "Pumpkins")) == [1, 1, 3], "P1 and P3 share it", sim)
    sim.press("BACK")
    for _ in range(3):
        take(sim, min)
    sim.press("ROLL")
    roll(sim)
    sim.hold("OK")
    choose(sim, "Zones")
    sim.press("OK")  # Pumpkins, round 2: P2 is too late
    check("its bonus is gone" in " ".join(sim.text().split("\n")), "closed for everyone else", sim)


def scenario_resume_after_power_cut_mid_round():
    # KEEP-1: a power cut mid-round loses nothing; F61-1: the same dice
    sim = new_game(4, seed=9)
    roll(sim)
    before = dice(sim)
    take(sim, min)
    take(sim, min)
    sim.power_cut()
    sim.boot()
    sim.advance(100)
    check(sim.text().split("\n")[1].startswith(RESUME + "61 Feuilles"), "home offers the game", sim)
    sim.press("UP")
    sim.press("OK")
    check(line_with(sim, "Round 1/20") is not None, "round 1 again", sim)
    check([r[0] for r in dice(sim)] == [r[0] for r in before], "the same dice", sim)
    check(picker(sim) == 2, "P3's leaf is asked next", sim)
    # a roll is saved before it is shown: cut the power as the dice land
    for _ in range(2):
        take(sim, min)
    sim.press("ROLL")
    roll(sim)
    landed = [r[0] for r in dice(sim)]
    sim.power_cut()
    sim.boot()
    sim.advance(100)
    sim.press("UP")
    sim.press("OK")
    check([r[0] for r in dice(sim)] == landed, "round 2's dice survive", sim)


def scenario_dice_only_takes_one_roll_a_round():
    # F61-1, F61-14: dice only: after the first roll, ONE press of ROLL a round goes on
    # to the next round and rolls its dice; the roller moves on; round 20's ROLL ends it
    sim = new_game(3, seed=3, setup=("DOWN", "OK", "UP"))  # Mode: dice only
    roll(sim)
    first = None
    for r in range(1, 21):
        title = sim.text().split("\n")[0]
        check(title.startswith("Round " + str(r) + "/20"), "round " + str(r) + " after one ROLL", sim)
        check(line_with(sim, "ROLL: next round") is not None, "its dice on the screen", sim)
        roller = int(title.split(" P")[1].split(" ")[0]) - 1
        first = roller if first is None else first
        check(roller == (first + r - 1) % 3, "the roller moves on one seat a round", sim)
        check(lit_seats(sim, 3) == [roller], "the roller's seat glows", sim)
        sim.press("ROLL")
        sim.advance(ROLL_MS)
    check("Game over" in sim.text(), "the ROLL after round 20 ends the game", sim)
    check("Round 20 was the last round." in " ".join(sim.text().split("\n")), "and says why", sim)


def scenario_the_ring_lights_the_player_choosing_a_die():
    # F61-1: the roller's seat glows until the dice land, then the seat choosing a die
    sim = new_game(3, seed=6)
    roller = int(sim.text().split("\n")[1][1:]) - 1
    check(lit_seats(sim, 3) == [roller], "who rolls", sim)
    roll(sim)
    for p in range(3):
        check(lit_seats(sim, 3) == [p], "P" + str(p + 1) + " chooses: their seat glows", sim)
        take(sim, min)
    check(lit_seats(sim, 3) == [roller], "all leaves in: the roller's seat again", sim)
    sim.press("BACK")  # correct P3's leaf
    check(picker(sim) == 2 and lit_seats(sim, 3) == [2], "the seat being corrected glows", sim)


EDIT_21_TO_12 = ("DOWN",) * 4 + ("OK", "DOWN", "OK") + ("DOWN",) * 9 + ("OK", "OK", "BACK")
# the setup's Goalposts row, its "At 21" row, the threshold 21 down to 12, its reward
# (+2) kept, back to the setup


def scenario_every_goalpost_of_a_round_is_listed_and_a_double_unlock_announced_whole():
    # F61-4, F61-5: goalposts edited to 11 -> X and 12 -> +2; four sheets go 6, then 12:
    # each pick unlocks both, the announcement says both, and the round's summary lists
    # all four players' (UP/DOWN scroll it)
    sim = new_game(4, seed=8, setup=EDIT_21_TO_12)
    roll(sim)
    reroll_until(sim, 6)
    for _ in range(4):
        take_value(sim, 6)
    sim.press("ROLL")
    roll(sim)
    reroll_until(sim, 6)
    k = [r[0] for r in dice(sim)].index(6)
    check(dice(sim)[k][1] == 12 and "+2" in sim.text().split("\n")[1 + k], "the die of 6 shows both", sim)
    take_value(sim, 6)
    check(sim.text().split("\n")[0] == "P1 12: X, +2 points", "both announced", sim)
    for _ in range(3):
        take_value(sim, 6)
    seen = " ".join(sim.text().split("\n"))
    for _ in range(3):
        sim.press("DOWN")
        seen += " " + " ".join(sim.text().split("\n"))
    for p in range(1, 5):
        check("P" + str(p) + " 12: X +2" in seen, "P" + str(p) + "'s two goalposts in the summary", sim)
    check(line_with(sim, "P1 12") is None, "scrolled: the first row went up", sim)
    sim.press("UP")
    check(line_with(sim, "P1 12") is not None, "and comes back", sim)


def scenario_edited_goalposts_say_so_when_a_game_starts():
    # F61-4: a game started with edited goalposts says they are not the sheet's
    sim = new_game(2, seed=8)
    check(line_with(sim, "Goalposts: sheet") is not None, "the sheet's own", sim)
    sim = new_game(2, seed=8, setup=EDIT_21_TO_12)
    check(line_with(sim, "Goalposts: edited") is not None, "edited goalposts say so", sim)
    # the same players again: the new game starts with the edited goalposts, and says so
    sim.hold("OK")
    choose(sim, "Same players again")
    sim.press("OK")  # yes
    check(line_with(sim, "Round 1/20") is not None and line_with(sim, "Goalposts: edited") is not None,
          "the rematch says so too", sim)
    sim.hold("OK")
    choose(sim, "Goalpost values")
    choose(sim, "Sheet values")
    sim.press("BACK")
    check(line_with(sim, "Goalposts: sheet") is not None, "back to the sheet's: no warning", sim)


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
    check(line_with(sim, "Round 1/20") is not None, "round 1", sim)
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
            check("who" in sim.text().split("\n")[0], "who else", sim)
            sim.press("DOWN")
            sim.press("DOWN")
            sim.press("OK")
            sim.press("ROLL")
            check(line_with(sim, "Marshmallows") is not None, "held since round 2", sim)
            sim.press("BACK")
        roll(sim)
        while line_with(sim, "sheet ") is not None:
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
    check("Final tally" in sim.text(), "every sheet counted", sim)
    sim.press("OK")  # the winner's points zone by zone
    check(line_with(sim, "place 1") is not None, "the winner's breakdown", sim)


def play_to_the_end(sim):
    # every sheet takes its highest die each round until the game ends (61 is reached)
    while "Game over" not in sim.text():
        roll(sim)
        while line_with(sim, "sheet ") is not None:
            take(sim, max)
        sim.press("ROLL")


def final_total(sim):
    # the ranking's first row: "1 P1 24" -> 24
    return numbers(sim.text().split("\n")[1])[-1]


def menu_row(sim, label):
    # the game menu, then the row starting with `label` (OK on it)
    sim.hold("OK")
    choose(sim, label)


def scenario_the_readings_are_settings_beside_the_goalposts():
    # F61-6, F61-10, F61-13: set up as "X box: no points" and "Mug 4: 1+2 points", then
    # changed in the game menu; the sheet asks where each X stands; hand-worked totals
    sim = new_game(1, seed=7, setup=("DOWN",) * 5 + ("OK", "DOWN", "DOWN", "OK"))
    sim.hold("OK")
    for label in ("Rule: reach or pass", "Goalpost values", "X box: no points", "X goes: in order",
                  "Mug 4: 1+2 points", "Zone bonus: 3"):
        check(_scrolled_to(sim, label), label + " in the game menu, beside the goalposts", sim)
    sim.press("BACK")
    menu_row(sim, "Zones")
    sim.press("DOWN")
    sim.press("OK")  # Frog pond
    sim.press("OK")  # tick P1
    sim.press("ROLL")
    sim.press("BACK")
    play_to_the_end(sim)
    sim.press("OK")
    check("Count the sheets" in sim.text(), "the sheets are counted", sim)
    sim.press("ROLL")  # P1's sheet: the pond pre-filled (P1 holds its bonus)
    # the leaf track passed 11, 31 and 51: three X's; 21, 41, 61 gave 2 + 3 + 5 = 10
    for _ in range(4):
        sim.press("OK")  # pumpkins, lilies (5), the skewers
    sim.press("DOWN")  # mugs filled: 0 -> 6
    sim.press("OK")
    sim.press("DOWN")  # mug 4: yes
    for _ in range(5):
        sim.press("OK")  # mug 4, the den's floors, the mushrooms
    check(line_with(sim, "X 1 on none") is not None, "a row per X, where it stands", sim)
    for _ in range(7):
        sim.press("UP")  # X 1: none, pumpkin 1, pumpkin 2, lily 1 ... lily 5
    check(line_with(sim, "lily 5") is not None, "X 1 on lily 5", sim)
    sim.press("OK")
    for _ in range(13):
        sim.press("UP")  # X 2: ... lily 5, L skewer, R skewer, mug 1 ... mug 4
    check(line_with(sim, "mug 4") is not None, "X 2 on mug 4", sim)
    sim.press("OK")
    check(line_with(sim, "X 3 on none") is not None and line_with(sim, "X 4") is None, "three X's", sim)
    # by hand: the pond 1 + 1 + 2 + 2 (lily 5's X scores nothing) = 6; the mugs five
    # at 1 (mug 4's X scores nothing) = 5; goalposts 10; the pond's bonus 3: 24
    check(line_with(sim, "Total 24") is not None, "24 under these readings", sim)
    sim.press("ROLL")
    check("Final tally" in sim.text() and final_total(sim) == 24, "ranked with 24", sim)
    menu_row(sim, "X box: no points")  # -> an X box scores: pond 9, mugs 5 + 3 = 8
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
    check(final_total(sim) == 29, "undo takes the bonus's value back", sim)
    # the setup remembers the readings it started with for the next game
    menu_row(sim, "New players")
    sim.press("OK")  # the line-up: Start
    check(_scrolled_to(sim, "X box: no points") and _scrolled_to(sim, "Mug 4: 1+2 points"),
          "the setup's rows", sim)


def scenario_saves_from_before_the_readings_load_with_the_defaults():
    # F61-6, F61-10, F61-13: a game and a last setup saved before the readings existed
    # play on with the defaults; a reading that can't be is set back and the player told
    setup = {"players": ["Anna", "Bo"], "first": 0, "mode": "sheets", "exact": False,
             "goalposts": [[11, "X"], [21, 2], [31, "X"], [41, 3], [51, "X"], [61, 5]]}
    game = {"setup": setup, "actions": [["roll", [2, 3, 4]], ["leaf", 0, 4]], "over": False}
    prefs = {"mode": "sheets", "first": -1, "exact": False, "goalposts": setup["goalposts"]}
    sim = Simulator(seed=3)
    sim.flash.write("feuilles61.json", json.dumps({"v": 1, "data": game}).encode())
    sim.flash.write("feuilles61_setup.json", json.dumps({"v": 1, "data": prefs}).encode())
    sim.flash.write("settings.json", json.dumps({"v": 1, "data": {"resume": "feuilles61"}}).encode())
    sim.power_cut()
    sim.boot()
    sim.advance(300)
    choose(sim, RESUME)
    check(picker(sim) == 1, "Bo's leaf is asked next", sim)
    sim.hold("OK")
    for label in ("X box: scores", "X goes: in order", "Mug 4: 2 points", "Zone bonus: 3"):
        check(_scrolled_to(sim, label), label + " by default", sim)
    sim.press("BACK")
    menu_row(sim, "New players")
    sim.press("OK")  # yes, end this game
    sim.press("OK")  # the line-up: Start, on to the setup with the last one
    for label in ("X box: scores", "X goes: in order", "Mug 4: 2 points", "Zone bonus: 3"):
        check(_scrolled_to(sim, label), label + " in the setup", sim)
    check(sim.flash.read("crash.log") is None, "nothing crashed", sim)
    # a last setup with mug 4 worth 7: that value is reset, the file kept aside
    sim = Simulator(seed=3)
    prefs.update({"x_scores": False, "mug4": 7})
    sim.flash.write("feuilles61_setup.json", json.dumps({"v": 1, "data": prefs}).encode())
    sim.power_cut()
    sim.boot()
    sim.advance(300)
    open_app(sim, "61 Feuilles")
    sim.press("OK")
    seen = sim.text().replace("\n", " ")
    check("mug 4" in seen and "feuilles61_setup.bad" in seen, "the player is told: " + seen)
    sim.press("OK")
    check(_scrolled_to(sim, "Mug 4: 2 points") and _scrolled_to(sim, "X box: no points"),
          "mug 4 back to 2, the good reading kept", sim)


def _scrolled_to(sim, label):
    # DOWN through a menu (it wraps) until a row starting with `label` shows
    for _ in range(16):
        if line_with(sim, label) is not None:
            return True
        sim.press("DOWN")
    return False

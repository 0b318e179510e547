# 61 Feuilles d'Automne at the table, through the Simulator API only: the roller moves on
# each round, each leaf is one press (UP / OK / DOWN beside the three dice), goalposts
# are announced as they unlock (and not on a pass under "exact landing"), the game ends
# after round 20 or the round a leaf total reaches 61, the zone race is shared and then
# closed, the final tally adds up to the maximum for a full sheet, and a power cut
# loses nothing.
from host_tools.sim import Simulator
from tests.scenarios.util import RESUME, check, choose, line_with, numbers, open_app

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
        mark = parts[3] if parts[3] == "X" or parts[3][:1] == "+" else ""
        out.append((int(parts[1]), int(parts[2][1:]), mark))
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


def roller_lit(sim, seat, players):
    leds = sim.leds()
    per = len(leds) // players
    return all(c != (0, 0, 0) for c in leds[seat * per:(seat + 1) * per])


def scenario_a_20_round_game_for_four_played_through():
    # F61-1, F61-3, F61-14, F61-15: a whole game of 20 rounds
    sim = new_game(4, seed=2)
    first = None
    for r in range(1, 21):
        title = sim.text().split("\n")[0]
        check(title.startswith("Round " + str(r) + "/20"), "round " + str(r), sim)
        roll(sim)
        roller = int(sim.text().split("\n")[0].split(" P")[1].split(" ")[0]) - 1
        if first is None:
            first = roller
        check(roller == (first + r - 1) % 4, "the roller moves on one seat a round", sim)
        check(roller_lit(sim, roller, 4), "the roller's seat glows")
        for p in range(4):
            check(picker(sim) == p, "the leaves are asked in seat order", sim)
            take(sim, min)  # the lowest leaf: nobody reaches 61
        check("Leaves in" in sim.text(), "every leaf is in", sim)
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
        sim.press("OK")  # the zones, from "Leaves in"
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
    check("who else?" in sim.text(), "the same round asks who else", sim)
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


def scenario_dice_only_counts_rounds_and_moves_the_roller():
    # F61-1: dice only: the rounds and the roller
    sim = new_game(3, seed=3, setup=("DOWN", "OK", "UP"))  # Mode: dice only
    for r in range(1, 4):
        check(line_with(sim, "Round " + str(r) + "/20") is not None, "round " + str(r), sim)
        roll(sim)
        check(line_with(sim, "ROLL: next round") is not None, "the dice stay for the round", sim)
        sim.press("ROLL")

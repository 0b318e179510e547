# Autumn Ash at the table, through the Simulator API only: Rosa plays Rainbow, Xavier
# plays Xeno, Rosa starts. A bag scores its pips (pawn 1, drone 2, queen 3) plus one
# colour bonus (red/orange 3, blue/cyan 6, black/purple 12); 21 or more wins at once.
from host_tools.sim.keys import run as keys
from tests.scenarios.util import (
    RESUME,
    check,
    choose,
    cursor_row,
    line_with,
    open_game,
    says,
    table,
)

PAIR = ["Rosa", "Xavier"]
# the power-cut suites' game (tests/scenarios/robust.py), from the line-up: Start, the
# sides, then P1 black 16, P2 orange 9, P1 yellow 5: 21 wins, the game goes into the
# history; a rematch, and one turn of it
POWER_CUT_KEYS = "OK OK OK DOWN DOWN OK UP OK OK DOWN OK OK OK ROLL OK UP OK UP OK DOWN OK OK ROLL ROLL"
BLUE = (0, 16, 48)  # seat 1 (Rosa) under the brightness cap
ORANGE = (48, 20, 0)  # seat 2 (Xavier)


def start(seed=1):
    sim = table(PAIR, seed)
    open_game(sim, "Autumn Ash")
    check(line_with(sim, "Rainbow: Rosa") is not None, "sides asked", sim)
    sim.press("OK")  # Start
    check(line_with(sim, "Rosa's turn") is not None, "Rosa starts", sim)
    return sim


def total(sim, name):
    # from the score table row "place name side total"
    for line in sim.text().split("\n"):
        parts = line.split(" ")
        if len(parts) == 4 and parts[0].isdigit() and parts[1] == name:
            return int(parts[3])
    return None


def bag(sim, colour_moves, counts_keys):
    # OK: a bag; pick the colour (the cursor starts on red/orange); then the counts,
    # pre-filled with one pawn, one drone, one queen
    keys(sim, "OK " + colour_moves + " OK " + counts_keys)


def scenario_turns_pass_with_roll_and_the_leds_follow():
    # ASH-3: turns alternate, a turn may bag nothing
    sim = start()
    check(sim.leds()[0] == BLUE and sim.leds()[6] == (0, 0, 0), "Rosa's seat lit", sim)
    sim.press("ROLL")  # Rosa moved, bagged nothing
    check(line_with(sim, "Xavier's turn") is not None, "the turn passes", sim)
    check(sim.leds()[6] == ORANGE and sim.leds()[0] == (0, 0, 0), "Xavier's seat lit", sim)
    check(total(sim, "Rosa") == 0 and total(sim, "Xavier") == 0, "no points", sim)
    sim.press("ROLL")
    check(line_with(sim, "Rosa's turn") is not None, "and back", sim)


def scenario_only_the_own_sides_colours_are_offered():
    # ASH-1: each side is offered only its own colours
    sim = start()
    sim.press("OK")
    text = sim.text()
    check("Green" in text and "Black" in text and "Cyan" not in text, "Rainbow's colours", sim)
    keys(sim, "BACK ROLL OK")  # not now; Rosa passes; Xavier bags
    text = sim.text()
    check("Clear" in text and "Purple" in text and "Red" not in text, "Xeno's colours", sim)


def scenario_seed_example_five_cyan_pieces_worth_sixteen():
    # ASH-8: the rule text's five cyan pieces worth 16
    sim = start()
    sim.press("ROLL")  # Rosa passes
    # Xavier: cyan (one below orange), 2 pawns, 1 drone, 2 queens
    bag(sim, "DOWN", "UP OK OK UP")
    check(line_with(sim, "Cyan") is not None, "the cyan bag", sim)
    check(says(sim, "10 pips + 6 cyan = 16"), "the points preview before confirming", sim)
    sim.press("OK")  # the last count: confirm
    check(total(sim, "Xavier") == 16, "16 points", sim)
    check(line_with(sim, "Rosa's turn") is not None, "then the turn passes", sim)
    check(line_with(sim, "1 Xavier Xeno 16") is not None, "highest first, with the side", sim)


def scenario_a_two_piece_bag_is_refused():
    # ASH-7: a bag of two pieces is refused
    sim = start()
    bag(sim, "", "OK OK DOWN")  # red: 1 pawn, 1 drone, 0 queens
    check(says(sim, "a bag needs 3+ pieces"), "warned while entering", sim)
    sim.press("OK")
    check(says(sim, "at least 3 pieces"), "refused in plain words", sim)
    sim.press("OK")  # dismiss
    check(line_with(sim, "Queens 0 0") is not None, "back on the entry", sim)
    keys(sim, "BACK BACK BACK")  # to the first cell, and leave
    check(says(sim, "Discard this red bag?"), "asks before throwing the counts away", sim)
    keys(sim, "OK BACK")  # discard; leave the colours
    check(line_with(sim, "Rosa's turn") is not None, "still Rosa's turn", sim)
    check(total(sim, "Rosa") == 0, "nothing scored", sim)


def scenario_first_to_reach_21_wins_at_once():
    # ASH-9: 21 wins at once; ASH-3: in a rematch the other player starts
    sim = start()
    bag(sim, "DOWN DOWN", "UP OK OK DOWN OK")  # black: 2 pawns 1 drone = 4 + 12 = 16
    check(total(sim, "Rosa") == 16, "16: not yet", sim)
    bag(sim, "", "ROLL")  # Xavier: orange trio, 6 + 3 = 9
    bag(sim, "UP", "UP OK DOWN OK OK")  # Rosa: yellow, 2 pawns 1 queen = 5, no bonus -> 21
    check(line_with(sim, "Rosa wins!") is not None, "21 wins at once", sim)
    check(total(sim, "Rosa") == 21 and total(sim, "Xavier") == 9, "the totals", sim)
    sim.advance(200)
    lit = [c for c in sim.leds() if c != (0, 0, 0)]
    check(lit and all(c == BLUE for c in lit), "the ring celebrates in Rosa's colour", sim)
    before = sim.leds()
    sim.advance(100)
    check(sim.leds() != before, "the lights run round", sim)
    sim.press("OK")  # no more bags once won
    check(says(sim, "The game is won"), "told", sim)
    sim.press("OK")
    sim.press("ROLL")  # new match, same sides; Xavier starts this time
    check(line_with(sim, "Xavier's turn") is not None, "a new match", sim)
    check(total(sim, "Rosa") == 0, "from zero", sim)
    # issue 15: that ROLL may have been a stray press: undo, the first row of the menu,
    # brings the won match back
    keys(sim, "OK:long")
    check(cursor_row(sim).startswith("Undo"), "Undo first in the menu", sim)
    keys(sim, "OK OK")
    check(line_with(sim, "Rosa wins!") is not None, "the won match is back", sim)
    check(total(sim, "Rosa") == 21 and total(sim, "Xavier") == 9, "with its totals", sim)


def scenario_review_and_correct_a_bag_then_undo():
    # ASH-8, KEEP-2: a past bag corrected, the totals follow, then undone
    sim = start()
    bag(sim, "", "ROLL")  # Rosa: red trio = 9
    bag(sim, "", "ROLL")  # Xavier: orange trio = 9
    keys(sim, "OK:long")
    choose(sim, "Rosa's bags")
    check(line_with(sim, "Turn 1: red +9") is not None, "Rosa's bags listed", sim)
    sim.press("OK")
    check(cursor_row(sim) == "Red", "opens on its colour", sim)
    keys(sim, "DOWN OK")  # it was blue
    check(says(sim, "6 pips + 6 blue = 12"), "the corrected bag", sim)
    sim.press("ROLL")
    check(total(sim, "Rosa") == 12, "total follows", sim)
    check(line_with(sim, "Rosa's turn") is not None, "still Rosa's turn", sim)
    # Xavier's bag was no bag at all
    keys(sim, "OK:long")
    choose(sim, "Xavier's bags")
    sim.press("OK")
    choose(sim, "No bag")
    check(total(sim, "Xavier") == 0, "Xavier back to 0", sim)
    for _ in range(3):  # undo: the two corrections, then Xavier's bag
        keys(sim, "OK:long")
        choose(sim, "Undo")
        sim.press("OK")
    check(total(sim, "Rosa") == 9 and total(sim, "Xavier") == 0, "three steps back", sim)
    check(line_with(sim, "Xavier's turn") is not None, "Xavier to play again", sim)


def scenario_game_survives_a_power_cut():
    # KEEP-1: nothing confirmed is lost to a power cut
    sim = start()
    bag(sim, "DOWN", "ROLL")  # Rosa: blue trio = 6 + 6 = 12
    sim.press("ROLL")  # Xavier: no bag
    keys(sim, "OK DOWN OK UP")  # Rosa is entering a bag when the power goes
    sim.power_cut()
    sim.boot()
    sim.advance(100)
    check(line_with(sim, RESUME + "Autumn Ash") is not None, "home offers the game", sim)
    sim.press("UP")
    sim.press("OK")
    check(line_with(sim, "Rosa's turn") is not None, "Rosa's turn, as it was", sim)
    check(total(sim, "Rosa") == 12, "her bag kept", sim)
    keys(sim, "OK:long")
    choose(sim, "Undo")
    check(says(sim, "Undone: Xavier's turn 2 (no bag)"), "the undo history kept", sim)


def scenario_sides_can_be_swapped_and_who_starts():
    # ASH-1, ASH-3: who plays which side, who starts
    sim = table(PAIR)
    open_game(sim, "Autumn Ash")
    keys(sim, "DOWN OK")  # swap: Xavier plays Rainbow
    check(line_with(sim, "Rainbow: Xavier") is not None, "swapped", sim)
    keys(sim, "DOWN DOWN OK")  # first: Xavier
    check(line_with(sim, "First: Xavier") is not None, "Xavier starts", sim)
    sim.press("ROLL")
    check(line_with(sim, "Xavier's turn") is not None, "Xavier's turn", sim)
    check(line_with(sim, "Xavier Rainbow 0") is not None, "on Rainbow", sim)
    check(sim.leds()[6] == ORANGE, "his seat lit: seats stay where people sit", sim)
    sim.press("OK")
    check("Green" in sim.text(), "Rainbow's colours for Xavier", sim)

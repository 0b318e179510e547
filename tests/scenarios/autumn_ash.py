# Autumn Ash at the table, through the Simulator API only: Rosa plays Rainbow, Xavier
# plays Xeno, Rosa starts. A bag scores its pips (pawn 1, drone 2, queen 3) plus one
# colour bonus (red/orange 3, blue/cyan 6, black/purple 12); 21 or more wins at once.
from host_tools.bench.tour import LONG_NAMES
from host_tools.sim.keys import run as keys
from tests.scenarios.util import (
    RESUME,
    booted_with,
    boxes,
    check,
    choose,
    confirm,
    cursor_row,
    end_stays,
    ink,
    line_with,
    numbers,
    open_app,
    says,
    table,
)

PAIR = ["Rosa", "Xavier"]
BLUE = (0, 16, 48)  # seat 1 (Rosa) under the brightness cap
ORANGE = (48, 20, 0)  # seat 2 (Xavier)


def start(seed=1, pair=PAIR):
    # one Start (issue 40): the sides come first, with the line-up's names
    sim = table(pair, seed)
    open_app(sim, "Autumn Ash")
    check(line_with(sim, "Rainbow: " + pair[0]) is not None, "sides asked", sim)
    sim.press("OK")  # Start
    check(turn(sim) == pair[0], pair[0] + " starts", sim)
    return sim


def columns(sim):
    # the main screen as a player reads it: a column per seat, left to right, each
    # [name, side, total, lit]: the side over the column in the title bar, the name on
    # its bar (lit: the player to move, or the winner), the total under it
    cols = [[None, None, None, False], [None, None, None, False]]
    for x, y, w, h, s in boxes():
        col = cols[0 if x + w // 2 < 64 else 1]
        if y == 0:
            if s in ("Rainbow", "Xeno"):
                col[1] = s
        elif y < 24:  # the name bar, under the title bar
            col[0] = s
            col[3] = ink(sim, s)[1]
        elif y < 52 and numbers(s) and str(numbers(s)[0]) == s:
            col[2] = int(s)
    return cols


def total(sim, name):
    for col in columns(sim):
        if col[0] == name:
            return col[2]
    return None


def side(sim, name):
    for col in columns(sim):
        if col[0] == name:
            return col[1]
    return None


def total_heights(sim):
    # how tall each column's total is on the glass, left to right (util.ink)
    return [ink(sim, b)[0] for b in boxes() if 24 <= b[1] < 52]


def turn(sim):
    # the player whose name is lit: whose turn it is (the winner once the game is won)
    lit = [col[0] for col in columns(sim) if col[3]]
    return lit[0] if len(lit) == 1 else None


def bag(sim, colour_moves, counts_keys):
    # ROLL: the turn; pick the colour (colour_moves from red/orange, the third: the
    # cursor starts on the first); then the counts, pre-filled with one pawn, one
    # drone, one queen
    keys(sim, "ROLL DOWN DOWN " + colour_moves + " OK " + counts_keys)


def no_bag(sim):
    # ROLL: the turn, which bagged nothing: ROLL again, as the colours say
    keys(sim, "ROLL ROLL")


def scenario_turns_pass_with_roll_and_the_leds_follow():
    # ASH-3: turns alternate, a turn may bag nothing
    sim = start()
    check(sim.leds()[0] == BLUE and sim.leds()[6] == (0, 0, 0), "Rosa's seat lit", sim)
    no_bag(sim)  # Rosa moved, bagged nothing
    check(turn(sim) == "Xavier", "the turn passes", sim)
    check(sim.leds()[6] == ORANGE and sim.leds()[0] == (0, 0, 0), "Xavier's seat lit", sim)
    check(total(sim, "Rosa") == 0 and total(sim, "Xavier") == 0, "no points", sim)
    no_bag(sim)
    check(turn(sim) == "Rosa", "and back", sim)


def scenario_only_the_own_sides_colours_are_offered():
    # ASH-1: each side is offered only its own colours
    sim = start()
    sim.press("ROLL")
    text = sim.text()
    check("Green" in text and "Black" in text and "Cyan" not in text, "Rainbow's colours", sim)
    sim.press("BACK")  # not now
    no_bag(sim)  # Rosa passes
    sim.press("ROLL")  # Xavier bags
    text = sim.text()
    check("Clear" in text and "Purple" in text and "Red" not in text, "Xeno's colours", sim)


def scenario_seed_example_five_cyan_pieces_worth_sixteen():
    # ASH-8: the rule text's five cyan pieces worth 16
    sim = start()
    no_bag(sim)  # Rosa passes
    # Xavier: cyan (one below orange), 2 pawns, 1 drone, 2 queens
    bag(sim, "DOWN", "UP OK OK UP")
    check(line_with(sim, "Cyan") is not None, "the cyan bag", sim)
    check(says(sim, "10+6 = 16, ROLL: done"), "the points preview before confirming, and the key", sim)
    sim.press("OK")  # the last count: confirm
    check(total(sim, "Xavier") == 16, "16 points", sim)
    check(turn(sim) == "Rosa", "then the turn passes", sim)
    check(
        [col[:3] for col in columns(sim)] == [["Rosa", "Rainbow", 0], ["Xavier", "Xeno", 16]],
        "each under their side, in seat order (the leader's column does not move)",
        sim,
    )


def scenario_a_two_piece_bag_is_refused():
    # ASH-7: a bag of two pieces is refused
    sim = start()
    bag(sim, "", "OK OK DOWN")  # red: 1 pawn, 1 drone, 0 queens
    check(says(sim, "a bag needs 3+ pieces"), "warned while entering", sim)
    sim.press("OK")
    check(says(sim, "at least 3 pieces"), "refused in plain words", sim)
    sim.press("OK")  # dismiss
    check(line_with(sim, "Queens 0 0") is not None, "back on the entry", sim)
    sim.press("BACK")  # refused: one BACK leaves (issue 28)
    check(says(sim, "Discard this red bag?"), "asks before throwing the counts away", sim)
    confirm(sim)  # discard: back on the totals
    check(turn(sim) == "Rosa", "still Rosa's turn", sim)
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
    end_stays(sim)  # new match, same sides; Xavier starts this time
    check(turn(sim) == "Xavier", "a new match", sim)
    check(total(sim, "Rosa") == 0, "from zero", sim)
    # issue 15: undo, the second row of the menu (issue 40), brings the won match back
    keys(sim, "OK:long DOWN")
    check(cursor_row(sim).startswith("Undo"), "Undo second in the menu", sim)
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
    check(says(sim, "6+6 = 12, ROLL: done"), "the corrected bag", sim)
    sim.press("ROLL")
    check(total(sim, "Rosa") == 12, "total follows", sim)
    check(turn(sim) == "Rosa", "still Rosa's turn", sim)
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
    check(turn(sim) == "Xavier", "Xavier to play again", sim)


def resume_after_a_cut(sim):
    # the power goes, comes back, and the game is taken up from home's Resume row
    sim.power_cut()
    sim.boot()
    sim.advance(100)
    check(line_with(sim, RESUME + "Autumn Ash") is not None, "home offers the game", sim)
    sim.press("OK")  # the cursor starts on it


def scenario_game_survives_a_power_cut():
    # KEEP-1: nothing confirmed is lost to a power cut
    sim = start()
    bag(sim, "DOWN", "ROLL")  # Rosa: blue trio = 6 + 6 = 12
    no_bag(sim)  # Xavier
    keys(sim, "ROLL DOWN OK UP")  # Rosa is entering a bag when the power goes
    resume_after_a_cut(sim)
    check(turn(sim) == "Rosa", "Rosa's turn, as it was", sim)
    check(total(sim, "Rosa") == 12, "her bag kept", sim)
    keys(sim, "OK:long")
    choose(sim, "Undo")
    check(says(sim, "Undone: Xavier's turn 2 (no bag)"), "the undo history kept", sim)


LONG_GAME = 5000  # turns: the whole journal passed storage's 32 KB read bound at about 2,330


def scenario_a_5000_turn_game_resumes_with_its_score_and_undo():
    # issue 25.4, KEEP-1: a long game is never thrown away. Rosa bags a red trio (9 by
    # hand: 1 + 2 + 3 pips + 3 for red), then 4,999 turns pass: after a power cut the
    # same game opens (not "damaged (too big)"), her 9 kept though her bag is long
    # folded away, and undo still takes back the last turn by its number
    sim = start()
    bag(sim, "", "ROLL")
    for _ in range(LONG_GAME - 1):
        keys(sim, "ROLL UP OK")  # no bag, the colours' last row
    check(turn(sim) == "Rosa", "5,000 turns played: Rosa's turn again", sim)
    resume_after_a_cut(sim)
    check(not says(sim, "damaged"), "the save read back", sim)
    check(total(sim, "Rosa") == 9 and total(sim, "Xavier") == 0, "the score as it was", sim)
    check(turn(sim) == "Rosa", "Rosa's turn, as it was", sim)
    keys(sim, "OK:long")
    choose(sim, "Undo")
    check(says(sim, "Undone: Xavier's turn " + str(LONG_GAME) + " (no bag)"), "undo after the power cut", sim)
    sim.press("OK")
    check(turn(sim) == "Xavier" and total(sim, "Rosa") == 9, "one turn back", sim)


def scenario_sides_can_be_swapped_and_who_starts():
    # ASH-1, ASH-3: who plays which side, who starts
    sim = table(PAIR)
    open_app(sim, "Autumn Ash")
    keys(sim, "DOWN OK")  # swap: Xavier plays Rainbow
    check(line_with(sim, "Rainbow: Xavier") is not None, "swapped", sim)
    keys(sim, "DOWN DOWN OK")  # first: Xavier
    check(line_with(sim, "First: Xavier") is not None, "Xavier starts", sim)
    sim.press("ROLL")
    check(turn(sim) == "Xavier", "Xavier's turn", sim)
    check(side(sim, "Xavier") == "Rainbow" and total(sim, "Xavier") == 0, "on Rainbow", sim)
    check(sim.leds()[6] == ORANGE, "his seat lit: seats stay where people sit", sim)
    sim.press("ROLL")
    check("Green" in sim.text(), "Rainbow's colours for Xavier", sim)


def scenario_big_totals_and_the_player_to_move_lit():
    # issue 15: both totals in BIG digits (24-25 px; MEDIUM's are 10, SMALL's 7), the
    # name of the player to move dark on a lit bar, the other's not, and the light
    # follows the turn
    sim = start()
    bag(sim, "DOWN", "ROLL")  # Rosa: blue trio = 6 + 6 = 12
    check(columns(sim) == [["Rosa", "Rainbow", 12, False], ["Xavier", "Xeno", 0, True]], "Xavier to move", sim)
    check(len(total_heights(sim)) == 2 and min(total_heights(sim)) >= 14, "both totals 14+ px tall", sim)
    check(ink(sim, "Xavier")[0] >= 10, "his name in MEDIUM", sim)
    no_bag(sim)
    check([col[3] for col in columns(sim)] == [True, False], "then Rosa's name is lit", sim)


def scenario_ten_letter_names_nothing_cut_off():
    # issue 15: two 10-letter names through a whole match, its bags listed and the win:
    # nothing cut off (every scenario fails on cut text), both names whole over their
    # BIG totals
    a, b = LONG_NAMES[:2]
    sim = start(pair=[a, b])
    bag(sim, "DOWN DOWN", "UP OK OK DOWN OK")  # black: 2 pawns 1 drone = 4 + 12 = 16
    check(columns(sim) == [[a, "Rainbow", 16, False], [b, "Xeno", 0, True]], "both names whole", sim)
    check(len(total_heights(sim)) == 2 and min(total_heights(sim)) >= 14, "BIG totals", sim)
    bag(sim, "", "ROLL")  # orange trio, 6 + 3 = 9
    keys(sim, "OK:long")
    choose(sim, b + "'s bags")
    check(line_with(sim, "Turn 2: orange +9") is not None, "the bag listed", sim)
    keys(sim, "BACK")
    bag(sim, "UP", "UP OK DOWN OK OK")  # yellow, 2 pawns 1 queen = 5 -> 21
    check(line_with(sim, a + " wins!") is not None, "the winner named whole", sim)
    check(turn(sim) == a and total(sim, a) == 21, "lit, with 21", sim)


def scenario_the_line_up_for_two_has_no_dead_row():
    # issue 28: Autumn Ash's line-up had a "Players: 2" row whose editor ignored UP and
    # DOWN (the game is for two). Every row now does something: Start, and the two seats
    sim = table(PAIR)
    open_app(sim, "Autumn Ash")
    choose(sim, "Other players")
    check(line_with(sim, "Players:") is None and line_with(sim, "1 Rosa") is not None, "no Players row", sim)
    keys(sim, "DOWN OK")  # the first seat
    check(not says(sim, "How many players") and line_with(sim, "Start") is None, "seat 1's names", sim)


def scenario_a_long_game_lists_the_turns_it_holds_and_says_which_it_no_longer_can():
    # issue 39.8: Rosa bags a red trio (9), then 69 turns bag nothing: the journal
    # folded (apps/game: at 64 actions, keeping the last 50) turns 1-14 into the totals.
    # Her bags list says so on its first row, and why when it is opened; her turns
    # still held follow by their own numbers, the last one 69
    sim = start()
    bag(sim, "", "ROLL")
    for _ in range(69):
        keys(sim, "ROLL UP OK")  # no bag, the colours' last row
    check(total(sim, "Rosa") == 9 and turn(sim) == "Rosa", "70 turns: Rosa 9, her turn again", sim)
    keys(sim, "OK:long")
    choose(sim, "Rosa's bags")
    check(cursor_row(sim) == "Turn 69: no bag", "her last turn listed", sim)
    for _ in range(28):
        sim.press("UP")  # turns 67 .. 15, then the first row
    check(cursor_row(sim) == "Turns 1-14: too old", "the first row says which turns are gone", sim)
    sim.press("OK")
    check(says(sim, "Turns 1-14 are only in the totals now: too old to view or correct."), "and why", sim)


def scenario_a_game_won_after_100000_turns_is_filed_not_set_aside():
    # issue 39.7: a game's turns are kept by the history up to its bound (99,999): a
    # longer game, its first 100,000 turns folded into its totals (9 and 12), is won
    # by Rosa's black trio (6 + 12 = 18: 27) and filed, not "damaged"
    old = {
        "setup": {"players": PAIR, "rainbow": 0, "first": 0},
        "base": {"n": 100000, "state": {"folded": 100000, "base": [9, 12], "entries": []}},
        "actions": [],
        "over": False,
    }
    sim = booted_with(table(PAIR), {"autumn_ash.json": old})
    open_app(sim, "Autumn Ash")
    check(turn(sim) == "Rosa" and total(sim, "Rosa") == 9 and total(sim, "Xavier") == 12, "the game", sim)
    bag(sim, "DOWN DOWN", "ROLL")
    check(line_with(sim, "Rosa wins!") is not None and total(sim, "Rosa") == 27, "Rosa wins with 27", sim)
    open_app(sim, "History")
    check(not says(sim, "damaged") and line_with(sim, "Rosa 27") is not None, "filed", sim)


def scenario_a_turn_without_a_bag_is_one_press_after_roll_and_says_so():
    # issue 40.9: about 14 of 20 turns bag nothing; it took ROLL, a walk to the last
    # row (below the fold) and OK. Now ROLL on the colours passes, as their title says
    sim = start()
    sim.press("ROLL")
    check(says(sim, "ROLL: no bag"), "the colours say ROLL passes", sim)
    sim.press("ROLL")
    check(turn(sim) == "Xavier" and total(sim, "Rosa") == 0, "Rosa passed: ROLL twice", sim)
    keys(sim, "OK:long")
    choose(sim, "Rosa's bags")
    check(line_with(sim, "Turn 1: no bag") is not None, "on the sheet as no bag", sim)


def scenario_the_counts_stop_at_0_and_2_and_say_at_most_2():
    # issue 40.9: a count went round 2 -> 0 on one UP too many (a bag of queens lost);
    # the screen never said there are at most 2 of a size
    sim = start()
    keys(sim, "ROLL DOWN DOWN OK")  # red: one of each
    check(says(sim, "at most 2"), "the most there can be, on the screen", sim)
    keys(sim, "UP UP UP OK DOWN DOWN DOWN OK UP UP UP")  # 2 pawns, 0 drones, 2 queens
    check(says(sim, "8+3 = 11, ROLL: done"), "stopped at 2 and at 0, no wrap", sim)
    sim.press("OK")
    check(total(sim, "Rosa") == 11, "taken", sim)


def scenario_one_start_starts_a_match():
    # issue 40.9: the line-up's Start, then the sides' Start. Now the sides come first,
    # with the last line-up's names: one Start; another pair through "Other players",
    # whose Start starts the match with the sides as chosen
    sim = table(PAIR)
    open_app(sim, "Autumn Ash")
    check(cursor_row(sim).startswith("Start") and says(sim, "Rainbow: Rosa"), "the sides, on Start", sim)
    sim.press("OK")
    check(turn(sim) == "Rosa" and total(sim, "Xavier") == 0, "the match started on one Start", sim)
    sim = table(PAIR)
    open_app(sim, "Autumn Ash")
    keys(sim, "DOWN DOWN DOWN OK")  # first: Xavier
    choose(sim, "Other players")
    check(cursor_row(sim).startswith("Start") and says(sim, "1 Rosa"), "the line-up", sim)
    sim.press("OK")
    check(turn(sim) == "Xavier", "its Start started the match, Xavier first as chosen", sim)

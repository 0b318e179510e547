# Presses as a table really presses (`leafkeeper bench`, issue 28): Autumn Leaves hands
# whose points come from hands dealt and played by the rules, and
# names typed by a player who follows what the name entry shows. Both go through the
# simulator, button by button, and are checked against what the screen then says.
from core.rng import Rng

from host_tools.sim import Simulator, keys

HANDS = 120  # hands dealt for the realistic count (seeded: the same every run)
TABLE = ("Anna", "Lucas", "Emma", "Max")  # a new table of four, typed in
HOLD_TO_END_MS = 8000  # UP or DOWN held this long reaches the end of any grid column
HAND_OPEN = "DOWN OK OK"  # home -> Autumn Leaves -> Start with the remembered line-up
NAME_TABLE_OPEN = "DOWN OK DOWN OK UP OK DOWN"  # the app, four players, the first seat


# -- hands dealt and played by the rules -----------------------------------------------------
def _deck(rng, rules):
    cards = [r for r in range(rules.RANK_MIN, rules.RANK_MAX + 1) for _ in range(rules.copies(r))]
    rng.shuffle(cards)
    return cards


def _fits(card, piles):
    # a card goes on any leaf pile whose top card is one rank away
    return any(p and abs(p[0] - card) == 1 for p in piles)


def play_hand(rules, rng, n):
    # One hand of n players, played to its end by the rules (seed text: a hand of seven,
    # everyone reveals a card, lowest acts first, a card goes one rank up or down on any
    # pile, else back to the hand or discarded for a new one; a Cold Snap when nobody can
    # place; the hand ends on the last card placed or the last card drawn). Each player
    # reveals the highest card that fits somewhere (else their highest: the cards that
    # score), places it on their own pile when it fits there (a pile lowers its owner's
    # score), and swaps a card that fits nowhere for a new one when it is 6 or more.
    # -> (winner or None, pile sizes, highest card left per player, 0 for the winner)
    deck = _deck(rng, rules)
    hands = [[deck.pop() for _ in range(rules.HAND_SIZE)] for _ in range(n)]
    piles = []
    for h in hands:  # the first round: everyone's highest starts their pile
        h.sort()
        piles.append([h.pop()])
    winner = None
    while winner is None and deck:
        cards = []
        for h in hands:
            fit = [c for c in h if _fits(c, piles)]
            cards.append(max(fit) if fit else max(h))
        cold = not any(_fits(c, piles) for c in cards)
        for p in rules.acting_order(cards, piles, rng):
            card = cards[p]
            if cold:
                target = p
            else:
                near = [q for q in range(n) if abs(piles[q][0] - card) == 1]
                target = p if p in near else (near[0] if near else None)
            if target is not None:
                hands[p].remove(card)
                piles[target].insert(0, card)
                if not hands[p]:
                    winner = p
                    break
            elif card >= 6:
                hands[p].remove(card)
                hands[p].append(deck.pop())
                if not deck:  # the last card drawn: the hand is over
                    break
    highest = [0 if i == winner else max(hands[i]) for i in range(n)]
    return winner, [len(p) for p in piles], highest


def dealt(count=HANDS, n=4, seed=28):
    from rules import autumn_leaves

    rng = Rng(seed)
    return [play_hand(autumn_leaves, rng, n) for _ in range(count)]


def realistic(count=HANDS, n=4, seed=40):
    # Hands as a table of four reported them (issue 40): the rules' dealt hands above
    # end mostly on 0 points, a table's do not. Someone goes out (the deck runs out one
    # hand in six) with a pile of 3 to 10; everyone else scores 0 to 9, evenly spread
    # (their pile and highest card drawn to give it). -> [(winner, piles, highest)]
    from rules import autumn_leaves

    rng = Rng(seed)
    out = []
    for _ in range(count):
        winner = None if rng.randbelow(6) == 0 else rng.randbelow(n)
        piles = []
        highest = []
        for i in range(n):
            if i == winner:
                piles.append(rng.randint(3, 10))
                highest.append(0)
                continue
            points = rng.randbelow(autumn_leaves.MOST_POINTS + 1)
            pile = rng.randint(1, autumn_leaves.RANK_MAX - points)
            piles.append(pile)
            highest.append(pile + points if points else rng.randint(1, pile))
        out.append((winner, piles, highest))
    return out


# -- entering one through the buttons ---------------------------------------------------------
def _go(sim, get, want, keys_in_order):
    # press UP or DOWN (the nearer way round first) until get() == want -> presses
    presses = 0
    for key in keys_in_order:
        for _ in range(60):
            if get() == want:
                return presses
            before = get()
            sim.press(key)
            presses += 1
            if get() == before:  # the end of a list that does not wrap: the other way
                break
    if get() != want:
        raise SystemExit("bench: could not reach %r:\n%s" % (want, sim.text()))
    return presses


def _move(v, key, held, lo, hi, wrap, stop):
    # where UP or DOWN, pressed or held till it stops, leaves v in a grid column
    # (ui/entry.py): one step (round the ends of a column that wraps, else it stays);
    # held, the repeats run on to the column's end or onto its stop
    step = 1 if key == "UP" else -1
    if not lo <= v + step <= hi:
        return (lo if step > 0 else hi) if wrap else v
    v += step
    while held and lo <= v + step <= hi:
        v += step
        if v == stop:
            break
    return v


def plan(now, want, lo, hi, wrap, stop):
    # the fewest presses from now to want in a grid column: UP or DOWN pressed or held
    # (docs/ui.md: one press; on a column that wraps a hold would run round, so none)
    # -> [(key, held)]
    moves = [("UP", False), ("DOWN", False)] + ([] if wrap else [("UP", True), ("DOWN", True)])
    came = {now: (now, "", False)}  # a value -> the one it was reached from, and how
    todo = [now]  # breadth first: the values in the order they were reached
    for v in todo:
        if v == want:
            break
        for key, held in moves:
            w = _move(v, key, held, lo, hi, wrap, stop)
            if w not in came:
                came[w] = (v, key, held)
                todo.append(w)
    out = []
    v = want
    while v != now:
        v, key, held = came[v]
        out.insert(0, (key, held))
    return out


def enter_hand(sim, winner, piles, highest):
    # from the score table: ROLL, how the hand ended, then the cells of the grid walked
    # with OK (what a table reads out, in seat order: the winner's leaf pile, everyone
    # else's points worked out from their pile and highest card) until the cells left
    # all show their values: ROLL takes the grid as shown (docs/ui.md, an entry's ROLL)
    # -> presses
    from rules import autumn_leaves

    sim.press("ROLL")
    menu = sim.loop.ui.top
    n = len(piles)
    target = n if winner is None else winner
    order = ("DOWN", "UP") if (target - menu.menu.index) % (n + 1) <= (n + 1) // 2 else ("UP", "DOWN")
    presses = 1 + _go(sim, lambda: menu.menu.index, target, order)
    sim.press("OK")
    grid = sim.loop.ui.top
    presses += 1
    # [leaf pile, points] as the grid's rows hold them (apps/autumn_leaves/entry.py)
    want = [[piles[i], s] for i, s in enumerate(autumn_leaves.hand_scores(piles, highest, winner))]
    for k in range(len(grid.cells)):
        if all(grid.values[r][c] == want[r][c] for r, c in grid.cells[k:]):
            sim.press("ROLL")
            return presses + 1
        r, c = grid.cells[k]
        column = grid.cols[c][2:5] + (grid.stop(c),)
        for key, held in plan(grid.values[r][c], want[r][c], *column):
            expect = _move(grid.values[r][c], key, held, *column)
            if held:
                sim.hold(key, HOLD_TO_END_MS)
            else:
                sim.press(key)
            presses += 1
            if grid.values[r][c] != expect:
                raise SystemExit("bench: %s%s did not make %r:\n%s" % (key, " held" * held, expect, sim.text()))
        sim.press("OK")
        presses += 1
    return presses


def hand_report(rules, names=("Anna", "Ben", "Cara", "Dan"), hands=None):
    # -> (mean, worst, count) presses of the hands (by default the dealt ones), each
    # checked on the table
    import json

    counts = []
    sim = None
    totals = [0] * len(names)
    for i, (winner, piles, highest) in enumerate(hands or dealt(n=len(names))):
        if i % 5 == 0:  # a new game every five hands (the sixth ends it)
            sim = Simulator(seed=1)
            doc = {"v": 1, "data": {"lineup": list(names), "names": list(names)}}
            sim.flash.write("settings.json", json.dumps(doc).encode())
            sim.boot()
            sim.advance(200)
            keys.run(sim, HAND_OPEN)
            totals = [0] * len(names)
        counts.append(enter_hand(sim, winner, piles, highest))
        scores = rules.hand_scores(piles, highest, winner)
        totals = [t + s for t, s in zip(totals, scores)]
        shown = sim.text()
        for name, total in zip(names, totals):
            if " %s %d" % (name, total) not in shown.replace("\n", " ") + " ":
                raise SystemExit("bench: the hand %r did not go in (%s %d):\n%s"
                                 % ((winner, piles, highest), name, total, shown))
    return sum(counts) / len(counts), max(counts), len(counts)


# -- names typed as the screen suggests -----------------------------------------------------
def follow(sim, word):
    # On the name entry (apps/game/names.py), as a player who reads the screen: ROLL
    # once the name it shows is theirs; else the next letter (or the end mark once the
    # letters are all in): OK when it is on offer, UP or DOWN towards it when it is
    # among the three shown each way, and when it is not, DOWN for a letter in the
    # first half of the alphabet (the rest of it comes from A going DOWN), UP for the
    # others. -> presses
    entry = sim.loop.ui.top
    for presses in range(200):
        if sim.loop.ui.top is not entry:
            return presses
        if entry.name == word:
            sim.press("ROLL")
            return presses + 1
        typed = entry.typed
        if word[: len(typed)].lower() != typed.lower():
            raise SystemExit("bench: the entry went astray typing %s: %r" % (word, typed))
        want = word[len(typed)].lower() if len(typed) < len(word) else ""
        ring = entry.ring
        shown = [ring[(entry.pos + k) % len(ring)] for k in range(-3, 4)]
        if ring[entry.pos] == want:
            key = "OK"
        elif want in shown:
            key = "DOWN" if shown.index(want) > 3 else "UP"
        else:
            key = "DOWN" if want and want <= "m" else "UP"
        sim.press(key)
    raise SystemExit("bench: %s was not typed:\n%s" % (word, sim.text()))


def new_table(names, type_one):
    # a fresh device: home -> Autumn Leaves, four seats, each named with type_one(sim,
    # name) after the OK that opens its entry, then Start -> presses
    sim = Simulator(seed=1)
    sim.advance(200)
    keys.run(sim, NAME_TABLE_OPEN)
    presses = len(NAME_TABLE_OPEN.split())
    for name in names:
        sim.press("OK")  # the seat under the cursor (it goes on to the next by itself)
        presses += 1 + type_one(sim, name)
    sim.press("OK")  # Start, where the cursor went after the last seat
    shown = sim.text()
    if "Hand 1/6" not in shown or any(n not in shown for n in names):
        raise SystemExit("bench: the new table did not start:\n" + shown)
    return presses + 1

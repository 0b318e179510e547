"""A player who does not peek: `leafkeeper solitaire stats --player sample`.

It reads only what a player sees: the face-up cards, how many cards lie face down in
each pile and how many deals are left. The game handed to it is a view (view()) in which
every unseen card (face down, or still in the stock) is HIDDEN, so it cannot read one.
Since a card once face up never turns down again, the unseen cards are exactly the 52
less the face-up ones.

To plan, the player deals the unseen cards at random into the unseen places (a sample),
solves it with the open-card solver (SAMPLE_LIMIT positions, in the player's own ORDERS
and WEIGHTS, below) and follows the winning line; if the solver does not win it, another
sample, at most SAMPLES. Votes between the lines of several samples (on the first move)
were tried and won no more on deals 1-100 (22 and 23 of 100, against 26 here) for more
time: most of the time goes into samples that fail, so a position where the first two
fail is given up on.

It then keeps that sample and its line: each of its moves is made on the sample too, and
when a card turns up (or a deal shows six), the sample is mended to agree with what is
now seen (the card seen is swapped with the one the sample had there, so the sample
stays a deal that looks the same as the real one) and the rest of the line is replayed on
it. While the line still wins the mended sample the player follows it without solving
anything; only when it does not (the new card contradicts the plan) does it plan again.
When no sample is won it follows the hint (which never peeks either) until a card turns
up or a deal is made, and then plans again.

A line says to deal when the dealt cards fit its sample, and the sample's stock is a
guess: followed, the lines dealt with 10 or 11 cards still face down. So when the line it
follows says to deal while a move would turn a card up, the player turns one up first if
it can keep a plan that wins (plan_reveal): for each such move, one sample with the move
made, solved; the first won is followed instead. On deals 1-100 (solver version 5) this
won 21 where version 2 won 15 (9 deals won only by it, 3 only by version 2), for no
more time; over deals 1-1,000, 235 (23.5 %) against version 2's 214 with solver version
4. Looking for a card to turn up behind moves that turn none up (a breadth-first search
of up to 300 tables) won no more: 66 of deals 1-300 against 68, the moves around often
leading back to a table seen before.

The solver's beam and best-first searches weigh a face-down card more for the player
than for the open-card table (version 4): with them the player won 81 of deals 1-300
against version 3's 68 (40 deals won only by version 4, 27 only by version 3), for 8 %
more CPU; over deals 1-1,000, 271 (27.1 %) against version 3's 235. Why is not clear:
the open-card lines of deals 1-20 (the 17 both won at 20,000 positions) still dealt first
with 5.8 cards face down on average against 6.1. Judging each deal the line says to
make against the first news of two other samples' lines, on three fresh samples (dealing
now unless another way wins more of them), won 66 of deals 1-300 against 68, for 60 %
more CPU.

The samples are drawn from a generator seeded by what is visible alone, so a game is
the same on every run, and two deals that look the same get the same moves until they
show different cards.
"""

import random
import zlib

from rules import solitaire as rules
from rules import solitaire_hint

from host_tools.solitaire import solver

VERSION = 4  # bump when the player's games may change: stores keep them per version
# (store.player_key: with the solver's version and the hint's digest)
SAMPLES = 2  # sampled deals a plan tries, at most
SAMPLE_LIMIT = 20_000  # positions the solver searches in each
# the solver's beam orders and best-first weights for the samples (solver.solve): they
# weigh a face-down card more than the solver's own, (0, 2) and ((8, 3, 2), (8, 2, 1)),
# and the player wins more with them (version 4, above)
ORDERS = (2, 6)
WEIGHTS = ((12, 2, 2), (16, 2, 1))
STEPS = 2000  # a game stops here (a player may circle)
HIDDEN = 255  # an unseen card in a view (the hint's blank; no card, so the solver refuses it)


def view(g):
    # -> a copy of g with every unseen card HIDDEN: all the player is handed
    piles = [[HIDDEN] * d + a[d:] for a, d in zip(g.piles, g.down)]
    s = 6 * g.dealt
    return rules.Game(piles, g.down[:], list(g.stock[:s]) + [HIDDEN] * (len(g.stock) - s), g.dealt)


def visible(g):
    # what a player sees -> bytes: each pile's face-down count and face-up cards, the
    # deals made
    out = bytearray((g.dealt,))
    for a, d in zip(g.piles, g.down):
        out.append(d)
        out.extend(a[d:])
        out.append(255)
    return bytes(out)


def sample(g, rnd):
    # -> a Game that looks the same as g, its unseen cards dealt at random
    up = set()
    for a, d in zip(g.piles, g.down):
        up.update(a[d:])
    unseen = [c for c in range(52) if c not in up]
    for i in range(len(unseen) - 1, 0, -1):
        j = rnd.randrange(i + 1)
        unseen[i], unseen[j] = unseen[j], unseen[i]
    piles = []
    for a, d in zip(g.piles, g.down):
        piles.append(unseen[:d] + a[d:])
        del unseen[:d]
    stock = list(g.stock[: 6 * g.dealt]) + unseen  # the dealt part is never read again
    return rules.Game(piles, g.down[:], stock, g.dealt)


def plan(g):
    """-> (sample, its winning line) to follow from g, chosen without looking at an
    unseen card: the first of at most SAMPLES samples that the solver wins; None when
    none is (the position looks lost)."""
    rnd = random.Random(zlib.crc32(visible(g)))
    for _ in range(SAMPLES):
        s = sample(g, rnd)
        res = solver.solve(s, SAMPLE_LIMIT, ORDERS, WEIGHTS)
        if res.result == "won" and res.moves:
            return s, res.moves
    return None


def shows(g, m):
    # does move m of g turn a card up?
    src, _, k = m
    i = len(g.piles[src]) - k
    return i > 0 and g.down[src] >= i


def plan_reveal(g):
    """-> (sample, its winning line) to follow from g instead of dealing, its first move
    one that turns a card up: for each such move of g in turn, a sample with the move
    made, solved; the first won. None when there is no such move or no sample is won."""
    rnd = random.Random(zlib.crc32(visible(g)) ^ 1)  # not plan()'s samples again
    for m in rules.moves(g):
        if shows(g, m):
            s = sample(g, rnd)
            after = s.copy()
            rules.move(after, m[0], m[1], m[2])
            res = solver.solve(after, SAMPLE_LIMIT, ORDERS, WEIGHTS)
            if res.result == "won":
                return s, [m] + res.moves
    return None


def mend(s, v):
    """Make sample s agree with view v (s looked like v before v's last move, and made
    that move too): where v shows a card that s does not have there, swap the two cards
    in s. -> whether s changed."""
    places = [(a, i) for a in s.piles for i in range(len(a))]
    places += [(s.stock, j) for j in range(6 * s.dealt, len(s.stock))]
    where = {a[i]: (a, i) for a, i in places}
    changed = False
    for a, b in zip(s.piles, v.piles):
        for i, c in enumerate(b):
            if c != HIDDEN and a[i] != c:
                # c is at an unseen place of s, or at one seen now that is mended later
                x, j = where[c]
                x[j], a[i] = a[i], c
                where[x[j]] = (x, j)
                where[c] = (a, i)
                changed = True
    s.stock[: 6 * s.dealt] = v.stock[: 6 * v.dealt]  # never read: kept equal to what was dealt
    return changed


def _wins(s, line):
    # does line, played from sample s, win it?
    try:
        return rules.won(solver.replay(s, line))
    except ValueError:
        return False


class Player:
    """One game's player: move(v) for each view v of the game, in turn."""

    def __init__(self):
        self.sample = None  # the sample whose line is followed, at the game's position
        self.line = []  # the rest of that line
        self.hints = False  # no sample was won: the hint is followed until news
        self.unseen = None  # unseen cards at the last move

    def move(self, v):
        # -> the next move (or rules.DEAL) from view v, or None: nothing to play
        unseen = sum(v.down) + v.left()
        news = unseen != self.unseen
        self.unseen = unseen
        if self.sample is not None and mend(self.sample, v) and not _wins(self.sample, self.line):
            self.sample, self.line = None, []  # what was seen contradicts the plan
        if self.hints and not news:
            return solitaire_hint.hint(v)
        if not self.line:
            best = plan(v)
            if best is None:
                self.hints = True
                self.sample = None
                return solitaire_hint.hint(v)
            self.hints = False
            self.sample, line = best
            self.line = list(line)
        if self.line[0] == rules.DEAL:
            first = plan_reveal(v)
            if first is not None:
                self.sample, line = first
                self.line = list(line)
        m = self.line.pop(0)
        if m == rules.DEAL:
            rules.deal(self.sample)
        else:
            rules.move(self.sample, m[0], m[1], m[2])
        return m


def play_sample(game):
    """Play game to the end -> (won, steps, why it stopped), as stats.play_hints. The
    player is handed only views of the game."""
    g = game.copy()
    player = Player()
    seen = set()
    steps = 0
    while steps < STEPS:
        if rules.won(g):
            return True, steps, "won"
        m = player.move(view(g))
        if m is None:
            return False, steps, "no move"
        if m == rules.DEAL:
            rules.deal(g)
        else:
            rules.move(g, m[0], m[1], m[2])
        steps += 1
        key = visible(g)
        if key in seen:
            return False, steps, "repeat"
        seen.add(key)
    return rules.won(g), steps, "steps"

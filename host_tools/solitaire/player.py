"""A player who does not peek: `leafkeeper solitaire stats --player sample`.

It reads only what a player sees: the face-up cards, how many cards lie face down in
each pile and how many deals are left. Every other card (face down, or still in the
stock) is unseen, and since a card once face up never turns down again, the unseen
cards are exactly the 52 less the face-up ones. Before each decision the player deals
the unseen cards at random into the unseen places SAMPLES times, solves each such deal
with the open-card solver (SAMPLE_LIMIT positions) and plays the first move of the
winning line that most samples agree on. It then follows that sample's line until a card
turns up or a deal shows six new cards (news that may change the plan), and samples
again. When no sample is won it follows the hint (which never peeks either).

The samples are drawn from a generator seeded by what is visible alone, so two deals
that look the same get the same moves, and a game is the same on every run.
"""

import random
import zlib

from rules import solitaire as rules
from rules import solitaire_hint

from host_tools.solitaire import solver

VERSION = 1  # bump when its games may change: the store keeps them per version
SAMPLES = 4  # sampled deals a decision
SAMPLE_LIMIT = 20_000  # positions the solver searches in each (at 3,000 few samples are won)
STEPS = 2000  # a game stops here (a player may circle)


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
    """-> the line to follow from g (a list of moves and rules.DEAL), chosen without
    looking at an unseen card: the winning line, among the samples', whose first move
    most samples share (ties: the first such sample)."""
    rnd = random.Random(zlib.crc32(visible(g)))
    votes = {}
    lines = {}
    for _ in range(SAMPLES):
        res = solver.solve(sample(g, rnd), SAMPLE_LIMIT)
        if res.result == "won" and res.moves:
            first = res.moves[0]
            votes[first] = votes.get(first, 0) + 1
            lines.setdefault(first, res.moves)
    if not votes:
        h = solitaire_hint.hint(g)
        return [] if h is None else [h]
    best = max(votes.values())
    # dicts keep insertion order: the first sample to vote for the winning first move
    return next(line for first, line in lines.items() if votes[first] == best)


def play_sample(game):
    """Play game to the end -> (won, steps, why it stopped), as stats.play_hints."""
    g = game.copy()
    seen = set()
    steps = 0
    line = []
    while steps < STEPS:
        if rules.won(g):
            return True, steps, "won"
        if not line:
            line = plan(g)
            if not line:
                return False, steps, "no move"
        m = line.pop(0)
        if m == rules.DEAL:
            rules.deal(g)
            line = []  # six new cards seen
        elif rules.move(g, m[0], m[1], m[2]) >= 0:
            line = []  # a card turned up
        steps += 1
        key = visible(g)
        if key in seen:
            return False, steps, "repeat"
        seen.add(key)
    return rules.won(g), steps, "steps"

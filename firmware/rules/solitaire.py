# Autumn Leaves, Toby Ord's solitaire (2007, public domain; docs/rules.md, SOL-1 to
# SOL-10): the numbered deals, the six rules, refusals in plain words, the win, and a hint
# that never looks at a card the player cannot see. Pure: no I/O, no time; a deal's
# randomness only through core.rng.
#
# Cards are small ints: card = suit * 13 + rank - 1, suits in the order S H D C, ranks
# A 2 .. 9 10 J Q K. So 0 = AS, 12 = KS, 13 = AH, 51 = KC; two cards are of one suit when
# c // 13 agrees, and "lower" is plain `<` within a suit (aces low).
#   name(c)  -> the solver's JSON name: rank then suit, "AS", "TD", "KH", "9C"
#   label(c) -> what players read: "AS", "10D", "KH", "9C" (the fonts have no suit
#               glyphs; a label always ends with its suit letter, for an app that draws them)
#
# Numbered deals 1..1,000,000, the same on the device, in the simulator and the host tools:
#   deck = [0, 1, ..., 51]                        (AS..KS, AH..KH, AD..KD, AC..KC)
#   Rng(number).shuffle(deck)                     (core.rng: xorshift128, Fisher-Yates)
#   pile p (0..5) takes the next SIZES[p] cards of the deck, bottom card first:
#     deck[0:4], [4:8], [8:11], [11:14], [14:18], [18:22]; only each top card is face up
#   stock = deck[22:52], in dealing order: deal k (1..5, Rule 5) puts stock[6 * (k - 1) + p]
#     onto pile p, piles 0 to 5
#
# A game is a Game: piles (six lists, bottom card first), down (face-down cards at the
# bottom of each pile), stock (the 30 left-over cards, in dealing order, kept whole) and
# dealt (deals made, 0..5; the cards not yet dealt are stock[6 * dealt:]). A pile with
# cards always has a face-up top: Rule 2 is applied by move() itself.
#
# A move is a tuple (src, dst, count): the top `count` cards of pile src onto pile dst,
# piles 0..5 (players see 1..6). DEAL stands for Rule 5's deal (ROLL on the device).
#   problem(g, src, dst, count) -> None, or why not in a few plain words, ASCII only, cards
#                                  as label() writes them: "7D can't go on 5D: lower cards only"
#   move(g, src, dst, count)    -> the card Rule 2 turned face up, or -1 (ValueError if illegal)
#   deal(g)                     -> Rule 5 (ValueError when the 30 cards are all out)
#   moves(g), hint(g), won(g), stuck(g)
import heapq

from core import case
from core.rng import Rng
from micropython import const

PILES = const(6)
DEALS = const(5)            # 30 left-over cards, six a deal: five deals in all
NUMBERS = const(1000000)    # numbered deals 1..NUMBERS
SIZES = (4, 4, 3, 3, 4, 4)  # "22 cards in six piles", left to right
SUITS = "SHDC"
RANKS = "A23456789TJQK"
DEAL = (-1, -1, 0)          # hint() suggests a deal with this
_KING = const(12)           # rank index of a King (card % 13)


class Game:
    def __init__(self, piles, down, stock, dealt=0):
        self.piles = piles
        self.down = down
        self.stock = stock
        self.dealt = dealt

    def copy(self):
        return Game([p[:] for p in self.piles], self.down[:], self.stock, self.dealt)

    def left(self):
        # cards still in the stock
        return len(self.stock) - 6 * self.dealt


def from_deck(deck):
    # deck: the 52 cards in dealing order (as after the shuffle above) -> a new Game
    if len(deck) != 52:
        raise ValueError("a deck has 52 cards")
    piles = []
    down = []
    i = 0
    for n in SIZES:
        piles.append(list(deck[i:i + n]))
        down.append(n - 1)
        i += n
    return Game(piles, down, list(deck[i:]))


def new_game(number):
    # the numbered deal `number` (1..1,000,000), as the header says
    if not 1 <= number <= NUMBERS:
        raise ValueError("deals are numbered 1 to 1000000")
    deck = list(range(52))
    Rng(number).shuffle(deck)
    return from_deck(deck)


def random_game(rng):
    # a deal drawn with any rng that has randbelow (core.rng.Rng): a numbered deal, so
    # that it can be told to a friend or solved on a computer
    return new_game(1 + rng.randbelow(NUMBERS))


# -- cards ---------------------------------------------------------------------------


def name(c):
    return RANKS[c % 13] + SUITS[c // 13]


def label(c):
    r = c % 13
    return ("10" if r == 9 else RANKS[r]) + SUITS[c // 13]


def card(text):
    # "TD", "10D", "td" -> the card; ValueError for anything else
    t = case.upper(text.strip())
    if len(t) == 3 and t[:2] == "10":
        t = "T" + t[2]
    if len(t) != 2 or RANKS.find(t[0]) < 0 or SUITS.find(t[1]) < 0:
        raise ValueError("not a card: " + text)
    return SUITS.find(t[1]) * 13 + RANKS.find(t[0])


# -- the rules -----------------------------------------------------------------------


def run_len(g, p):
    # how many cards on top of pile p form one run (Rule 4): face up, one suit, each
    # card one rank below the card under it. 0 for an empty pile.
    a = g.piles[p]
    n = len(a)
    if not n:
        return 0
    lo = g.down[p]
    k = 1
    while n - k - 1 >= lo:
        c = a[n - k]
        if a[n - k - 1] != c + 1 or c % 13 == _KING:
            break
        k += 1
    return k


def problem(g, src, dst, count):
    # -> None if the top `count` cards of pile src may go onto pile dst, else the reason
    if not (0 <= src < PILES and 0 <= dst < PILES):
        return "No such pile"
    if src == dst:
        return "Pick another pile"
    a = g.piles[src]
    n = len(a)
    if not n:
        return "Pile %d is empty" % (src + 1)
    if count < 1:
        return "Move at least one card"
    if count > n - g.down[src]:
        return "Only face-up cards move"
    if count > 1:
        r = run_len(g, src)
        if count > r:
            # the first break below the run on top
            return "Not a run: %s then %s" % (label(a[n - r - 1]), label(a[n - r]))
    b = g.piles[dst]
    if not b:
        return None  # Rule 3: any card (or run) onto an empty pile
    c = a[n - count]
    t = b[-1]
    if c // 13 != t // 13:
        return "%s can't go on %s: suits differ" % (label(c), label(t))
    if c > t:
        return "%s can't go on %s: lower cards only" % (label(c), label(t))
    return None


def move(g, src, dst, count):
    # Rules 1, 3 and 4, then Rule 2 on pile src -> the card turned face up, or -1
    why = problem(g, src, dst, count)
    if why is not None:
        raise ValueError(why)
    a = g.piles[src]
    i = len(a) - count
    g.piles[dst].extend(a[i:])
    del a[i:]
    if i and g.down[src] >= i:
        g.down[src] = i - 1
        return a[i - 1]
    return -1


def deal(g):
    # Rule 5: the next six left-over cards, one onto each pile, empty piles too
    if g.dealt >= DEALS:
        raise ValueError("No cards left to deal")
    s = 6 * g.dealt
    for p in range(PILES):
        g.piles[p].append(g.stock[s + p])
    g.dealt += 1


def moves(g):
    # -> every legal move (src, dst, count), Rule 5's deal aside
    out = []
    for src in range(PILES):
        a = g.piles[src]
        n = len(a)
        for k in range(1, run_len(g, src) + 1):
            c = a[n - k]
            for dst in range(PILES):
                if dst != src:
                    b = g.piles[dst]
                    if not b or (b[-1] // 13 == c // 13 and b[-1] > c):
                        out.append((src, dst, k))
    return out


def won(g):
    # Rule 6: each suit one run from King down to Ace. Completed suits stay on the table,
    # so a pile may hold more than one (a dealt King can start a suit on an Ace); all 52
    # cards must be out. Only where the cards lie counts, not which way up they are.
    if g.dealt < DEALS:
        return False
    for a in g.piles:
        if len(a) % 13:
            return False
        for i in range(len(a)):
            if i % 13 == 0:
                if a[i] % 13 != _KING:
                    return False
            elif a[i] != a[i - 1] - 1:
                return False
    return True


def stuck(g):
    # the game is over without a win: nothing to deal and no legal move
    if won(g) or g.dealt < DEALS:
        return False
    for src in range(PILES):
        if g.piles[src]:
            for dst in range(PILES):
                if problem(g, src, dst, 1) is None:
                    return False
    return True


# -- the hint ------------------------------------------------------------------------
#
# The hint scores the table as the player sees it: minus 10 for each face-down card,
# minus 2 for each face-up card that does not lie on the card one rank higher of its
# suit (a break between runs), minus 1 for each pile whose bottom card is not a King,
# plus 1 for each empty pile. It searches the plans that start here, best first: up to
# HINT_NODES positions reached by legal moves, never past a move that turns a card face
# up (what that card is cannot be known), dropping plans that fall more than 8 below the
# table's score. It suggests the first move of the plan that raises the score most (the
# first found on a tie), if any plan raises it at all: so each suggestion leads, within
# its plan, to a card turned up, a run joined, a pile emptied or a King set at the bottom
# of a pile. With no such plan it suggests Rule 5's deal while cards are left, else
# nothing (None): the hint sees no progress. Followed blindly it can, rarely, lead round
# in a circle (2 of deals 1-3000 played by the hint alone reached a position twice).
# It cannot peek: it searches a copy of the table in which every face-down card is a
# blank (255), and the stock is never read. Memory stays small on the Pico: an open plan
# is one small int on a heap (score, parent position, move), at most 400 of them, and
# only the positions expanded (at most HINT_NODES) are kept. About 1.6 ms a hint on
# average under the unix port (9 ms at worst, deals 1-20 played out).

HINT_NODES = const(48)
_W_DOWN = const(10)         # each face-down card
_W_EMPTY = const(1)         # each empty pile
_W_BREAK = const(2)         # each card not on the next higher card of its suit
_W_BOTTOM = const(1)        # each pile whose bottom card is not a King
_BLANK = const(255)         # a face-down card, in the hint's copy of the table
_BIAS = const(511)          # heap item: (_BIAS - score) << 16 | parent << 10 | move
_FLOOR = const(-8)          # a plan that falls this far below the table's score is dropped
_OPEN = const(400)          # at most this many open plans


def _gain(piles, down, src, dst, k):
    # how much the score rises when the top k cards of src go onto dst (a legal move)
    a = piles[src]
    i = len(a) - k
    c = a[i]
    if i and i == down[src]:
        v = _W_DOWN                                   # Rule 2 turns a card face up
    elif i == 0:
        v = _W_EMPTY + (0 if c % 13 == _KING else _W_BOTTOM)  # the pile empties
    elif a[i - 1] != c + 1 or c % 13 == _KING:
        v = _W_BREAK                                  # a break goes
    else:
        v = 0                                         # a run is split: nothing goes
    b = piles[dst]
    if not b:
        return v - _W_EMPTY - (0 if c % 13 == _KING else _W_BOTTOM)
    if b[-1] == c + 1 and c % 13 != _KING:
        return v                                      # joins a run
    return v - _W_BREAK


def _run(a, lo):
    # run_len() for the hint's copy: a pile a (bytes) with lo cards face down
    n = len(a)
    if not n:
        return 0
    k = 1
    while n - k - 1 >= lo:
        c = a[n - k]
        if a[n - k - 1] != c + 1 or c % 13 == _KING:
            break
        k += 1
    return k


def _plan(g):
    # -> (score gain, move) of the best plan found, move packed as src << 7 | dst << 4 | k
    down = g.down
    root = []
    for p in range(PILES):
        a = bytearray(g.piles[p])
        for j in range(down[p]):
            a[j] = _BLANK
        root.append(bytes(a))
    states = [tuple(root)]      # expanded positions
    values = [0]
    firsts = [0]
    seen = {b"\xfe".join(root)}
    heap = [_BIAS << 16]        # the root: "no parent" is id 0 with move 0
    best_v = 0
    best_m = 0
    pops = 0
    while heap and len(states) <= HINT_NODES and pops < 4 * HINT_NODES:
        item = heapq.heappop(heap)
        pops += 1
        node = (item >> 10) & 63
        mv = item & 1023
        if mv:
            parent = states[node]
            src = mv >> 7
            dst = (mv >> 4) & 7
            k = mv & 15
            a = parent[src]
            i = len(a) - k
            piles = list(parent)
            piles[src] = a[:i]
            piles[dst] = parent[dst] + a[i:]
            key = b"\xfe".join(piles)
            if key in seen:
                continue
            seen.add(key)
            states.append(tuple(piles))
            values.append(_BIAS - (item >> 16))
            firsts.append(firsts[node] or mv)
            node = len(states) - 1
            if node >= 64:
                break
        piles = states[node]
        v0 = values[node]
        first = firsts[node]
        for src in range(PILES):
            a = piles[src]
            n = len(a)
            lo = down[src]
            for k in range(1, _run(a, lo) + 1):
                c = a[n - k]
                s = c // 13
                empty = False
                for dst in range(PILES):
                    if dst == src:
                        continue
                    b = piles[dst]
                    if b:
                        if b[-1] // 13 != s or b[-1] < c:
                            continue
                    elif empty:
                        continue  # one empty pile scores as any other
                    else:
                        empty = True
                    v = v0 + _gain(piles, down, src, dst, k)
                    m = src << 7 | dst << 4 | k
                    if v > best_v:
                        best_v = v
                        best_m = first or m
                    if not (n - k and n - k == lo) and v >= _FLOOR and len(heap) < _OPEN:
                        heapq.heappush(heap, (_BIAS - v) << 16 | node << 10 | m)
    return best_v, best_m


def hint(g):
    # -> a move (src, dst, count) that makes progress, DEAL, or None: nothing to suggest
    if won(g):
        return None
    v, m = _plan(g)
    if v > 0:
        return (m >> 7, (m >> 4) & 7, m & 15)
    if g.dealt < DEALS:
        return DEAL
    return None

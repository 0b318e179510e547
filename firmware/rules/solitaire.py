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
#   moves(g), won(g), stuck(g); the hint: rules/solitaire_hint.py, hint(g)
#
# The game as a journal (apps/game's GameApp: saving, undo, resume): the setup is
# {"deal": number, "game": serial} (the serial tells one game of a deal from the next
# for the app's statistics), an action is a move [src, dst, count] or Rule 5's deal
# [-1, -1, 0] (DEAL as a list, as JSON gives it back):
#   valid_setup(setup), start(setup) -> Game, apply(g, action) in place,
#   problem(g, action) -> None or why not, over(g): won, or stuck, result(g) for the
#   history; checkpoint(g, later) -> {"piles", "down", "dealt"}, where every card lies
#   (a long journal's oldest moves folded into one), restore(setup, checkpoint) -> Game
#
# Opening the app imports this module: what only parsing a card typed on the host
# (core.case) needs is imported where it is used.
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


# -- cards ---------------------------------------------------------------------------


def name(c):
    return RANKS[c % 13] + SUITS[c // 13]


def label(c):
    r = c % 13
    return ("10" if r == 9 else RANKS[r]) + SUITS[c // 13]


def card(text):
    # "TD", "10D", "td" -> the card; ValueError for anything else
    from core import case

    t = case.upper(text.strip())
    if len(t) == 3 and t[:2] == "10":
        t = "T" + t[2]
    if len(t) != 2 or RANKS.find(t[0]) < 0 or SUITS.find(t[1]) < 0:
        raise ValueError("not a card: " + text)
    return SUITS.find(t[1]) * 13 + RANKS.find(t[0])


# -- the rules -----------------------------------------------------------------------


def _run(a, lo):
    # how many cards on top of pile a (a list, or the hint's bytes) with lo cards face
    # down form one run (Rule 4): face up, one suit, each card one rank below the card
    # under it. 0 for an empty pile.
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


def run_len(g, p):
    # the run on top of pile p (Rule 4): how many cards may move as one block
    return _run(g.piles[p], g.down[p])


def problem(g, src, dst=None, count=None):
    # -> None if the top `count` cards of pile src may go onto pile dst, else the reason.
    # problem(g, action): the same for a journal action (see the top of this file)
    if dst is None:
        return _action_problem(g, src)
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
    return g.dealt >= DEALS and suits_done(g.piles)


def suits_done(piles):
    # every pile (a list, or the solver's bytes) whole suits, each King down to Ace
    for a in piles:
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


# -- the game as a journal (see the top of this file) ---------------------------------


def _number(v):
    return type(v) is int and 1 <= v <= NUMBERS


def valid_setup(setup):
    return type(setup) is dict and _number(setup.get("deal")) and type(setup.get("game")) is int


def start(setup):
    return new_game(setup["deal"])


def _action_problem(g, a):
    if type(a) is not list or len(a) != 3 or not all(type(v) is int for v in a):
        return "Not a move"
    if won(g):
        return "This deal is won"
    if a[0] == -1 and a[1] == -1 and a[2] == 0:
        return None if g.dealt < DEALS else "No cards left to deal"
    return problem(g, a[0], a[1], a[2])


def apply(g, a):
    # one action onto the game, in place (problem(g, a) said it can be done)
    if a[0] < 0:
        deal(g)
    else:
        move(g, a[0], a[1], a[2])


def over(g):
    return won(g) or stuck(g)


def checkpoint(g, later):
    # the stock is the deal's own: only what the moves changed is kept
    return {"piles": [a[:] for a in g.piles], "down": g.down[:], "dealt": g.dealt}


def restore(setup, cp):
    # -> the Game of a checkpoint of this deal; ValueError unless it holds every card
    # once (with the cards not dealt yet) and each pile's face-down count fits it
    g = start(setup)
    piles = cp.get("piles") if type(cp) is dict else None
    down = cp.get("down") if type(cp) is dict else None
    dealt = cp.get("dealt") if type(cp) is dict else None
    if type(dealt) is not int or not 0 <= dealt <= DEALS or type(piles) is not list or type(down) is not list:
        raise ValueError("checkpoint")
    if len(piles) != PILES or len(down) != PILES:
        raise ValueError("checkpoint: six piles")
    seen = bytearray(52)
    for c in g.stock[6 * dealt :]:
        seen[c] = 1
    for p in range(PILES):
        a = piles[p]
        d = down[p]
        if type(a) is not list or type(d) is not int or not 0 <= d <= max(0, len(a) - 1):
            raise ValueError("checkpoint: pile")
        for c in a:
            if type(c) is not int or not 0 <= c < 52 or seen[c]:
                raise ValueError("checkpoint: cards")
            seen[c] = 1
    if not all(seen):
        raise ValueError("checkpoint: cards missing")
    return Game([a[:] for a in piles], down[:], g.stock, dealt)


def home(g):
    # cards in whole suits, King down to Ace in one run on a pile (52 when won)
    n = 0
    for a in g.piles:
        i = 0
        while i + 13 <= len(a):
            if a[i] % 13 == _KING and all(a[i + k] == a[i] - k for k in range(13)):
                n += 13
                i += 13
            else:
                i += 1
    return n


def result(g):
    # the ended game for the history (core/history.py): (cards home, place: 1 won or 2
    # lost, deals made); its one seat is the deal (apps/solitaire players_of)
    return [home(g)], [1 if won(g) else 2], g.dealt

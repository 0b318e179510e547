"""An open-card solver for Autumn Leaves: every card is known, the face-down ones and the
order of the stock included. It answers whether a deal can be won at all.

Three searches for a win race on one budget of positions (nodes), counted, never timed,
so the answer for a deal and a limit is the same on every machine. They take turns: the
beam for SHARES[0] * FIRST positions, then each best-first search for SHARES[i] * FIRST,
then the beam again where it stopped, each turn with twice the positions. They win
different deals: on deals 1-3,000 the beam alone (version 3) left 165 unresolved at
50,000 positions, and of those the first best-first search wins 65 at 100,000, the
second 66, the two together 93. The first to find a win gives the answer:

1. The beam, phase by phase (a phase is the play between two deals). From the phase's
   starting positions, best first by how tidy the table will be right after the next
   deal (that deal is known): each card that does not lie on the card one rank higher of
   its suit costs 2, a pile whose bottom card is not a King 1. The best positions found
   are dealt on and start the next phase; after the fifth deal the same search looks for
   a won table (each empty pile counts -1 there), with LAST_CAP times the positions of
   the other phases, as only that phase can end in a win. The first round keeps 1
   position a phase out of 8 searched; each further round doubles both. Each round is
   run in two orders (ORDERS): the score alone, and the score with 2 more for each
   face-down card. It stops when a round left nothing out.
2. Best first over the whole game, deals being moves like any other (weighted A*): by
   the same cost doubled, plus a weight for each face-down card and each card still in
   the stock, plus one for each move made, so that of two tables as tidy the one reached
   in fewer moves goes first (without it the search wanders: of deals 1-30 the two
   weightings of BEST_FIRST win 13 and 19 at 50,000 positions alone, with it 21 and 24).
3. A proof, last (the budget's last 1/50 at least, or all the race left when every search
   in it ended first): a depth-first search over every position reachable from the deal,
   each stored once (a transposition table); if it runs out of positions within its
   share, no line wins: "lost" (or it meets a win on the way). Only a small search space
   can be exhausted at all, and a deal won at once should not pay for one first.

The race's searches skip moves that only lead back to a position searched, and the
best-first ones moves reachable the other way round too (_next_moves), which leaves
positions out of their search: a race search that ends without a win proves nothing
(the beam, complete, is treated alike, to keep one rule), and only the proof proves a
loss. They apply a move only when its position comes up (most
never do), and keep their positions in a bucket queue (_Queue).

The proof uses only exact reductions: once the stock is out the six piles are
interchangeable (no deal will land on them any more), so positions are stored with
their piles sorted, a card goes to the first empty pile only and a whole pile never
moves to an empty one (the race's searches do the same). While cards are left to deal,
pile positions matter (deal k puts a card on each pile) and nothing of the kind is done.

Otherwise the answer is "unknown": the budget ran out first.

Every winning line is replayed through the firmware's rules (rules.solitaire) before it
is returned: a line the rules refuse, or that does not end in a won table, raises.
"""

import gc
from collections import deque

from rules import solitaire as rules

VERSION = 5  # bump when the solver's answers may change: stores keep results per version
DEFAULT_LIMIT = 300_000  # positions (nodes) per deal
PROOF_SHARE = 50  # the proof gets the budget's last 1/PROOF_SHARE, the race the rest
# the beam's orders, taken in turn each round: the weight of a face-down card in
# the score (0: only how tidy the table is; more: turning cards up first)
ORDERS = (0, 2)
KEEP = 1  # the beam's first round: positions dealt on per phase,
CAP = 8  # and positions searched per phase;
KEEP_GROW = 2  # and how they grow from one round to the next
CAP_GROW = 2
LAST_CAP = 2  # the phase after the fifth deal, the only one a win ends in, searches this
# many times the cap
# the best-first searches' weights (doubled, as the table's cost there): a face-down card,
# a card in the stock, a move made
BEST_FIRST = ((8, 3, 2), (8, 2, 1))
FIRST = 8000  # the race's first slice of positions, doubled every turn
SHARES = (2, 1, 1)  # each search's slice, in slices: the beam, then the best-first ones

_KING = 12
_DEAL = rules.DEAL


class Result:
    def __init__(self, result, moves, nodes):
        self.result = result  # "won", "lost" or "unknown"
        self.moves = moves  # the winning line: (src, dst, count) tuples and rules.DEAL
        self.nodes = nodes  # positions searched


class _Queue:
    # a bucket queue of (priority, ...) tuples: priorities are small ints, so a push or a
    # pop costs O(1), where a heap's costs a dozen tuple comparisons; within a priority,
    # first in, first out (the order a heap of (priority, order of arrival, ...) gives)
    __slots__ = ("buckets", "low")

    def __init__(self):
        self.buckets = {}
        self.low = 0

    def __bool__(self):
        return bool(self.buckets)

    def push(self, item):
        f = item[0]
        b = self.buckets.get(f)
        if b is None:
            if not self.buckets or f < self.low:
                self.low = f
            self.buckets[f] = b = deque()
        b.append(item)

    def pop(self):
        b = self.buckets[self.low]
        item = b.popleft()
        if not b:
            del self.buckets[self.low]
            if self.buckets:
                self.low = min(self.buckets)
        return item


def _pair_cost(lo, up):
    # `up` lying on `lo`
    if up // 13 == lo // 13 and up + 1 == lo:
        return 0
    return 2


# PC[lo * 52 + up], BC[bottom card]
PC = bytes(_pair_cost(lo, up) for lo in range(52) for up in range(52))
BC = bytes(0 if c % 13 == _KING else 1 for c in range(52))


def _key(piles, down, dealt):
    # a tuple of the position's own bytes: their hashes are cached and most are shared
    # with the parent's, so this costs a quarter of joining them into one. The piles'
    # lengths tell the deals made apart (each deal adds six cards).
    if dealt == rules.DEALS:
        return tuple(sorted(zip(piles, down)))
    return piles, down


def _moves(piles, down, out):
    # -> legal moves (src, dst, k); `out`: the stock is out (exact symmetry reductions)
    tops = ([], [], [], [])  # per suit: (top card, pile)
    empties = []
    for p in range(6):
        a = piles[p]
        if a:
            t = a[-1]
            tops[t // 13].append((t, p))
        else:
            empties.append(p)
    if out:
        empties = empties[:1]
    found = []
    for src in range(6):
        a = piles[src]
        n = len(a)
        if not n:
            continue
        d = down[src]
        i = n - 1
        c = a[i]
        same = tops[c // 13]  # src's own top is never above a card of its own run
        while True:
            for t, dst in same:
                if t > c:
                    found.append((src, dst, n - i))
            if empties and not (out and i == 0):
                for dst in empties:
                    found.append((src, dst, n - i))
            if i - 1 < d or c % 13 == _KING or a[i - 1] != c + 1:
                break
            i -= 1
            c = a[i]
    return found


def _next_moves(piles, down, out, last, turned, commute=True):
    # the moves worth trying from a position the search reached by move `last` (None:
    # a start or a deal), which turned a card up or not. Left out, as each only repeats a
    # position already searched or reachable the other way round:
    # - moving straight back, unless a card was turned up (then it is a new position);
    # - with `commute`, a move on two piles `last` did not touch, ordered before it: the
    #   two moves commute, and the search makes them in the other order. On deals 65, 96
    #   and 107 the repeats the second best-first search pops fall from 1.5 a position
    #   searched to 0.1. Its order of search is then no longer complete, so the race's
    #   searches never claim a loss (only _exhaust does). The beam does without: it keeps
    #   a few positions a phase, and the other order's first one is often not among them
    #   (with it, 31 deals of 1-20,000 that version 4 won were left unresolved).
    found = _moves(piles, down, out)
    if last is None:
        return found
    s, d, k = last
    back = None if turned else (d, s, k)
    if not commute:
        return [m for m in found if m != back]
    return [
        m
        for m in found
        if (m > last or m[0] == s or m[0] == d or m[1] == s or m[1] == d) and m != back
    ]


def _apply(piles, down, m):
    src, dst, k = m
    a = piles[src]
    i = len(a) - k
    np = list(piles)
    np[src] = a[:i]
    np[dst] = piles[dst] + a[i:]
    if i and down[src] >= i:
        nd = bytearray(down)
        nd[src] = i - 1
        return tuple(np), bytes(nd)
    return tuple(np), down


def _deal(piles, stock, dealt):
    s = 6 * dealt
    return tuple(piles[p] + stock[s + p : s + p + 1] for p in range(6))


def _arrive(piles, down, dealt, stock, last, path):
    # a queued position: its parent's (piles, down, deals made) with the move it waits
    # on, `last` (None: none), made -> (piles, down, deals made, path, the move for
    # _next_moves (None after a deal: nothing commutes with one), whether a card turned up)
    if last is None:
        return piles, down, dealt, path, None, False
    path = (path, last)
    if last is _DEAL:
        return _deal(piles, stock, dealt), down, dealt + 1, path, None, False
    np, nd = _apply(piles, down, last)
    return np, nd, dealt, path, last, nd is not down


# -- 3. the proof ----------------------------------------------------------------------


def _exhaust(piles, down, dealt, stock, budget):
    # -> ("won", line) / ("lost", None) / ("unknown", None), nodes used
    seen = {_key(piles, down, dealt)}
    nodes = 1
    # frames: [piles, down, dealt, children, next index, move that led here]
    stack = [[piles, down, dealt, None, 0, None]]
    while stack:
        fr = stack[-1]
        piles, down, dealt = fr[0], fr[1], fr[2]
        if fr[3] is None:
            if dealt == rules.DEALS and rules.suits_done(piles):
                return "won", [f[5] for f in stack[1:]], nodes
            kids = _moves(piles, down, dealt == rules.DEALS)
            if dealt < rules.DEALS:
                kids.append(_DEAL)
            fr[3] = kids
        kids = fr[3]
        i = fr[4]
        if i >= len(kids):
            stack.pop()
            continue
        fr[4] = i + 1
        m = kids[i]
        if m is _DEAL:
            np, nd, ndealt = _deal(piles, stock, dealt), down, dealt + 1
        else:
            np, nd = _apply(piles, down, m)
            ndealt = dealt
        k = _key(np, nd, ndealt)
        if k in seen:
            continue
        if nodes >= budget:
            return "unknown", None, nodes
        seen.add(k)
        nodes += 1
        stack.append([np, nd, ndealt, None, 0, m])
    return "lost", None, nodes


# -- 1. the beam -----------------------------------------------------------------------


def _cost(a):
    if not a:
        return 0
    v = BC[a[0]]
    for j in range(1, len(a)):
        v += PC[a[j - 1] * 52 + a[j]]
    return v


def _score(piles, nxt):
    # the table's cost right after the deal of cards nxt (one per pile), or, with nxt
    # None (the stock is out), now, less one per empty pile
    v = 0
    for p in range(6):
        a = piles[p]
        v += _cost(a)
        if nxt is None:
            if not a:
                v -= 1
        elif a:
            v += PC[a[-1] * 52 + nxt[p]]
        else:
            v += BC[nxt[p]]
    return v


def _top(a, s):
    # the part of the score that depends on pile a's top card: the card s dealt next onto
    # it, or (s < 0, the stock is out) the bonus of an empty pile
    if s < 0:
        return 0 if a else -1
    return PC[a[-1] * 52 + s] if a else BC[s]


def _delta(piles, m, nxt):
    # how the score changes with move m
    src, dst, k = m
    a = piles[src]
    b = piles[dst]
    i = len(a) - k
    c = a[i]
    top = a[-1]
    if b:
        v = PC[b[-1] * 52 + c]
    else:
        v = BC[c]
    if i:
        v -= PC[a[i - 1] * 52 + c]
    else:
        v -= BC[c]
    if nxt is None:  # the stock is out: an empty pile counts -1
        return v - (0 if i else 1) + (0 if b else 1)
    ss = nxt[src]
    sd = nxt[dst]
    # the cards dealt next onto src and dst: what they will lie on now
    v += (PC[a[i - 1] * 52 + ss] if i else BC[ss]) - PC[top * 52 + ss]
    v += PC[top * 52 + sd] - (PC[b[-1] * 52 + sd] if b else BC[sd])
    return v


def _phase(starts, dealt, stock, cap, keep, budget, trunc, down_w):
    # best-first search from starts (lists of (score, piles, down, path)) within one
    # phase, a generator that pauses while the race gives it no positions (so are _round,
    # _beam and _best_first); -> the `keep` best positions found, dealt on (the next
    # phase's starts), or a won one when the stock is out. `budget` is a one-item list of
    # nodes left; trunc[0] is set when a position was left out (the cap, or beyond the
    # `keep` best). down_w: the order's weight of a face-down card (see ORDERS).
    out = dealt == rules.DEALS
    nxt = None if out else stock[6 * dealt : 6 * dealt + 6]
    seen = set()
    # entries: (score, the parent's piles and down, the move from there or None, the
    # parent's path): a move is applied only when its entry comes up, as most never do
    queue = _Queue()
    for score, piles, down, path in starts:
        queue.push((score, piles, down, None, path))
    best = []
    expanded = 0
    while queue:
        if expanded >= cap:
            trunc[0] = True
            break
        score, piles, down, last, path = queue.pop()
        piles, down, _, path, last, turned = _arrive(piles, down, dealt, stock, last, path)
        k = _key(piles, down, dealt)
        if k in seen:
            continue
        seen.add(k)
        while budget[0] <= 0:
            yield  # the budget is spent: paused until the race gives it more
        budget[0] -= 1
        expanded += 1
        if out:
            if rules.suits_done(piles):
                return [(score, piles, down, path)]
        else:
            best.append((score, expanded, piles, down, path))
        for m in _next_moves(piles, down, out, last, turned, commute=False):
            v = score + _delta(piles, m, nxt)
            i = len(piles[m[0]]) - m[2]
            if i and down[m[0]] >= i:  # the move turns a card up
                v -= down_w
            queue.push((v, piles, down, m, path))
    if out:
        return []
    best.sort()
    if len(best) > keep:
        trunc[0] = True
    follow = stock[6 * dealt + 6 : 6 * dealt + 12] if dealt + 1 < rules.DEALS else None
    nexts = []
    for score, _, piles, down, path in best[:keep]:
        np = _deal(piles, stock, dealt)
        nexts.append((_score(np, follow) + down_w * sum(down), np, down, (path, _DEAL)))
    return nexts


def _round(piles, down, dealt, stock, cap, keep, budget, down_w):
    # one round of the beam in one order -> (a winning line or None, whether a position
    # was left out)
    trunc = [False]
    nxt = None if dealt == rules.DEALS else stock[6 * dealt : 6 * dealt + 6]
    starts = [(_score(piles, nxt) + down_w * sum(down), piles, down, None)]
    for phase in range(dealt, rules.DEALS + 1):
        c = cap * LAST_CAP if phase == rules.DEALS else cap
        starts = yield from _phase(starts, phase, stock, c, keep, budget, trunc, down_w)
        if not starts:
            break
    if not starts:
        return None, trunc[0]
    return _line(starts[0][3]), trunc[0]


def _beam(piles, down, dealt, stock, budget, orders):
    # rounds of growing width, each in every order -> a winning line, or None when a
    # round left nothing out and found none (the race leaves proofs to _exhaust)
    keep = KEEP
    cap = CAP
    while True:
        for down_w in orders:
            line, trunc = yield from _round(piles, down, dealt, stock, cap, keep, budget, down_w)
            if line is not None:
                return line
            if not trunc:
                return None
        keep *= KEEP_GROW
        cap *= CAP_GROW


# -- 2. the best-first search over the whole game --------------------------------------


def _best_first(piles, down, dealt, stock, budget, weights):
    # weighted A*: positions in order of moves made * WG + the table's cost, the cost
    # counted as in the beam but doubled (a break 4, a bottom card not a King 2), + WD a
    # face-down card, + WS a card still in the stock, - 2 an empty pile once the stock is
    # out; deals are moves like any other. A generator, as _beam: -> a winning line, or
    # None when it found none (it may have left positions out: see _next_moves).
    wd, ws, wg = weights
    out = dealt == rules.DEALS
    f = 2 * sum(_cost(a) for a in piles) + wd * sum(down) + ws * (len(stock) - 6 * dealt)
    if out:
        f -= 2 * sum(1 for a in piles if not a)
    seen = set()
    # entries: (priority, the parent's piles, down and deals made, the move from there or
    # None, the parent's path), applied when it comes up, as in _phase
    queue = _Queue()
    queue.push((f, piles, down, dealt, None, None))
    while queue:
        f, piles, down, dealt, last, path = queue.pop()
        piles, down, dealt, path, last, turned = _arrive(piles, down, dealt, stock, last, path)
        key = _key(piles, down, dealt)
        if key in seen:
            continue
        seen.add(key)
        while budget[0] <= 0:
            yield
        budget[0] -= 1
        out = dealt == rules.DEALS
        if out and rules.suits_done(piles):
            return _line(path)
        f += wg
        for m in _next_moves(piles, down, out, last, turned):
            v = 2 * _delta(piles, m, None)
            src, dst, k = m
            i = len(piles[src]) - k
            if not out:  # _delta counts empty piles, which count only once the stock is out
                v += 2 * ((not i) - (not piles[dst]))
            if i and down[src] >= i:  # the move turns a card up
                v -= wd
            queue.push((f + v, piles, down, dealt, m, path))
        if not out:
            s = 6 * dealt
            v = 2 * sum(_top(piles[p], stock[s + p]) for p in range(6)) - 6 * ws
            queue.push((f + v, piles, down, dealt, _DEAL, path))
    return None


def _line(path):
    # a search's path (nested (parent, move) pairs) -> its moves, first move first
    line = []
    while path is not None:
        path, m = path
        line.append(m)
    line.reverse()
    return line


# -- the solver ------------------------------------------------------------------------


def replay(game, line):
    # play a line through the firmware's rules on a copy of game -> the final Game;
    # ValueError (the rules' reason) at the first move they refuse
    g = game.copy()
    for step, m in enumerate(line):
        try:
            if m == rules.DEAL:
                rules.deal(g)
            else:
                rules.move(g, m[0], m[1], m[2])
        except ValueError as e:
            raise ValueError("move %d %r: %s" % (step + 1, m, e)) from None
    return g


def _race(searches, budget, total):
    # run the searches (generators) in turn, each for SHARES[i] * slice positions, the
    # slice doubling every turn, until one wins or `total` positions are spent; a search
    # that ends without a win leaves the race. -> (a winning line or None, the positions
    # searched)
    used = 0
    slice_ = FIRST
    racing = list(zip(searches, SHARES))
    while racing:
        for entry in list(racing):
            gen, share = entry
            give = min(share * slice_, total - used)
            if give <= 0:
                return None, used
            budget[0] = give
            try:
                next(gen)
            except StopIteration as end:
                used += give - budget[0]
                if end.value is not None:
                    return end.value, used
                racing.remove(entry)
                continue
            used += give
        slice_ *= 2
    return None, used


def solve(game, limit=DEFAULT_LIMIT, orders=ORDERS, weights=BEST_FIRST):
    """-> Result for game (a rules.Game) with at most `limit` positions searched. orders
    and weights: the beam's orders and the best-first searches' weights (ORDERS,
    BEST_FIRST), for a caller that weighs a face-down card otherwise (player.py)."""
    piles = tuple(bytes(p) for p in game.piles)
    down = bytes(game.down)
    stock = bytes(game.stock)
    dealt = game.dealt
    proof = max(1, limit // PROOF_SHARE)  # the proof's first position counts as one
    budget = [0]
    searches = [_beam(piles, down, dealt, stock, budget, orders)]
    for w in weights:
        searches.append(_best_first(piles, down, dealt, stock, budget, w))
    enabled = gc.isenabled()
    gc.disable()  # the searches make millions of tuples and no cycles: collecting is waste
    try:
        line, nodes = _race(searches, budget, limit - proof)
        result = "won"
        if line is None:  # the proof gets what the race left, at least its share
            result, line, n = _exhaust(piles, down, dealt, stock, limit - nodes)
            nodes += n
    finally:
        if enabled:
            gc.enable()
    if result == "won":
        end = replay(game, line)
        if not rules.won(end):
            raise AssertionError("the solver's line does not win under the rules")
        return Result("won", line, nodes)
    return Result(result, [], nodes)


def moves_json(line):
    # a line as `solve --json` gives it: {"from": 2, "to": 4, "count": 1} or {"deal": true}
    out = []
    for m in line:
        if m == rules.DEAL:
            out.append({"deal": True})
        else:
            out.append({"from": m[0], "to": m[1], "count": m[2]})
    return out


def solve_number(number, limit=DEFAULT_LIMIT):
    return solve(rules.new_game(number), limit)

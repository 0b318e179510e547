# The hint of Autumn Leaves solitaire: hint(g), a move (src, dst, count) that makes
# progress, DEAL, or None (the app loads this module when a hint is first asked for:
# opening it does without it).
#
# The hint scores the table as the player sees it: minus 10 for each face-down card,
# minus 3 for each face-up card that does not lie on the card one rank higher of its
# suit (a break between runs), minus 1 for each pile whose bottom card is not a King,
# plus 1 for each empty pile. A break weighs more than an empty pile and a bottom card
# together, so a card lying on a wrong card is lifted into an empty pile rather than left
# there for the next deal to bury (with a break at 2, as before, the hint won 12.3 % of
# deals 1-3000 played greedily, host_tools/solitaire/stats.py; at 3, 15.3 %, and 14.1 %
# of deals 3001-6000, which it was not tuned on; at 4 or 5 fewer again, and telling a
# card on a higher card of its suit from one on another suit did not help). It searches the plans that start here, best first: up to
# HINT_NODES positions reached by legal moves, never past a move that turns a card face
# up (what that card is cannot be known), dropping plans that fall more than 8 below the
# table's score. It suggests the first move of the plan that raises the score most (the
# first found on a tie), if any plan raises it at all: so each suggestion leads, within
# its plan, to a card turned up, a run joined, a pile emptied or a King set at the bottom
# of a pile. With no such plan it suggests Rule 5's deal while cards are left, else
# nothing (None): the hint sees no progress. Followed blindly it can, rarely, lead round
# in a circle (14 of deals 1-20000 played by the hint alone reached a position twice).
# It cannot peek: it searches a copy of the table in which every face-down card is a
# blank (255), and the stock is never read. Memory stays small on the Pico: an open plan
# is one small int on a heap (score, parent position, move), at most 400 of them, and
# only the positions expanded (at most HINT_NODES) are kept. About 1.6 ms a hint on
# average under the unix port (deals 1-20 played out). HINT_NODES is 64, the most a
# heap item's 6 bits of parent can name: played greedily the hint wins 18.0 % of deals
# 1-3000 and 16.5 % of 3001-6000 (15.3 and 14.1 % at 48 positions, where a hint on the
# emulated Pico's .mpy files took 81 ms on average and 121 ms at worst, at most 44 KB
# allocated by one hint; README: its time from the UF2).

import heapq

from micropython import const

from rules.solitaire import DEAL, DEALS, PILES, _run, won

HINT_NODES = const(64)  # the most the heap items' 6 bits of parent allow
_KING = const(12)           # rank index of a King (card % 13), as in rules/solitaire.py
_W_DOWN = const(10)         # each face-down card
_W_EMPTY = const(1)         # each empty pile
_W_BREAK = const(3)         # each card not on the next higher card of its suit
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



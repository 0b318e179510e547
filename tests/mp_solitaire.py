# Autumn Leaves solitaire under real MicroPython: a plain script (no pytest), run by
# tests/test_solitaire_micropython.py as
#   micropython -X heapsize=128k tests/mp_solitaire.py N1 N2 ...
# with the firmware compiled to .mpy (LEAFKEEPER_FIRMWARE) as on the device. For each
# deal number it prints one JSON line: the number, the 52 cards in dealing order (piles
# 0-5 bottom card first, then the stock) and the first 80 steps of the hint played
# greedily ([src, dst, count], or "deal"). The test computes the same on CPython and
# compares: deal #N and its hints must be the same on the device, in the simulator and
# in the host tools.
import json
import os
import sys

sys.path.insert(0, os.getenv("LEAFKEEPER_FIRMWARE") or "firmware")
sys.path.insert(0, "host_tools/fakes")

from rules import solitaire as sol
from rules import solitaire_hint


def hint_line(g, steps):
    out = []
    for _ in range(steps):
        h = solitaire_hint.hint(g)
        if h is None:
            break
        if h == sol.DEAL:
            sol.deal(g)
            out.append("deal")
        else:
            sol.move(g, h[0], h[1], h[2])
            out.append([h[0], h[1], h[2]])
    return out


def report(number):
    g = sol.new_game(number)
    cards = []
    for p in g.piles:
        cards.extend(p)
    cards.extend(g.stock)
    down = list(g.down)
    return {"number": number, "cards": cards, "down": down, "hints": hint_line(g, 80)}


if __name__ == "__main__":
    for arg in sys.argv[1:]:
        print(json.dumps(report(int(arg))))

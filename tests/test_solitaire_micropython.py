# Numbered deals and the hint are the same under the real MicroPython binary (the
# firmware compiled to .mpy, as on the Pico, with the device's 128 KB heap) and on
# CPython (the simulator and the host tools): tests/mp_solitaire.py prints them there.
import json

import mp
import mp_solitaire
from core.rng import Rng

NUMBERS = ("1", "2", "617", "4096", "999999", "1000000")


def test_deals_and_hints_are_the_same_under_micropython():
    # SOL-9, SOL-10, RND-2: the same deals and hints under MicroPython
    r = mp.run("tests/mp_solitaire.py", *NUMBERS, heap="128k", timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    lines = [json.loads(s) for s in r.stdout.splitlines() if s.startswith("{")]
    assert [d["number"] for d in lines] == [int(n) for n in NUMBERS]
    for d in lines:
        n = d["number"]
        # a permutation of the 52 cards, dealt 4, 4, 3, 3, 4, 4 with the tops face up
        assert sorted(d["cards"]) == list(range(52))
        assert d["down"] == [3, 3, 2, 2, 3, 3]
        # the documented recipe, by hand: AS..KC shuffled by Rng(number), in order
        deck = list(range(52))
        Rng(n).shuffle(deck)
        assert d["cards"] == deck
        # and CPython's rules module gives the same deal and the same hints
        assert d == json.loads(json.dumps(mp_solitaire.report(n)))
        assert d["hints"], "the hint has something to say at the start of deal %d" % n

# The promise soak (tests/mp_promise.py, issue 39 item 13) in both lanes: every game the
# screen showed as finished is in the History with the same totals under today's names,
# and nothing is set aside without the screen saying so, after every step of a seeded
# random evening (presses, holds, power cuts, the clock, renames, forgets, Erase all
# data, an older firmware's saves). A failure names its seed and step; the same seed
# replays it:  python tests/mp_promise.py STEPS SEED [ACTIONS]
# The CI budget: STEPS steps of SEEDS seeds per lane (a few tens of seconds each). For a
# night, more of both, and every kind of step (the default leaves out those that
# fail until issue 39's fixes are in: mp_promise.ACTIONS):
#   LEAFKEEPER_PROMISE_STEPS=20000 LEAFKEEPER_PROMISE_SEEDS=1-50 \
#   LEAFKEEPER_PROMISE_ACTIONS=all python -m pytest -s tests/test_promise.py
import os
import re

import mp
import mp_promise

STEPS = int(os.getenv("LEAFKEEPER_PROMISE_STEPS") or 3000)
SEEDS = os.getenv("LEAFKEEPER_PROMISE_SEEDS") or "1"
KINDS = os.getenv("LEAFKEEPER_PROMISE_ACTIONS") or ""
HEAP = "1024k"


def test_promise_held_in_cpython(capsys):
    broken = mp_promise.main([str(STEPS), SEEDS, KINDS])
    out = capsys.readouterr().out
    print(out)
    assert broken == 0, out
    _covered(out)


def test_promise_held_under_micropython():
    # a heap larger than the lane's: the oracle and the fake flash (every save and the
    # whole History) share it with the firmware here; at LANE_HEAP (416k) the line-up
    # met a MemoryError about step 530 of seed 1. The firmware's own heap is
    # tests/test_soak.py's to hold.
    r = mp.run("tests/mp_promise.py", str(STEPS), SEEDS, KINDS, heap=HEAP, timeout=3600)
    out = r.stdout + r.stderr
    print(out)
    assert r.returncode == 0, out
    _covered(out)


def _covered(out):
    # each seed ran all its steps, and games were shown finished (the promise had work)
    reports = re.findall(r"^promise: seed \d+, (\d+) steps, (\d+) games shown finished", out, re.MULTILINE)
    lo, _, hi = SEEDS.partition("-")
    assert len(reports) == int(hi or lo) - int(lo) + 1, out
    for steps, shown in reports:
        assert int(steps) == STEPS and int(shown) > 0, out

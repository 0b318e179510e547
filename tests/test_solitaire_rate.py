# `leafkeeper solitaire rate` (host_tools/solitaire/rate.py) and the table it writes into
# the firmware (firmware/rules/solitaire_levels.py): on a small store made here, the
# levels and cut-offs worked out by hand; and the committed table checked against the
# solver and the hint again, so it cannot promise a level its deals do not have.
import os
import subprocess
import sys

from rules import solitaire as sol
from rules.solitaire_levels import LEVELS

from host_tools.solitaire import solver, stats
from host_tools.solitaire.store import Store
from tests.scenarios.solitaire import decode

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# deal: (solver result, positions, the hint player won: True/False, None = no hint game)
DEALS = {
    1: ("won", 2000, True),  # easy
    2: ("unknown", 50000, False),  # not winnable as far as known: never rated
    3: ("won", 1500, False),
    4: ("won", 9000, False),
    5: ("lost", 300, False),  # lost: never rated
    6: ("won", 3000, True),  # easy
    7: ("won", 2500, False),
    8: ("won", 40000, False),
    9: ("won", 4000, False),
    10: ("won", 6000, None),  # no hint game in the store: not rated
    11: ("won", 20000, False),
    12: ("won", 1200, False),
    70000: ("won", 5000, True),  # easy, past two bytes
}
# By hand: the hint-lost wins are 12 (1,200), 3 (1,500), 7 (2,500), 9 (4,000),
# 4 (9,000), 11 (20,000), 8 (40,000): seven; the median by nearest rank is the 4th,
# 4,000, the 90th percentile the 7th (ceil(6.3)), 40,000. Medium: 3, 7, 9, 12; hard: 8;
# easy: 1, 6, 70000. Three a level, spread: medium keeps the 1st, 2nd and 3rd of four
# (i * 4 // 3 for i = 0, 1, 2): 3, 7, 9.
WANT = [[1, 6, 70000], [3, 7, 9], [8]]


def cli(*args):
    return subprocess.run(
        [sys.executable, "-m", "host_tools.cli", "solitaire", "rate", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def small_store(path):
    db = Store(str(path))
    for deal, (result, positions, hint) in DEALS.items():
        db.add(deal, solver.DEFAULT_LIMIT, (result, positions, [], 0.01), None)
        if hint is not None:
            db.add(deal, solver.DEFAULT_LIMIT, None, (hint, 50, "won" if hint else "no hint", 0.01))
    # another limit's answer for deal 8 is not this one's
    db.add(8, 1000, ("unknown", 1000, [], 0.01), None)
    db.close()


def levels_of(text):
    # the LEVELS of a written module, read back as deal numbers
    scope = {}
    exec(compile(text, "solitaire_levels.py", "exec"), scope)  # noqa: S102 - our own output
    return [decode(t) for t in scope["LEVELS"]]


def test_rate_on_a_small_store_gives_the_levels_worked_out_by_hand(tmp_path):
    small_store(tmp_path / "s.sqlite")
    out = tmp_path / "levels.py"
    r = cli(
        "--store",
        str(tmp_path / "s.sqlite"),
        "--deals",
        "1-70000",
        "--per-level",
        "3",
        "--write",
        str(out),
    )
    assert r.returncode == 0, r.stderr
    assert levels_of(out.read_text()) == WANT
    assert "medium: at most 4,000 positions (P50): 4; hard: at least 40,000 (P90): 1" in r.stdout
    assert "solver won 11, lost 1, unresolved 1; won but no hint game in the store: 1" in r.stdout
    assert "Table: easy 3 of 3, medium 3 of 4, hard 1 of 1 (21 bytes of deals)" in r.stdout
    assert "solver version %d at 300,000 positions" % solver.VERSION in out.read_text()


def test_rate_refuses_a_range_that_leaves_a_level_empty_and_a_missing_store(tmp_path):
    small_store(tmp_path / "s.sqlite")
    out = tmp_path / "levels.py"
    r = cli("--store", str(tmp_path / "s.sqlite"), "--deals", "1-7", "--write", str(out))
    # deals 1-7: hint-lost wins 3 (1,500), 4 (9,000), 7 (2,500): hard is 4 alone, but
    # with deals 1-2 there is none at all
    assert r.returncode == 0 and levels_of(out.read_text()) == [[1, 6], [3, 7], [4]]
    r = cli("--store", str(tmp_path / "s.sqlite"), "--deals", "1-2", "--write", str(out))
    assert r.returncode == 1 and "a level has no deal in this range: nothing written" in r.stderr
    r = cli("--store", str(tmp_path / "none.sqlite"))
    assert r.returncode == 2 and "none.sqlite: no such file" in r.stderr


def test_the_committed_tables_easy_deals_are_won_by_the_hint_and_its_hard_ones_by_the_solver():
    easy, medium, hard = (decode(t) for t in LEVELS)
    assert easy and medium and hard
    for deals in (easy, medium, hard):
        assert deals == sorted(set(deals)) and 1 <= deals[0] and deals[-1] <= sol.NUMBERS
    assert not set(easy) & set(medium) and not set(medium) & set(hard)
    for n in easy:
        assert stats.play_hints(sol.new_game(n))[0], "easy deal %d is not won by the hint" % n
    for n in (medium[0], medium[-1]):
        assert not stats.play_hints(sol.new_game(n))[0], "medium deal %d is won by the hint" % n
    for n in (hard[0], hard[len(hard) // 2], hard[-1]):
        res = solver.solve(sol.new_game(n))
        assert res.result == "won", "hard deal %d: %s" % (n, res.result)
        assert not stats.play_hints(sol.new_game(n))[0], "hard deal %d is won by the hint" % n

# The Solitaire app's parts on CPython (the scenarios in tests/scenarios/solitaire.py
# play it through the Simulator, in both lanes): the winning line the scenario plays is
# the host solver's, the table never cuts a card nor draws one over another however
# long a pile grows, the refusals get their suit glyphs, the statistics count as the
# app's comment says, and the deal entry keys a number digit by digit.
import json
import os
import random
import subprocess
import sys

import framebuf
import pytest
from rules import solitaire as sol
from ui import text

from tests.scenarios import solitaire as scenario

SUITS = "\u2660\u2665\u2666\u2663"


@pytest.fixture(autouse=True)
def _current_firmware_modules():
    # a Simulator drops the firmware's modules from sys.modules when it starts: each test
    # uses the ones the views it draws import, not those this file imported first
    global sol, text
    from rules import solitaire as sol
    from ui import text


def test_the_scenario_plays_the_solvers_winning_line_for_deal_330():
    leafkeeper = os.path.join(os.path.dirname(sys.executable), "leafkeeper")
    r = subprocess.run([leafkeeper, "solitaire", "solve", "330", "--json"], capture_output=True, text=True, timeout=300, check=True)
    doc = json.loads(r.stdout)
    assert doc["result"] == "won"
    line = []
    for m in doc["moves"]:
        if m.get("deal"):
            line.append("D")
        else:
            line.append("%d>%d" % (m["from"] + 1, m["to"] + 1) + ("*%d" % m["count"] if m["count"] > 1 else ""))
    assert " ".join(line) == scenario.WIN_330


def _line(moves):
    # the solver's moves in the bench's notation (host_tools/bench/tour.py)
    out = []
    for m in moves:
        if m == sol.DEAL:
            out.append("D")
        else:
            out.append("%d>%d" % (m[0] + 1, m[1] + 1) + ("*%d" % m[2] if m[2] > 1 else ""))
    return " ".join(out)


@pytest.mark.parametrize("number", [617, 4])
def test_the_solvers_winning_line_played_with_the_buttons_ends_on_the_win_screen(number):
    # the host solver's line for the deal, turned into presses (cursor moves, OK per card
    # picked up, OK to put down, ROLL to deal) and pressed on the Simulator
    from host_tools.bench.tour import solitaire_keys
    from host_tools.sim import keys
    from host_tools.solitaire import solver

    res = solver.solve(sol.new_game(number))
    assert res.result == "won"
    sim = scenario.new_table()
    scenario.choose_deal(sim, str(number))
    assert scenario.title(sim) == "#%d ROLL: deal \u00d75" % number
    assert scenario.cursor(sim) == 0
    keys.run(sim, solitaire_keys(_line(res.moves)))
    screen = sim.text()
    assert "Won!" in screen and "%d moves" % len(res.moves) in screen, screen
    assert sim.flash.read("crash.log") is None


# -- the table -------------------------------------------------------------------------


class _App:
    # what the table view reads of its app
    def __init__(self, g, over=False):
        self.shell = None
        self.state = g
        self.journal = type("J", (), {"over": over})()

    def deal_number(self):
        return 1

    def level(self):
        return -1  # deal 1 is not rated


def _screen():
    buf = bytearray(128 * 64 // 8)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    fb.buffer = buf
    fb.width = 128
    return fb


def _cards(words):
    # "K-9♦" -> [K♦, Q♦, J♦, 10♦, 9♦] as rules cards; "9♣" -> [9♣]
    out = []
    for w in words:
        suit = SUITS.index(w[-1])
        ranks = w[:-1].split("-")
        hi = ("A23456789".index(ranks[0]) if len(ranks[0]) == 1 and ranks[0] in "A23456789" else
              ["10", "J", "Q", "K"].index(ranks[0]) + 9)
        lo = hi
        if len(ranks) == 2:
            r = ranks[1]
            lo = "A23456789".index(r) if len(r) == 1 and r in "A23456789" else ["10", "J", "Q", "K"].index(r) + 9
        for rank in range(hi, lo - 1, -1):
            out.append(suit * 13 + rank)
    return out


def _positions(deals, steps, seed):
    # tables from random legal play (far untidier than a player's): long rows of breaks
    rng = random.Random(seed)
    for n in deals:
        g = sol.new_game(n)
        for step in range(steps):
            if step % 3 == 0:
                yield g
            ms = sol.moves(g)
            if ms and rng.random() < 0.85:
                sol.move(g, *rng.choice(ms))
            elif g.dealt < sol.DEALS:
                sol.deal(g)
            else:
                break


def _draw(view):
    fb = _screen()
    text.clear_layer()
    view.draw(fb)
    return list(text.layer)


def _check_table(view, g):
    # -> (how many rows left cards out, how many of those the title bar could not list
    # whole either)
    import apps.solitaire as table

    short = long_bar = 0
    for p in range(6):
        view.cursor = p
        layer = _draw(view)
        y = table.ROW_Y + table.ROW_H * p
        row = sorted([e for e in layer if e[1] == y and e[2] != "\u25ba" and not e[2].startswith("[")])
        # in the screen, one after the other, never on top of each other
        end = 0
        for x, _y, s, _h in row:
            assert x >= end and x + text.width(s) <= 128, (p, row)
            end = x + text.width(s)
        assert row[0][2] == str(p + 1)
        cards = row[1:]
        assert cards[0][0] >= table.CARDS_X + (3 * g.down[p] + 2 if g.down[p] else 0)
        words = [e[2] for e in cards]
        if words == ["no cards"]:
            assert not g.piles[p]
            continue
        bar = sorted(e for e in layer if e[1] == 0)  # the title bar, left to right
        title = bar[0][2]
        up = g.piles[p][g.down[p]:]
        if words[0].startswith("\u00ab"):  # the lowest cards left out: the title lists them
            assert title.startswith("\u00ab")
            end = 0
            for x, _y, s, _h in bar:  # within the screen, one after the other
                assert x >= end and x + text.width(s) <= 126, bar
                end = x + text.width(s)
            listed = _cards([e[2] for e in bar[1:]])
            unlisted = int(title[1:]) if len(title) > 1 else 0  # "«n": too many for the bar
            assert int(words[0][1:]) == unlisted + len(listed)
            words = words[1:]
            assert listed + _cards(words) == up[unlisted:], (p, words, bar)
            short += 1
            long_bar += unlisted > 0
        else:
            assert title.startswith("#")
            assert _cards(words) == up, (p, words, title)
    return short, long_bar


def test_every_pile_shows_every_face_up_card_within_the_screen():
    from apps.solitaire import TableView

    short = long_bar = 0
    for g in _positions(range(1, 41), 150, seed=2):
        a, b = _check_table(TableView(_App(g)), g)
        short += a
        long_bar += b
    assert short >= 50  # the play grew piles far longer than a row holds
    assert not text.clipped  # and nothing was cut off, the title bar included


def test_a_title_bar_too_short_for_the_cards_under_a_row_lists_the_highest():
    # random play found a row like this once in 37,000 tables: its cards under "«" are
    # wider than the title bar even packed close, so the lowest give way to "«n" there too
    from apps.solitaire import TableView

    g = sol.Game([[], [], [], [], [], []], [0] * 6, [], 5)
    # 24 cards and not one run: K♠ K♥ K♦ K♣ Q♠ ... 8♣
    words = [r + t for r in ("K", "Q", "J", "10", "9", "8") for t in SUITS]
    g.piles[0] = _cards(words)
    view = TableView(_App(g))
    del text.clipped[:]
    short, long_bar = _check_table(view, g)
    assert (short, long_bar) == (1, 1) and not text.clipped


def test_cards_picked_up_are_lit_and_named_in_the_title():
    from apps.solitaire import TableView

    g = sol.new_game(330)
    for m in ((2, 1, 1), (1, 0, 2)):  # deal 330: 4♠ onto 5♠, then 5-4♠ onto pile 1's 8♠
        sol.move(g, *m)
    view = TableView(_App(g))
    view.src = 0
    view.n = 2
    view.cursor = 0
    fb = _screen()
    text.clear_layer()
    view.draw(fb)
    row = sorted(e for e in text.layer if e[1] == 10)
    title = min(e for e in text.layer if e[1] == 0)[2]
    assert [e[2] for e in row] == ["\u25ba", "1", "[3]", "8\u2660", "5-4\u2660"]
    assert title == "5-4\u2660: where to?"  # the whole run: no more to take
    x = row[-1][0]
    assert fb.pixel(x - 1, 10) == 1 and fb.pixel(x - 1, 18) == 1  # a lit box behind it


def test_refusals_name_cards_with_suit_glyphs():
    from apps.solitaire import with_suits

    assert with_suits("7D can't go on 5D: lower cards only") == "7\u2666 can't go on 5\u2666: lower cards only"
    assert with_suits("Not a run: 10C then 4C") == "Not a run: 10\u2663 then 4\u2663"
    assert with_suits("9H can't go on KS: suits differ") == "9\u2665 can't go on K\u2660: suits differ"
    assert with_suits("Pile 3 is empty") == "Pile 3 is empty"
    assert with_suits("No cards left to deal") == "No cards left to deal"


def test_the_fonts_draw_the_suits():
    for ch in SUITS:
        assert text.has(ch) and text.has(ch, text.MEDIUM)
        assert text.width(ch) == 6


# -- the statistics ----------------------------------------------------------------------


class _Shell:
    # the storage a Stats uses, in a dict
    def __init__(self):
        self.files = {}

    def load(self, name, defaults, version, valid=None):
        return json.loads(self.files[name]) if name in self.files else json.loads(json.dumps(defaults))

    def save(self, name, data, version):
        self.files[name] = json.dumps(data)


def _stats(shell=None):
    from apps.solitaire import Stats

    return Stats(shell or _Shell())


def test_new_deals_take_the_next_number_not_played_yet():
    s = _stats()
    assert [s.new_game(None)["deal"] for _ in range(3)] == [1, 2, 3]
    assert s.new_game(None, 6)["deal"] == 6  # chosen: 6 is skipped when the count gets there
    assert s.new_game(None, 2)["deal"] == 2  # played already: nothing to skip
    assert [s.new_game(None)["deal"] for _ in range(3)] == [4, 5, 7]
    s.d["next"] = 1000000
    assert [s.new_game(None)["deal"] for _ in range(2)] == [1000000, 1]


def test_a_deal_counts_as_played_at_its_first_move_and_as_won_once():
    s = _stats()
    a = s.new_game(None)
    s.played(a)
    s.played(a)  # the second move
    assert (s.d["played"], s.d["won"]) == (1, 0)
    assert s.won(a, 70) == 70
    assert s.won(a, 64) == 64  # undone and won again, in fewer moves: one win still
    assert s.won(a, 80) == 64
    assert (s.d["played"], s.d["won"], s.d["streak"], s.d["best"]) == (1, 1, 1, 1)
    assert s.d["fewest"] == [[1, 64]]
    b = s.new_game(a)  # a won game left: the streak goes on
    s.played(b)
    s.won(b, 90)
    assert (s.d["played"], s.d["won"], s.d["streak"], s.d["best"]) == (2, 2, 2, 2)
    c = s.new_game(b)
    s.played(c)
    d = s.new_game(c, c["deal"])  # restarted unwon: a played deal not won
    assert d["deal"] == c["deal"] and d["game"] != c["game"]
    assert (s.d["played"], s.d["won"], s.d["streak"], s.d["best"]) == (3, 2, 0, 2)
    e = s.new_game(d)  # d never moved: not played, and the streak is not its business
    assert s.d["played"] == 3 and e["deal"] == 4
    assert s.rate() == "67%" and s.lines()[:3] == ["Played 3, won 2", "Win rate 67%", "Streak 0, best 2"]
    assert [line.split(":")[0] for line in s.lines()[3:6]] == ["Easy", "Medium", "Hard"]
    assert s.lines()[6:] == ["Fewest moves:", "  #2: 90", "  #1: 64"]


def test_a_level_whose_deals_were_all_played_deals_them_again_in_turn():
    # issue 29: a level deals the first of its deals after the last it dealt that is not
    # played yet; when all are (here all dealt by "Next deal"), they come again in turn
    s = _stats()
    hard = scenario.rated(2)
    s.d["next"] = hard[-1] + 1
    assert [s.rated(2) for _ in range(3)] == hard[:3]
    s.d["rated"][2] = hard[-1]
    assert s.rated(2) == hard[0]
    s.d["next"] = 1  # none played now: after the last, the next one again
    s.d["ahead"] = [hard[1]]  # but one chosen by number ahead of the next deal
    assert s.rated(2) == hard[2]


def test_a_win_whose_first_move_a_power_cut_kept_from_the_statistics_counts_as_played():
    shell = _Shell()
    s = _stats(shell)
    a = s.new_game(None)
    s = _stats(shell)  # the app opened again on the won game
    s.won(a, 70)
    assert (s.d["played"], s.d["won"]) == (1, 1)


@pytest.mark.parametrize(
    "key, value",
    [("played", -1), ("won", 2.0), ("next", 0), ("next", 1000001), ("ahead", [0]), ("fewest", [[1, 0]]),
     ("fewest", [[5]]), ("game", "1"), ("streak", None)],
)
def test_each_statistic_is_checked_when_loaded(key, value):
    from apps.solitaire import DEFAULTS, VALID

    assert VALID[key][1](DEFAULTS[key])
    assert not VALID[key][1](value)


def test_a_deal_counts_at_its_level_and_a_win_never_outnumbers_its_levels_plays():
    # a deal of the easy table counts as an easy deal played, then won; a win whose play
    # its level did not count (a firmware with another table counted it) is not counted
    # at the level: won > played would be a damaged save at the next opening
    s = _stats()
    easy = scenario.rated(0)
    a = s.new_game(None, easy[0])
    s.played(a)
    s.won(a, 80)
    assert s.d["levels"] == [[1, 1], [0, 0], [0, 0]]
    b = s.new_game(a, easy[1])
    s.played(b)
    s.d["levels"][0] = [1, 1]  # as if b had another level when it was played
    s.won(b, 90)
    assert s.d["levels"][0] == [1, 1] and s.d["won"] == 2

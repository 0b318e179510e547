# The sampling player (host_tools/solitaire/player.py) behind `leafkeeper solitaire stats
# --player sample`: it must not peek (a deal that differs only in unseen cards gets the
# same moves), must play only legal moves, and its share is printed with a 95 % interval.
import random

import pytest
from rules import solitaire as sol

from host_tools.solitaire import player, stats


def twin(g):
    # g with its unseen cards swapped around: pile 0's bottom (face-down) card with pile
    # 4's, and the stock reversed; everything face up stays as it is
    t = g.copy()
    t.piles[0][0], t.piles[4][0] = g.piles[4][0], g.piles[0][0]
    t.stock = g.stock[::-1]
    return t


def test_two_deals_that_look_the_same_get_the_same_moves():
    g = sol.new_game(617)
    t = twin(g)
    assert g.piles != t.piles and g.stock != t.stock  # the twin is another deal
    assert player.visible(g) == player.visible(t)
    assert player.plan(g) == player.plan(t)


def test_a_sample_keeps_what_is_seen_and_deals_the_rest():
    g = sol.new_game(617)
    s = player.sample(g, random.Random(1))
    for a, b, d in zip(g.piles, s.piles, g.down):
        assert len(a) == len(b) and a[d:] == b[d:]
    assert sorted([c for a in s.piles for c in a] + s.stock) == list(range(52))


def test_the_player_plays_a_legal_game_to_its_end(monkeypatch):
    monkeypatch.setattr(player, "SAMPLES", 2)
    monkeypatch.setattr(player, "SAMPLE_LIMIT", 500)
    moves = []
    real = sol.move

    def checked(g, src, dst, count):
        assert sol.problem(g, src, dst, count) is None
        moves.append((src, dst, count))
        return real(g, src, dst, count)

    monkeypatch.setattr(sol, "move", checked)
    won, steps, why = player.play_sample(sol.new_game(1))
    assert why in ("won", "no move", "repeat", "steps") and won == (why == "won")
    assert steps >= len(moves) > 0


@pytest.mark.parametrize("k, n, lo, hi", [(0, 10, 0.0, 0.2775), (5, 10, 0.2366, 0.7634)])
def test_wilson_intervals(k, n, lo, hi):
    # the textbook values of the 95 % Wilson score interval
    a, b = stats.wilson(k, n)
    assert a == pytest.approx(lo, abs=1e-4) and b == pytest.approx(hi, abs=1e-4)


def test_stats_with_the_sampling_player_stores_its_games(monkeypatch):
    monkeypatch.setattr(player, "SAMPLES", 2)
    monkeypatch.setattr(player, "SAMPLE_LIMIT", 500)
    t = stats.run(range(1, 3), limit=2000, jobs=1, player="sample")
    expect = sum(player.play_sample(sol.new_game(n))[0] for n in (1, 2))
    assert t["player"] == "sample" and t["hint_won"] == expect
    text = stats.report(dict(t, wall_s=1.0, jobs=1, computed=2, store=None))
    assert "Sampling player" in text and "95% " in text

# The sampling player (host_tools/solitaire/player.py) behind `leafkeeper solitaire stats
# --player sample`: it must not peek (a deal that differs only in unseen cards gets the
# same moves), must play only legal moves, and its share is printed with a 95 % interval.
import random

import pytest
from rules import solitaire as sol

from host_tools.solitaire import player, stats, store


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
    assert player.view(g).piles == player.view(t).piles
    assert player.plan(g)[1] == player.plan(t)[1]


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
    assert "on 1 process: " in text  # not "1 processes"


def test_games_stored_by_another_version_of_the_player_are_played_again(monkeypatch, tmp_path):
    # a store written before this player: its game of deal 1 is not this player's
    monkeypatch.setattr(player, "SAMPLES", 2)
    monkeypatch.setattr(player, "SAMPLE_LIMIT", 500)
    db = store.Store(str(tmp_path / "s.sqlite"))
    with db.db:  # as a store of the unversioned player wrote it
        db.db.execute("INSERT INTO players VALUES (1, 'sample', 1, 1, 'old', 0.0)")
    t = stats.run(range(1, 2), limit=2000, jobs=1, player="sample", store=db)
    assert "old" not in t["hint_stops"] and sum(t["hint_stops"].values()) == 1
    db.close()


def test_the_planner_is_handed_only_what_is_seen(monkeypatch):
    # a whole game: every table the planner (and the hint it falls back on) is given holds
    # no unseen card, neither face down nor in the stock
    monkeypatch.setattr(player, "SAMPLES", 2)
    monkeypatch.setattr(player, "SAMPLE_LIMIT", 2000)
    given = []

    def spy(real):
        def f(g):
            given.append(g.copy())
            return real(g)

        return f

    monkeypatch.setattr(player, "plan", spy(player.plan))
    monkeypatch.setattr(player, "plan_reveal", spy(player.plan_reveal))
    monkeypatch.setattr(player.solitaire_hint, "hint", spy(player.solitaire_hint.hint))
    player.play_sample(sol.new_game(2))
    assert given
    for g in given:
        unseen = [c for a, d in zip(g.piles, g.down) for c in a[:d]] + g.stock[6 * g.dealt :]
        assert unseen and not any(0 <= c < 52 for c in unseen)


def reveal(g):
    # -> a legal move of g that turns a card up
    return next(m for m in sol.moves(g) if len(g.piles[m[0]]) - m[2] == g.down[m[0]] > 0)


def test_a_sample_is_mended_to_agree_with_a_card_turned_up():
    g = sol.new_game(617)
    s = player.sample(player.view(g), random.Random(1))
    src, dst, k = reveal(g)
    x = len(g.piles[src]) - k - 1  # the place of the card turned up
    c = sol.move(g, src, dst, k)
    guess = sol.move(s, src, dst, k)
    assert c != guess  # the sample guessed another card there
    where = next((a, a.index(c)) for a in s.piles + [s.stock] if c in a)
    assert player.mend(s, player.view(g))
    # the two cards swap places, nothing else moves
    assert s.piles[src][x] == c and where[0][where[1]] == guess
    assert player.visible(s) == player.visible(g)
    sol.deal(g)
    sol.deal(s)
    assert player.mend(s, player.view(g)) and player.visible(s) == player.visible(g)
    assert sorted([c for a in s.piles for c in a] + s.stock[6 * s.dealt :]) == list(range(52))


def test_a_line_that_still_wins_is_followed_without_solving_again(monkeypatch):
    # a lucky guess: the first plan's samples are the deal itself, so every card turned up is the
    # one the line expects and the player never needs to plan again (a later plan would
    # draw real samples)
    real = sol.new_game(1)
    lucky = [real.copy() for _ in range(player.SAMPLES)]
    draw = player.sample
    monkeypatch.setattr(player, "sample", lambda g, rnd: lucky.pop() if lucky else draw(g, rnd))
    plans = []
    plan = player.plan
    monkeypatch.setattr(player, "plan", lambda g: plans.append(1) or plan(g))
    assert player.play_sample(real)[0]
    assert len(plans) == 1


def test_a_planned_deal_waits_for_a_card_that_can_be_turned_up(monkeypatch):
    # deal 617's first plan says to deal at once; a move turns a card up, and a sample
    # with it made is won: the player makes that move instead, and deals only when no
    # move can turn a card up (or no sample is won after one)
    g = sol.new_game(617)
    monkeypatch.setattr(player, "plan", lambda v: (player.sample(v, random.Random(1)), [sol.DEAL]))
    p = player.Player()
    m = p.move(player.view(g))
    assert m != sol.DEAL and player.shows(g, m)
    assert p.line and p.sample is not None  # it follows the won sample's line from there
    monkeypatch.setattr(player, "plan_reveal", lambda v: None)
    assert player.Player().move(player.view(g)) == sol.DEAL


def test_the_samples_are_solved_with_the_players_own_orders_and_weights(monkeypatch):
    # the player's solves search as player.ORDERS and WEIGHTS say, not as the solver's
    # defaults do (which the open-card table keeps)
    assert (player.ORDERS, player.WEIGHTS) != (player.solver.ORDERS, player.solver.BEST_FIRST)
    how = []
    real = player.solver.solve

    def spy(g, limit, *rest):
        how.append(rest)
        return real(g, limit, *rest)

    monkeypatch.setattr(player.solver, "solve", spy)
    g = sol.new_game(617)
    player.plan(player.view(g))
    player.plan_reveal(player.view(g))
    assert len(how) >= 2 and set(how) == {(player.ORDERS, player.WEIGHTS)}

# Issue 25.4: a long game is never thrown away. Whatever the device writes it reads back:
# storage refuses a save over MAX_BYTES (load() would call it damaged), and a game's
# journal folds its oldest moves into a checkpoint (apps/game FOLD, KEEP) so that it
# never gets there. The 5,000-turn game through the buttons, in both lanes, is
# tests/scenarios/autumn_ash.py's scenario_a_5000_turn_game_resumes_with_its_score_and_undo.
import json

from host_tools.sim.flash import FakeFlash
from tests.scenarios.solitaire import new_table

MOVES = 5000


def test_a_save_too_big_to_read_back_is_not_written_and_the_player_is_told():
    from core.storage import MAX_BYTES, Storage

    st = Storage(FakeFlash())
    assert st.save("game", {"moves": "x"})
    assert not st.save("game", {"moves": "x" * MAX_BYTES})  # over by its JSON around it
    assert st.load("game", {"moves": ""}) == {"moves": "x"}  # the last one that fitted
    assert [p for p in st.problems if "too big" in p] and "game.bad" not in st.flash.files
    assert not st.full  # not a full flash: nothing else was made to give room


def _shuttle(rules):
    # -> (deal, deals made first, move there, move back): the first numbered deal where,
    # after a few of Rule 5's deals, a top card can go onto another pile and back again,
    # turning no card up either way, found with the pure rules
    for deal in range(1, 500):
        g = rules.new_game(deal)
        for dealt in range(1, rules.DEALS + 1):
            rules.deal(g)
            for src, dst, n in rules.moves(g):
                h = g.copy()
                if rules.move(h, src, dst, n) == -1 and rules.problem(h, dst, src, n) is None:
                    return deal, dealt, [src, dst, n], [dst, src, n]
    raise AssertionError("no deal to shuttle a card on")


def _table(rules, deal, dealt, moves):
    # the deal's table after `dealt` deals and then `moves`, by the pure rules
    g = rules.new_game(deal)
    for _ in range(dealt):
        rules.deal(g)
    for m in moves:
        rules.move(g, *m)
    return g.piles, g.down


def test_a_5000_move_solitaire_game_saves_small_resumes_and_undoes_50_moves():
    sim = new_table()
    app = sim.loop.ui.top
    rules = app.rules
    deal, dealt, there, back = _shuttle(rules)
    app.start(None, deal)
    for _ in range(dealt):
        assert app.act([-1, -1, 0])
    for i in range(MOVES - dealt):
        assert app.act(there if i % 2 == 0 else back)
    raw = sim.flash.read("solitaire.json")
    # the whole journal, [a, b, c] and ", " a move, would be about 55 KB
    assert len(raw) < 4096, len(raw)
    sim.power_cut()
    sim.boot()
    sim.advance(100)
    sim.press("OK")  # home's cursor starts on Resume
    app = sim.loop.ui.top
    assert app.NAME == "solitaire" and app.journal.moves() == MOVES
    assert app.deal_number() == deal
    shuttles = MOVES - dealt
    assert (app.state.piles, app.state.down) == _table(rules, deal, dealt, [there] * (shuttles % 2))
    for k in range(1, 51):  # undo reaches 50 moves back: the card goes to and fro
        app.undo()
        assert (app.state.piles, app.state.down) == _table(rules, deal, dealt, [there] * ((shuttles - k) % 2)), k
    assert json.loads(sim.flash.read("solitaire.json"))["data"]["base"]["n"] >= MOVES - 64

# The history of finished games (firmware/core/history.py) and the player records
# (firmware/rules/records.py): records worked out by hand, the bound, paging, power cuts
# at every block write while a game is filed, a full flash, and the device's own filing
# (through the Simulator).
import json

import pytest
from core import history, histpage
from core.storage import Storage
from rules import records

from host_tools.bench import games as played
from host_tools.sim import Simulator
from host_tools.sim.flash import FakeFlash
from tests.scenarios.autumn_leaves import quick_hand
from tests.scenarios.util import FOUR, new_match, open_app, open_game, table


def summary(n, game="autumn_leaves", players=("Anna", "Ben", "Cara"), totals=(1, 2, 3), places=None, rounds=6, low=False):
    t = list(totals) if totals is not None else None
    if places is None and t is not None:
        places = [1 + len([u for u in t if (u < x if low else u > x)]) for x in t]
    return history.summary(n, game, players, t, places, rounds, low)


def journal(n, size=20):
    return {"setup": {"players": ["Anna", "Ben", "Cara"]}, "actions": [["add", [0, [n % 9] * 3]]] * size, "over": True, "no": n}


def store(flash=None):
    return Storage(flash or FakeFlash())


def kept(st):
    return [e["n"] for e in history.games(st)]


# -- records, worked out by hand --------------------------------------------------------------
# Four games. #1 Autumn Leaves (lowest wins): Anna 10, Ben 4, Cara 4 -> Ben and Cara share
# first place: a win each. #2 Autumn Ash: Anna 21, Ben 15 -> Anna. #3 61 Feuilles dice
# only (no scores): Ben, Anna, Dan. #4 Autumn Leaves: Dan -3, Anna 2, Ben 7 -> Dan.
SMALL = [
    summary(1, "autumn_leaves", ["Anna", "Ben", "Cara"], [10, 4, 4], [3, 1, 1], 6, True),
    summary(2, "autumn_ash", ["Anna", "Ben"], [21, 15], [1, 2], 9),
    summary(3, "feuilles61", ["Ben", "Anna", "Dan"], None, None, 20),
    summary(4, "autumn_leaves", ["Dan", "Anna", "Ben"], [-3, 2, 7], [1, 2, 3], 6, True),
]


def test_records_by_hand_a_shared_first_place_is_a_win_for_each():
    recs = records.records(SMALL, ["Anna", "Ben", "Cara", "Dan", "Eve"], [])
    # [played, won, best, sum, scored, last]
    assert recs["Anna"] == [
        ["autumn_leaves", [2, 0, 2, 12, 2, 4]],  # 10 and 2: best (lowest) 2, average 6.0
        ["autumn_ash", [1, 1, 21, 21, 1, 2]],
        ["feuilles61", [1, 0, 0, 0, 0, 3]],  # played, no scores
    ]
    assert recs["Ben"] == [
        ["autumn_leaves", [2, 1, 4, 11, 2, 4]],  # shared first in #1: a win; 4 and 7
        ["autumn_ash", [1, 0, 15, 15, 1, 2]],
        ["feuilles61", [1, 0, 0, 0, 0, 3]],
    ]
    assert recs["Cara"] == [["autumn_leaves", [1, 1, 4, 4, 1, 1]]]  # shared first: a win too
    assert recs["Dan"] == [["feuilles61", [1, 0, 0, 0, 0, 3]], ["autumn_leaves", [1, 1, -3, -3, 1, 4]]]
    assert recs["Eve"] == []
    assert records.totals(recs["Anna"]) == [4, 1]
    assert records.totals(recs["Ben"]) == [4, 1]
    assert records.average(12, 2) == "6.0" and records.average(11, 2) == "5.5"
    assert records.average(-3, 1) == "-3.0" and records.average(10, 3) == "3.3" and records.average(-10, 3) == "-3.3"
    assert records.average(-1, 3) == "-0.3" and records.average(0, 3) == "0.0"


def test_head_to_head_by_hand():
    # Anna against Ben: #1 Ben ahead (4 < 10, lowest wins), #2 Anna ahead, #3 no places:
    # not counted, #4 Anna ahead (2 < 7)
    h2h = records.head_to_head(SMALL, "Anna", "Ben", [])
    assert h2h == [["autumn_leaves", [2, 1, 1, 0]], ["autumn_ash", [1, 1, 0, 0]]]
    # Ben against Cara: #1 level (they share first place)
    assert records.head_to_head(SMALL, "Ben", "Cara", []) == [["autumn_leaves", [1, 0, 0, 1]]]
    assert records.head_to_head(SMALL, "Cara", "Dan", []) == []


def test_a_renamed_player_keeps_the_games_of_the_old_name():
    alias = [["Anna", "Annie", 5]]  # renamed after game 4
    recs = records.records(SMALL, ["Annie", "Anna"], alias)
    assert records.totals(recs["Annie"]) == [4, 1] and recs["Anna"] == []
    assert records.names_in(SMALL, alias) == ["Annie", "Ben", "Cara", "Dan"]
    # renamed after game 2: #1 (3rd) and #2 (won) are Annie's, #3 and #4 (2nd) a new Anna's
    early = records.records(SMALL, ["Annie", "Anna"], [["Anna", "Annie", 3]])
    assert records.totals(early["Annie"]) == [2, 1] and records.totals(early["Anna"]) == [2, 0]
    # two names merged after they played together count once, at the better place
    merged = records.records(SMALL, ["Ben"], [["Cara", "Ben", 5]])
    assert merged["Ben"][0] == ["autumn_leaves", [2, 1, 4, 11, 2, 4]]


# -- the history on flash --------------------------------------------------------------------
def test_250_games_into_a_200_game_history_keep_the_newest_200_in_order():
    st = store()
    said = []
    for n in range(1, 251):
        said += history.add(st, summary(n), journal(n, 2))[0]
    assert kept(st) == list(range(51, 251))
    assert said == list(range(1, 51))  # the oldest went first, one by one
    assert histpage.ids(st.flash, histpage.SUMMARIES) == list(range(3, 16))  # page 3 holds 49..64
    reader = histpage.Reader(st)
    assert reader.kept == 200
    pos, seen = reader.first(), []
    while pos is not None:
        seen.append(reader.get(pos)["n"])
        pos = reader.step(pos, 1)
        assert len(reader._pages) <= 2  # never more than two pages in the heap
    assert seen == list(range(250, 50, -1))
    # from the game number's page (as the History app opens it: no folder listing),
    # and from a wrong one (settings reset): the same list
    for hint in (histpage.page_of(250), 0, -1, 40):
        r = histpage.Reader(st, hint)
        pos, again = r.first(), []
        while pos is not None:
            again.append(r.get(pos)["n"])
            pos = r.step(pos, 1)
        assert again == seen, hint
    for e in history.games(st):
        assert histpage.journal(st, e) == journal(e["n"], 2)


def test_the_byte_budget_binds_before_the_count_when_games_are_long():
    st = store()
    for n in range(1, 121):
        history.add(st, summary(n), journal(n, 200))  # about 3 KB of journal a game
    n_kept = len(kept(st))
    assert n_kept < 120 and kept(st) == list(range(121 - n_kept, 121))
    assert history._blocks(st.flash) * 4096 <= history.BUDGET


def test_the_player_is_told_which_games_were_dropped():
    sim = table(FOUR)
    st = sim.loop.ui.storage
    played.fill(st, 200)
    sim.loop.ui.settings["game_no"] = 201
    open_game(sim, "Autumn Leaves")
    for _ in range(6):
        quick_hand(sim)
    assert "History full: game 1 dropped. From now on the oldest games make room" in " ".join(sim.text().split("\n")), sim.text()
    assert kept(st) == list(range(2, 202))
    # said once: the next game drops game 2 and its end screen is not covered
    sim.press("OK")
    new_match(sim)  # game 201 stays in the history
    for _ in range(6):
        quick_hand(sim)
    assert "wins!" in sim.text() and "History" not in sim.text(), sim.text()
    assert kept(st) == list(range(3, 203))


def test_filed_again_under_its_number_a_game_replaces_its_entry_and_the_same_writes_nothing():
    sim = table(FOUR)
    ui = sim.loop.ui
    history.record(ui.storage, 1, "autumn_leaves", ["A", "B", "C"], [1, 2, 3], [1, 2, 3], 6, journal(1))
    history.record(ui.storage, 1, "autumn_leaves", ["A", "B", "C"], [4, 2, 3], [3, 1, 2], 6, journal(1, 21))
    (e,) = history.games(ui.storage)
    assert e["t"] == [4, 2, 3] and histpage.journal(ui.storage, e) == journal(1, 21)
    writes = sim.flash_writes
    history.record(ui.storage, 1, "autumn_leaves", ["A", "B", "C"], [4, 2, 3], [3, 1, 2], 6, journal(1, 21))
    assert sim.flash_writes == writes


def test_a_finished_game_opened_again_writes_nothing():
    sim = table(FOUR)
    open_game(sim, "Autumn Leaves")
    for _ in range(6):
        quick_hand(sim)
    sim.hold("BACK")
    writes = sim.flash_writes
    open_app(sim, "Autumn Leaves")
    assert "wins!" in sim.text() and sim.flash_writes == writes


def _full_flash(st, leave):
    f = st.flash
    f.write("photo.bin", b"\0" * (f.capacity - f.used() - leave))


def test_on_a_full_flash_the_saves_come_first():
    sim = table(FOUR)
    st = sim.loop.ui.storage
    played.fill(st, 40)
    open_game(sim, "Autumn Leaves")  # (the line-up saved)
    _full_flash(st, 20)
    quick_hand(sim)  # the game's save needs room: the oldest page of games goes
    text = " ".join(sim.text().split("\n"))
    assert "history games 1-16 dropped to make room" in text, text
    assert not st.full and kept(st) == list(range(17, 41))
    assert json.loads(sim.flash.read("autumn_leaves.json"))["data"]["actions"]


def test_a_game_the_full_flash_has_no_room_for_stays_in_its_app():
    sim = table(FOUR)
    st = sim.loop.ui.storage
    open_game(sim, "Autumn Leaves")
    for _ in range(5):
        quick_hand(sim)
    _full_flash(st, 8192)  # room for the game's save, not the history's RESERVE
    quick_hand(sim)
    text = " ".join(sim.text().split("\n"))
    assert "could not be saved (flash full); it stays in its app" in text, text
    sim.press("OK")
    assert "wins!" in sim.text()
    assert json.loads(sim.flash.read("autumn_leaves.json"))["data"]["over"] is True
    sim.flash.remove("photo.bin")  # space again: opened, the game is filed
    open_app(sim, "Autumn Leaves")
    assert kept(st) == [1]


# -- power cuts at every block write while a game is filed --------------------------------------
_before_last_hand = {}


def _fresh(full):
    # a table at the last hand of an Autumn Leaves game, its history full (200 games:
    # the next one drops the oldest) or empty; the flash made once, then copied
    if full not in _before_last_hand:
        sim = table(FOUR, seed=4)
        if full:
            played.fill(sim.loop.ui.storage, 200)
            sim.loop.ui.settings["game_no"] = 201
            sim.loop.ui.save_settings()
        open_game(sim, "Autumn Leaves")
        for _ in range(5):
            quick_hand(sim)
        _before_last_hand[full] = {n: sim.flash.read(n) for n in sim.flash.listdir()}
    sim = Simulator(seed=4)
    for n, data in _before_last_hand[full].items():
        sim.flash.write(n, data)
    sim.boot()
    sim.advance(100)
    open_app(sim, "Autumn Leaves")  # (Resume)
    assert "Hand 6/6" in sim.text(), sim.text()
    return sim


@pytest.mark.parametrize("full", [True, False], ids=["history full", "history empty"])
def test_a_power_cut_at_any_block_write_while_a_game_is_filed(full):
    sim = _fresh(full)
    before = kept(sim.loop.ui.storage)
    w0 = sim.flash_writes
    quick_hand(sim)  # the last hand: the game ends and is filed
    after = kept(sim.loop.ui.storage)
    assert after[-1] == (201 if full else 1) and after != before
    n = sim.flash_writes - w0
    assert n > 5
    for k in range(1, n + 1):
        sim = _fresh(full)
        sim.arm_power_cut(k)
        quick_hand(sim)
        assert not sim.on, k
        sim.boot()
        sim.advance(300)
        where = "cut after block write %d of %d" % (k, n)
        st = sim.loop.ui.storage
        now = kept(st)
        assert now in (before, after), where  # the old list or the new one, in order
        assert not [f for f in sim.flash.listdir() if f.endswith(".bad")], where
        assert not st.problems and "damaged" not in sim.text(), where
        for e in history.games(st):
            assert histpage.journal(st, e) is not None, where + ": game %d's journal" % e["n"]
        # the game resumes: finished (and then certainly filed) or at its last hand
        open_app(sim, "Autumn Leaves")
        if "Storage" in sim.text():  # filed as it opened: the oldest game dropped
            assert "game 1 dropped" in " ".join(sim.text().split("\n")), where
            sim.press("OK")
        text = sim.text()
        assert "wins!" in text or "Hand 6/6" in text, where + "\n" + text
        if "wins!" in text:
            assert kept(st) == after, where
        assert "crash.log" not in sim.flash.files, where


def test_a_page_with_damaged_games_keeps_the_others():
    st = store()
    for n in range(1, 6):
        history.add(st, summary(n), journal(n))
    doc = json.loads(st.flash.read("hist_0.json"))
    doc["data"]["games"][2]["t"] = "lots"
    raw = json.dumps(doc).encode()
    st.flash.write("hist_0.json", raw)
    assert kept(st) == [1, 2, 4, 5]
    assert st.flash.read("hist_0.bad") == raw
    assert "Saved hist_0 damaged: 1 damaged game set aside. Kept as hist_0.bad" in st.problems


def test_solitaire_is_filed_with_its_deal_as_the_seat_and_no_player_record_counts_it():
    # Solitaire's summaries as its app files them (apps/solitaire players_of, rules
    # result): the one seat is the deal, the total the cards home, place 1 won / 2 lost
    from host_tools.sim.simulator import CLIPPED

    sim = table(["Anna"])
    ui = sim.loop.ui
    for deal, out, place in ((617, 52, 1), (330, 40, 2)):
        n = history.reserve(ui.storage, ui.settings)
        history.record(ui.storage, n, "solitaire", ["Deal " + str(deal)], [out], [place], 5, {"setup": {"deal": deal, "game": n}, "actions": [], "over": True, "no": n})
    del CLIPPED[:]
    open_app(sim, "History")
    assert sim.text().split("\n")[1:] == ["2 Sol Deal 330 lost", "1 Sol Deal 617 won", "ROLL: players"], sim.text()
    sim.press("OK")
    text = sim.text()
    assert "Solitaire" in text and "#2" in text and "Deal 330: not won." in text and "40 of 52 cards home" in text, text
    sim.press("BACK")
    sim.press("ROLL")
    assert sim.text().split("\n")[1] == "Anna 0 of 0", sim.text()  # a deal is nobody's record
    games = history.games(ui.storage)
    assert records.names_in(games, []) == []
    assert records.records(games, ["Deal 617"], []) == {"Deal 617": []}
    assert not CLIPPED, CLIPPED
    assert "crash.log" not in sim.flash.files


# -- filing on a nearly full flash (issue 25) --------------------------------------------------
_filled = {}


def _history_of(count, block, leave):
    # a flash of `block`-byte blocks holding `count` games (host_tools/bench/games.py),
    # a photo taking all but `leave` bytes of it
    if count not in _filled:
        st = store()
        played.fill(st, count)
        _filled[count] = {n: st.flash.read(n) for n in st.flash.listdir()}
    f = FakeFlash(block=block)
    for n, data in _filled[count].items():
        f.write(n, data)
    f.write("photo.bin", b"\0" * (f.free() - leave))
    return store(f)


# a game's end as a Pico whose clock was never set stamps it: a minute after power-up,
# in run 7 (core/when.py), so the summaries are as long as the device's
_END = [60, 7]


@pytest.mark.parametrize("block", [4096, 1], ids=["4 KB blocks", "bytes"])
@pytest.mark.parametrize("count", [10, 200])
def test_on_a_nearly_full_flash_an_old_game_goes_only_when_that_files_the_new_one(count, block):
    # from 0 to 40 KB free in 512-byte steps: the new game is filed and the flash keeps
    # its 32 KB reserve, or nothing at all is dropped and the game stays in its app; an
    # old game goes for room only when the flash had its reserve before the new game
    # (then the player is told which); with 200 games game 1 goes by the count, said
    # once as "History full"
    new = count + 1
    for leave in range(0, 40 * 1024 + 1, 512):
        st = _history_of(count, block, leave)
        before = kept(st)
        history.record(st, new, "autumn_leaves", ["Anna", "Ben", "Cara"], [1, 2, 3], [1, 2, 3], 6, journal(new), end=_END)
        now = kept(st)
        said = " ".join(st.problems)
        where = "%d games, %d bytes free: %s / %s" % (count, leave, now[:3], said)
        if new not in now:
            assert now == before, where  # dropped nothing for nothing
            assert "game %d could not be saved (flash full); it stays in its app" % new in said, where
            continue
        assert st.flash.free() >= history.RESERVE, where
        gone = before[: len(before) + 1 - len(now)]  # the oldest, and only they
        assert now == before[len(gone) :] + [new], where
        by_count = 1 if count == histpage.MAX_GAMES else 0  # game 1 goes by the count
        if len(gone) > by_count:  # old games made room
            assert leave >= history.RESERVE, where  # below it, old games make no room
            which = "game %d" % gone[0] if len(gone) == 1 else "games %d-%d" % (gone[0], gone[-1])
            assert "history %s dropped to make room for game %d" % (which, new) in said, where
        if leave >= 36 * 1024:  # room enough: only the count drops a game
            assert len(gone) == by_count, where
    assert leave == 40 * 1024 and new in now


def test_a_nearly_full_flash_below_the_reserve_keeps_every_game_of_the_history():
    # worked out by hand: 10 games on 4 KB blocks and 30 KB free, less than the 32 KB
    # reserve before game 11: no game dropped (before: games 1-10 dropped, game 11 not
    # filed all the same)
    st = _history_of(10, 4096, 30 * 1024)
    history.record(st, 11, "autumn_leaves", ["Anna", "Ben", "Cara"], [1, 2, 3], [1, 2, 3], 6, journal(11), end=_END)
    assert kept(st) == list(range(1, 11))
    assert st.problems == ["History: game 11 could not be saved (flash full); it stays in its app"]


# -- what the history removes, and numbers far apart (issue 25) -------------------------------
def test_filing_sets_a_folder_named_like_a_pack_aside_and_cleans_only_its_own_tmp_files(tmp_path):
    from core.storage import OsFlash

    st = store(OsFlash(str(tmp_path)))
    for n in range(1, 4):
        history.add(st, summary(n), journal(n))
    (tmp_path / "hjour_9.json").mkdir()
    (tmp_path / "hjour_9.json" / "notes.txt").write_text("mine")
    (tmp_path / "hist_0.tmp").write_bytes(b"\0" * 300000)  # a cut mid-write, larger than the budget
    (tmp_path / "hist_x.tmp").write_text("not the history's")
    history.record(st, 4, "autumn_leaves", ["Anna", "Ben", "Cara"], [1, 2, 3], [1, 2, 3], 6, journal(4), end=_END)
    assert kept(st) == [1, 2, 3, 4]  # the .tmp took no game's place in the budget
    assert (tmp_path / "hjour_9.bad" / "notes.txt").read_text() == "mine"
    assert "Saved hjour_9 was damaged (a folder): kept as hjour_9.bad, starting fresh" in st.problems
    assert not (tmp_path / "hist_0.tmp").exists() and (tmp_path / "hist_x.tmp").exists()


def test_a_gap_in_the_game_numbers_is_jumped_not_walked():
    # games 1-20 and 99,990 (page 6,249): the list goes from one to the other with a
    # look-up of the page next to it and one listing of the folder, not 6,247 look-ups
    st = store()
    for n in list(range(1, 21)) + [99990]:
        history.add(st, summary(n), journal(n))
    looked = []
    size = st.flash.size
    listdir = st.flash.listdir

    def counted_size(name):
        looked.append(name)
        return size(name)

    def counted_listdir():
        looked.append("listdir")
        return listdir()

    st.flash.size = counted_size
    st.flash.listdir = counted_listdir
    reader = histpage.Reader(st, histpage.page_of(99990))
    pos, seen = reader.first(), []
    while pos is not None:
        seen.append(reader.get(pos)["n"])
        pos = reader.step(pos, 1)
    assert seen == [99990, *range(20, 0, -1)]
    assert len(looked) <= 12, looked  # 3 pages read (a size each), 1 missing, 1 listing


def test_game_numbers_beyond_the_bound_are_refused_when_read():
    st = store()
    history.add(st, summary(1), journal(1))
    assert not histpage.valid(dict(summary(histpage.MAX_NO + 1), j=0)) and histpage.valid(dict(summary(histpage.MAX_NO), j=0))
    history.record(st, histpage.MAX_NO + 1, "autumn_leaves", ["Anna", "Ben", "Cara"], [1, 2, 3], [1, 2, 3], 6, journal(1), end=_END)
    assert kept(st) == [1] and "game numbers end at 9999999" in st.problems[0]
    from core import settings

    flash = FakeFlash()
    flash.write("settings.json", json.dumps({"v": 1, "data": {"game_no": 100000000}}).encode())
    st = store(flash)
    assert settings.load(st)["game_no"] == 1 and "Saved settings damaged: game number reset." in " ".join(st.problems)


def test_no_heap_for_the_open_pack_files_the_game_in_a_pack_of_its_own(monkeypatch):
    # a fragmented heap (the .mpy files in the MicroPython lane) with no block as large
    # as the open pack: the new game goes into a new pack, not left unfiled; filing a
    # game again in its own pack needs that pack, and says so by the MemoryError
    st = store()
    for n in (1, 2):
        e = summary(n)
        history.add(st, e, journal(n))
    (j,) = {e["j"] for e in history.games(st)}
    real = histpage.load_pack

    def no_heap(st_, k):
        if k == j:
            raise MemoryError
        return real(st_, k)

    monkeypatch.setattr(history, "load_pack", no_heap)
    history.add(st, summary(3), journal(3))
    games = list(history.games(st))
    assert [e["n"] for e in games] == [1, 2, 3]
    assert games[2]["j"] == j + 1 and games[0]["j"] == games[1]["j"] == j
    with pytest.raises(MemoryError):
        history.add(st, summary(2, totals=(3, 2, 1)), journal(2, 21))
    monkeypatch.setattr(history, "load_pack", real)
    assert [histpage.journal(st, e) for e in history.games(st)] == [journal(1), journal(2), journal(3)]

# Damaged history files (firmware/core/history.py), through the device (CPython
# simulator, hypothesis), as tests/test_bad_files.py does for the saves: a page of
# summaries (hist_K.json) or a pack of journals (hjour_J.json) replaced by a truncated
# file, garbage, valid JSON of the wrong shape, a right envelope around wrong data, one
# value changed to something hostile, or an old or future version. The device must
# boot, show the History list, every game's sheet and the records without a crash,
# tell the player in plain words and keep the file as it was (<name>.bad) when it sets
# anything aside, keep every game of the other files, and file the next game. A future
# version is a newer Leafkeeper's: left as it is, the player told, and nothing filed
# into that history (the next game stays in its app).
import json

from core import history, histpage
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_bad_files import hostile_leaf, json_values, shaped

from host_tools.bench import games
from host_tools.sim import Simulator
from tests.scenarios.autumn_leaves import quick_hand
from tests.scenarios.util import FOUR, open_app, open_game, table

GAMES = 40  # pages 0-2 (16 a page), journals in several packs
_good = {}


def good_files():
    # {file name: bytes}: the settings and a history of GAMES games of every app
    if not _good:
        sim = Simulator(seed=6)
        doc = {"v": 1, "data": {"lineup": FOUR, "names": ["Anna", "Ben", "Cara", "Dan", "Eve", "Finn"], "game_no": GAMES + 1}}
        sim.flash.write("settings.json", json.dumps(doc).encode())
        games.fill(sim.loop.ui.storage, GAMES)
        for name in sim.flash.listdir():
            _good[name] = sim.flash.read(name)
    return _good


def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for k in value:
            yield from _paths(value[k], (*path, k))
    elif isinstance(value, list):
        for i in range(len(value)):
            yield from _paths(value[i], (*path, i))


def _mutated(doc, path, leaf):
    doc = json.loads(json.dumps(doc))
    box = doc
    path = ("data", *path)
    for k in path[:-1]:
        box = box[k]
    box[path[-1]] = leaf
    return json.dumps(doc).encode()


def bad_content(name):
    good = good_files()[name]
    doc = json.loads(good)
    paths = list(_paths(doc["data"]))
    return st.one_of(
        st.tuples(st.sampled_from(paths), hostile_leaf).map(lambda t: _mutated(doc, *t)),
        st.tuples(st.sampled_from(paths), hostile_leaf).map(lambda t: _mutated(doc, *t)),
        st.integers(0, len(good) - 1).map(lambda n: good[:n]),  # cut off mid-write
        st.binary(max_size=200),  # garbage
        json_values.map(lambda v: json.dumps(v).encode()),  # valid JSON, wrong shape
        shaped.map(lambda d: json.dumps({"v": 1, "data": d}).encode()),
        st.integers(-3, 0).map(lambda v: json.dumps({"v": v, "data": doc["data"]}).encode()),
        st.integers(2, 10**9).map(lambda v: json.dumps({"v": v, "data": doc["data"]}).encode()),
    )


def browse(sim):
    # every screen of the History app: the list to its end, each game's sheet, the
    # players and a record -> the text seen on the way (messages included, dismissed)
    seen = []

    def top():
        return type(sim.loop.ui.top).__name__

    def press(key):
        sim.press(key)
        seen.append(sim.text().replace("\n", " "))
        while top() == "Message":  # a message takes the next press
            sim.press("OK")
            seen.append(sim.text().replace("\n", " "))

    open_app(sim, "History")
    seen.append(sim.text().replace("\n", " "))
    while top() == "Message":
        sim.press("OK")
        seen.append(sim.text().replace("\n", " "))
    for _ in range(GAMES + 2):
        press("OK")  # the game's sheet
        if top() != "HistoryApp":
            press("BACK")
        press("DOWN")
    press("ROLL")  # the players
    press("OK")  # the first one's record
    press("DOWN")
    return seen


def check(name, raw):
    sim = Simulator(seed=2)
    good = good_files()
    for n, data in good.items():
        sim.flash.write(n, data)
    sim.flash.write(name, raw)
    sim.boot()
    sim.advance(300)
    seen = browse(sim)
    text = "\n".join(seen)
    assert "crash.log" not in sim.flash.files, sim.flash.read("crash.log").decode() + text
    assert "Oops" not in text, text
    stem = name[:-5]
    bad = sim.flash.read(stem + ".bad")
    newer = "made by a newer Leafkeeper" in text
    if newer:
        assert bad is None and sim.flash.read(name) == raw, text
    if bad is not None:
        assert bad == raw  # kept as it was
        assert "damaged" in text and stem + ".bad" in text, text  # and the player told
        assert sim.flash.read(name) != raw
    else:
        assert "damaged" not in text, text
    # nothing else lost: every other file as it was, every game of the other pages there
    for n, data in good.items():
        if n not in (name, "settings.json"):
            assert sim.flash.read(n) == data, n
    st_ = sim.loop.ui.storage
    kept = [e["n"] for e in history.games(st_)]
    if name.startswith(histpage.SUMMARIES):
        k = int(stem[len(histpage.SUMMARIES) :])
        others = [n for n in range(1, GAMES + 1) if histpage.page_of(n) != k]
        assert set(others) <= set(kept), (others, kept)
    else:
        assert kept == list(range(1, GAMES + 1))
    # and the next game goes in
    open_game(sim, "Autumn Leaves")
    for _ in range(6):
        quick_hand(sim)
    assert "crash.log" not in sim.flash.files, sim.flash.read("crash.log").decode()
    if newer:  # the history is the newer one's: left whole
        assert history.find(st_, GAMES + 1) is None and sim.flash.read(name) == raw
        for n, data in good.items():
            if n not in (name, "settings.json"):
                assert sim.flash.read(n) == data, n
        return
    assert history.find(st_, GAMES + 1) is not None, [e["n"] for e in history.games(st_)]


def _case(name, examples):
    @settings(max_examples=examples, deadline=None, suppress_health_check=list(HealthCheck))
    @given(raw=bad_content(name))
    def run(raw):
        check(name, raw)

    return run


def test_damaged_history_files_boot_tell_keep_and_lose_nothing_else():
    names = sorted(good_files())
    pages = [n for n in names if n.startswith(histpage.SUMMARIES)]
    packs = [n for n in names if n.startswith(histpage.JOURNALS)]
    assert len(pages) == 3 and len(packs) >= 3, names
    for name in (pages[0], pages[-1], packs[0], packs[-1]):
        _case(name, 12)()


def test_every_kind_of_damage_to_the_newest_page_is_kept_aside():
    good = good_files()
    name = "hist_2.json"
    for raw in (good[name][: len(good[name]) // 2], b"\xff\x00garbage", b"[1, 2, 3]", b""):
        check(name, raw)
        sim = Simulator(seed=2)
        for n, data in good.items():
            sim.flash.write(n, data)
        sim.flash.write(name, raw)
        sim.boot()
        open_app(sim, "History")
        assert "damaged" in sim.text().replace("\n", " ") and sim.flash.read("hist_2.bad") == raw


def test_a_hidden_game_count_cannot_hide_the_history():
    # "since" (the oldest game kept) set above the page's own games would hide every
    # older game: it is reset, and the file kept as it was
    good = good_files()
    doc = json.loads(good["hist_2.json"])
    for since in (36, 10**12):
        doc["data"]["since"] = since
        raw = json.dumps(doc).encode()
        check("hist_2.json", raw)


def test_an_oldest_game_inside_the_newest_page_cannot_hide_the_older_pages():
    # "since" 33 in the 40-game history: inside the newest page's own range (33-40),
    # so that page alone cannot tell; against the whole history it hides games 1-32,
    # which no count drop explains (40 games, not 200): reset, the page kept as .bad
    good = good_files()
    doc = json.loads(good["hist_2.json"])
    doc["data"]["since"] = 33
    raw = json.dumps(doc).encode()
    check("hist_2.json", raw)  # boots, browses, tells, keeps it as .bad, files the next game
    sim = Simulator(seed=2)
    for n, data in good.items():
        sim.flash.write(n, data)
    sim.flash.write("hist_2.json", raw)
    sim.boot()
    open_app(sim, "History")
    for _ in range(GAMES + 2):
        sim.press("DOWN")
        if type(sim.loop.ui.top).__name__ == "Message":
            assert "oldest game number reset" in sim.text().replace("\n", " ") and sim.flash.read("hist_2.bad") == raw
            sim.press("OK")
    # the list goes on to game 1 (its last row, over the footer "ROLL: players")
    lines = sim.text().split("\n")
    assert lines[-1] == "ROLL: players" and lines[-2].startswith("1 "), sim.text()
    assert [e["n"] for e in history.games(sim.loop.ui.storage)] == list(range(1, GAMES + 1))


def test_a_solitaire_summary_without_its_total_is_set_aside_and_history_opens():
    # "t": null passes for a game with no scores, but a deal's row and sheet read its
    # cards home: set aside when the page is read, told; History opens, no crash
    sim = table(["Anna"])
    ui = sim.loop.ui
    for deal, place in ((617, 1), (330, 2)):
        n = history.reserve(ui.storage, ui.settings)
        history.record(ui.storage, n, "solitaire", ["Deal " + str(deal)], [52 if place == 1 else 40], [place], 5, {"setup": {"deal": deal, "game": n}, "actions": [], "over": True, "no": n})
    doc = json.loads(sim.flash.read("hist_0.json"))
    doc["data"]["games"][1]["t"] = None
    raw = json.dumps(doc).encode()
    sim.flash.write("hist_0.json", raw)
    sim.boot()
    open_app(sim, "History")
    text = sim.text().replace("\n", " ")
    assert "1 damaged game set aside" in text and sim.flash.read("hist_0.bad") == raw, text
    sim.press("OK")
    assert sim.text().split("\n")[1:] == ["1 Sol Deal 617 won", "ROLL: players"], sim.text()
    sim.press("OK")
    assert "Deal 617: won." in sim.text().replace("\n", " "), sim.text()
    assert "crash.log" not in sim.flash.files and "Oops" not in sim.text()

# `leafkeeper pull --bgstats`: every link's data decoded and checked against the games
# as the device showed them (expected values worked out by hand from the rules).
import json
import re
from html import unescape
from urllib.parse import unquote

from host_tools.device import bgstats
from tests.scenarios.history import leaves_game
from tests.scenarios.util import FOUR, new_match, open_app, open_game, table

LINK = re.compile(r'<a href="([^"]*)">Add to BG Stats</a>')


def pulled(sim, tmp_path, extra=()):
    # the device's /data as a pull copies it, plus summaries written as the device
    # writes them (page 1: games 17..)
    data = tmp_path / "data"
    data.mkdir(parents=True)
    for name in sim.flash.listdir():
        (data / name).write_bytes(bytes(sim.flash.read(name)))
    if extra:
        (data / "hist_1.json").write_text(json.dumps({"v": 1, "data": {"games": list(extra), "kept": 2 + len(extra), "since": 1}}))
    return data


def device_id(sim):
    # the id the device drew when it filed its first game (core/settings.py "dev")
    dev = json.loads(bytes(sim.flash.read("settings.json")))["data"]["dev"]
    assert re.fullmatch("[0-9a-f]{8}", dev), dev
    return dev


def links(path):
    page = path.read_text(encoding="utf-8")
    return page, [json.loads(unquote(unescape(u).split("?data=", 1)[1])) for u in LINK.findall(page)]


def test_every_link_carries_the_game_as_the_device_showed_it(tmp_path):
    sim = table(FOUR)
    open_game(sim, "Autumn Leaves")
    leaves_game(sim)  # game 1, before the clock was set: Anna -42, the others 0
    sim.set_clock((2025, 3, 14, 19, 5, 0))
    open_app(sim, "Autumn Leaves")
    new_match(sim)  # the rematch, game 2: Ben goes out every hand
    leaves_game(sim, "DOWN")
    # a shared first place (lowest wins: 10, 10, 12 -> places 1, 1, 3) and names that
    # are markup, filed as the device files them
    hostile = ['<b>"Zo&</b>', "Ann'a<", "Bo\u00e9 \U0001f600"]
    shared = {"n": 17, "g": "autumn_leaves", "p": hostile, "t": [10, 10, 12], "pl": [1, 1, 3], "r": 6, "lo": True, "j": 0, "te": [794862300]}
    page, plays = links(tmp_path / "p.html") if bgstats.write(pulled(sim, tmp_path, [shared]), tmp_path / "p.html") == 3 else ("", [])
    dev = device_id(sim)
    assert [p["sourcePlayId"] for p in plays] == ["leafkeeper-%s-%d" % (dev, n) for n in (17, 2, 1)]  # newest first
    for p, n in zip(plays, (17, 2, 1)):
        assert p["game"] == {"name": "Autumn Leaves", "sourceGameId": "autumn_leaves", "highestWins": False, "noPoints": False}
        assert p["location"] == "Leafkeeper"
        assert p["comments"].startswith("Leafkeeper game #%d" % n)
    g17, g2, g1 = plays
    # 794862300 s after 2000-01-01 = 9199 days (25 years with 7 leap days, then 67 days
    # into 2025) + 68700 s: 2025-03-09 19:05:00
    assert g17["playDate"] == "2025-03-09 19:05:00" and "durationMin" not in g17
    assert [(x["name"], x["score"], x["rank"], x["winner"]) for x in g17["players"]] == [
        (hostile[0], 10, 1, True),
        (hostile[1], 10, 1, True),
        (hostile[2], 12, 3, False),
    ]
    # game 2: Ben went out six times (his pile 7: -7 each), the others 0 points each hand
    assert [(x["name"], x["score"], x["rank"], x["winner"]) for x in g2["players"]] == [
        ("Anna", 0, 2, False),
        ("Ben", -42, 1, True),
        ("Cara", 0, 2, False),
        ("Dan", 0, 2, False),
    ]
    # started after the clock was set to 19:05:00, a few seconds of presses, ended in the minute
    assert g2["playDate"].startswith("2025-03-14 19:05:") and g2["durationMin"] == 0
    # game 1 ended before the clock was set: undated, no date made up
    assert "playDate" not in g1 and "durationMin" not in g1
    assert [(x["name"], x["score"], x["rank"]) for x in g1["players"]][:2] == [("Anna", -42, 1), ("Ben", 0, 2)]
    # the names are text on the page, never markup
    assert hostile[0] not in page and hostile[1] not in page and "&lt;b&gt;&quot;Zo&amp;&lt;/b&gt;" in page


def play_ids(sim, folder):
    bgstats.write(pulled(sim, folder), folder / "p.html")
    return [p["sourcePlayId"] for p in links(folder / "p.html")[1]]


def test_a_play_id_is_unique_across_devices_and_erasures_and_the_same_for_a_game(tmp_path):
    # BG Stats knows a play by its id: game 1 of a second device, or game 1 again after
    # Erase all data (its numbers start again), is another play; the same game pulled
    # twice is the same play (issue 41 item 9)
    from tests.scenarios.saves import _erase_all

    a, b = table(FOUR, seed=1), table(FOUR, seed=2)
    for sim in (a, b):
        open_game(sim, "Autumn Leaves")
        leaves_game(sim)
    first = play_ids(a, tmp_path / "a1")
    assert first == play_ids(a, tmp_path / "a2") == ["leafkeeper-%s-1" % device_id(a)]
    assert play_ids(b, tmp_path / "b") == ["leafkeeper-%s-1" % device_id(b)] != first
    _erase_all(a)  # in the same run of the firmware: its seed is the same
    open_game(a, "Autumn Leaves")  # (P1, P2, P3: the line-up was erased too)
    leaves_game(a)
    again = play_ids(a, tmp_path / "a3")
    assert again == ["leafkeeper-%s-1" % device_id(a)] and again != first
    # an older firmware reads the settings file with the new key in it: its defaults
    # have none, and the file is neither refused nor set aside (core/storage.py _merge)
    from core import settings
    from core.storage import Storage

    older = {k: v for k, v in settings.DEFAULTS.items() if k != "dev"}
    st = Storage(a.flash)
    assert st.load("settings", older, settings.VERSION, settings.migrate)["game_no"] == 2
    assert st.problems == [] and a.flash.read("settings.bad") is None

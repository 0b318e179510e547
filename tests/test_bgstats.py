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
    data.mkdir()
    for name in sim.flash.listdir():
        (data / name).write_bytes(bytes(sim.flash.read(name)))
    if extra:
        (data / "hist_1.json").write_text(json.dumps({"v": 1, "data": {"games": list(extra), "kept": 2 + len(extra), "since": 1}}))
    return data


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
    assert [p["sourcePlayId"] for p in plays] == ["leafkeeper-17", "leafkeeper-2", "leafkeeper-1"]  # newest first
    for p in plays:
        assert p["game"] == {"name": "Autumn Leaves", "sourceGameId": "autumn_leaves", "highestWins": False, "noPoints": False}
        assert p["location"] == "Leafkeeper"
        assert p["comments"].startswith("Leafkeeper game #" + p["sourcePlayId"].split("-")[1])
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

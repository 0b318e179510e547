# `leafkeeper pull --bgstats`: every link's data decoded and checked against the games
# as the device showed them (expected values worked out by hand from the rules).
import json
import re
from html import unescape
from urllib.parse import unquote

from host_tools.device import bgstats
from tests.scenarios.history import ash_game, leaves_game
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
        assert "location" not in p  # none set: BG Stats is not told a place made up
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


# The fields of a play as BG Stats' support page documents them ("Push plays to BG Stats
# from other apps or websites",
# https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/):
# a link may carry these and no others
PLAY_FIELDS = {"sourceName", "sourcePlayId", "game", "players", "playDate", "durationMin", "location", "board", "comments"}
GAME_FIELDS = {"name", "bggId", "highestWins", "noPoints", "sourceGameId"}
PLAYER_FIELDS = {"name", "score", "rank", "winner", "startPlayer", "role", "sourcePlayerId"}


def evening(tmp_path):
    # a device's evening: Autumn Ash by the buttons (Anna Rainbow, Ben Xeno: Anna wins
    # 21 to 9), game 1; Solitaire deal 617 filed as Solitaire files it, game 2; and
    # 61 Feuilles and Leaves Came Down summaries as the device writes them (17, 18)
    from core import history

    sim = table(FOUR)
    open_app(sim, "Autumn Ash")
    ash_game(sim)
    ui = sim.loop.ui
    n = history.reserve(ui.storage, ui.settings)
    history.record(ui.storage, n, "solitaire", ["Deal 617"], [52], [1], 5, {"setup": {"deal": 617, "game": n}, "actions": [], "over": True, "no": n})
    extra = [
        {"n": 17, "g": "feuilles61", "p": ["Anna", "Ben"], "t": [40, 38], "pl": [1, 2], "r": 20, "j": 0},
        {"n": 18, "g": "leaves_came_down", "p": ["Anna", "Ben", "Cara"], "t": [9, 12, 5], "pl": [2, 1, 3], "r": 4, "j": 0},
    ]
    return pulled(sim, tmp_path, extra)


def test_each_game_goes_by_its_boardgamegeek_name_and_id_with_sides_and_deal(tmp_path):
    # issue 42 items 5, 6: BG Stats suggests the user's game by its BoardGameGeek id,
    # else its name; Autumn Ash's sides are the players' roles; a deal keeps its number
    data = evening(tmp_path)
    assert bgstats.write(data, tmp_path / "p.html") == 4
    page, plays = links(tmp_path / "p.html")
    by_no = {int(p["sourcePlayId"].rsplit("-", 1)[1]): p for p in plays}
    assert sorted(by_no) == [1, 2, 17, 18]
    for p in plays:
        assert set(p) <= PLAY_FIELDS and set(p["game"]) <= GAME_FIELDS, p
        assert all(set(x) <= PLAYER_FIELDS for x in p["players"]), p
        assert "location" not in p
    # Autumn Ash: BoardGameGeek 143307 (the Looney Pyramids wiki's link to its entry);
    # the others have no id a source gave: their full names alone
    assert by_no[1]["game"] == {"name": "Autumn Ash", "bggId": 143307, "sourceGameId": "autumn_ash", "highestWins": True, "noPoints": False}
    assert [(x["name"], x["role"], x["winner"]) for x in by_no[1]["players"]] == [("Anna", "Rainbow", True), ("Ben", "Xeno", False)]
    assert by_no[2]["game"]["name"] == "Autumn Leaves Solitaire" and "bggId" not in by_no[2]["game"]
    assert "Deal 617" in by_no[2]["comments"] and [x["role"] for x in by_no[2]["players"]] == [""]
    assert by_no[17]["game"]["name"] == "61 Feuilles d'automne" and "bggId" not in by_no[17]["game"]
    assert by_no[18]["game"]["name"] == "How the Leaves Came Down" and "bggId" not in by_no[18]["game"]
    for n in (17, 18):
        assert all(x["role"] == "" for x in by_no[n]["players"])
    assert "Anna (Rainbow) 21 (won)" in page


def test_the_sides_follow_the_journal_not_the_seats():
    # Ben (seat 1) played Rainbow: the roles are the journal's setup's, seat by seat; a
    # journal lost with a damaged pack leaves the roles empty rather than guessed
    from host_tools.web import bgplay

    game = {"no": 3, "device": "0a1b2c3d", "game": "autumn_ash", "players": ["Anna", "Ben"], "totals": [9, 21], "places": [2, 1], "lowest_wins": False}
    game["journal"] = {"setup": {"players": ["Anna", "Ben"], "rainbow": 1, "first": 0}}
    assert [x["role"] for x in bgplay.play(game)["players"]] == ["Xeno", "Rainbow"]
    game["journal"] = None
    assert [x["role"] for x in bgplay.play(game)["players"]] == ["", ""]


def test_the_location_is_the_users_and_the_device_is_the_source(tmp_path):
    # issue 42 item 7: `pull --from DIR --bgstats FILE --location TEXT`: every play says
    # TEXT; without it, no location at all; the source is named once, as sourceName
    from host_tools import cli

    evening(tmp_path / "pull")
    page = tmp_path / "p.html"
    assert cli.main(["pull", "--from", str(tmp_path / "pull"), "--bgstats", str(page), "--location", "Caf\u00e9 d'Anna & Co"]) == 0
    plays = links(page)[1]
    assert len(plays) == 4 and all(p["location"] == "Caf\u00e9 d'Anna & Co" and p["sourceName"] == "Leafkeeper" for p in plays)
    assert cli.main(["pull", "--from", str(tmp_path / "pull"), "--bgstats", str(page)]) == 0
    assert all("location" not in p for p in links(page)[1])


SVG = re.compile(r'<svg class="qr"[^>]*viewBox="0 0 (\d+) \1"[^>]*>.*?<path fill="#000" d="([^"]*)"/></svg>')


def scan(n, path):
    # the QR code's dark modules, drawn 4 px each on white, read by a barcode decoder
    import PIL.Image
    import zxingcpp

    img = PIL.Image.new("L", (n * 4, n * 4), 255)
    for x, y in re.findall(r"M(\d+),(\d+)h1v1h-1z", path):
        img.paste(0, (int(x) * 4, int(y) * 4, int(x) * 4 + 4, int(y) * 4 + 4))
    return [(b.format, b.text) for b in zxingcpp.read_barcodes(img)]


def test_one_page_for_the_evening_each_game_with_a_qr_code_of_its_link(tmp_path):
    # issue 42 item 8: every game's QR code decodes to its own link; the undated games
    # are named with what BG Stats does with them; the links are finger-sized
    import zxingcpp

    data = evening(tmp_path)
    bgstats.write(data, tmp_path / "p.html")
    page = (tmp_path / "p.html").read_text(encoding="utf-8")
    items = page.split("<li>")[1:]
    assert len(items) == 4
    for item in items:
        (url,) = LINK.findall(item)
        ((n, path),) = SVG.findall(item)
        assert scan(int(n), path) == [(zxingcpp.BarcodeFormat.QRCode, unescape(url))]
    # no clock was set on this device: every game is undated, and the page says so
    assert "Undated: #18 How the Leaves Came Down, #17 61 Feuilles d&#x27;automne, #2 Autumn Leaves Solitaire, #1 Autumn Ash." in page
    assert "on the day it is imported" in page
    assert "min-height:44px;min-width:44px" in page

# The "Add to BG Stats" link of one finished game: the one copy that both `leafkeeper pull
# --bgstats` (host_tools/device/bgstats.py, CPython) and the web page's History
# (device.py, MicroPython's WebAssembly port) use, so it is MicroPython-clean: no
# urllib, json.dumps without options, the percent-encoding written here. Built on BG
# Stats' support page "Push plays to BG Stats from other apps or websites": a play is
# pushed with https://app.bgstatsapp.com/createPlay.html?data=<url-encoded JSON>; BG
# Stats (3.3.2 or newer) opens its import dialog, where the game and players are matched
# to the user's own. The JSON's fields as that page documents them: "game" ({"name",
# "highestWins", "noPoints", "sourceGameId", "bggId"}), "players" ([{"name", "score",
# "rank", "winner", "startPlayer", "role", "sourcePlayerId"}]), "playDate" ("2020-10-23
# 19:16:58"), "durationMin", "location", "board", "comments", and the source ids
# ("sourceName", "sourcePlayId") by which a second import of one play is recognised
# (https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/).
# The page documents one play per link: no import of several plays at once.
# The firmware's modules (apps.home, core.histpage, core.when) must be on sys.path.
import json

CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE = "Leafkeeper"
# BG Stats suggests the user's game by its BoardGameGeek id, else by its name: each game
# under the name BoardGameGeek lists it by, with its id where a source gave one
GAMES = {
    # BoardGameGeek id 143307: the Looney Pyramids wiki's BGG link for the game,
    # https://looneypyramids.wiki/wiki/Autumn_Ash (boardgamegeek.com/boardgame/143307/autumn-ash)
    "autumn_ash": ("Autumn Ash", 143307),
    # listed on BoardGameGeek (2022, Hervine Galliou; the spelling of its entry as
    # https://boardgameguys.com/?p=63433 mirrors it), but no source found gave its id
    "feuilles61": ("61 Feuilles d'automne", None),
    # a print-and-play game by R.A. Mildren: no BoardGameGeek entry found
    "leaves_came_down": ("How the Leaves Came Down", None),
    # the Pairs-deck discarding game: no BoardGameGeek entry found
    "autumn_leaves": ("Autumn Leaves", None),
    # Toby Ord's patience for one standard deck: no BoardGameGeek entry found
    "solitaire": ("Autumn Leaves Solitaire", None),
}
SOLO_PLAYER = "Me"  # a Solitaire deal's one seat is the deal, not a player: BG Stats needs one
_UNRESERVED = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~"
_HEX = "0123456789ABCDEF"


def label(game):
    # the game's full name (GAMES), else its name on the device's home menu
    from apps import APPS

    if game in GAMES:
        return GAMES[game][0]
    for a in APPS:
        if a[3] == game:
            return a[0]
    return game


def device(doc):
    """What the plays take from the device's settings file, its document {"v", "data"}
    read as JSON (None: no file, or not JSON) -> (renames [[old, new, upto], ...], the
    device's id or ""), each as the device reads it: an older file's table migrated,
    a value that fails the device's check left out (core/settings.py). Every reader of
    a history names its players by these: pull, its page, the web page."""
    from core import settings

    if type(doc) is not dict or type(doc.get("v")) is not int or type(doc.get("data")) is not dict:
        return [], ""
    if not 1 <= doc["v"] <= settings.VERSION:
        return [], ""
    data = settings.migrate(doc["v"], doc["data"])
    got = []
    for key in ("alias", "dev"):
        value = data.get(key, settings.DEFAULTS[key])
        got.append(value if settings.VALID[key][1](value) else settings.DEFAULTS[key])
    return got[0], got[1]


def names(summary, alias):
    # the players of a game of the history as they are called now (a rename in
    # Settings follows the games: rules/records.py, as History shows them)
    from rules import records

    return [records.current(n, alias, summary["n"]) for n in summary["p"]]


def play_id(game):
    # unique across devices and erasures, the same for the same game: the device's id
    # and the game's number (a history from before device ids: the number alone, the id
    # an earlier pull gave it)
    dev = game.get("device")
    return "leafkeeper-" + (dev + "-" if dev else "") + str(game["no"])


def play(game, location=""):
    """The play BG Stats is given for one game of the history as pull exports it
    (export.history_dir): the game's full name and BoardGameGeek id (GAMES); every
    player's total, place (a shared place stays shared), whether they won and their
    side (Autumn Ash); lowest wins for Autumn Leaves; the start player where the game
    set one; the date and duration where the device could stand behind them; the game
    number (and a Solitaire's deal) in the comments and, with the device's id, as the
    play's source id. location: where the user says they played; "" sends none (BG
    Stats then files the play under no place rather than under one made up)."""
    from core.histpage import SOLO

    no = game["no"]
    solo = game["game"] in SOLO
    totals = game["totals"]
    places = game["places"]
    d = {
        "sourceName": SOURCE,
        "sourcePlayId": play_id(game),
        "game": {
            "name": label(game["game"]),
            "sourceGameId": game["game"],
            "highestWins": not game["lowest_wins"],
            "noPoints": totals is None,
        },
        "comments": "Leafkeeper game #" + str(no) + (" (" + game["players"][0] + ")" if solo else ""),
        "players": [],
    }
    bgg = GAMES.get(game["game"], (None, None))[1]
    if bgg:
        d["game"]["bggId"] = bgg
    if location:
        d["location"] = location
    if game.get("started") or game.get("ended"):
        d["playDate"] = game.get("started") or game["ended"]
    if game.get("duration_min") is not None:
        d["durationMin"] = game["duration_min"]
    first = _first(game)
    roles = _roles(game)
    names = [SOLO_PLAYER] if solo else game["players"]
    for i, name in enumerate(names):
        p = {"name": name, "sourcePlayerId": name, "startPlayer": i == first, "role": roles[i] if roles else ""}
        if totals is not None:
            p["score"] = totals[i]
        if places:
            p["rank"] = places[i]
            p["winner"] = places[i] == 1
        d["players"].append(p)
    return d


def _first(game):
    # the seat that started, where the game's setup says (61 Feuilles, Leaves Came Down)
    setup = (game.get("journal") or {}).get("setup")
    first = setup.get("first") if isinstance(setup, dict) else None
    return first if isinstance(first, int) and not isinstance(first, bool) else -1


def _roles(game):
    # Autumn Ash's sides by seat, as its journal's setup keeps them (rules/autumn_ash.py),
    # or None: another game, or a journal lost with a damaged pack
    if game["game"] != "autumn_ash":
        return None
    from rules import autumn_ash

    setup = (game.get("journal") or {}).get("setup")
    if not isinstance(setup, dict) or not autumn_ash.valid_setup(setup):
        return None
    return ["Rainbow" if autumn_ash.side_of(setup, i) == 0 else "Xeno" for i in range(2)]


def quote(text):
    # every byte of the UTF-8 but the unreserved ones (RFC 3986) as %XX: what
    # urllib.parse.quote(text, safe="") makes
    out = []
    for b in text.encode():
        if chr(b) in _UNRESERVED:
            out.append(chr(b))
        else:
            out.append("%" + _HEX[b >> 4] + _HEX[b & 15])
    return "".join(out)


def link(game, location=""):
    # CPython's json.dumps writes a name's non-ASCII as \u escapes (a lone surrogate too,
    # which UTF-8 cannot hold), MicroPython's as UTF-8: the same JSON either way
    return CREATE_PLAY + quote(json.dumps(play(game, location)))


def date(secs):
    # a core/when.py date (seconds since 2000-01-01, local time) -> "2025-03-14 19:05:00"
    from core.when import civil

    y, m, d, hh, mm = civil(secs)
    return "%04d-%02d-%02d %02d:%02d:%02d" % (y, m, d, hh, mm, secs % 60)

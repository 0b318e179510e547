"""`leafkeeper pull --bgstats FILE.html`: one "Add to BG Stats" link per finished game.

Built on BG Stats' support page "Push plays to BG Stats from other apps or websites":
a play is pushed with https://app.bgstatsapp.com/createPlay.html?data=<url-encoded
JSON>; BG Stats (3.3.2 or newer) opens its import dialog, where the game and players are
matched to the user's own. The JSON's fields as that page documents them: "game"
({"name", "highestWins", "noPoints", "sourceGameId", "bggId"}), "players" ([{"name",
"score", "rank", "winner", "startPlayer", "role", "sourcePlayerId"}]), "playDate"
("2020-10-23 19:16:58"), "durationMin", "location", "comments", and the source ids
("sourceName", "sourcePlayId") by which a second import of one play is recognised.
What Leafkeeper puts in them: see play().
"""

import html
import json
from urllib.parse import quote

from host_tools.device import export

CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE = "Leafkeeper"
SOLO_PLAYER = "Me"  # a Solitaire deal's one seat is the deal, not a player: BG Stats needs one


def play(game):
    """The play BG Stats is given for one game of the history as pull exports it
    (export.history_dir): every player's total, place (a shared place stays shared) and
    whether they won; lowest wins for Autumn Leaves; the start player where the game
    set one; the date and duration where the device could stand behind them; the game
    number in the comments and as the play's source id."""
    no = game["no"]
    solo = game["game"] in _solo()
    totals = game["totals"]
    places = game["places"]
    d = {
        "sourceName": SOURCE,
        "sourcePlayId": "leafkeeper-" + str(no),
        "game": {
            "name": export.game_label(game["game"]),
            "sourceGameId": game["game"],
            "highestWins": not game["lowest_wins"],
            "noPoints": totals is None,
        },
        "location": SOURCE,
        "comments": "Leafkeeper game #" + str(no) + (" (" + game["players"][0] + ")" if solo else ""),
        "players": [],
    }
    if game.get("started") or game.get("ended"):
        d["playDate"] = game.get("started") or game["ended"]
    if game.get("duration_min") is not None:
        d["durationMin"] = game["duration_min"]
    first = _first(game)
    names = [SOLO_PLAYER] if solo else game["players"]
    for i, name in enumerate(names):
        p = {"name": name, "sourcePlayerId": name, "startPlayer": i == first, "role": ""}
        if totals is not None:
            p["score"] = totals[i]
        if places:
            p["rank"] = places[i]
            p["winner"] = places[i] == 1
        d["players"].append(p)
    return d


def _solo():
    export._on_path()
    from core.histpage import SOLO

    return SOLO


def _first(game):
    # the seat that started, where the game's setup says (61 Feuilles, Leaves Came Down)
    setup = (game.get("journal") or {}).get("setup")
    first = setup.get("first") if isinstance(setup, dict) else None
    return first if isinstance(first, int) and not isinstance(first, bool) else -1


def link(game):
    return CREATE_PLAY + quote(json.dumps(play(game), ensure_ascii=False, separators=(",", ":")), safe="")


def page(games):
    """The HTML page: newest game first, each with what it was and its link. Names are
    the players' own, so escaped as text; the link carries them exactly (url-encoded)."""
    rows = []
    for game in sorted(games, key=lambda g: -g["no"]):
        p = play(game)
        who = ", ".join(
            html.escape(x["name"]) + (" " + str(x["score"]) if "score" in x else "") + (" (won)" if x.get("winner") else "")
            for x in p["players"]
        )
        when = p.get("playDate", "undated")
        rows.append(
            '<li><b>#%d %s</b> <span class="when">%s</span><br>%s<br><a href="%s">Add to BG Stats</a></li>'
            % (game["no"], html.escape(p["game"]["name"]), html.escape(when), who, html.escape(link(game)))
        )
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        "<title>Leafkeeper: games for BG Stats</title>"
        "<style>body{font-family:sans-serif;max-width:40em;margin:1em auto;padding:0 1em}"
        "li{margin:0 0 1em}a{display:inline-block;margin-top:.3em;padding:.3em .8em;"
        "background:#2a6;color:#fff;border-radius:.3em;text-decoration:none}.when{color:#666}</style>"
        "</head><body><h1>Leafkeeper: games for BG Stats</h1>"
        "<p>One link per finished game, newest first: it opens BG Stats' import dialog.</p>"
        "<ul>\n" + "\n".join(rows) + "\n</ul></body></html>\n"
    )


def write(data_dir, path, clock=None):
    """FILE.html from a pulled /data folder; -> how many games it links."""
    games, _notes = export.history_dir(data_dir, clock)
    with open(path, "w", encoding="utf-8", errors="backslashreplace") as f:
        f.write(page(games))
    return len(games)

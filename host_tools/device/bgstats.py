"""`leafkeeper pull --bgstats FILE.html`: one "Add to BG Stats" link per finished game.

What a link carries, and how it is built, is host_tools/web/bgplay.py: the one copy the
web page's History uses too.
"""

import html

from host_tools.device import export


def _bgplay():
    export._on_path()  # bgplay reads the firmware's game names and solo games
    from host_tools.web import bgplay

    return bgplay


def page(games):
    """The HTML page: newest game first, each with what it was and its link. Names are
    the players' own, so escaped as text; the link carries them exactly (url-encoded)."""
    bgplay = _bgplay()
    rows = []
    for game in sorted(games, key=lambda g: -g["no"]):
        p = bgplay.play(game)
        who = ", ".join(
            html.escape(x["name"]) + (" " + str(x["score"]) if "score" in x else "") + (" (won)" if x.get("winner") else "")
            for x in p["players"]
        )
        when = p.get("playDate", "undated")
        rows.append(
            '<li><b>#%d %s</b> <span class="when">%s</span><br>%s<br><a href="%s">Add to BG Stats</a></li>'
            % (game["no"], html.escape(p["game"]["name"]), html.escape(when), who, html.escape(bgplay.link(game)))
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

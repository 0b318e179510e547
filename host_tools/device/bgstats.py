"""`leafkeeper pull --bgstats FILE.html`: the evening's games on one page, each with its
"Add to BG Stats" link and that link as a QR code a phone scans off the screen.

What a link carries, and how it is built, is host_tools/web/bgplay.py: the one copy the
web page's History uses too.
"""

import html

from host_tools.device import export

QR_CELL = 4  # CSS pixels per module, as the web page's History draws them
QR_QUIET = 4  # modules of white margin, as the QR standard asks


def _bgplay():
    export._on_path()  # bgplay reads the firmware's game names and solo games
    from host_tools.web import bgplay

    return bgplay


def qr_svg(text):
    """text as a QR code: an inline <svg>, one square path per dark module, at the
    smallest version that holds it (error correction L, as the web page's). The matrix
    is the qrcode package's; the SVG is written here so that several fit on one page
    (qrcode.image.svg gives each the same element id) and are sized in pixels."""
    import qrcode
    from qrcode.constants import ERROR_CORRECT_L

    qr = qrcode.QRCode(error_correction=ERROR_CORRECT_L, border=QR_QUIET)
    qr.add_data(text.encode())
    qr.make(fit=True)
    rows = qr.get_matrix()
    n = len(rows)
    d = "".join("M%d,%dh1v1h-1z" % (x, y) for y, row in enumerate(rows) for x, dark in enumerate(row) if dark)
    px = n * QR_CELL
    return (
        '<svg class="qr" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" '
        'role="img" aria-label="QR code of the Add to BG Stats link" shape-rendering="crispEdges">'
        '<rect width="%d" height="%d" fill="#fff"/><path fill="#000" d="%s"/></svg>' % (n, n, px, px, n, n, d)
    )


def page(games, location=""):
    """The HTML page: newest game first, each with what it was, its link and the link's
    QR code. Names are the players' own, so escaped as text; the link carries them
    exactly (url-encoded). The undated games are named at the top: BG Stats files a
    play that has no date on the day it is imported."""
    bgplay = _bgplay()
    rows = []
    undated = []
    for game in sorted(games, key=lambda g: -g["no"]):
        p = bgplay.play(game, location)
        url = bgplay.link(game, location)
        who = ", ".join(
            html.escape(x["name"])
            + (" (" + html.escape(x["role"]) + ")" if x["role"] else "")
            + (" " + str(x["score"]) if "score" in x else "")
            + (" (won)" if x.get("winner") else "")
            for x in p["players"]
        )
        title = "#%d %s" % (game["no"], html.escape(p["game"]["name"]))
        if "playDate" not in p:
            undated.append(title)
        rows.append(
            '<li>%s<p><b>%s</b> <span class="when">%s</span><br>%s</p><a href="%s">Add to BG Stats</a></li>'
            % (qr_svg(url), title, html.escape(p.get("playDate", "undated")), who, html.escape(url))
        )
    note = ""
    if undated:
        note = (
            '<p class="undated">Undated: %s. These ended before the device\'s clock was set:'
            " BG Stats files a play without a date on the day it is imported (set the day in"
            " its import dialog).</p>" % ", ".join(undated)
        )
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        "<title>Leafkeeper: games for BG Stats</title>"
        "<style>body{font-family:sans-serif;max-width:40em;margin:1em auto;padding:0 1em}"
        "ol{list-style:none;padding:0}li{margin:0 0 1.5em;display:flow-root}"
        ".qr{display:block;max-width:100%;height:auto;margin:.4em 0}"
        # a finger's target: at least 44 px each way (WCAG 2.5.5)
        "a{display:inline-flex;align-items:center;min-height:44px;min-width:44px;box-sizing:border-box;"
        "padding:.3em 1em;background:#2a6;color:#fff;border-radius:.3em;text-decoration:none}"
        ".when{color:#666}.undated{background:#fff4d6;padding:.6em;border-radius:.3em}</style>"
        "</head><body><h1>Leafkeeper: games for BG Stats</h1>"
        "<p>One link per finished game, newest first: it opens BG Stats' import dialog. At the"
        " table, scan a game's QR code with the phone that has BG Stats.</p>"
        + note
        + "<ol>\n"
        + "\n".join(rows)
        + "\n</ol></body></html>\n"
    )


def write(data_dir, path, clock=None, location=""):
    """FILE.html from a pulled /data folder; -> how many games it links."""
    games, _notes = export.history_dir(data_dir, clock)
    with open(path, "w", encoding="utf-8", errors="backslashreplace") as f:
        f.write(page(games, location))
    return len(games)

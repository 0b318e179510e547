# The end of How the Leaves Came Down, drawn by the game's own screen once no acorn is
# left on or under the board: the ranking (most acorns, then most hidden), and when
# players are still tied, the acorn-tile drop: ROLL drops the tied players' tiles
# (the throws are drawn at once and saved with the game, then shown one by one), UP/DOWN
# switch between the ranking and the throws. State of the reveal lives in app.end.
from core.buttons import BACK, DOWN, ROLL, UP, is_step
from core.leds import seat_leds
from core.ticks import ticks_diff
from rules import leaves_game as game
from ui import ring, text, widgets

from apps.leaves import cache_text

REVEAL_MS = 900  # one throw on the screen after another
CHIME = ((1320, 60), (1568, 60), (2093, 200))


def _end(app):
    if app.end is None:
        app.end = {"page": 0, "shown": -1, "t": 0}  # shown -1: every throw (a resume)
    return app.end


def play(app, events, now_ms):
    st = app.state
    e = _end(app)
    throws = st["throws"]
    for ev in events:
        if ev == BACK:
            app.shell.pop()
            return
        if ev == ROLL:
            if game.needs_tile_drop(st):
                if app.act(game.tile_drop(st, app.shell.rng)):
                    e["page"] = 1
                    e["shown"] = 0
                    e["t"] = now_ms
                return
            e["shown"] = -1  # a second ROLL: all throws now
            app.dirty = True
        elif (is_step(ev, UP) or is_step(ev, DOWN)) and throws:
            e["page"] = 1 - e["page"]
            app.dirty = True
    if not throws:
        e["page"] = 0
    elif e["shown"] >= 0 and ticks_diff(now_ms, e["t"]) >= REVEAL_MS * e["shown"]:
        e["shown"] += 1
        app.dirty = True
        if e["shown"] >= len(throws):
            e["shown"] = -1
            app.shell.sound.play(CHIME)
        else:
            app.shell.beep(900, 40)  # the tiles hit the table


def leds(app, leds):
    st = app.state
    w = game.winner(st)
    lit = [w] if w is not None else game.leaders(st)
    n = len(st["heads"])
    leds.off()
    for p in lit:
        for i in seat_leds(p, n, leds.count):
            leds.set(i, ring.colour(p))


def draw(app, fb):
    e = _end(app)
    if e["page"] == 1:
        _draw_throws(app, fb, e)
    else:
        _draw_ranking(app, fb)


def _draw_ranking(app, fb):
    st = app.state
    names = app.names()
    led = st["ledger"]
    w = game.winner(st)
    if w is not None:
        widgets.title_bar(fb, "Game over", text.fit(names[w], 60) + " wins")
    else:
        widgets.title_bar(fb, "Tie!", "ROLL: drop tiles")
    places = game.places(st)
    y = 10
    for p in game.ranking_order(st):
        if p == w:
            text.draw(fb, "\u25ba", 0, y)
        text.draw(fb, str(places[p]) + " " + text.fit(names[p], 66), 8, y)
        text.draw(fb, cache_text(led, p), 126, y, align=text.RIGHT)
        y += 9
    if st["throws"]:
        text.draw(fb, "won the tile drop: DOWN", 64, 54, align=text.CENTER)


def _draw_throws(app, fb, e):
    st = app.state
    names = app.names()
    throws = st["throws"]
    shown = len(throws) if e["shown"] < 0 else min(e["shown"], len(throws))
    widgets.title_bar(fb, "Tile drop", "throw " + str(shown) + "/" + str(len(throws)))
    players = [p for p, _ in throws[0]]
    col = (128 - 22) // len(players)
    for k in range(len(players)):
        x = 22 + k * col + col // 2
        text.draw(fb, text.fit(names[players[k]], col - 2), x, 11, align=text.CENTER)
    fb.hline(0, 20, 128, 1)
    y = 22
    for j in range(max(0, shown - 3), shown):  # the last three throws
        text.draw(fb, "#" + str(j + 1), 0, y)
        for p, hidden_up in throws[j]:
            x = 22 + players.index(p) * col + col // 2
            text.draw(fb, str(hidden_up), x, y, align=text.CENTER)
        y += 9
    if shown == len(throws):
        text.draw(fb, text.fit(names[st["winner"]], 60) + " shows more!", 64, 54, align=text.CENTER)
    else:
        text.draw(fb, "dropping...", 64, 54, align=text.CENTER)

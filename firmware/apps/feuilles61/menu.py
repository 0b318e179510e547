# 61 Feuilles d'Automne: the game's own pages of the menu (hold OK): zones, the leaf
# tracks, rolling the round again, who rolls, ending a dice-only game, the goalposts,
# correcting a counted sheet. Loaded when the menu opens.
from rules import feuilles61
from ui import text


def entries(app):
    st = app.state
    sheets = app.sheets()
    items = []
    if sheets:
        items.append(("Zones", app.open_zones))
        items.append(("Leaf tracks", lambda: show_tracks(app)))
    if not st["ended"]:
        if st["dice"]:
            items.append(("Roll the round again", app.view().confirm_reroll))
        items.append(("Who rolls this round", lambda: choose_roller(app)))
        if not sheets:
            items.append(("A sheet reached 61", lambda: confirm_end(app)))
    if sheets:
        rule = "land on it" if st["exact"] else "at or past"
        items.append(("Goalpost: " + rule, lambda: app.act(["exact", not st["exact"]])))
        items.append(("Goalpost values", lambda: edit_goalposts(app)))
        from apps.feuilles61 import setup  # the readings' rows, shared with the setup

        for key in setup.READING_KEYS:
            items.append((setup.reading_label(key, st["readings"]), _reading(app, setup, key)))
        if st["ended"]:
            items.append(("Correct a sheet", lambda: _correct_sheet(app)))
    return items


def _correct_sheet(app):
    from apps.feuilles61 import tally

    tally.choose_sheet(app)


def _reading(app, setup, key):
    # the menu row's action: change the reading, kept in the game's journal
    def done(k, v):
        app.act(["reading", k, v])

    return lambda: setup.change_reading(app.shell, key, app.state["readings"], done)


def show_tracks(app):
    from ui import dialogs  # opened on a press: the heap does without it till then

    st = app.state
    t = feuilles61.totals(st)
    lines = []
    for p in range(len(t)):
        pts, marks = feuilles61.rewards(st, p)
        name = text.short(app.players()[p], 54)
        lines.append(name + " " + str(t[p]) + "  " + str(marks) + "X " + str(pts) + " pts")
    app.shell.push(dialogs.TextList(app.shell, "Leaf tracks", lines))


def choose_roller(app):
    from ui import dialogs  # opened on a press: the heap does without it till then

    def chosen(p):
        app.shell.pop()
        app.act(["first", p])

    names = list(app.players())
    app.shell.push(dialogs.MenuScreen(app.shell, "Who rolls", names, chosen, feuilles61.roller(app.state)))


def confirm_end(app):
    from ui import dialogs  # opened on a press: the heap does without it till then

    def end():
        if app.act(["end"]):
            app.shell.notify(app.words(feuilles61.end_reason(app.state)) + " Count your sheets.", "Game over")

    q = "End the game after round " + str(app.state["round"]) + "? A sheet's leaves reached 61."
    app.shell.push(dialogs.Confirm(app.shell, "Game over", q, end, "End the game", "Play on"))


def edit_goalposts(app):
    def done(posts):
        app.act(["goalposts", posts])

    from apps.feuilles61.goalposts import GoalpostEditor

    app.shell.push(GoalpostEditor(app.shell, app.state["goalposts"], done))

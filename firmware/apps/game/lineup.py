# The screens a game is set up on before it starts: StartMenu, and LineUp, who is
# playing (see apps/game/__init__.py), with the players' names as the line-up keeps
# them; and the game menu (held OK), which starts the next game. Loaded when a game for
# several asks who plays, when the game menu opens, and by the screens built on it.
from core.leds import ALL
from ui import dialogs, text, widgets

from apps.game import default_name, is_default


class StartMenu(dialogs.MenuScreen):
    # see apps/game/__init__.py. OK on a row but "Start" changes it (change(i)); BACK
    # leaves (back()). A subclass sets its fields (its title too), then calls this
    # __init__, and gives its own items(), change(i) and start().
    def __init__(self, shell):
        super().__init__(shell, self.title, self.items())

    def items(self):
        return ["Start"]

    def change(self, i):
        pass

    def start(self):
        pass

    def back(self):
        pass

    def refresh(self):
        self.menu.items = self.items()
        self.dirty = True

    def pick(self, index):
        if index == 0:
            self.shell.pop()
            self.start()
            return
        self.change(index)
        if self.shell.top is self:  # else change() opened a screen
            self.refresh()

    def on_roll(self):
        self.pick(0)  # ROLL starts from any row
        return True

    def on_back(self):
        self.shell.pop()
        self.back()

    def start_hint(self, fb):
        # ROLL starts from any row: said on Start's row (at the right of the list's top)
        if self.menu.first == 0:
            text.draw(fb, "ROLL: start", widgets.W - 5, widgets.TITLE_H + 1, align=text.RIGHT)


# -- the line-up ------------------------------------------------------------------------------
RECENT = 12
GAMES = 8  # core/settings.py GAMES: the games whose own line-up is kept


def same_name(a, b):
    from core import case  # loaded when a name changes, not when the line-up opens

    return case.upper(a) == case.upper(b)


def remember(shell, names, game=None):
    # newest first, no duplicates, at most RECENT; and the line-up itself, as the last
    # and as the game's own
    s = shell.settings
    recent = []
    for n in names + s["names"]:
        if n and not is_default(n) and n not in recent:
            recent.append(n)
    s["names"] = recent[:RECENT]
    s["lineup"] = list(names)
    if game is not None:
        s["lineups"] = [[game, list(names)]] + [e for e in s.get("lineups", []) if e[0] != game][: GAMES - 1]
    shell.save_settings()


def last_lineup(s, game, lo, hi):
    # the names a game's line-up opens with: its own last line-up, or else the last
    # one of any game, when its seats fit the game
    for e in s.get("lineups", []):
        if e[0] == game and lo <= len(e[1]) <= hi:
            return e[1]
    return s.get("lineup") or []


class LineUp(StartMenu):
    title = "Players"

    def __init__(self, shell, lo, hi, on_start, title="Players", game=None):
        # game: the save name whose own last line-up it opens with (last_lineup)
        self.lo = lo
        self.hi = hi
        self.on_start = on_start
        self.title = title
        self.game = game
        names = list(last_lineup(shell.settings, game, lo, hi))
        n = min(max(len(names), lo), hi)
        self.names = [names[i] if i < len(names) else default_name(i) for i in range(n)]
        for i in range(n):  # "P3" is seat 3's own name: anywhere else it would repeat it
            if is_default(self.names[i]):
                self.names[i] = default_name(i)
        # the rows above the seats: Start, and "Players: n" when n can change (Autumn
        # Ash is for two: a row whose UP and DOWN did nothing would be a dead row)
        self.seat0 = 2 if lo < hi else 1
        self._warm = False
        super().__init__(shell)

    def update(self, events, now_ms):
        # the first quiet tick with the cursor on a seat: the name entry's code and font
        # are loaded then, so that OK on the seat opens the entry at once
        if not self._warm and not events and not self.dirty and self.menu.index >= self.seat0:
            self._warm = True
            from ui.fonts import medium  # noqa: F401

            from apps.game import names  # noqa: F401
        super().update(events, now_ms)

    def items(self):
        items = ["Start"]
        if self.seat0 > 1:
            items.append("Players: " + str(len(self.names)))
        for i in range(len(self.names)):
            items.append(str(i + 1) + " " + self.names[i])
        return items

    def set_count(self, n):
        while len(self.names) < n:
            self.names.append(default_name(len(self.names)))
        del self.names[n:]
        self._keep()

    def refusal(self, seat, name):
        # -> why seat may not take name, in plain words, or None: two seats with one
        # name would be one player twice
        for i in range(len(self.names)):
            if i != seat and same_name(self.names[i], name):
                return self.names[i] + " is already seat " + str(i + 1) + ". Pick another name."
        if is_default(name) and name != default_name(seat):
            return name + " is the name of seat " + name[1:] + ". Pick another name."
        return None

    def set_name(self, seat, name):
        msg = self.refusal(seat, name)
        if msg:
            self.shell.notify(msg, "Players")
            return
        self.names[seat] = name
        # on to the next seat still to name, or to Start
        row = 0
        for i in range(seat + 1, len(self.names)):
            if is_default(self.names[i]):
                row = i + self.seat0
                break
        self.menu = widgets.Menu(self.items(), row)
        self._keep()

    def _keep(self):
        # on flash at every change, before it is shown: a power cut loses no name
        self.shell.settings["lineup"] = list(self.names)
        self.shell.save_settings()
        self.refresh()

    def change(self, i):
        from ui import dialogs  # opened on a press: the heap does without it till then

        if i < self.seat0:
            self.shell.push(dialogs.Stepper(self.shell, "How many players", len(self.names), self.lo, self.hi, self.set_count))
        else:
            from apps.game import names

            names.ask(self.shell, self, i - self.seat0)

    def start(self):
        names = list(self.names)
        remember(self.shell, names, self.game)
        self.on_start(names)

    def leds(self, leds, now_ms):
        i = self.menu.index - self.seat0
        leds.seats(len(self.names), i if i >= 0 else ALL)

    def draw(self, fb):
        # the seat count beside the game's name when both fit ("Players: n", where the
        # count can change, says it too)
        seats = str(len(self.names)) + " seats"
        fits = text.width(self.title) + text.width(seats) + 8 <= widgets.W
        widgets.title_bar(fb, self.title, seats if fits else "")
        self.menu.draw(fb)
        self.start_hint(fb)


# -- asking who plays, and the game menu (GameApp's) -------------------------------------
def ask(app):
    # the line-up, then the game's own setup screen (setup_screen), then the game
    def lined_up(names):
        def go(options):
            app.start(names, options)

        def back():
            app.asked = False  # to the line-up again

        screen = app.setup_screen(names, go, back)
        if screen is None:
            go(None)
        else:
            app.shell.push(screen)

    app.shell.push(LineUp(app.shell, app.MIN_PLAYERS, app.MAX_PLAYERS, lined_up, app.title, app.NAME))


def game_menu(app):
    # "Undo last" second whatever the game and its state, so a hand finds it blind, but
    # not where the OK of habit after the held OK lands (issue 40): the game's own first
    # row is there, one that only opens a screen or asks. An undo is put back by "Redo
    # last" under it (or ROLL on the undo's message)
    own = app.menu_items()
    entries = own[:1] + [("Undo last", app.undo)]
    if app.journal.redo:
        entries.append(("Redo last", app.redo))
    entries += own[1:]
    if app.LINEUP:
        entries += [
            ("Same players again", lambda: _ending(app, "New match", "start again with the same players?", lambda: _rematch(app))),
            ("New players", lambda: _ending(app, "New players", "choose new players?", lambda: _new_players(app))),
        ]
    labels = [e[0] for e in entries]

    def pick(i):
        app.shell.pop()
        entries[i][1]()

    # the list stops at its ends: "New players" is not one UP from "Undo last"
    app.shell.push(dialogs.MenuScreen(app.shell, app.title, labels, pick, 0, False))


def _rematch(app):
    # a new match with the same players and the same setup choices
    app.start(list(app.players()), app.rematch_options())


def _ending(app, title, then, go):
    # go() at once when the game is over, else once the table confirms ending it
    if app.journal.over:
        go()
    else:
        app.shell.push(dialogs.Confirm(app.shell, title, "End this game and " + then, go, "End this game", "Keep playing"))


def _new_players(app):
    app.replaced = app.journal
    app.journal = None
    app.ask_players()

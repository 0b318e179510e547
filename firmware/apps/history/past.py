# One finished game from the history, read-only. Most games show the score table they
# ended on, drawn from the summary alone (ui/scoretable.py, as the game showed it,
# loaded then); a game with an end view of its own (61 Feuilles' tally, Leaves Came
# Down's ranking and tile drop) shows that view, on the state replayed from its journal,
# and nothing in it can change the game; an Autumn Leaves sheet opens its hands (OK,
# hands.py). Loaded when a game is opened from the list.
from core import histpage, modules
from core.buttons import OK
from ui import text, widgets
from ui.screen import Screen

from apps.history import SOLO, ended, game_info, label, names

GAME = "apps.game"  # the checked replay a game's save gets too, and every game's app
HANDS = ("autumn_leaves",)  # games whose sheet opens each hand's points (its journal's)


def show(shell, e):
    # the screen shown takes the code it loads with it when it closes (Past): a 61
    # Feuilles tally, then a Leaves Came Down ending, would otherwise both stay
    mark = modules.loaded()
    view = game_info(e["g"])[2]
    # what replaying the game and making its view bring in (the view's game app: the
    # package it is in, and apps/game) leaves the heap before it is shown: PastGame
    # stands in for the app, and the view's own code does without it
    with modules.Lent(((view[0].rpartition(".")[0],) if view else ()) + (GAME,)):
        past = _replayed(shell, e, view, mark) if view is not None else None
    told = past is None and view is not None
    if past is None:
        past = PastSheet(shell, e, mark)
    shell.push(past)
    if told:
        _unread(shell, e)


def _replayed(shell, e, view, mark):
    # -> the game's own end view on its replayed journal, or None (_finished)
    st = _finished(shell, e)
    return None if st is None else PastGame(shell, e, st, view, mark)


def _finished(shell, e):
    # -> the game's state replayed from its journal, or None when the journal is lost
    # (a damaged pack) or does not replay to a finished game
    doc = histpage.journal(shell.storage, e)
    if doc is None:
        return None
    try:
        rules = modules.load("rules." + e["g"])
        from apps.game import checked

        st = checked(rules, doc)
        if not rules.over(st):
            return None
    except Exception:  # noqa: BLE001 - damaged in any way: the scores are still shown
        return None
    return st


def _unread(shell, e):
    shell.notify("The journal of game " + str(e["n"]) + " could not be read: here are its scores.", "History")


class Past(Screen):
    # a finished game on the screen: what it loaded leaves the heap with it (mark:
    # the modules in the heap before, modules.loaded())
    def __init__(self, shell, mark):
        super().__init__(shell)
        self.mark = mark

    def exit(self):
        modules.back_to(self.mark)


class PastGame(Past):
    # stands in for the game app its end view expects: the state, the players, plain
    # words; an action (the tile drop's ROLL) is refused
    def __init__(self, shell, e, st, view, mark):
        super().__init__(shell, mark)
        self.state = st
        self.title = label(e["g"])
        self.number = "#" + str(e["n"])  # the view's title (the list's row says the game)
        self._names = names(e, shell.settings["alias"])
        self.face = getattr(modules.load(view[0]), view[1])(self)

    def players(self):
        return self._names

    def words(self, msg):
        from rules import scoresheet

        return scoresheet.named(msg, self._names)

    def act(self, action):
        self.shell.notify("This game is in the history: it stays as it ended.", self.title)
        return False

    def update(self, events, now_ms):
        self.face.update(events, now_ms)
        if self.face.dirty:
            self.face.dirty = False
            self.dirty = True

    def leds(self, leds, now_ms):
        self.face.leds(leds, now_ms)

    def draw(self, fb):
        self.face.draw(fb)


class PastSheet(Past):
    # the score table, best first, the winner lit; BACK leaves. A game with no scores
    # on the device says so and who played (scrolled with UP/DOWN when long).
    def __init__(self, shell, e, mark):
        super().__init__(shell, mark)
        self.e = e
        self.title = label(e["g"])
        self.names = names(e, shell.settings["alias"])
        pl = e["pl"] or []
        self.winners = [i for i in range(len(pl)) if pl[i] == 1]
        self.body = None
        if e["g"] in SOLO:  # one seat, the deal: what became of it, in words
            said = [
                self.names[0] + (": won." if self.winners else ": not won."),
                str(e["t"][0]) + " of 52 cards home in whole suits.",
                str(e["r"]) + " of 5 deals made.",
                "Again: Solitaire, hold OK, Choose deal.",
            ]
            self.body = widgets.Lines(said + _took(e, "Played in "), 5, 11)
        elif not e["t"]:
            said = [
                "No scores on the device.",
                "Played by " + ", ".join(self.names) + ".",
                _rounds(e),
            ]
            self.body = widgets.Lines(said + _took(e, "Played in "), 5, 11)

    def hands(self):
        # -> the sheet opens the game's hands on OK (HANDS, from its journal)
        return self.body is None and self.e["g"] in HANDS

    def update(self, events, now_ms):
        if self.body is not None:
            for ev in events:
                if self.body.handle(ev):
                    self.dirty = True
        elif self.hands() and OK in events:
            with modules.Lent((GAME,)):
                st = _finished(self.shell, self.e)
            if st is None:
                _unread(self.shell, self.e)
                return
            from apps.history.hands import Hands

            self.shell.push(Hands(self.shell, "#" + str(self.e["n"]), self.names, st["rows"]))
            return
        super().update(events, now_ms)

    def leds(self, leds, now_ms):
        leds.seats(len(self.names), self.winners)  # the winners' seats glow

    def draw(self, fb):
        e = self.e
        n = len(self.names)
        hint = "OK: hands" if self.hands() else ""
        if n > 4 and hint:  # the table takes the footer's room: the hint in the title bar
            widgets.title_bar(fb, game_info(e["g"])[0] + " #" + str(e["n"]), hint)
        else:
            _title(fb, e, self.title)
        if self.body is not None:
            self.body.draw(fb)
            return
        w = self.winners
        from ui import scoretable

        scoretable.draw(
            fb, self.names, e["t"], 10, e.get("lo", False), w[0] if len(w) == 1 else -1, n
        )
        if n <= 4:
            # "6 hands  OK: hands": no room for "lowest wins" beside the hint, nor for the
            # rounds beside it and how long the game took ("1 h 25 min  OK: hands")
            took = lasted(e)
            if hint:
                said = (took or str(e["r"]) + " " + game_info(e["g"])[1]) + "  " + hint
            else:
                said = str(e["r"]) + " " + game_info(e["g"])[1] + ", " + took if took else _rounds(e)
            widgets.footer(fb, said)


def _rounds(e):
    # "6 hands, lowest wins"
    return (
        str(e["r"]) + " " + game_info(e["g"])[1] + (", lowest wins" if e.get("lo", False) else "")
    )


def _title(fb, e, name):
    # the game and its number, and when it ended (History's title bar says the same of
    # the game under its cursor): "AL #12  14.3.25 19:05", its number alone beside a
    # long one, the day alone beside a long number; a game filed before dates were kept
    # its name and number, as before
    d = ended(e)
    num = "#" + str(e["n"])
    if not d:
        widgets.title_bar(fb, name, num)
        return
    room = widgets.W - 6 - text.width(d)
    left = game_info(e["g"])[0] + " " + num
    if text.width(left) > room:
        left = num
        if text.width(num) > room:
            d = d.split(" ")[0]  # "14.3.25"
    widgets.title_bar(fb, left, d)


def lasted(e):
    # how long game e took, "1 h 25 min", where its start and end are on one clock
    # (both dates, or both the uptime of one run: core/when.py), else ""
    ts = e.get("ts")
    te = e.get("te")
    if ts is None or te is None or len(ts) != len(te) or ts[1:] != te[1:] or te[0] < ts[0]:
        return ""
    m = (te[0] - ts[0] + 30) // 60  # whole minutes, as the host's export rounds them
    if m < 60:
        return str(m) + " min"
    if m < 600:  # "1 h 25 min"; longer: the hours alone, then the days
        return str(m // 60) + " h" + (" " + str(m % 60) + " min" if m % 60 else "")
    if m < 2880:
        return str(m // 60) + " h"
    return str(m // 1440) + " days"


def _took(e, words):
    # the line of a sheet in words that says how long the game took (none: nothing)
    took = lasted(e)
    return [words + took + "."] if took else []

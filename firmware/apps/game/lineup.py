# Who is playing: the line-up screen every game starts from. The last line-up comes
# back pre-filled with the cursor on "Start", so a regular group starts in one press.
# A seat's name comes from the recent names, a letter picker, or plain "P1".."P6".
from core import case
from core.buttons import BACK, DOWN, LONG, OK, ROLL, UP, is_step
from core.leds import ALL
from ui import text, widgets
from ui.screen import Screen
from ui.startmenu import StartMenu

MAX_NAME = 10
RECENT = 12
# letters in the order the picker offers them; the first letter is capitalised for you
LETTERS = "abcdefghijklmnopqrstuvwxyzéèêëàâäçîïôöùûüñ -'0123456789"


def default_name(seat):
    return "P" + str(seat + 1)


def is_default(name):
    return name[:1] == "P" and name[1:].isdigit()


def capitalise(name):
    # as on the Pico, in the simulator too (core/case.py)
    return case.capitalise(name)


def same_name(a, b):
    return case.upper(a) == case.upper(b)


def remember(shell, names):
    # newest first, no duplicates, at most RECENT; and the line-up itself
    s = shell.settings
    recent = []
    for n in names + s["names"]:
        if n and not is_default(n) and n not in recent:
            recent.append(n)
    s["names"] = recent[:RECENT]
    s["lineup"] = list(names)
    shell.save_settings()


class LineUp(StartMenu):
    title = "Players"

    def __init__(self, shell, lo, hi, on_start, title="Players"):
        self.lo = lo
        self.hi = hi
        self.on_start = on_start
        self.title = title
        names = list(shell.settings.get("lineup") or [])
        n = min(max(len(names), lo), hi)
        self.names = [names[i] if i < len(names) else default_name(i) for i in range(n)]
        for i in range(n):  # "P3" is seat 3's own name: anywhere else it would repeat it
            if is_default(self.names[i]):
                self.names[i] = default_name(i)
        super().__init__(shell)

    def items(self):
        items = ["Start", "Players: " + str(len(self.names))]
        for i in range(len(self.names)):
            items.append(str(i + 1) + " " + self.names[i])
        return items

    def set_count(self, n):
        while len(self.names) < n:
            self.names.append(default_name(len(self.names)))
        del self.names[n:]
        self.refresh()

    def set_name(self, seat, name):
        # two seats with one name would be one player twice: refused, in plain words
        for i in range(len(self.names)):
            if i != seat and same_name(self.names[i], name):
                self.shell.notify(self.names[i] + " is already seat " + str(i + 1) + ". Pick another name.", "Players")
                return
        if is_default(name) and name != default_name(seat):
            self.shell.notify(name + " is the name of seat " + name[1:] + ". Pick another name.", "Players")
            return
        self.names[seat] = name
        self.refresh()

    def change(self, i):
        if i == 1:
            self.shell.push(widgets.Stepper(self.shell, "How many players", len(self.names), self.lo, self.hi, self.set_count))
        else:
            self.shell.push(NameChooser(self.shell, self, i - 2))

    def start(self):
        names = list(self.names)
        remember(self.shell, names)
        self.on_start(names)

    def leds(self, leds, now_ms):
        i = self.menu.index - 2
        leds.seats(len(self.names), i if i >= 0 else ALL)

    def draw(self, fb):
        widgets.title_bar(fb, self.title, str(len(self.names)) + " seats")
        self.menu.draw(fb)


class NameChooser(widgets.MenuScreen):
    # recent names, then "Type a name", then the plain seat name
    def __init__(self, shell, lineup, seat):
        self.lineup = lineup
        self.seat = seat
        taken = [n for i, n in enumerate(lineup.names) if i != seat]
        self.recent = [n for n in shell.settings["names"] if n not in taken]
        items = ["Type a name"] + self.recent + [default_name(seat)]
        super().__init__(shell, "Seat " + str(seat + 1), items, self._pick)

    def _pick(self, i):
        self.shell.pop()
        if i == 0:
            self.shell.push(NameEntry(self.shell, self.lineup.names[self.seat], self._typed))
        elif i <= len(self.recent):
            self.lineup.set_name(self.seat, self.recent[i - 1])
        else:
            self.lineup.set_name(self.seat, default_name(self.seat))

    def _typed(self, name):
        self.lineup.set_name(self.seat, name or default_name(self.seat))


class NameEntry(Screen):
    # The letter picker: UP/DOWN choose the letter under the cursor, OK takes it and
    # moves on, BACK rubs out the last letter (or leaves when empty), ROLL or a long OK
    # finish. Five buttons, a name in a few seconds.
    title = "Name"

    def __init__(self, shell, start, on_done):
        super().__init__(shell)
        self.on_done = on_done
        self.name = "" if is_default(start) else start
        self.letter = 0

    def update(self, events, now_ms):
        for ev in events:
            if is_step(ev, UP):
                self.letter = (self.letter - 1) % len(LETTERS)
            elif is_step(ev, DOWN):
                self.letter = (self.letter + 1) % len(LETTERS)
            elif ev == OK:
                if len(self.name) < MAX_NAME:
                    self.name = capitalise(self.name + LETTERS[self.letter])
                    self.letter = 0
            elif ev == BACK:
                if not self.name:
                    self.shell.pop()
                    return
                self.name = self.name[:-1]
            elif ev == ROLL or ev == OK | LONG:
                self.shell.pop()
                self.on_done(self.name.strip())
                return
            else:
                continue
            self.dirty = True

    def draw(self, fb):
        widgets.title_bar(fb, "Type a name", str(len(self.name)) + "/" + str(MAX_NAME))
        ch = LETTERS[self.letter]
        if not self.name:
            ch = case.upper(ch)
        x = text.draw(fb, self.name, 4, 16, font=text.MEDIUM)
        # the letter on offer, boxed, right after what is typed so far
        w = max(text.width(ch, text.MEDIUM), 6)
        fb.fill_rect(x, 14, w + 2, 17, 1)
        text.draw(fb, ch if ch != " " else "_", x + 1, 16, font=text.MEDIUM, color=0)
        prev = LETTERS[(self.letter - 1) % len(LETTERS)]
        nxt = LETTERS[(self.letter + 1) % len(LETTERS)]
        text.draw(fb, "UP " + prev + "   DOWN " + nxt, 4, 36)
        text.draw(fb, "OK: take  BACK: rub out", 4, 45)
        text.draw(fb, "ROLL: done", 4, 54)

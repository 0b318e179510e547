# A seat's name, from the line-up: the recent names, a letter picker, or plain "P1".."P6".
# Loaded when a seat's name is changed.
from core import case
from core.buttons import BACK, DOWN, LONG, OK, ROLL, UP, is_step
from ui import text, widgets
from ui.screen import Screen

from apps.game import LETTERS, MAX_NAME, default_name, is_default


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
                    self.name = case.capitalise(self.name + LETTERS[self.letter])
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
        text.draw(fb, "OK add  BACK rub out", 4, 45)
        text.draw(fb, "ROLL: done", 4, 54)
